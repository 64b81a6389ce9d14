// Issue 24's defects in the core, each with the case that showed it: an empty hierarchy row,
// hierarchies taller than 255 levels (brute force vs fast vs Incognito, and the level read
// back), a lattice whose size overflows 64 bits, masking by code points, the two-file
// transaction, capped and refused reads, identifying quasi-identifiers, the thread cap.
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/hierarchy/hierarchy_builders.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"
#include "ldiv/search/search_result.h"

using namespace ldv;

namespace {

template <typename F>
QString failure(F&& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

/// Four values; A,B merge at level `merge`, C,D too, all four at `height`.
Hierarchy tall(int merge, int height) {
    std::vector<std::vector<std::string>> rows;
    for (const std::string v : {"A", "B", "C", "D"}) {
        std::vector<std::string> row{v};
        for (int j = 1; j <= height; ++j) {
            if (j == height)
                row.push_back("*");
            else if (j >= merge)
                row.push_back(v < "C" ? "AB" + std::to_string(j) : "CD" + std::to_string(j));
            else
                row.push_back(v + std::to_string(j));
        }
        rows.push_back(row);
    }
    return Hierarchy(rows, "tall");
}

}  // namespace

class TestHardening : public QObject {
    Q_OBJECT

private slots:
    void emptyHierarchyRowIsAnIssueNotACrash() {
        for (const auto& rows : {std::vector<std::vector<std::string>>{{"a", "*"}, {}},
                                 std::vector<std::vector<std::string>>{{}}}) {
            const auto issues = validateHierarchy(Hierarchy(rows));
            QCOMPARE(issues.size(), std::size_t(1));
            QVERIFY(isError(issues.front()));
            QCOMPARE(
                QString::fromStdString(issues.front().message),
                QString("row %1 is empty: every row needs a base value and one value per level")
                    .arg(rows.size()));
        }
        Column c("x");
        c.append("a");
        QCOMPARE(failure([&] {
                     HierarchyMap(Hierarchy({{"a", "*"}, {}}, "h.csv"), c);
                 }),
                 QString("hierarchy of 'x' (h.csv): row 2 is empty: every row needs a base value "
                         "and one value per level"));
    }

    // k=2 on A,B,C,D once each: the lowest satisfying level is `merge`, where A,B and C,D
    // pair up. With 8-bit levels, 257 read as 1 and the search answered about another node.
    void tallHierarchySearchesExactly_data() {
        QTest::addColumn<int>("merge");
        QTest::addColumn<int>("height");
        QTest::newRow("short") << 3 << 5;
        QTest::newRow("257 of 260") << 257 << 260;
        QTest::newRow("300 of 600") << 300 << 600;
    }
    void tallHierarchySearchesExactly() {
        QFETCH(int, merge);
        QFETCH(int, height);
        Column q("q"), s("s");
        for (const char* v : {"A", "B", "C", "D"}) q.append(v);
        for (const char* v : {"x", "y", "x", "y"}) s.append(v);
        Table table(std::vector<Column>{q, s});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(tall(merge, height), table.column(0));
        Dataset data(table, {0}, std::move(maps), {1});
        QCOMPARE(data.lattice().size(), NodeId(height + 1));
        for (SearchAlgorithm a :
             {SearchAlgorithm::Brute, SearchAlgorithm::Fast, SearchAlgorithm::Incognito}) {
            SearchConfig config;
            config.criteria = bindCriteria(data, {"k=2"});
            config.algorithm = a;
            config.metric = Metric::Height;
            const SearchResult r = search(data, config);
            QVERIFY(r.optimum);
            QCOMPARE(data.lattice().levels(*r.optimum), Levels{merge});
            QCOMPARE(r.minimal, std::vector<NodeId>{NodeId(merge)});
            QCOMPARE(r.satisfying.size(), std::size_t(height - merge + 1));
        }
    }

