// `ldiv risk --weight/--household/--suda2`: the JSON contract of issue 36 item 2 on sdcMicro's
// indivRisk test sample (8 records, keys A, B, C), figures worked out by hand, the project
// file's weight and household roles, and the errors for bad weights.
#include <QtTest>

#include <QJsonArray>
#include <QTemporaryDir>

#include <cmath>

#include "cli_runner.h"

using namespace ldv;

namespace {

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(text);
    return f.fileName();
}

// Rows (A,B,C; weight; household): classes (2,3,1) rows 1,3,8; (3,3,3) row 2; (2,3,2) row 4;
// (3,3,1) rows 5,6; (1,4,1) row 7.
const QByteArray Sample =
    "A,B,C,weight,hh\n"
    "2,3,1,18.0,h1\n3,3,3,45.5,h1\n2,3,1,39.0,h2\n2,3,2,17.0,h2\n"
    "3,3,1,92.0,h3\n3,3,1,8.0,h3\n1,4,1,123.5,h4\n2,3,1,51,h4\n";

// Benedetti–Franconi risks (see test_survey_risk.cpp for the working).
const double R[8] = {1.0 / 73,
                     std::log(45.5) / 44.5,
                     1.0 / 73,
                     std::log(17.0) / 16,
                     1.0 / 49 - std::log(50.0) / (49.0 * 49),
                     1.0 / 49 - std::log(50.0) / (49.0 * 49),
                     std::log(123.5) / 122.5,
                     1.0 / 73};

QStringList names(const QJsonArray& a) {
    QStringList out;
    for (const auto& v : a) out << v.toString();
    return out;
}

}  // namespace

