// `ldiv experiment tau-classify|tau-profile` (Tian & Zhang 2011 Figs 17–18 and 12): values
// worked by hand on a seven-row table, and the rows' structure on Nursery.
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
    return f.fileName();
}

// b, a QIs; y sensitive with y1, y2 under P. Seven rows, the last one noise.
struct Tiny {
    QTemporaryDir dir;
    QStringList args;
    Tiny() {
        const QString data = write(dir, "t.csv",
                                   "b,a,y\nb0,a0,y0\nb0,a2,y0\nb1,a2,y1\nb1,a3,y2\nb0,a0,y0\n"
                                   "b0,a3,y0\nb0,a0,y1\n");
        const QString hb = write(dir, "hb.csv", "b0;*\nb1;*\n");
        const QString ha = write(dir, "ha.csv", "a0;L;*\na1;L;*\na2;R;*\na3;R;*\n");
        const QString hy = write(dir, "hy.csv", "y0;y0;*\ny1;P;*\ny2;P;*\n");
        args = QStringList{
            data,      "--qi",        "b,a",     "--sensitive",           "y", "--hierarchy",
            "b=" + hb, "--hierarchy", "a=" + ha, "--sensitive-hierarchy", hy,  "--json"};
    }
};
}  // namespace

class TestCliTauExperiments : public QObject {
    Q_OBJECT
private slots:
    // The original ID3 tree (features b, a; target y, 4 × y0, 2 × y1, 1 × y2, H = 1.3788):
    // gain(b) = 1.3788 − (5/7·H(1/5) + 2/7·1) = 0.577 beats gain(a) = 1.3788 − (3/7·H(1/3) +
    // 2/7 + 2/7) = 0.414. Under b0, a splits (gain 0.722 − 3/5·0.918 = 0.171): the a0 leaf
    // holds y0, y0, y1 and predicts y0, so the noisy row is the one miss: accuracy 6/7. Its
    // rule "b = b0 ∧ a = a0 ⇒ y0" has accuracy 2/3 over 3 rows, the only one with coverage ≥ 3.
    void classifyByHand() {
        Tiny t;
        const auto r = test::runCli(QStringList{"experiment", "tau-classify"} + t.args +
                                    QStringList{"--tau", "0.5", "--l", "2", "--algorithms", "sweep",
                                                "--rule-accuracy", "0.6", "--rule-coverage", "3",
                                                "--trees", "4"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = r.json()["rows"].toArray();
        QCOMPARE(rows.size(), 1);
        const QJsonObject o = rows[0].toObject();
        QCOMPARE(o["algorithm"].toString(), QString("sweep"));
        QVERIFY(!o["empty"].toBool());
        QVERIFY(std::abs(o["original_accuracy"].toDouble() - 6.0 / 7.0) < 1e-12);
        QCOMPARE(o["original_rules"].toInt(), 1);
        QCOMPARE(o["trees"].toInt(), 4);
        const double ratio = o["accuracy_ratio"].toDouble();
        QVERIFY(ratio > 0 && ratio <= 7.0 / 6.0);
        QVERIFY(std::abs(ratio * 6.0 / 7.0 - o["anonymous_accuracy"].toDouble()) < 1e-12);
        const double preserved = o["preserved_rules"].toDouble();
        QVERIFY(preserved >= 0 && preserved <= 1);
        // The default thresholds (70 %, 250 rows) keep no rule of a seven-row table.
        const auto d =
            test::runCli(QStringList{"experiment", "tau-classify"} + t.args +
                         QStringList{"--tau", "0.5", "--l", "2", "--algorithms", "sweep"});
        QCOMPARE(d.json()["rows"].toArray()[0].toObject()["original_rules"].toInt(), 0);
        // A QI cannot be the target; an unknown column is a parameter error too.
        for (const char* target : {"a", "nonsense"}) {
            const auto bad =
                test::runCli(QStringList{"experiment", "tau-classify"} + t.args +
                             QStringList{"--tau", "0.5", "--l", "2", "--target", target});
            QCOMPARE(bad.exitCode, 1);
        }
        const auto zero = test::runCli(QStringList{"experiment", "tau-classify"} + t.args +
                                       QStringList{"--tau", "0.5", "--l", "2", "--trees", "0"});
        QCOMPARE(zero.exitCode, 1);
    }

    // (0.5, 2) with m = 3: ψ = 0.5, 1, 1. SWEEP's output holds, so no class exceeds ψ. 1DLD
    // has no run (⌊7/4⌋ = 1: not even simple 2-diversity is eligible), so nothing to profile.
    void profileByHand() {
        Tiny t;
        const auto r =
            test::runCli(QStringList{"experiment", "tau-profile"} + t.args +
                         QStringList{"--tau", "0.5", "--l", "2", "--algorithms", "sweep,1dld"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = r.json()["rows"].toArray();
        QCOMPARE(rows.size(), 2);
        const QJsonObject s = rows[0].toObject(), o = rows[1].toObject();
        QCOMPARE(s["algorithm"].toString(), QString("sweep"));
        QCOMPARE(s["failing_classes"].toInt(), 0);
        QCOMPARE(s["psi"].toArray(), (QJsonArray{0.5, 1.0, 1.0}));
        for (const auto& v : s["classes_exceeding"].toArray()) QCOMPARE(v.toInt(), 0);
        for (const auto& v : s["max_cumulative_frequency"].toArray())
            QVERIFY(v.toDouble() <= 1 + 1e-12);
        QCOMPARE(o["algorithm"].toString(), QString("1dld"));
        QVERIFY(o["empty"].toBool());
        QVERIFY(!o["profiled"].toBool());
    }

    // Fig. 22 compares run times: CLD's rows carry the one lattice pass the grid shares, the
    // others none. On the tiny table SWEEP at (0.5, 2) must keep e(P) ≥ 0 and um in (0, 1].
    void informationRowsCarryThePassTime() {
        Tiny t;
        const auto r =
            test::runCli(QStringList{"experiment", "information"} + t.args +
                         QStringList{"--tau", "0.5", "--l", "2", "--algorithms", "sweep,cld"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = r.json()["rows"].toArray();
        QCOMPARE(rows.size(), 2);
        QVERIFY(rows[0].toObject()["cld_pass_milliseconds"].isNull());
        QVERIFY(rows[1].toObject()["cld_pass_milliseconds"].toDouble() >= 0);
        QVERIFY(!rows[1].toObject()["cld_pass_milliseconds"].isNull());
        const double um = rows[0].toObject()["information"].toDouble();
        QVERIFY(um > 0 && um <= 1);
    }

    // Issue 22 item 7, settled as a property of SWEEP (docs/tau-diversity.md, "Trends that
    // differ"): on Nursery at ℓ = 4 the whole table fails, Step 1 generalizes more SA values
    // for the stronger τ = 0.5 than for 0.7, and um falls as the requirement weakens.
    void sweepInformationNotMonotoneOnNursery() {
        const auto r =
            test::runCli({"experiment", "information", "--project", ex("nursery/nursery.ldiv.json"),
                          "--tau", "0.5,0.7", "--l", "4", "--algorithms", "sweep", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray rows = r.json()["rows"].toArray();
        QCOMPARE(rows.size(), 2);
        const double strong = rows[0].toObject()["information"].toDouble();
        const double weak = rows[1].toObject()["information"].toDouble();
        QCOMPARE(rows[0].toObject()["tau"].toDouble(), 0.5);
        QCOMPARE(qRound(strong * 1000), 566);
        QCOMPARE(qRound(weak * 1000), 486);
        QCOMPARE(rows[0].toObject()["excessive_protection"].toDouble(), 0.0);
    }

    // Nursery at (0.45, 4) (Fig. 12(b)): every 1DLD run fails; the closest one is profiled and
    // its first class count exceeding ψ is where it fails. Class has m = 5 values.
    void profileNursery() {
        const auto r =
            test::runCli({"experiment", "tau-profile", "--project", ex("nursery/nursery.ldiv.json"),
                          "--tau", "0.45", "--l", "4", "--algorithms", "1dld", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = r.json()["rows"].toArray()[0].toObject();
        QVERIFY(o["empty"].toBool());
        QVERIFY(o["profiled"].toBool());
        QVERIFY(o["chosen_l"].toInt() >= 2 && o["chosen_l"].toInt() <= 3);
        const QJsonArray psi = o["psi"].toArray(), maxF = o["max_cumulative_frequency"].toArray(),
                         exceeding = o["classes_exceeding"].toArray();
        QCOMPARE(psi.size(), 5);
        QVERIFY(std::abs(psi[1].toDouble() - (0.45 + 0.55 / 3)) < 1e-12);
        int failing = 0;
        for (int k = 0; k < 5; ++k) {
            QCOMPARE(exceeding[k].toInt() > 0, maxF[k].toDouble() > psi[k].toDouble() + 1e-12);
            failing = std::max(failing, exceeding[k].toInt());
        }
        QVERIFY(failing > 0);
        QVERIFY(o["failing_classes"].toInt() >= failing);
        QVERIFY(o["failing_classes"].toInt() <= o["classes"].toInt());
    }
};

QTEST_APPLESS_MAIN(TestCliTauExperiments)
#include "test_cli_tau_experiments.moc"