    void latticeOverflowIsRefused() {
        QCOMPARE(failure([] { Lattice(std::vector<int>(32, 3)); }),
                 QString("the generalization lattice has 4^32 (about 1.8e+19) nodes, more than a "
                         "64-bit node number "
                         "can address; use fewer quasi-identifiers or shorter hierarchies"));
        // 2^63 still fits.
        QCOMPARE(Lattice(std::vector<int>(63, 1)).size(), NodeId(1) << 63);
        QCOMPARE(failure([] {
                     Lattice(std::vector<int>{1000, 1000, 1000, 1000, 1000, 1000, 1000});
                 }),
                 QString("the generalization lattice has 1001^7 (about 1e+21) nodes, more than a "
                         "64-bit node number "
                         "can address; use fewer quasi-identifiers or shorter hierarchies"));
    }

    void maskingCountsCodePoints() {
        const Hierarchy h = buildMasking({"José", "João", "Jo"}, {}, '*');
        // Four characters, four levels, and one more for a single top ("****" and "**" differ).
        QCOMPARE(h.height(), 5);
        QCOMPARE(h.rows()[0],
                 (std::vector<std::string>{"José", "Jos*", "Jo**", "J***", "****", "*"}));
        QCOMPARE(h.rows()[1],
                 (std::vector<std::string>{"João", "Joã*", "Jo**", "J***", "****", "*"}));
        QCOMPARE(h.rows()[2], (std::vector<std::string>{"Jo", "J*", "**", "**", "**", "*"}));
        // Every label is valid UTF-8: ldiv reads its own output back.
        for (const auto& row : h.rows())
            for (const std::string& v : row)
                QVERIFY(QString::fromUtf8(v.data(), qsizetype(v.size())).toUtf8() ==
                        QByteArray::fromStdString(v));
    }

