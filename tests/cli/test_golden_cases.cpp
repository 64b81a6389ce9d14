// Golden cases as fixtures: every tests/data/golden/<case>/ holds a project and the search
// result it must give (expected.json, checked by the independent brute force check.py in the
// same folder). Each case is searched with every exact algorithm through the CLI; the JSON
// output must contain every expected key with the expected value.
#include <QDir>
#include <QJsonArray>
#include <QtTest>

#include "cli_runner.h"
#include "test_scale.h"

using ldv::test::runCli;

namespace {

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Every key of `expected` is in `actual` with an equal value (recursively for objects);
// numbers compare exactly, since the fixtures hold integers and sums of squares.
bool contains(const QJsonValue& actual, const QJsonValue& expected, const QString& where,
              QString& why) {
    if (expected.isObject()) {
        const auto e = expected.toObject();
        const auto a = actual.toObject();
        for (auto it = e.begin(); it != e.end(); ++it) {
            if (!a.contains(it.key())) {
                why = where + "." + it.key() + " is missing";
                return false;
            }
            if (!contains(a.value(it.key()), it.value(), where + "." + it.key(), why)) return false;
        }
        return true;
    }
    if (actual != expected) {
        why = where + ": expected " +
              QJsonDocument(QJsonArray{expected}).toJson(QJsonDocument::Compact) + ", got " +
              QJsonDocument(QJsonArray{actual}).toJson(QJsonDocument::Compact);
        return false;
    }
    return true;
}

}  // namespace

class TestGoldenCases : public QObject {
    Q_OBJECT
private slots:
    void searchGivesTheGoldenResult_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("algorithm");
        const QDir root(QStringLiteral(LDIV_TEST_DATA "/golden"));
        const auto cases = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        QVERIFY2(cases.size() >= 6, "the golden fixtures are missing");
        // A scaled-down run (CI's sanitizer run, test_scale.h) searches with the fast algorithm
        // only; the Release run compares all three with the golden results.
        const bool all = ldv::test::testScale() >= 1;
        for (const auto& c : cases)
            for (const char* a : {"fast", "incognito", "brute"})
                if (all || QString(a) == "fast")
                    QTest::newRow(qPrintable(c + "/" + a)) << root.filePath(c) << QString(a);
    }
    void searchGivesTheGoldenResult() {
        QFETCH(QString, folder);
        QFETCH(QString, algorithm);
        const auto expected = readJson(folder + "/expected.json").value("expect").toObject();
        QVERIFY2(expected.contains("satisfying_count"), qPrintable(folder + "/expected.json"));
        const auto r = runCli({"search", "--project", folder + "/project.ldiv.json", "--algorithm",
                               algorithm, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        auto actual = r.json();
        // minimal_nodes are compared as a set: the fixture lists them sorted.
        auto nodes = actual.value("minimal_nodes").toArray().toVariantList();
        std::sort(nodes.begin(), nodes.end(), [](const QVariant& a, const QVariant& b) {
            const auto x = a.toList(), y = b.toList();
            return std::lexicographical_compare(
                x.begin(), x.end(), y.begin(), y.end(),
                [](const QVariant& p, const QVariant& q) { return p.toInt() < q.toInt(); });
        });
        actual["minimal_nodes"] = QJsonArray::fromVariantList(nodes);
        QString why;
        QVERIFY2(contains(actual, expected, QDir(folder).dirName(), why), qPrintable(why));
    }
};

QTEST_GUILESS_MAIN(TestGoldenCases)
#include "test_golden_cases.moc"
