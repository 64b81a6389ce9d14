// Issue 34 item 3: `--release` for the transformations without a lattice node (mondrian, local,
// microaggregation, cell-suppression) and `ldiv verify` on their records. For each model a
// small table is published with a record; verify --original reproduces it (exit 0), and the
// smallest class it claims is the one this test counts in the published file itself (rows
// grouped by their quasi-identifier values; for cell suppression each record's frequency,
// "*" matching every value). Then: one changed cell, a stronger k written into the record,
// and bogus transformations fail (exit 3) naming the claim or the key at fault; entropy-l and
// recursive-(c,l) are checked against values counted here, and a signed record verifies.
#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <functional>

#include "cli_runner.h"
#include "file_fixtures.h"
#include "release_verdicts.h"
#include "test_paths.h"

using namespace ldv;
using test::failing;
using test::rehashed;
using test::verdict;

namespace {

using test::readJson;
using test::writeAll;

QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
QByteArray readAll(const QString& path) {
    return test::readFile(path);
}

/// The smallest class of a published CSV (no quoted fields in these tables), counted here
/// from the definition: rows grouped by the values of `qi`; with `wildcards`, each row's
/// frequency is the rows that agree with it on every QI where neither cell is "*".
int smallestClass(const QString& path, const QStringList& qi, bool wildcards) {
    const QStringList lines = QString::fromUtf8(readAll(path)).split('\n', Qt::SkipEmptyParts);
    if (lines.size() < 2) return 0;
    const QStringList header = lines[0].split(',');
    QList<int> cols;
    for (const QString& q : qi) cols << header.indexOf(q);
    QList<QStringList> tuples;
    for (int r = 1; r < lines.size(); ++r) {
        const QStringList fields = lines[r].split(',');
        QStringList t;
        for (int c : cols) t << fields.value(c);
        tuples << t;
    }
    int smallest = -1;
    for (const QStringList& a : tuples) {
        int f = 0;
        for (const QStringList& b : tuples) {
            bool match = true;
            for (int i = 0; i < a.size() && match; ++i)
                match = a[i] == b[i] || (wildcards && (a[i] == "*" || b[i] == "*"));
            f += match;
        }
        if (smallest < 0 || f < smallest) smallest = f;
    }
    return smallest;
}

/// Per class of a published CSV (rows grouped by `qi`): the smallest exp(Shannon entropy)
/// of the `sa` column and the smallest c·(r_l + … + r_m)/r_1 (counts in descending order).
std::pair<double, double> diversity(const QString& path, const QStringList& qi, const QString& sa,
                                    double c, int l) {
    const QStringList lines = QString::fromUtf8(readAll(path)).split('\n', Qt::SkipEmptyParts);
    const QStringList header = lines.value(0).split(',');
    QMap<QStringList, QMap<QString, int>> classes;
    for (int r = 1; r < lines.size(); ++r) {
        const QStringList f = lines[r].split(',');
        QStringList key;
        for (const QString& q : qi) key << f.value(header.indexOf(q));
        ++classes[key][f.value(header.indexOf(sa))];
    }
    double entropy = -1, ratio = -1;
    for (const QMap<QString, int>& counts : classes) {
        QList<int> n = counts.values();
        std::sort(n.begin(), n.end(), std::greater<int>());
        double total = 0, h = 0, tail = 0;
        for (int x : n) total += x;
        for (int x : n) h -= x / total * std::log(x / total);
        for (int i = l - 1; i < n.size(); ++i) tail += n[i];
        const double e = std::exp(h);
        const double q = n.size() < l ? 0 : c * tail / n[0];
        if (entropy < 0 || e < entropy) entropy = e;
        if (ratio < 0 || q < ratio) ratio = q;
    }
    return {entropy, ratio};
}

struct Case {
    QStringList input;  ///< the data arguments of generalize
    QString original;   ///< the original file verify is given
    QStringList qi;
    QString criterion;  ///< the k claim (the first criterion)
    bool wildcards = false;
};

}  // namespace