    void twoFilesAreOneTransaction() {
        QTemporaryDir dir;
        const std::string a = dir.filePath("a.csv").toStdString(),
                          b = dir.filePath("b.csv").toStdString();
        writeFileAtomically(a, "old a");
        writeFilesAtomically({{a, "new a"}, {b, "new b"}});
        QCOMPARE(slurp(a), std::string("new a"));
        QCOMPARE(slurp(b), std::string("new b"));
        // The second file's rename fails (its path is a non-empty folder): the first gets its
        // old content back, and no temporary file is left.
        const std::string c = dir.filePath("c").toStdString();
        QVERIFY(QDir().mkpath(QString::fromStdString(c + "/inside")));
        const QString message = failure([&] { writeFilesAtomically({{a, "newer a"}, {c, "c"}}); });
        QVERIFY2(message.startsWith(QString::fromStdString(c) + ": cannot replace the file: "),
                 qPrintable(message));
        QCOMPARE(slurp(a), std::string("new a"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 (QStringList{"a.csv", "b.csv"}));
        // A file that did not exist before is removed again.
        const std::string d = dir.filePath("d.csv").toStdString();
        failure([&] { writeFilesAtomically({{d, "d"}, {c, "c"}}); });
        QVERIFY(!QFile::exists(QString::fromStdString(d)));
    }

    void temporaryNamesAreUnique() {
        // A stale temporary file of a killed writer (the old fixed name, or a unique one) is
        // never opened by the next writer.
        QTemporaryDir dir;
        const std::string a = dir.filePath("a.csv").toStdString();
        QVERIFY(QDir().mkpath(QString::fromStdString(a + ".ldiv-tmp")));
        writeFileAtomically(a, "x");
        QCOMPARE(slurp(a), std::string("x"));
        QCOMPARE(QFileInfo(QString::fromStdString(a)).permissions() & QFileDevice::ReadOther,
                 QFileDevice::ReadOther);  // 0666 & ~umask 022, not mkstemp's 0600
    }

    void readsAreCappedAndRefuseNonFiles() {
        QTemporaryDir dir;
        const std::string big = dir.filePath("big.csv").toStdString();
        writeFileAtomically(big, std::string(2000, 'x'));
        QCOMPARE(failure([&] { readFileText(big, 1 << 10); }),
                 QString::fromStdString(big) +
                     ": the file is larger than 0 MiB, the limit for hierarchy, taxonomy and "
                     "project files");
        QCOMPARE(failure([&] { readFileText(big, 3 << 20); }), QString());
        QCOMPARE(failure([&] { readHierarchy(dir.path().toStdString()); }),
                 dir.path() + ": this is a folder, not a file");
        QCOMPARE(failure([] { readHierarchy("/dev/zero"); }),
                 QString("/dev/zero: this is a device or socket, not a regular file"));
        const std::string fifo = dir.filePath("fifo").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QCOMPARE(failure([&] { loadProject(fifo); }),
                 QString::fromStdString(fifo) +
                     ": this is a pipe (FIFO), not a regular file: save it to a file first");
        QCOMPARE(failure([&] { readCsv(dir.path().toStdString()); }),
                 dir.path() + ": this is a folder, not a file");
        QCOMPARE(failure([] { readCsv("/dev/zero"); }),
                 QString("/dev/zero: this is a device or socket, not a regular file"));
        // /proc files have a size of 0 and content: read, not "empty".
        QVERIFY(!readFileText("/proc/self/status").empty());
    }

    void pipedDataIsCapped() {
        QTemporaryDir dir;
        const std::string fifo = dir.filePath("fifo").toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        // An endless writer (like `yes a,b |`), stopped by the cap.
        QProcess writer;
        writer.start("sh", {"-c", "yes a,b > '" + QString::fromStdString(fifo) + "'"});
        QVERIFY(writer.waitForStarted());
        CsvOptions options;
        options.maxPipeBytes = 8 << 20;
        QCOMPARE(failure([&] { readCsv(fifo, options); }),
                 QString::fromStdString(fifo) +
                     ": more than 8 MiB read from a pipe: save the data to a file instead");
        writer.kill();
        writer.waitForFinished();
    }

    void fileCutWhileReadIsRefused() {
        // 6 MiB of whole lines; after the first 4 MiB chunk the file is cut at a line boundary
        // (as a copy that is still running would leave it): the table must not pass as complete.
        QTemporaryDir dir;
        const std::string path = dir.filePath("cut.csv").toStdString();
        std::string text = "a,b\n";
        while (text.size() < (6u << 20)) text += "x,1\n";
        writeFileAtomically(path, text);
        bool cut = false;
        Feedback feedback([&](double) {
            if (!cut) QCOMPARE(::truncate(path.c_str(), 5u << 20), 0);
            cut = true;
        });
        QCOMPARE(failure([&] { readCsv(path, {}, nullptr, &feedback); }),
                 QString::fromStdString(path) +
                     QString(": the file changed while it was read (%1 bytes when opened, "
                             "%2 read, %2 now): read it again when it is complete")
                         .arg(text.size())
                         .arg(5u << 20));
    }

    void identifyingQuasiIdentifierIsRefused() {
        QTemporaryDir dir;
        const std::string data = dir.filePath("d.csv").toStdString();
        writeFileAtomically(data, "name,zip\nann,1\nbob,2\n");
        ProjectConfig c;
        c.dataPath = data;
        c.ensureAttribute("name").role = Role::Identifying;
        c.ensureAttribute("zip").role = Role::QuasiIdentifying;
        c.qiOrder = {"zip", "name"};
        QCOMPARE(failure([&] { Workspace(c, ""); }),
                 QString("attribute 'name' cannot be both identifying and quasi-identifying: its "
                         "values would be "
                         "published; make it one or the other"));
    }

    void whiteSpaceLookalikesAreNamed() {
        QTemporaryDir dir;
        const std::string data = dir.filePath("d.csv").toStdString();
        // Three spellings of one city (inner runs of blanks), two of another; the ends are
        // trimmed by the reader already.
        writeFileAtomically(
            data, "city,s\nNew York,a\nNew  York,b\nNew\tYork,a\nLos Angeles,b\nLos   Angeles,a\n");
        ProjectConfig c;
        c.dataPath = data;
        c.ensureAttribute("city").role = Role::QuasiIdentifying;
        c.qiOrder = {"city"};
        Workspace ws(c, "");
        QCOMPARE(ws.warnings().size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(ws.warnings().front()),
                 QString("attribute 'city': 'New York' and 'New  York' differ only in white space "
                         "(and 2 more such "
                         "values); they form separate classes"));
    }

    // "José" and "Zürich" typed composed (NFC) and decomposed (NFD, as macOS file names
    // give them) are one label each, held in NFC; a hierarchy written in NFD still matches.
    // Labels differing only in surrounding blanks (a quoted " Boston") are named.
    void unicodeNormalisationIsOneLabel() {
        QTemporaryDir dir;
        const std::string data = dir.filePath("d.csv").toStdString();
        const std::string joseNfc = "Jos\xC3\xA9", joseNfd = "Jose\xCC\x81";
        const std::string zurichNfc = "Z\xC3\xBCrich", zurichNfd = "Zu\xCC\x88rich";
        writeFileAtomically(data, "city,s\n" + joseNfc + ",a\n" + joseNfd + ",b\n" + joseNfc +
                                      ",a\n" + zurichNfd + ",b\n" + zurichNfc + ",a\n" + zurichNfd +
                                      ",a\n\" Boston\",b\nBoston,a\n");
        const std::string hierarchy = dir.filePath("h.csv").toStdString();
        writeFileAtomically(hierarchy,
                            joseNfd + ",*\n" + zurichNfc + ",*\nBoston,*\n\" Boston\",*\n");
        ProjectConfig c;
        c.dataPath = data;
        c.ensureAttribute("city").role = Role::QuasiIdentifying;
        c.ensureAttribute("city").hierarchyFile = hierarchy;
        c.qiOrder = {"city"};
        Workspace ws(c, "");
        const Column& city = ws.table().column(0);
        QCOMPARE(city.domainSize(), std::size_t(4));  // José, Zürich, " Boston", Boston
        QCOMPARE(city.dictionary()[0], joseNfc);
        QCOMPARE(city.dictionary()[1], zurichNfc);  // first seen decomposed, held composed
        QCOMPARE(*city.find(joseNfd), Code(0));
        QCOMPARE(*city.find(zurichNfd), Code(1));
        std::vector<int> counts(city.domainSize());
        for (Code code : city.codes()) ++counts[code];
        QCOMPARE(counts, (std::vector<int>{3, 3, 1, 1}));
        QCOMPARE(ws.warnings().size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(ws.warnings()[0]),
                 QString("attribute 'city': ' Boston' and 'Boston' differ only in white space; "
                         "they form separate classes"));
        QCOMPARE(QString::fromStdString(ws.warnings()[1]),
                 QString::fromStdString("attribute 'city': 2 spelling(s) not in Unicode "
                                        "normalisation form C (e.g. '" +
                                        joseNfd +
                                        "') read in composed form (NFC): labels that differ "
                                        "only in normalisation are one value"));
        // The NFD hierarchy row binds to the NFC value: every value has its row.
        QCOMPARE(ws.hierarchies().front().height(), 1);
    }

    void threadsAreCapped() {
        // Every phase starts one engine per thread: --threads 1000000 took 2.7 GB on 12 rows.
        Column q("q"), s("s");
        for (const char* v : {"A", "B", "C", "D", "A", "B", "C", "D"}) q.append(v);
        for (const char* v : {"x", "y", "x", "y", "y", "x", "y", "x"}) s.append(v);
        Table table(std::vector<Column>{q, s});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(tall(2, 3), table.column(0));
        Dataset data(table, {0}, std::move(maps), {1});
        SearchConfig config;
        config.criteria = bindCriteria(data, {"k=2"});
        config.threads = 1000000;
        const SearchResult r = search(data, config);
        QCOMPARE(r.statistics.threads, 256u);
        QVERIFY(r.optimum);
        QCOMPARE(data.lattice().levels(*r.optimum), Levels{0});  // every value occurs twice
    }
};

QTEST_GUILESS_MAIN(TestHardening)
#include "test_hardening.moc"