class TestCliSurveyRisk : public QObject {
    Q_OBJECT
private slots:
    void individualAndHouseholdRisk() {
        QTemporaryDir dir;
        const QString data = write(dir, "s.csv", Sample);
        const auto r = test::runCli(
            {"risk", data, "--qi", "A,B,C", "--weight", "weight", "--household", "hh", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject ir = r.json()["individual_risk"].toObject();
        const QJsonArray records = ir["records"].toArray();
        QCOMPARE(records.size(), 8);
        double global = 0;
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(records[i].toObject()["row"].toInt(), i + 1);
            QVERIFY(near(records[i].toObject()["risk"].toDouble(), R[i]));
            global += R[i];
        }
        QVERIFY(near(ir["global"].toDouble(), global));
        // Households h1..h4 = rows {1,2}, {3,4}, {5,6}, {7,8}: 1 − (1 − r_a)(1 − r_b) each.
        const QJsonObject hr = r.json()["household_risk"].toObject();
        QCOMPARE(hr["households"].toInt(), 4);
        double expected = 0;
        for (int i = 0; i < 8; ++i) {
            const int mate = i % 2 == 0 ? i + 1 : i - 1;
            const double h = 1 - (1 - R[i]) * (1 - R[mate]);
            QVERIFY(near(hr["records"].toArray()[i].toObject()["risk"].toDouble(), h));
            expected += h;
        }
        QVERIFY(near(hr["expected"].toDouble(), expected));
        // No --suda2: no suda2 key; no --weight: no individual_risk key.
        QVERIFY(!r.json().contains("suda2"));
        const auto plain = test::runCli({"risk", data, "--qi", "A,B,C", "--json"});
        QCOMPARE(plain.exitCode, 0);
        QVERIFY(!plain.json().contains("individual_risk"));
    }

    void suda2Contract() {
        // M = 3, weights (3 − k)!: 2 for one attribute, 1 for two or three.
        // Row 2 (3,3,3): {C} (C=3 alone); {A,B} = (3,3) is shared with rows 5, 6 → score 2.
        // Row 4 (2,3,2): {C} → 2. Row 7 (1,4,1): {A} and {B} → 4. Rows 1,3,8 and 5,6 are
        // duplicates: no MSU. Contributions: A 2/8, B 2/8, C 4/8.
        QTemporaryDir dir;
        const QString data = write(dir, "s.csv", Sample);
        const auto r = test::runCli({"risk", data, "--qi", "A,B,C", "--suda2", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject s = r.json()["suda2"].toObject();
        const QJsonArray records = s["records"].toArray();
        QCOMPARE(records.size(), 3);
        QCOMPARE(records[0].toObject()["row"].toInt(), 2);
        QCOMPARE(records[0].toObject()["score"].toDouble(), 2.0);
        QCOMPARE(names(records[0].toObject()["msus"].toArray()[0].toArray()), QStringList{"C"});
        QCOMPARE(records[1].toObject()["row"].toInt(), 4);
        QCOMPARE(records[2].toObject()["row"].toInt(), 7);
        QCOMPARE(records[2].toObject()["score"].toDouble(), 4.0);
        const QJsonArray msus7 = records[2].toObject()["msus"].toArray();
        QCOMPARE(msus7.size(), 2);
        QCOMPARE(names(msus7[0].toArray()), QStringList{"A"});
        QCOMPARE(names(msus7[1].toArray()), QStringList{"B"});
        const QJsonArray c = s["attribute_contributions"].toArray();
        QCOMPARE(c.size(), 3);
        QCOMPARE(c[0].toObject()["attribute"].toString(), QString("A"));
        QVERIFY(near(c[0].toObject()["contribution"].toDouble(), 0.25));
        QVERIFY(near(c[1].toObject()["contribution"].toDouble(), 0.25));
        QVERIFY(near(c[2].toObject()["contribution"].toDouble(), 0.5));
        QCOMPARE(s["max_msu"].toInt(), 3);
        // --max-msu without --suda2 is refused; --max-msu above M too.
        QVERIFY(test::runCli({"risk", data, "--qi", "A,B,C", "--max-msu", "2"}).exitCode != 0);
        const auto big =
            test::runCli({"risk", data, "--qi", "A,B,C", "--suda2", "--max-msu", "4", "--json"});
        QVERIFY(big.exitCode != 0);
        QVERIFY2(big.err.contains("--max-msu 4"), big.err.constData());
        // Text output names the MSUs.
        const auto text = test::runCli({"risk", data, "--qi", "A,B,C", "--suda2"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("SUDA2") && text.out.contains("{A} {B}"), text.out.constData());
    }

    void projectRoles() {
        QTemporaryDir dir;
        write(dir, "s.csv", Sample);
        const QString project = write(dir, "p.ldiv.json", R"({"format": "ldiv-project",
            "version": 1, "data": {"path": "s.csv"},
            "attributes": [{"name": "A", "role": "quasi-identifier"},
                           {"name": "B", "role": "quasi-identifier"},
                           {"name": "C", "role": "quasi-identifier"},
                           {"name": "weight", "role": "weight"},
                           {"name": "hh", "role": "household"}]})");
        const auto r = test::runCli({"risk", "--project", project, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["individual_risk"].toObject()["weight"].toString(), QString("weight"));
        QVERIFY(near(r.json()["individual_risk"]
                         .toObject()["records"]
                         .toArray()[3]
                         .toObject()["risk"]
                         .toDouble(),
                     R[3]));
        QCOMPARE(r.json()["household_risk"].toObject()["households"].toInt(), 4);
    }

    void weightErrors() {
        QTemporaryDir dir;
        const QString bad = write(dir, "bad.csv", "A,w\nx,2\ny,heavy\n");
        const auto r = test::runCli({"risk", bad, "--qi", "A", "--weight", "w"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("'w'") && r.err.contains("row 2") && r.err.contains("'heavy'") &&
                     r.err.contains("not a number"),
                 r.err.constData());
        const QString negative = write(dir, "neg.csv", "A,w\nx,2\ny,-3\n");
        const auto n = test::runCli({"risk", negative, "--qi", "A", "--weight", "w"});
        QCOMPARE(n.exitCode, 1);
        QVERIFY2(n.err.contains("row 2") && n.err.contains("'-3'"), n.err.constData());
        const auto missing = test::runCli({"risk", negative, "--qi", "A", "--weight", "nope"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("nope"), missing.err.constData());
    }
};

QTEST_APPLESS_MAIN(TestCliSurveyRisk)
#include "test_cli_survey_risk.moc"
