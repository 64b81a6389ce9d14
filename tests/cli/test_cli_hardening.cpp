// Issue 24 through `ldiv`: writers racing on one output path, outputs that would replace an
// input, formula neutralisation by default (tables and mapping files), masking of UTF-8 text
// read back by `inspect`, and a masked column longer than 255 characters.
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestCliHardening : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project;

    QString copyHospital() {
        for (const char* name : {"hospital.ldiv.json", "hospital.csv", "hierarchy_zip.csv",
                                 "hierarchy_age.csv", "hierarchy_nationality.csv"})
            QFile::copy(QString::fromStdString(test::example(std::string("hospital/") + name)),
                        m_dir.filePath(name));
        return m_dir.filePath("hospital.ldiv.json");
    }
    QStringList generalize(const QString& node, const QString& output) const {
        // In the source's order: each node's table is compared byte for byte.
        return {"generalize", "--project", m_project,      "-c", "k=1",
                "--node",     node,        "--keep-order", "-o", output};
    }

private slots:
    void initTestCase() { m_project = copyHospital(); }

    // Pairs of runs with different nodes race on one path. The file must always be exactly
    // one run's complete table (never a mix, never truncated), the run whose table it is
    // exited 0, and no temporary file is left behind.
    void concurrentWritersNeverTearAFile() {
        const QString a = m_dir.filePath("a.csv"), b = m_dir.filePath("b.csv");
        QCOMPARE(test::runCli(generalize("0,0,0", a)).exitCode, 0);
        QCOMPARE(test::runCli(generalize("1,1,1", b)).exitCode, 0);
        const QByteArray expectA = readAll(a), expectB = readAll(b);
        QVERIFY(!expectA.isEmpty() && expectA != expectB);
        const QString same = m_dir.filePath("same.csv");
        int sawA = 0, sawB = 0;
        constexpr int kPairs = 200;
        for (int i = 0; i < kPairs; ++i) {
            QProcess p, q;
            p.start(QStringLiteral(LDIV_CLI_PATH), generalize("0,0,0", same));
            q.start(QStringLiteral(LDIV_CLI_PATH), generalize("1,1,1", same));
            QVERIFY(p.waitForFinished(60000) && q.waitForFinished(60000));
            const QByteArray content = readAll(same);
            QVERIFY2(content == expectA || content == expectB,
                     qPrintable(QString("torn file in pair %1").arg(i)));
            if (content == expectA) {
                ++sawA;
                QCOMPARE(p.exitCode(), 0);
            } else {
                ++sawB;
                QCOMPARE(q.exitCode(), 0);
            }
        }
        QCOMPARE(sawA + sawB, kPairs);
        QCOMPARE(QDir(m_dir.path()).entryList({"*.ldiv-tmp"}, QDir::Files | QDir::Hidden),
                 QStringList());
    }

    void outputsNeverReplaceInputs_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("data") << QStringList{"-o", "hospital.csv"} << "hospital.csv"
                              << "--output 'hospital.csv' is the data file: writing it would "
                                 "destroy an input; choose another file";
        QTest::newRow("data, other spelling")
            << QStringList{"-o", "./sub/../hospital.csv"} << "hospital.csv"
            << "--output './sub/../hospital.csv' is the data file: writing it would destroy an "
               "input; choose another file";
        QTest::newRow("project")
            << QStringList{"-o", "hospital.ldiv.json"} << "hospital.ldiv.json"
            << "--output 'hospital.ldiv.json' is the project file: writing it would destroy an "
               "input; choose another file";
        QTest::newRow("hierarchy")
            << QStringList{"-o", "out.csv", "--mapping", "hierarchy_age.csv"} << "hierarchy_age.csv"
            << "--mapping 'hierarchy_age.csv' is the hierarchy of 'age': writing it would "
               "destroy an input; choose another file";
        QTest::newRow("mapping = output")
            << QStringList{"-o", "out.csv", "--mapping", "out.csv"} << "out.csv"
            << "--mapping 'out.csv' is also --output: one would overwrite the other; "
               "choose another file";
    }
    void outputsNeverReplaceInputs() {
        QFETCH(QStringList, extra);
        QFETCH(QString, file);
        QFETCH(QString, message);
        QDir(m_dir.path()).mkpath("sub");
        const QByteArray before = readAll(m_dir.filePath(file));
        const auto r = test::runCli(QStringList{"generalize", "--project", "hospital.ldiv.json",
                                                "-c", "k=1", "--node", "1,1,1"} +
                                        extra,
                                    m_dir.path());
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString(r.err).trimmed(), "ldiv: error: " + message);
        QCOMPARE(readAll(m_dir.filePath(file)), before);
    }

    // The transformations without a node write a release record too: it may no more
    // replace an input than the full-domain one may.
    void transformReleaseNeverReplacesInputs() {
        const QByteArray before = readAll(m_dir.filePath("hospital.csv"));
        const auto r = test::runCli(
            {"generalize", "--project", "hospital.ldiv.json", "-c", "k=2", "--transform",
             "mondrian", "-o", "mondrian.csv", "--release", "hospital.csv"},
            m_dir.path());
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString(r.err).trimmed(),
                 "ldiv: error: --release 'hospital.csv' is the data file: writing it would "
                 "destroy an input; choose another file");
        QCOMPARE(readAll(m_dir.filePath("hospital.csv")), before);
        QVERIFY(!QFile::exists(m_dir.filePath("mondrian.csv")));
    }

    void symlinkToAnInputIsCaught() {
        const QString link = m_dir.filePath("link.csv");
        QVERIFY(QFile::link(m_dir.filePath("hospital.csv"), link));
        const auto r = test::runCli(generalize("1,1,1", link));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("is the data file: writing it would destroy an input"),
                 r.err.constData());
        QFile::remove(link);
    }

    // Formula neutralisation is the default for tables and mapping files, and can be turned
    // off; --neutralize-formulas is still accepted.
    void formulasAreNeutralizedByDefault() {
        QTemporaryDir dir;
        writeText(dir.filePath("f.csv"), "name,city\n=HYPERLINK(1),@home\n+1,-2\n");
        auto run = [&](const QStringList& extra) {
            return test::runCli(
                QStringList{"generalize", "f.csv", "--qi", "name,city", "--node", "0,0",
                            "--keep-order", "-o", "out.csv", "--mapping", "map.csv"} +
                    extra,
                dir.path());
        };
        QCOMPARE(run({}).exitCode, 0);
        QCOMPARE(readAll(dir.filePath("out.csv")),
                 QByteArray("name,city\n'=HYPERLINK(1),'@home\n+1,-2\n"));
        QVERIFY2(
            readAll(dir.filePath("map.csv")).contains("name,0,'=HYPERLINK(1),'=HYPERLINK(1),1"),
            readAll(dir.filePath("map.csv")).constData());
        QCOMPARE(run({"--neutralize-formulas"}).exitCode, 0);
        QCOMPARE(readAll(dir.filePath("out.csv")),
                 QByteArray("name,city\n'=HYPERLINK(1),'@home\n+1,-2\n"));
        QCOMPARE(run({"--no-neutralize-formulas"}).exitCode, 0);
        QCOMPARE(readAll(dir.filePath("out.csv")),
                 QByteArray("name,city\n=HYPERLINK(1),@home\n+1,-2\n"));
        QVERIFY(readAll(dir.filePath("map.csv")).contains("name,0,=HYPERLINK(1),=HYPERLINK(1),1"));
    }

    void sweepNeutralizesFormulasByDefault() {
        QTemporaryDir dir;
        writeText(dir.filePath("sw.csv"), "city,s\n=cmd,a\n=cmd,b\n@x,c\n@x,a\nplain,b\nplain,c\n");
        writeText(dir.filePath("tax.csv"), "a,*\nb,*\nc,*\n");
        const QStringList args{"sweep",
                               "sw.csv",
                               "--qi",
                               "city",
                               "--sensitive",
                               "s",
                               "--sensitive-hierarchy",
                               "tax.csv",
                               "--tau",
                               "0.5",
                               "--l",
                               "2",
                               "--hierarchy",
                               "city=suppress",
                               "-o",
                               "out.csv"};
        // Every class already holds two values at most half the rows: nothing is recoded.
        QCOMPARE(test::runCli(args, dir.path()).exitCode, 0);
        QCOMPARE(readAll(dir.filePath("out.csv")),
                 QByteArray("city,s\n'=cmd,a\n'=cmd,b\n'@x,c\n'@x,a\nplain,b\nplain,c\n"));
        QCOMPARE(test::runCli(args + QStringList{"--no-neutralize-formulas"}, dir.path()).exitCode,
                 0);
        QCOMPARE(readAll(dir.filePath("out.csv")),
                 QByteArray("city,s\n=cmd,a\n=cmd,b\n@x,c\n@x,a\nplain,b\nplain,c\n"));
        const auto r =
            test::runCli(QStringList(args.mid(0, 14)) + QStringList{"-o", "tax.csv"}, dir.path());
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString(r.err).trimmed(),
                 QString("ldiv: error: --output 'tax.csv' is the sensitive hierarchy: writing "
                         "it would destroy an input; choose another file"));
    }

    // mask works on characters: ldiv reads its own output back.
    void maskedUtf8IsReadBack() {
        const QString bad = QString::fromStdString(test::fixture("bad/cli"));
        const QString out = m_dir.filePath("names.csv");
        const auto r = test::runCli({"generalize", bad + "/names_utf8.csv", "--qi", "name",
                                     "--insensitive", "age,condition", "--hierarchy", "name=mask",
                                     "--node", "1", "--keep-order", "-o", out});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(readAll(out)),
                 QString("name,age,condition\nJos*,28,Flu\nJos*,29,Cold\nJoã*,47,Flu\n"));
        QCOMPARE(test::runCli({"inspect", out}).exitCode, 0);
    }

    // Two 300-character values that differ in their first character only: mask makes 300
    // levels and they meet only at level 300 (all masked), which k=2 needs.
    void maskOfLongTextFindsTheTop() {
        QTemporaryDir dir;
        const QByteArray tail(299, 'x');
        writeText(dir.filePath("long.csv"), "v,s\na" + tail + ",1\nb" + tail + ",2\n");
        const auto r = test::runCli(
            {"search", "long.csv", "--qi", "v", "--hierarchy", "v=mask", "-c", "k=2", "--json"},
            dir.path());
        QCOMPARE(r.exitCode, 0);
        const QJsonArray node = r.json()["optimum"].toObject()["levels"].toArray();
        QVERIFY2(node == QJsonArray{300}, r.out.constData());
        const auto audit = test::runCli({"audit", "long.csv", "--qi", "v", "--hierarchy", "v=mask",
                                         "--criterion", "k=2", "--node", "300", "--json"},
                                        dir.path());
        QCOMPARE(audit.exitCode, 0);
        QCOMPARE(audit.json()["k"].toInt(), 2);
        QCOMPARE(audit.json()["classes"].toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestCliHardening)
#include "test_cli_hardening.moc"
