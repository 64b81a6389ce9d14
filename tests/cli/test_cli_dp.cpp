// `ldiv generalize -c differential-privacy=EPS,DELTA` (SafePub, docs/dp.md) and `--pram`
// (invariant PRAM): exit codes, JSON keys, reproducibility with --seed, and the refusals.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
}  // namespace

class TestCliDp : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project = QString::fromStdString(test::example("adult/adult.ldiv.json"));

    test::CliResult run(const QString& out, QStringList extra) {
        QStringList args{"generalize", "--project", m_project, "-c", "differential-privacy=1,1e-5",
                         "-o",         out,         "--json"};
        args << extra;
        return test::runCli(args);
    }

private slots:
    void keysAndPrivacy() {
        const QString out = m_dir.filePath("dp.csv");
        const auto r = run(out, {});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j["mechanism"].toString(), QString("safepub"));
        QCOMPARE(j["epsilon"].toDouble(), 1.0);
        QCOMPARE(j["delta"].toDouble(), 1e-5);
        QCOMPARE(j["k"].toInt(), 58);  // tests/core/test_safepub's oracle value
        QVERIFY(std::abs(j["beta"].toDouble() - 0.59343034025940089) < 1e-12);
        QVERIFY(j["private"].toBool());
        QVERIFY(!j.contains("seed"));
        QVERIFY(j["steps"].toInt() >= 1);
        QCOMPARE(j["node"].toArray().size(), 7);
        // Published rows: the sampled ones less the suppressed.
        QCOMPARE(j["rows"].toInt(), j["sampled_rows"].toInt() - j["suppressed_rows"].toInt());
        const int lines = int(readAll(out).count('\n'));
        QCOMPARE(lines, j["rows"].toInt() + 1);
    }

    void seedReplaysAndSaysNotPrivate() {
        const QString a = m_dir.filePath("a.csv"), b = m_dir.filePath("b.csv"),
                      c = m_dir.filePath("c.csv");
        const auto ra = run(a, {"--seed", "7"});
        const auto rb = run(b, {"--seed", "7"});
        const auto rc = run(c, {"--seed", "8"});
        QVERIFY2(ra.exitCode == 0, ra.err.constData());
        QCOMPARE(rb.exitCode, 0);
        QVERIFY(!ra.json()["private"].toBool());
        QCOMPARE(ra.json()["seed"].toInteger(), 7);
        QVERIFY(ra.err.contains("not private"));
        QCOMPARE(readAll(a), readAll(b));
        QVERIFY(readAll(a) != readAll(c));
    }

    void refusals() {
        const QString out = m_dir.filePath("x.csv");
        QCOMPARE(run(out, {"--node", "0,0,0,0,0,0,0"}).exitCode, 1);
        QCOMPARE(run(out, {"--steps", "0"}).exitCode, 1);
        QCOMPARE(run(out, {"--metric", "kl"}).exitCode, 1);
        QCOMPARE(run(out, {"-c", "k=5"}).exitCode, 1);
        const auto bad = test::runCli(
            {"generalize", "--project", m_project, "-c", "differential-privacy=0,1e-5", "-o", out});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains("epsilon"));
        // A record certifies the bytes of a CSV file (as for a full-domain node): a workbook
        // is refused before anything is written.
        const QString book = m_dir.filePath("x.xlsx");
        const auto xlsx = run(book, {"--release", m_dir.filePath("x.json")});
        QCOMPARE(xlsx.exitCode, 1);
        QVERIFY2(xlsx.err.contains("--release records the SHA-256 of the published CSV file"),
                 xlsx.err.constData());
        QVERIFY(!QFile::exists(book));
        QVERIFY(!QFile::exists(m_dir.filePath("x.json")));
        // `search` cannot test it per node: it says to use generalize.
        const auto s =
            test::runCli({"search", "--project", m_project, "-c", "differential-privacy=1,1e-5"});
        QCOMPARE(s.exitCode, 1);
        QVERIFY2(s.err.contains("ldiv generalize"), s.err.constData());
    }

    // The record's differential_privacy block, and verify: what follows from ε and δ is
    // recomputed, the random draws are reported as such; a changed file fails.
    void releaseAndVerify() {
        const QString out = m_dir.filePath("r.csv"), record = m_dir.filePath("r.json");
        const auto r = run(out, {"--release", record, "--pram", "salary-class"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject rec = QJsonDocument::fromJson(readAll(record)).object();
        const QJsonObject conf = rec["configuration"].toObject();
        const QJsonObject dp = conf["differential_privacy"].toObject();
        QCOMPARE(dp["k"].toInt(), 58);
        QCOMPARE(dp["mechanism"].toString(), QString("safepub"));
        QVERIFY(!dp.contains("seed"));
        QCOMPARE(conf["pram"].toArray()[0].toObject()["column"].toString(),
                 QString("salary-class"));
        const QString original = QString::fromStdString(test::example("adult/adult.csv"));
        const auto v =
            test::runCli({"verify", record, "--published", out, "--original", original, "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QMap<QString, QString> verdicts;
        for (const QJsonValue& c : v.json()["claims"].toArray())
            verdicts[c.toObject()["claim"].toString()] = c.toObject()["verdict"].toString();
        QCOMPARE(verdicts["k-threshold"], QString("holds"));
        QCOMPARE(verdicts["differential privacy parameters"], QString("holds"));
        QCOMPARE(verdicts["values at the node"], QString("holds"));
        QCOMPARE(verdicts["sampling and mechanism"], QString("information"));
        QCOMPARE(verdicts["pram"], QString("information"));
        // Without the original the node's values are not checked: not verified (exit 3).
        QCOMPARE(test::runCli({"verify", record, "--published", out}).exitCode, 3);
        // A published file with one row dropped fails.
        QByteArray text = readAll(out);
        text.chop(1);
        text = text.left(text.lastIndexOf('\n') + 1);
        QFile f(out);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        QCOMPARE(
            test::runCli({"verify", record, "--published", out, "--original", original}).exitCode,
            3);
    }

    // A project whose criterion is differential-privacy runs SafePub without -c.
    void projectCriterion() {
        const QString folder = QString::fromStdString(test::example("adult"));
        QJsonObject project = QJsonDocument::fromJson(readAll(m_project)).object();
        QJsonObject data = project["data"].toObject();
        data["path"] = folder + "/" + data["path"].toString();
        project["data"] = data;
        QJsonArray attributes = project["attributes"].toArray();
        for (qsizetype i = 0; i < attributes.size(); ++i) {
            QJsonObject a = attributes[i].toObject();
            QJsonObject h = a["hierarchy"].toObject();
            if (h.contains("file")) h["file"] = folder + "/" + h["file"].toString();
            a["hierarchy"] = h;
            if (h.isEmpty()) a.remove("hierarchy");
            attributes[i] = a;
        }
        project["attributes"] = attributes;
        project["criteria"] = QJsonArray{"differential-privacy=1,1e-5"};
        const QString path = m_dir.filePath("dp.ldiv.json");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(project).toJson());
        f.close();
        const auto r = test::runCli(
            {"generalize", "--project", path, "-o", m_dir.filePath("proj.csv"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["mechanism"].toString(), QString("safepub"));
        QCOMPARE(r.json()["k"].toInt(), 58);
    }

    void pramOptions() {
        const QString out = m_dir.filePath("p.csv"), matrix = m_dir.filePath("m.csv");
        const auto r =
            run(out, {"--seed", "3", "--pram", "salary-class=0.7", "--pram-matrix", matrix});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonArray pram = r.json()["pram"].toArray();
        QCOMPARE(pram.size(), 1);
        QCOMPARE(pram[0].toObject()["column"].toString(), QString("salary-class"));
        QCOMPARE(pram[0].toObject()["p"].toDouble(), 0.7);
        QVERIFY(readAll(matrix).startsWith("# salary-class (p = 0.7)\nfrom,"));
        QCOMPARE(run(out, {"--pram", "sex"}).exitCode, 1);             // a QI
        QCOMPARE(run(out, {"--pram", "nothing"}).exitCode, 1);         // no such column
        QCOMPARE(run(out, {"--pram", "salary-class=2"}).exitCode, 1);  // p outside (0, 1]
        // With a node: after the full-domain generalization; a sensitive attribute is refused.
        const auto node =
            test::runCli({"generalize", "--project", m_project, "--node", "1,2,1,1,2,1,1", "-o",
                          out, "--pram", "salary-class", "--seed", "5", "--json"});
        QVERIFY2(node.exitCode == 0, node.err.constData());
        QCOMPARE(node.json()["pram"].toArray()[0].toObject()["p"].toDouble(), 0.8);
        QCOMPARE(test::runCli({"generalize", "--project", m_project, "--node", "1,2,1,1,2,1,1",
                               "-o", out, "--pram", "occupation"})
                     .exitCode,
                 1);
        QCOMPARE(test::runCli({"generalize", "--project", m_project, "--node", "1,2,1,1,2,1,1",
                               "-o", out, "--pram-matrix", matrix})
                     .exitCode,
                 1);
    }
};

QTEST_GUILESS_MAIN(TestCliDp)
#include "test_cli_dp.moc"
