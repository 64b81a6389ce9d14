// Project file: lossless round trip, version and format errors, workspace loading.
#include <QtTest>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"
#include "test_paths.h"

using namespace ldv;

class TestProject : public QObject {
    Q_OBJECT
private slots:
    void roundTrip() {
        ProjectConfig c;
        c.dataPath = "data/table.csv";
        c.csv.separator = '\t';
        c.csv.missing = MissingPolicy::Drop;
        c.csv.missingTokens = {"NA"};
        c.qiOrder = {"age", "zip"};
        AttributeConfig& age = c.ensureAttribute("age");
        age.role = Role::QuasiIdentifying;
        age.type = ColumnType::Integer;
        age.hierarchy =
            Hierarchy(std::vector<std::vector<std::string>>{{"1", "0-4", "*"}, {"7", "5-9", "*"}});
        AttributeConfig& zip = c.ensureAttribute("zip");
        zip.role = Role::QuasiIdentifying;
        zip.hierarchyFile = "zip.csv";
        c.ensureAttribute("name").role = Role::Identifying;
        c.ensureAttribute("disease").role = Role::Sensitive;
        c.search.criteria = {"k=5", "entropy-l=3"};
        c.search.suppressionLimit = 0.02;
        c.search.metric = Metric::KlDivergence;
        c.search.populationSize = 250000;
        const std::string text = formatProject(c);
        QVERIFY(text.find("\"population_size\": 250000") != std::string::npos);
        const ProjectConfig back = parseProject(text, "p.json");
        QVERIFY(back == c);
        QCOMPARE(formatProject(back), text);
        // Without a population the key is left out and reads back as none.
        c.search.populationSize.reset();
        QVERIFY(formatProject(c).find("population_size") == std::string::npos);
        QVERIFY(!parseProject(formatProject(c), "p.json").search.populationSize);
        // The heuristic's time limit (the workbench's setting, `ldiv search`'s default).
        c.search.timeLimit = 2.5;
        QVERIFY(formatProject(c).find("\"time_limit\": 2.5") != std::string::npos);
        QCOMPARE(parseProject(formatProject(c), "p.json").search.timeLimit,
                 std::optional<double>(2.5));
        c.search.timeLimit.reset();
        QVERIFY(formatProject(c).find("time_limit") == std::string::npos);
        // The workbench's own section is kept as it is (compact JSON, keys sorted).
        c.workbench = R"({"analysis":{"options":{"homogeneity":{"ks":"2, 3"}}}})";
        const std::string text2 = formatProject(c);
        QVERIFY(text2.find("\"workbench\": {") != std::string::npos);
        const ProjectConfig back2 = parseProject(text2, "p.json");
        QVERIFY(back2 == c);
        QCOMPARE(formatProject(back2), text2);
        c.workbench.clear();
        QVERIFY(formatProject(c).find("workbench") == std::string::npos);
        // The transformation (Privacy ▸ Transformation): left out for full-domain.
        QVERIFY(formatProject(c).find("transformation") == std::string::npos);
        c.transformation = {"microaggregation+local", "median"};
        const std::string text3 = formatProject(c);
        QVERIFY(text3.find("\"transformation\": {") != std::string::npos);
        QVERIFY(parseProject(text3, "p.json") == c);
        QCOMPARE(parseProject(text3, "p.json").transformation.aggregate, std::string("median"));
    }
    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("malformed") << "{\"format\": \"ldiv-project\",\n \"version\": }"
                                   << "p.json:2:13: malformed JSON";
        QTest::newRow("not a project")
            << "{\"format\": \"other\"}"
            << "p.json: not an ldiv project file (expected \"format\": \"ldiv-project\")";
        QTest::newRow("newer version")
            << "{\"format\": \"ldiv-project\", \"version\": 7, \"data\": {\"path\": \"x.csv\"}}"
            << "p.json: project file version 7 is newer than this ldiv understands (version 1); "
               "please update ldiv";
        QTest::newRow("no data") << "{\"format\": \"ldiv-project\", \"version\": 1}"
                                 << "p.json: project file names no data file (data.path)";
        QTest::newRow("bad role")
            << "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"x.csv\"}, "
               "\"attributes\": [{\"name\": \"a\", \"role\": \"secret\"}]}"
            << "p.json: attribute 'a': unknown role 'secret'";
        QTest::newRow("negative time limit")
            << "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"d.csv\"}, "
               "\"time_limit\": -1}"
            << "p.json: time_limit must be a number of seconds ≥ 0, not -1";
        QTest::newRow("population size 0")
            << "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"x.csv\"}, "
               "\"population_size\": 0}"
            << "p.json: population_size must be a number of records above 0, not 0";
        QTest::newRow("workbench not an object")
            << "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"x.csv\"}, "
               "\"workbench\": 3}"
            << "p.json: \"workbench\" must be an object";
        QTest::newRow("unknown transformation")
            << "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"x.csv\"}, "
               "\"transformation\": {\"model\": \"anatomy\"}}"
            << "p.json: \"transformation\": transformation \"anatomy\" is not one of full-domain";
        QTest::newRow("transformation's aggregate")
            << "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"x.csv\"}, "
               "\"transformation\": {\"model\": \"microaggregation\", \"aggregate\": \"sum\"}}"
            << "p.json: \"transformation\": aggregate \"sum\" is not one of mean";
        QTest::newRow("transformation not an object")
            << "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"x.csv\"}, "
               "\"transformation\": \"local\"}"
            << "p.json: \"transformation\" must be an object";
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        try {
            parseProject(text.toStdString(), "p.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).startsWith(message), e.what());
        }
    }
    void loadsBundledExamples() {
        Workspace hospital(loadProject(test::example("hospital/hospital.ldiv.json")),
                           test::example("hospital"));
        QCOMPARE(hospital.dataset().lattice().size(), NodeId(40));
        Workspace adult(loadProject(test::example("adult/adult.ldiv.json")),
                        test::example("adult"));
        QCOMPARE(adult.table().rowCount(), std::size_t(30162));
        QCOMPARE(adult.qiColumns().size(), std::size_t(7));
        QCOMPARE(adult.sensitiveColumns().size(), std::size_t(1));
    }
    void missingDataFileIsNamed() {
        ProjectConfig c;
        c.dataPath = "missing.csv";
        try {
            Workspace ws(c, "/tmp/nowhere");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString(e.what()), QString("/tmp/nowhere/missing.csv: cannot open the file "
                                                "for reading: No such file or directory"));
        }
    }
    void hierarchyFilesReadBesideTheTable() {
        // Hierarchy files are read on a second thread while the table is read
        // (project/hierarchy_prefetch.h): what each attribute gets, and which error wins,
        // must be what reading them one after the other gave.
        QTemporaryDir dir;
        auto write = [&](const char* name, const char* text) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        };
        write("t.csv", "a;b;s\n1;x;p\n2;y;q\n");
        write("broken.csv", "a;b;s\n1;\"x;p\n");
        write("h.csv", "1;*\n2;*\n");
        write("hb.csv", "x;*\ny;*\n");
        write("ragged.csv", "p;*\nq\n");
        ProjectConfig c;
        c.dataPath = "t.csv";
        c.csv.separator = ';';
        c.qiOrder = {"a", "b"};
        c.ensureAttribute("a").role = Role::QuasiIdentifying;
        c.ensureAttribute("a").hierarchyFile = "h.csv";
        c.ensureAttribute("b").role = Role::QuasiIdentifying;
        c.ensureAttribute("b").hierarchyFile = "hb.csv";
        c.ensureAttribute("s").role = Role::Sensitive;
        c.ensureAttribute("s").hierarchyFile = "ragged.csv";
        const std::string base = dir.path().toStdString();
        {
            // A sensitive attribute's bad hierarchy waits for hierarchy(); the QIs bind.
            const Workspace ws(c, base);
            QCOMPARE(ws.hierarchy("a")->value(1, 0), std::string("2"));
            QCOMPARE(ws.hierarchy("b")->value(1, 0), std::string("y"));
            QCOMPARE(ws.dataset().hierarchy(1).levelValue(1, 0), std::string("*"));
            try {
                ws.hierarchy("s");
                QFAIL("no error");
            } catch (const InputError& e) {
                QCOMPARE(QString(e.what()),
                         QString::fromStdString(base + "/ragged.csv:2: row 2 ('q') has 1 levels, "
                                                       "the first row has 2"));
            }
        }
        // A QI's bad hierarchy stops the load, named as before.
        c.ensureAttribute("b").hierarchyFile = "ragged.csv";
        try {
            const Workspace ws(c, base);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).startsWith(QString::fromStdString(base + "/ragged.csv:2:")),
                     e.what());
        }
        // A bad table is reported before any hierarchy, as when they were read after it.
        c.dataPath = "broken.csv";
        try {
            const Workspace ws(c, base);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).startsWith(QString::fromStdString(base + "/broken.csv:")),
                     e.what());
        }
        // A missing hierarchy file is named as before.
        c.dataPath = "t.csv";
        c.ensureAttribute("b").hierarchyFile = "nowhere.csv";
        try {
            const Workspace ws(c, base);
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).startsWith(QString::fromStdString(base + "/nowhere.csv:")),
                     e.what());
        }
    }
    void qiAndSensitiveConflict() {
        ProjectConfig c;
        c.dataPath = test::example("hospital/hospital.csv");
        c.qiOrder = {"zip", "condition"};
        c.ensureAttribute("zip").role = Role::QuasiIdentifying;
        c.ensureAttribute("condition").role = Role::Sensitive;
        QVERIFY_THROWS_EXCEPTION(ParameterError, Workspace(c, ""));
    }
    void hugeNumberIsMalformedJson() {
        // Regression for fuzz_project's finding: a number beyond double's range made the JSON
        // library throw out_of_range, which escaped as an uncaught exception.
        try {
            parseProject("{\"format\": \"ldiv-project\", \"version\": 1e999}", "p.ldiv.json");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString(e.what()),
                     QString("p.ldiv.json: malformed JSON: number overflow parsing '1e999'"));
        }
        const std::string found =
            LDIV_SOURCE_DIR "/tests/fuzz/corpus/project/number_overflow_found_by_fuzzer.ldiv.json";
        QVERIFY_THROWS_EXCEPTION(InputError, loadProject(found));
    }
    void versionBeyondIntIsRefused() {
        // Regression for UBSan in fuzz_project: 9.9e20 was converted to int (undefined
        // behaviour); out-of-range and fractional versions are now refused by name.
        const QString range =
            "field 'version' must be a whole number from -2147483648 to 2147483647";
        for (const char* version : {"9.9e20", "4294967297", "1.5", "-1e300"}) {
            try {
                parseProject(
                    std::string("{\"format\": \"ldiv-project\", \"version\": ") + version + "}",
                    "p.ldiv.json");
                QFAIL(version);
            } catch (const InputError& e) {
                QCOMPARE(QString(e.what()), "p.ldiv.json: " + range);
            }
        }
        const std::string found =
            LDIV_SOURCE_DIR "/tests/fuzz/corpus/project/version_beyond_int.ldiv.json";
        QVERIFY_THROWS_EXCEPTION(InputError, loadProject(found));
    }
    void savedFileMatchesMimeMagic() {
        // The desktop's file-type detection (installer/linux/ldiv-project.xml) recognises a
        // project by a string near the start of the file; nlohmann::json sorts keys, so the
        // writer must put "format" first on purpose. The pattern and offset range are read
        // from the installed XML itself.
        QFile xml(LDIV_SOURCE_DIR "/installer/linux/ldiv-project.xml");
        QVERIFY(xml.open(QIODevice::ReadOnly));
        const QString spec = QString::fromUtf8(xml.readAll());
        const QRegularExpression match(
            "<match type=\"string\" value=\"([^\"]*)\" offset=\"(\\d+):(\\d+)\"/>");
        const QRegularExpressionMatch m = match.match(spec);
        QVERIFY2(m.hasMatch(), "no string magic in ldiv-project.xml");
        const QByteArray pattern = m.captured(1).replace("&quot;", "\"").toUtf8();
        const int first = m.captured(2).toInt(), last = m.captured(3).toInt();
        QCOMPARE(pattern, QByteArray("\"format\": \"ldiv-project\""));

        ProjectConfig c;
        c.dataPath = "table.csv";
        c.ensureAttribute("age").role = Role::QuasiIdentifying;
        c.ensureAttribute("disease").role = Role::Sensitive;
        c.search.criteria = {"k=2"};
        QTemporaryDir dir;
        const std::string path = dir.filePath("p.ldiv.json").toStdString();
        saveProject(c, path);
        QFile saved(QString::fromStdString(path));
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QByteArray bytes = saved.readAll();
        const qsizetype at = bytes.indexOf(pattern);
        QVERIFY2(at >= first && at <= last, bytes.left(128).constData());
        QVERIFY(bytes.startsWith("{\n  \"format\": \"ldiv-project\",\n  \"version\": 1,\n"));
        // The bundled examples, written by hand, follow the same layout.
        for (const char* example : {"hospital/hospital.ldiv.json", "adult/adult.ldiv.json",
                                    "nursery/nursery.ldiv.json"}) {
            QFile f(QString(LDIV_RESOURCES "/examples/") + example);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const qsizetype pos = f.read(last + pattern.size()).indexOf(pattern);
            QVERIFY2(pos >= first && pos <= last, example);
        }
    }
};

QTEST_APPLESS_MAIN(TestProject)
#include "test_project.moc"