class TestCliReleaseTransforms : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QMap<QString, Case> m_cases;

    test::CliResult verify(const QString& release, const QString& published,
                           const QString& original) {
        return test::runCli(
            {"verify", release, "--published", published, "--original", original, "--json"});
    }

    /// Publishes `model` with a record; returns the generalize JSON.
    QJsonObject publish(const QString& model, const QString& out, const QString& rec) {
        const Case& c = m_cases[model];
        const auto r =
            test::runCli(c.input + QStringList{"--transform", model, "-o", out, "--release", rec,
                                               "--seed", "7", "--json"});
        if (r.exitCode != 0) qWarning("%s", r.err.constData());
        return r.exitCode == 0 ? r.json() : QJsonObject();
    }

    /// Verifies `record`, re-hashed, written to `path`, against `published` and `original`:
    /// exit 3 with the configuration claim failing; returns that claim's detail.
    QString failedConfiguration(const QJsonObject& record, const QString& path,
                                const QString& published, const QString& original) {
        if (!writeAll(path, QJsonDocument(rehashed(record)).toJson())) return "not written";
        const auto v = verify(path, published, original);
        if (v.exitCode != 3 || verdict(v.json(), "configuration") != "fails")
            return "exit " + QString::number(v.exitCode) + ", configuration " +
                   verdict(v.json(), "configuration");
        for (const QJsonValue& claim : v.json()["claims"].toArray())
            if (claim["claim"].toString() == "configuration") return claim["detail"].toString();
        return {};
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const QString hospital = ex("hospital/hospital.ldiv.json");
        const QString hospitalCsv = ex("hospital/hospital.csv");
        const QStringList hospitalQi{"zip", "age", "nationality"};
        m_cases["mondrian"] = {{"generalize", "--project", hospital, "--criterion", "k=4"},
                               hospitalCsv,
                               hospitalQi,
                               "k=4"};
        // The 10 rows of tests/core/test_microaggregation and the 7 of test_cell_suppression.
        const QString ten = m_dir.filePath("ten.csv");
        QVERIFY(writeAll(
            ten,
            "x,y,s\n1,2,a\n2,1,a\n2,2,b\n9,9,a\n10,9,b\n9,10,c\n5,5,a\n6,5,b\n5,6,c\n1,1,a\n"));
        m_cases["microaggregation"] = {{"generalize", ten, "--qi", "x,y", "--sensitive", "s",
                                        "--criterion", "k=3", "--aggregate", "y=interval"},
                                       ten,
                                       {"x", "y"},
                                       "k=3"};
        // Both QIs microaggregated (x has no hierarchy to be recoded by), then recoded locally.
        m_cases["microaggregation+local"] = {
            {"generalize", ten, "--qi", "x,y", "--sensitive", "s", "--criterion", "k=3",
             "--aggregate", "x=mean", "--aggregate", "y=interval"},
            ten,
            {"x", "y"},
            "k=3"};
        const QString seven = m_dir.filePath("seven.csv");
        QVERIFY(writeAll(
            seven,
            "a,b,c,s\nm,1,x,s0\nm,1,x,s1\nm,2,x,s2\nf,2,y,s0\nf,2,y,s1\nf,3,y,s2\ng,4,z,s0\n"));
        // Local recoding of the seven rows suppresses one (g,4,z), which the limit allows.
        m_cases["local"] = {
            {"generalize", seven, "--qi", "a,b,c", "--sensitive", "s", "--hierarchy", "a=suppress",
             "--hierarchy", "b=suppress", "--hierarchy", "c=suppress", "--criterion", "k=2",
             "--criterion", "distinct-l=2", "--suppression", "0.2"},
            seven,
            {"a", "b", "c"},
            "k=2"};
        m_cases["cell-suppression"] = {{"generalize", seven, "--qi", "a,b,c", "--sensitive", "s",
                                        "--criterion", "k=2", "--suppression", "0.2"},
                                       seven,
                                       {"a", "b", "c"},
                                       "k=2",
                                       true};
    }

    void models_data() {
        QTest::addColumn<QString>("model");
        for (const char* m : {"mondrian", "local", "microaggregation", "cell-suppression",
                              "microaggregation+local"})
            QTest::newRow(m) << QString(m);
    }

    // Published with a record, verified with the original: every claim holds and the file
    // reproduces; the smallest class the record claims is the file's own.
    void models() {
        QFETCH(QString, model);
        const Case& c = m_cases[model];
        const QString out = m_dir.filePath(model + ".csv");
        const QString rec = m_dir.filePath(model + ".ldiv-release.json");
        const QJsonObject g = publish(model, out, rec);
        QVERIFY(!g.isEmpty());
        const auto v = verify(rec, out, c.original);
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdict(v.json(), "published file reproduces from the original"),
                 QString("holds"));
        QCOMPARE(verdict(v.json(), "criterion " + c.criterion), QString("holds"));

        // Without the original the reproduction is named as not checked, which fails the
        // verdict; every claim about the file itself holds.
        const auto alone = test::runCli({"verify", rec, "--published", out, "--json"});
        QCOMPARE(alone.exitCode, 3);
        QVERIFY(failing(alone.json()).isEmpty());
        QCOMPARE(verdict(alone.json(), "published file reproduces from the original"),
                 QString("not checked"));

        const QJsonObject record = readJson(rec);
        const QJsonObject t = record["configuration"]["transformation"].toObject();
        QCOMPARE(t["model"].toString(), model);
        QVERIFY(t.contains("gs_factor") && t.contains("metric"));
        QCOMPARE(record["configuration"]["row_order"]["seed"].toInt(), 7);
        QCOMPARE(record["node"].toArray().size(), 0);
        const int smallest = smallestClass(out, c.qi, c.wildcards);
        const QJsonObject k = record["criteria"].toArray()[0].toObject();
        QCOMPARE(k["spec"].toString(), c.criterion);
        QCOMPARE(k["measured"].toInt(), smallest);
        QVERIFY(smallest >= c.criterion.mid(2).toInt());
        QCOMPARE(record["risk"]["highest"].toDouble(), 1.0 / smallest);
        QCOMPARE(record["rows"]["published"].toInt(), g["rows"].toInt());
        // The model's own figure agrees with the file's.
        QCOMPARE(g[c.wildcards ? "min_frequency" : "min_class_size"].toInt(), smallest);
        if (model == "local") {
            QCOMPARE(record["rows"]["suppressed"].toInt(), 1);
            QCOMPARE(record["rows"]["original"].toInt() - g["rows"].toInt(), 1);
            // A record that claims no suppression was allowed: the removed row fails it.
            QJsonObject r0 = record;
            QJsonObject conf0 = r0["configuration"].toObject();
            conf0["suppression_limit"] = 0;
            QJsonObject p0 = conf0["project"].toObject();
            p0["suppression_limit"] = 0;
            conf0["project"] = p0;
            r0["configuration"] = conf0;
            const QString noSuppression = m_dir.filePath("local_nosuppression.json");
            QVERIFY(writeAll(noSuppression, QJsonDocument(rehashed(r0)).toJson()));
            const auto n = verify(noSuppression, out, c.original);
            QCOMPARE(n.exitCode, 3);
            QVERIFY2(failing(n.json()).contains("suppressed rows"), n.out.constData());
        }
        if (model == "cell-suppression") {
            // g,4,z loses every cell: one suppressed record, within ⌊0.2 · 7⌋ = 1.
            QCOMPARE(record["rows"]["suppressed"].toInt(), g["suppressed_records"].toInt());
            QCOMPARE(k["measure"].toString(), QString("min_frequency"));
        }
        if (model == "microaggregation")
            QCOMPARE(t["aggregates"]["y"].toString(), QString("interval"));

        // One changed cell of the published file.
        const QString changed = m_dir.filePath(model + "_changed.csv");
        QByteArray bytes = readAll(out);
        const int eol = bytes.indexOf('\n');
        const int cell = bytes.indexOf(',', eol + 1);
        bytes.insert(cell, "9");
        QVERIFY(writeAll(changed, bytes));
        const auto w = verify(rec, changed, c.original);
        QCOMPARE(w.exitCode, 3);
        QVERIFY2(failing(w.json()).contains("published file hash"), w.out.constData());

        // The record edited to claim a k the table does not meet.
        const QString stronger = "k=" + QString::number(smallest + 1);
        QJsonObject edited = record;
        QJsonObject conf = edited["configuration"].toObject();
        QJsonArray criteria = conf["criteria"].toArray();
        criteria[0] = stronger;
        conf["criteria"] = criteria;
        QJsonObject project = conf["project"].toObject();
        QJsonArray projectCriteria = project["criteria"].toArray();
        for (int i = 0; i < projectCriteria.size(); ++i)
            if (projectCriteria[i].toString() == c.criterion) projectCriteria[i] = stronger;
        project["criteria"] = projectCriteria;
        conf["project"] = project;
        edited["configuration"] = conf;
        QJsonArray claims = edited["criteria"].toArray();
        QJsonObject claim = claims[0].toObject();
        claim["spec"] = stronger;
        claim["threshold"] = smallest + 1;
        claims[0] = claim;
        edited["criteria"] = claims;
        const QString strongerRec = m_dir.filePath(model + "_stronger.json");
        QVERIFY(writeAll(strongerRec, QJsonDocument(rehashed(edited)).toJson()));
        const auto s = verify(strongerRec, out, c.original);
        QCOMPARE(s.exitCode, 3);
        QVERIFY2(failing(s.json()).contains("criterion " + stronger), s.out.constData());
        QCOMPARE(verdict(s.json(), "configuration"), QString("holds"));
    }

    void bogusTransformations_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown model")
            << "mondrian"
            << "model" << QJsonValue("anatomy") << "transformation.model \"anatomy\"";
        QTest::newRow("gs-factor out of range")
            << "local"
            << "gs_factor" << QJsonValue(7) << "transformation.gs_factor";
        QTest::newRow("aggregate of a column the project lacks")
            << "microaggregation"
            << "aggregates" << QJsonValue(QJsonObject{{"x", "mean"}, {"nope", "mean"}})
            << "'nope' is not a quasi-identifier";
        QTest::newRow("unknown aggregate")
            << "microaggregation"
            << "aggregates" << QJsonValue(QJsonObject{{"x", "mean"}, {"y", "cube"}})
            << "transformation.aggregates.y";
        QTest::newRow("importance names a column twice")
            << "cell-suppression"
            << "importance" << QJsonValue(QJsonArray{"a", "a", "b"}) << "transformation.importance";
        QTest::newRow("model is no text") << "cell-suppression"
                                          << "model" << QJsonValue(3) << "\"model\"";
    }

    // A record is untrusted input: a bogus transformation fails the configuration claim with
    // the key named (exit 3), and nothing runs on it.
    void bogusTransformations() {
        QFETCH(QString, model);
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        const Case& c = m_cases[model];
        const QString out = m_dir.filePath(model + "_b.csv");
        const QString rec = m_dir.filePath(model + "_b.ldiv-release.json");
        QVERIFY(!publish(model, out, rec).isEmpty());
        QJsonObject record = readJson(rec);
        QJsonObject conf = record["configuration"].toObject();
        QJsonObject t = conf["transformation"].toObject();
        t[key] = value;
        conf["transformation"] = t;
        record["configuration"] = conf;
        const QString detail =
            failedConfiguration(record, m_dir.filePath(model + "_bogus.json"), out, c.original);
        QVERIFY2(detail.contains(message), qPrintable(detail));
    }

    void bogusConfigurationKeys_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("remove");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown key") << "extra" << false << "unknown key \"extra\"";
        QTest::newRow("missing row_order") << "row_order" << true << "no \"row_order\"";
        QTest::newRow("missing project") << "project" << true << "no \"project\"";
    }

    // The configuration's own keys: each one a transformation writes must be there and no
    // other (but "kind"), checked before its project is read; the failure names the key.
    void bogusConfigurationKeys() {
        QFETCH(QString, key);
        QFETCH(bool, remove);
        QFETCH(QString, message);
        const Case& c = m_cases["local"];
        const QString out = m_dir.filePath("keys_b.csv");
        const QString rec = m_dir.filePath("keys_b.ldiv-release.json");
        QVERIFY(!publish("local", out, rec).isEmpty());
        QJsonObject record = readJson(rec);
        QJsonObject conf = record["configuration"].toObject();
        if (remove)
            conf.remove(key);
        else
            conf[key] = 1;
        record["configuration"] = conf;
        QCOMPARE(failedConfiguration(record, m_dir.filePath("keys_bogus.json"), out, c.original),
                 message);
    }

    // entropy-l and recursive-(c,l) on Mondrian's hospital classes: the record's worst values
    // are the ones counted here from the file, and a signed record verifies with its key.
    void distributionCriteriaAndSignature() {
        const QString out = m_dir.filePath("diverse.csv");
        const QString rec = m_dir.filePath("diverse.ldiv-release.json");
        const QString key = m_dir.filePath("key.pem"), pub = m_dir.filePath("key.pub");
        QCOMPARE(test::runCli({"keygen", "--private", key, "--public", pub}).exitCode, 0);
        const auto g = test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"),
                                     "--criterion", "k=3", "--criterion", "entropy-l=2",
                                     "--criterion", "recursive-cl=3,2", "--transform", "mondrian",
                                     "-o", out, "--release", rec, "--sign", key});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        const auto [entropy, ratio] =
            diversity(out, {"zip", "age", "nationality"}, "condition", 3, 2);
        const QJsonArray claims = readJson(rec)["criteria"].toArray();
        QCOMPARE(claims.size(), 3);
        QCOMPARE(claims[1]["measure"].toString(), QString("min_exp_entropy"));
        QVERIFY(std::abs(claims[1]["measured"].toDouble() - entropy) < 1e-9);
        QVERIFY(entropy >= 2);
        QCOMPARE(claims[2]["measure"].toString(), QString("min_recursive_ratio"));
        QVERIFY(std::abs(claims[2]["measured"].toDouble() - ratio) < 1e-9);
        QVERIFY(ratio > 1);
        const auto v = test::runCli({"verify", rec, "--published", out, "--original",
                                     ex("hospital/hospital.csv"), "--public-key", pub, "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdict(v.json(), "signature"), QString("holds"));
    }

    // What --release cannot record is refused before anything is written.
    void refusals() {
        const QString out = m_dir.filePath("refused.csv");
        const auto r = test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"),
                                     "--criterion", "t-closeness=0.5", "--transform", "mondrian",
                                     "-o", out, "--release", m_dir.filePath("r.json")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("criterion 't-closeness=0.5'"), r.err.constData());
        QVERIFY(!QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(TestCliReleaseTransforms)
#include "test_cli_release_transforms.moc"
