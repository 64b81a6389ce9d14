// `ldiv risk`: the JSON contract of issue 19 on the hospital table of Machanavajjhala et al. 2007
// Fig. 1, figures worked out by hand from its class sizes, and exact messages for bad parameters.
#include <QtTest>

#include <QJsonArray>

#include <cmath>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
bool near(double a, double b) {
    return qAbs(a - b) < 1e-9;
}
}  // namespace

class TestCliRisk : public QObject {
    Q_OBJECT
private slots:
    void contractKeys() {
        const auto r = test::runCli({"risk", "--project", ex("hospital/hospital.ldiv.json"),
                                     "--node", "1,1,1", "--population-size", "100", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        for (const char* key : {"rows", "classes", "prosecutor", "journalist", "marketer",
                                "sample_uniques", "population_uniques", "distribution"})
            QVERIFY2(j.contains(key), key);
        for (const char* model : {"prosecutor", "journalist"})
            for (const char* key :
                 {"highest", "average", "records_at_highest", "records_above_threshold"})
                QVERIFY2(j[model].toObject().contains(key), key);
        QVERIFY(j["marketer"].toObject().contains("average"));
        for (const char* key : {"pitman", "zayatz", "snb", "dankar", "recommended"})
            QVERIFY2(j["population_uniques"].toObject().contains(key), key);
        // Node 1,1,1: zip to 4 digits, age to decades, nationality suppressed gives 6 classes
        // of 2 rows: prosecutor risk 1/2 for everyone, journalist 12/(2·100) = 0.06.
        QCOMPARE(j["rows"].toInt(), 12);
        QCOMPARE(j["classes"].toInt(), 6);
        QVERIFY(near(j["prosecutor"].toObject()["highest"].toDouble(), 0.5));
        QVERIFY(near(j["prosecutor"].toObject()["records_above_threshold"].toDouble(), 1.0));
        QVERIFY(near(j["journalist"].toObject()["highest"].toDouble(), 0.06));
        QVERIFY(near(j["marketer"].toObject()["average"].toDouble(), 0.5));
        QVERIFY(near(j["sample_uniques"].toDouble(), 0.0));
        // No sample uniques: every estimator is 0 (as ARX), the rule picks none.
        QCOMPARE(j["population_uniques"].toObject()["recommended"].toString(), QString("none"));
        // The 0.5 bar holds every record.
        for (const auto& bin : j["distribution"].toArray()) {
            const QJsonArray b = bin.toArray();
            QCOMPARE(b[1].toDouble(), b[0].toDouble() == 0.5 ? 1.0 : 0.0);
        }
    }
    void bottomNodeEstimatorsWithoutSolution() {
        // The bottom node: 12 unique rows. N = 120 (p = 0.1). Pitman: ∂L/∂α > 0 everywhere,
        // no solution; SNB: no classes of 2, no solution; Zayatz: every class has one
        // member, P(unique | sample unique) = 1, 12/0.1 = 120 uniques = all of N. Dankar's
        // rule (p ≤ 0.1) falls back from Pitman to Zayatz.
        const auto r = test::runCli({"risk", "--project", ex("hospital/hospital.ldiv.json"),
                                     "--population-size", "120", "--threshold", "0.05", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject p = r.json()["population_uniques"].toObject();
        QVERIFY(p["pitman"].isNull());
        QVERIFY(p["snb"].isNull());
        QVERIFY(near(p["zayatz"].toDouble(), 1.0));
        QVERIFY(near(p["dankar"].toDouble(), 1.0));
        QCOMPARE(p["recommended"].toString(), QString("zayatz"));
        const QJsonObject notes = r.json()["population_uniques_notes"].toObject();
        QCOMPARE(
            notes["pitman"].toString(),
            QString("Pitman: every class is unique, the likelihood equations have no solution"));
        QVERIFY(near(r.json()["sample_uniques"].toDouble(), 1.0));
        // Journalist risk 12/(1·120) = 0.1 for every record, above the 0.05 threshold.
        QVERIFY(near(r.json()["journalist"].toObject()["records_above_threshold"].toDouble(), 1.0));
    }
    void publishedWithAttributeCombinations() {
        // Fig. 2's 4-anonymous table: 3 classes of 4. zip holds 130** ×8 and 1485* ×4: distinction
        // 2/12, separation 1 − (8·7 + 4·3)/(12·11) = 64/132; nationality is all '*':
        // distinction 1/12, separation 0.
        const auto r = test::runCli(
            {"risk", ex("hospital/hospital.csv"), "--qi", "zip,age,nationality", "--published",
             ex("hospital/hospital_fig2_4anonymous.csv"), "--attribute-combinations", "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["classes"].toInt(), 3);
        QVERIFY(near(r.json()["prosecutor"].toObject()["highest"].toDouble(), 0.25));
        QVERIFY(r.json()["journalist"].isNull());
        const QJsonArray c = r.json()["attribute_combinations"].toArray();
        QCOMPARE(c.size(), 7);
        const QJsonObject zip = c[0].toObject(), nationality = c[2].toObject();
        QCOMPARE(zip["attributes"].toArray()[0].toString(), QString("zip"));
        QVERIFY(near(zip["distinction"].toDouble(), 2.0 / 12));
        QVERIFY(near(zip["separation"].toDouble(), 64.0 / 132));
        QVERIFY(near(nationality["distinction"].toDouble(), 1.0 / 12));
        QVERIFY(near(nationality["separation"].toDouble(), 0.0));
        QCOMPARE(c[6].toObject()["attributes"].toArray().size(), 3);
    }
    void distributionCriteriaInAudit() {
        // Fig. 4 (node 1,2,1): condition over the table is HD 3, VI 4, C 5 of 12. The classes
        // 1305* (HD, VI, C, C) and 1306* (the same) have q = (3, 3, 6)/12: equal EMD
        // ½(0 + 1/12 + 1/12) = 1/12; 1485* (C, HD, VI, VI) has q = (3, 6, 3)/12: ½(0 + 2/12 +
        // 2/12) = 1/6. δ of 1485*: max(ln(6/4), ln(5/3)) = ln(5/3).
        const auto r =
            test::runCli({"audit", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                          "1,2,1", "--criterion", "t-closeness=0.15", "--criterion",
                          "delta-disclosure=0.6", "--class-measures", "--json"});
        QCOMPARE(r.exitCode, 3);  // a criterion FAILS: exit 3 (issue 32)
        const QJsonObject t = r.json()["criteria"].toArray()[0].toObject();
        QVERIFY(!t["holds"].toBool());
        QCOMPARE(t["failing_classes"].toInt(), 1);
        QCOMPARE(t["failing_rows"].toInt(), 4);
        const QJsonArray m = t["class_measures"].toArray();
        QVERIFY(near(m[0].toDouble(), 1.0 / 12) && near(m[1].toDouble(), 1.0 / 12) &&
                near(m[2].toDouble(), 1.0 / 6));
        const QJsonObject d = r.json()["criteria"].toArray()[1].toObject();
        QVERIFY(d["holds"].toBool());
        QVERIFY(near(d["worst_measure"].toDouble(), std::log(5.0 / 3)));
        // The search finds fig. 4's node as the only minimal one for 0.2-closeness.
        const auto s = test::runCli({"search", "--project", ex("hospital/hospital.ldiv.json"), "-c",
                                     "t-closeness=0.2", "--json"});
        QCOMPARE(s.exitCode, 0);
        QCOMPARE(s.json()["minimal_nodes"].toArray().size(), 1);
    }
    void kMapInAudit() {
        // 12 rows of N = 120 people: k-map=5 is 4-anonymity (λ = 0.5, see
        // test_criteria_distribution); fig. 4's classes of 4 satisfy it, k=5 would not.
        const auto r =
            test::runCli({"audit", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                          "1,2,1", "--criterion", "k-map=5", "--population-size", "120", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject c = r.json()["criteria"].toArray()[0].toObject();
        QVERIFY(c["holds"].toBool());
        QCOMPARE(c["threshold"].toDouble(), 4.0);
    }
    void badCriterionParameters() {
        const QString project = ex("hospital/hospital.ldiv.json");
        const auto t =
            test::runCli({"audit", "--project", project, "--criterion", "t-closeness=1.5"});
        QCOMPARE(t.exitCode, 1);
        QCOMPARE(t.err.trimmed(), QByteArray("ldiv: error: criterion 't-closeness=1.5': t = 1.5 is "
                                             "not allowed, t must be in (0, 1]"));
        const auto ordered =
            test::runCli({"search", "--project", project, "-c", "t-closeness=0.2:ordered"});
        QCOMPARE(ordered.exitCode, 1);
        QCOMPARE(
            ordered.err.trimmed(),
            QByteArray(
                "ldiv: error: criterion 't-closeness=0.2:ordered': the ordered distance needs a "
                "numeric "
                "sensitive attribute, the sensitive attribute has the value 'Heart Disease'; use "
                "t-closeness=T (equal distance) instead"));
        const auto hierarchical =
            test::runCli({"search", "--project", project, "-c", "t-closeness=0.2:hierarchical"});
        QCOMPARE(hierarchical.exitCode, 1);
        const auto kmap = test::runCli({"search", "--project", project, "-c", "k-map=5"});
        QCOMPARE(kmap.exitCode, 1);
        QCOMPARE(kmap.err.trimmed(), QByteArray("ldiv: error: criterion 'k-map=5' needs the "
                                                "population size: give --population-size N "
                                                "(the number of people the data is a sample of)"));
        const auto beta = test::runCli({"search", "--project", project, "-c", "beta-likeness=0"});
        QCOMPARE(beta.exitCode, 1);
        QCOMPARE(beta.err.trimmed(), QByteArray("ldiv: error: criterion 'beta-likeness=0': b = 0 "
                                                "is not allowed, b must be greater than 0"));
    }
    void badParameters() {
        const QString project = ex("hospital/hospital.ldiv.json");
        const auto threshold = test::runCli({"risk", "--project", project, "--threshold", "1.5"});
        QCOMPARE(threshold.exitCode, 1);
        QCOMPARE(
            threshold.err.trimmed(),
            QByteArray(
                "ldiv: error: risk threshold 1.5 is not allowed: it is a probability in (0, 1]"));
        const auto small = test::runCli({"risk", "--project", project, "--population-size", "5"});
        QCOMPARE(small.exitCode, 1);
        QCOMPARE(small.err.trimmed(), QByteArray("ldiv: error: population size 5 is not allowed: "
                                                 "it must be at least the number of rows (12)"));
        const auto negative =
            test::runCli({"risk", "--project", project, "--population-size", "-3"});
        QCOMPARE(negative.exitCode, 1);
        QCOMPARE(
            negative.err.trimmed(),
            QByteArray(
                "ldiv: error: --population-size -3 is not allowed: it is the number of records in "
                "the population (> 0)"));
    }
};

QTEST_GUILESS_MAIN(TestCliRisk)
#include "test_cli_risk.moc"
