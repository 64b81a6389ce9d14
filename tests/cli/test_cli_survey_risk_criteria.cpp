// individual-risk=R and global-risk=R on the command line (issue 36): the weight column given
// with --survey-weight, `search` end to end, `generalize --release` + `verify` (accepting the
// release, rejecting a published file whose QI cell was changed), and the refusal without
// weights. The table is test_risk_criteria_weights.cpp's hand-worked one:
//   q = a (w 10), b (4, 6), c (5, 5, 5), d (2, 2); hierarchy a,b -> ab, c,d -> cd -> *.
//   level 0: highest risk 1 − ln 2 = 0.306853 (class d); level 1: 0.15/2.15 = 0.069767;
//   level 2: 8/281 = 0.028470. Expected re-identifications: 1.441096, 0.517944, 0.227758.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include "cli_runner.h"

using namespace ldv;

namespace {

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestCliSurveyRiskCriteria : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_data, m_hierarchy;

    QStringList dataArgs(bool withWeight = true) const {
        QStringList a{m_data, "--qi", "q", "--hierarchy", "q=" + m_hierarchy, "--insensitive", "s"};
        if (withWeight)
            a << "--survey-weight"
              << "w";
        return a;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_data = m_dir.filePath("survey.csv");
        m_hierarchy = m_dir.filePath("q.csv");
        write(m_data, "q,w,s\na,10,x\nb,4,y\nb,6,x\nc,5,y\nc,5,x\nc,5,y\nd,2,x\nd,2,y\n");
        write(m_hierarchy, "a;ab;*\nb;ab;*\nc;cd;*\nd;cd;*\n");
    }

    void searchWithWeights() {
        // individual-risk=0.1: level 0 fails (0.306853), levels 1 and 2 hold; optimum [1].
        const auto r = test::runCli(QStringList{"search"} + dataArgs() +
                                    QStringList{"-c", "individual-risk=0.1", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j["satisfying_count"].toInt(), 2);
        // One minimal node, [1] (built by append: clang reads QJsonArray{QJsonArray{1}} as a
        // copy of the inner array).
        QJsonArray minimal;
        minimal.append(QJsonArray{1});
        QCOMPARE(j["minimal_nodes"].toArray(), minimal);
        // global-risk=0.5: only level 2 (0.517944 at level 1 is above 0.5).
        const auto g = test::runCli(QStringList{"search"} + dataArgs() +
                                    QStringList{"-c", "global-risk=0.5", "--json"});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QCOMPARE(g.json()["satisfying_count"].toInt(), 1);
    }

    void withoutWeightsIsRefused() {
        for (const char* spec : {"individual-risk=0.1", "global-risk=1"}) {
            const auto r =
                test::runCli(QStringList{"search"} + dataArgs(false) + QStringList{"-c", spec});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(QByteArray("criterion '") + spec + "' needs survey weights"),
                     r.err.constData());
            QVERIFY2(r.err.contains("--survey-weight"), r.err.constData());
        }
    }

    void releaseAndVerify() {
        const QString out = m_dir.filePath("out.csv"),
                      rel = m_dir.filePath("out.ldiv-release.json");
        const auto g = test::runCli(QStringList{"generalize"} + dataArgs() +
                                    QStringList{"-c", "individual-risk=0.1", "--node", "optimum",
                                                "-o", out, "--release", rel});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY(readAll(out).contains("ab,10,x"));  // level 1, weights published as they are
        const auto v =
            test::runCli({"verify", rel, "--published", out, "--original", m_data, "--json"});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        bool criterionHolds = false;
        for (const auto& c : v.json()["claims"].toArray())
            if (c.toObject()["claim"].toString() == "criterion individual-risk=0.1")
                criterionHolds = c.toObject()["verdict"].toString() == "holds";
        QVERIFY2(criterionHolds, v.out.constData());

        // One QI cell changed: the first row's "ab" becomes a class of its own, of one record
        // of weight 10, risk (1/9)·ln 10 = 0.2558 > 0.1. verify rejects the file, and the
        // criterion's claim itself fails on it.
        QByteArray text = readAll(out);
        const int at = text.indexOf("ab,10,x");
        QVERIFY(at >= 0);
        text.replace(at, 2, "zz");
        const QString changed = m_dir.filePath("changed.csv");
        write(changed, text);
        const auto bad =
            test::runCli({"verify", rel, "--published", changed, "--original", m_data, "--json"});
        QVERIFY(bad.exitCode != 0);
        bool criterionFails = false;
        for (const auto& c : bad.json()["claims"].toArray()) {
            const QJsonObject o = c.toObject();
            if (o["claim"].toString() == "criterion individual-risk=0.1")
                criterionFails = o["verdict"].toString() == "fails";
        }
        QVERIFY2(criterionFails, bad.out.constData());
    }
};

QTEST_APPLESS_MAIN(TestCliSurveyRiskCriteria)
#include "test_cli_survey_risk_criteria.moc"
