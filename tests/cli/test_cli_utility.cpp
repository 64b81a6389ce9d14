// `ldiv utility` (issue 33): the JSON contract on the hospital table of Machanavajjhala et al.
// 2007 Fig. 1, every figure worked out by hand; `--published` on the file `ldiv generalize`
// writes gives the numbers of `--node`; refusals.
#include <QtTest>

#include <QJsonArray>
#include <QTemporaryDir>

#include <cmath>

#include "cli_runner.h"
#include "file_fixtures.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
bool near(const QJsonValue& v, double b) {
    return v.isDouble() && std::abs(v.toDouble() - b) < 1e-9 * std::max(1.0, std::abs(b));
}

/// The hospital project with 50 % suppression, so that node 0,2,1 (zip as is, age ≤40/>40,
/// nationality *) suppresses its two classes of 2 that are not 3-diverse: 14853 (Cancer,
/// Heart Disease) and 14850 (Viral Infection twice), rows 5–8.
QString suppressingProject(const QTemporaryDir& dir) {
    const QString path = dir.filePath("hospital.ldiv.json");
    const QString base = ex("hospital/");
    test::writeFile(path, QString(R"({"format": "ldiv-project", "version": 1,
  "data": {"path": "%1hospital.csv", "separator": ",", "header": true},
  "attributes": [
    {"name": "zip", "role": "quasi-identifying", "hierarchy": {"file": "%1hierarchy_zip.csv"}},
    {"name": "age", "role": "quasi-identifying", "hierarchy": {"file": "%1hierarchy_age.csv"}},
    {"name": "nationality", "role": "quasi-identifying",
     "hierarchy": {"file": "%1hierarchy_nationality.csv"}},
    {"name": "condition", "role": "sensitive"}],
  "qi_order": ["zip", "age", "nationality"],
  "criteria": ["distinct-l=3"], "suppression_limit": 0.5})")
                              .arg(base)
                              .toUtf8());
    return path;
}

QJsonObject attribute(const QJsonObject& j, const QString& name) {
    for (const auto& a : j["attributes"].toArray())
        if (a.toObject()["name"].toString() == name) return a.toObject();
    return {};
}

}  // namespace

class TestCliUtility : public QObject {
    Q_OBJECT
private slots:
    void nodeWithSuppression() {
        QTemporaryDir dir;
        const auto r = test::runCli({"utility", "--project", suppressingProject(dir), "--node",
                                     "0,2,1", "--pair", "zip,condition", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        for (const char* key : {"attributes", "contingency", "rows", "elapsed_ms"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["rows"].toObject()["input"].toInt(), 12);
        QCOMPARE(j["rows"].toObject()["output"].toInt(), 8);
        QCOMPARE(j["rows"].toObject()["suppressed"].toInt(), 4);
        QCOMPARE(j["attributes"].toArray().size(), 4);  // 3 QIs, then the sensitive one

        // age, input 21 23 28 29 31 35 36 37 47 49 50 55: Σ = 441, mean 36.75, median
        // (35 + 36)/2, Σ(x − 36.75)² = 1374.25, sd = √(1374.25/11). Output: "<=40" 8 times,
        // midpoint of [21 (the input's minimum), 40] = 30.5, sd 0.
        const QJsonObject age = attribute(j, "age");
        QCOMPARE(age["kind"].toString(), QString("numeric"));
        QCOMPARE(age["suppressed_rows"].toInt(), 4);
        QCOMPARE(age["output"].toObject(), (QJsonObject{{"<=40", 8}}));
        // Spread back over the input's ages: the 8 rows of "<=40" over the 8 ages up to 40
        // (one each), nothing on the four above.
        const QJsonObject onInput = age["output_on_input"].toObject();
        QCOMPARE(onInput.size(), 12);
        for (const QString& v : onInput.keys())
            QCOMPARE(onInput[v].toDouble(), v.toInt() <= 40 ? 1.0 : 0.0);
        QCOMPARE(age["input"].toObject().size(), 12);
        const QJsonObject ageIn = age["summary"].toObject()["input"].toObject();
        QCOMPARE(ageIn["count"].toInt(), 12);
        QCOMPARE(ageIn["missing"].toInt(), 0);
        QVERIFY(near(ageIn["min"], 21));
        QVERIFY(near(ageIn["max"], 55));
        QVERIFY(near(ageIn["mean"], 36.75));
        QVERIFY(near(ageIn["median"], 35.5));
        QVERIFY(near(ageIn["sd"], std::sqrt(1374.25 / 11)));
        const QJsonObject ageOut = age["summary"].toObject()["output"].toObject();
        QCOMPARE(ageOut["count"].toInt(), 8);
        QVERIFY(near(ageOut["mean"], 30.5));
        QVERIFY(near(ageOut["median"], 30.5));
        QVERIFY(near(ageOut["sd"], 0));
        QVERIFY(ageOut["method"].toString().startsWith("interval midpoints"));

        // zip kept: 13053 and 13068 four times each, mean = median = 13060.5,
        // sd = √(8·7.5²/7) = √(450/7).
        const QJsonObject zipOut = attribute(j, "zip")["summary"].toObject()["output"].toObject();
        QVERIFY(near(zipOut["mean"], 13060.5));
        QVERIFY(near(zipOut["median"], 13060.5));
        QVERIFY(near(zipOut["sd"], std::sqrt(450.0 / 7)));

        // nationality: American 6, Indian 2, Japanese 2, Russian 2: mode American,
        // H = ½·1 + 3·(1/6)·log₂ 6 = ½ + ½·log₂ 6. Output: "*" 8 times, H = 0.
        const QJsonObject nat = attribute(j, "nationality");
        QCOMPARE(nat["kind"].toString(), QString("categorical"));
        const QJsonObject natIn = nat["summary"].toObject()["input"].toObject();
        QCOMPARE(natIn["distinct"].toInt(), 4);
        QCOMPARE(natIn["mode"].toString(), QString("American"));
        QCOMPARE(natIn["mode_count"].toInt(), 6);
        QVERIFY(near(natIn["entropy"], 0.5 + 0.5 * std::log2(6.0)));
        const QJsonObject natOut = nat["summary"].toObject()["output"].toObject();
        QCOMPARE(natOut["distinct"].toInt(), 1);
        QCOMPARE(natOut["mode"].toString(), QString("*"));
        QVERIFY(near(natOut["entropy"], 0));

        // condition, output rows 1–4 and 9–12: Cancer 4, Heart Disease 2, Viral Infection 2,
        // H = ½·1 + 2·¼·2 = 1.5 bits.
        const QJsonObject cond = attribute(j, "condition");
        QCOMPARE(cond["output"].toObject(),
                 (QJsonObject{{"Cancer", 4}, {"Heart Disease", 2}, {"Viral Infection", 2}}));
        QVERIFY(near(cond["summary"].toObject()["output"].toObject()["entropy"], 1.5));

        // zip × condition: the input's V = √(5.5/24) (core/test_utility works out χ² = 5.5);
        // the output's two rows are both (2, 1, 1): independent, V = 0.
        const QJsonObject pair = j["contingency"].toArray()[0].toObject();
        QCOMPARE(pair["pair"].toArray(), (QJsonArray{"zip", "condition"}));
        QVERIFY(near(pair["input"].toObject()["cramers_v"], std::sqrt(5.5 / 24)));
        QVERIFY(near(pair["output"].toObject()["cramers_v"], 0));
        const QJsonObject table = pair["output"].toObject()["table"].toObject();
        QCOMPARE(table["rows"].toArray(), (QJsonArray{"13053", "13068"}));
        QCOMPARE(table["columns"].toArray(),
                 (QJsonArray{"Cancer", "Heart Disease", "Viral Infection"}));
        QCOMPARE(table["counts"].toArray(), (QJsonArray{QJsonArray{2, 1, 1}, QJsonArray{2, 1, 1}}));
    }
    void criteriaOptionsAsInEveryCommand() {
        // -c and --suppression, as `ldiv risk` and `ldiv generalize` take them (issue 37 item
        // 4): the bundled hospital project with the suppressing project's requirement gives
        // that project's figures.
        QTemporaryDir dir;
        const auto project = test::runCli(
            {"utility", "--project", suppressingProject(dir), "--node", "0,2,1", "--json"});
        const auto options =
            test::runCli({"utility", "--project", ex("hospital/hospital.ldiv.json"), "-c",
                          "distinct-l=3", "--suppression", "0.5", "--node", "0,2,1", "--json"});
        QCOMPARE(project.exitCode, 0);
        QCOMPARE(options.exitCode, 0);
        QCOMPARE(options.json()["rows"], project.json()["rows"]);
        QCOMPARE(options.json()["attributes"], project.json()["attributes"]);
        QCOMPARE(options.json()["rows"].toObject()["suppressed"].toInt(), 4);
    }

    void publishedEqualsNode() {
        // The file `ldiv generalize` writes for the node, read back with --published: the
        // same distributions, summaries, tables and row counts.
        QTemporaryDir dir;
        const QString project = suppressingProject(dir);
        const QString out = dir.filePath("published.csv");
        const auto g =
            test::runCli({"generalize", "--project", project, "--node", "0,2,1", "-o", out});
        QCOMPARE(g.exitCode, 0);
        const QStringList common{"--pair", "zip,condition", "--pair", "age,nationality", "--json"};
        const auto byNode =
            test::runCli(QStringList{"utility", "--project", project, "--node", "0,2,1"} + common);
        const auto byFile =
            test::runCli(QStringList{"utility", "--project", project, "--published", out} + common);
        QCOMPARE(byNode.exitCode, 0);
        QCOMPARE(byFile.exitCode, 0);
        for (const char* key : {"attributes", "contingency", "rows"})
            QCOMPARE(byFile.json()[key], byNode.json()[key]);
        QCOMPARE(byFile.json()["rows"].toObject()["suppressed"].toInt(), 4);
    }
    void attributeSelectionAndText() {
        const auto r = test::runCli({"utility", "--project", ex("hospital/hospital.ldiv.json"),
                                     "--node", "1,2,1", "--attribute", "age", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonArray attributes = r.json()["attributes"].toArray();
        QCOMPARE(attributes.size(), 1);
        // Fig. 4's 3-diverse node: nothing suppressed, ages <=40 ×8 and >40 ×4: midpoints
        // 30.5 and (40 + 55)/2 = 47.5, mean (8·30.5 + 4·47.5)/12 = 434/12.
        const QJsonObject age = attributes[0].toObject();
        QCOMPARE(age["output"].toObject(), (QJsonObject{{"<=40", 8}, {">40", 4}}));
        QVERIFY(near(age["summary"].toObject()["output"].toObject()["mean"], 434.0 / 12));
        QCOMPARE(r.json()["rows"].toObject()["suppressed"].toInt(), 0);

        const auto text = test::runCli({"utility", "--project", ex("hospital/hospital.ldiv.json"),
                                        "--node", "1,2,1", "--pair", "age,condition"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("node 1,2,1: 12 input rows, 12 output rows, 0 suppressed"));
        QVERIFY(text.out.contains("nationality (categorical)"));
        QVERIFY(text.out.contains("output: 1 distinct, mode * (12 rows), entropy 0.0000 bits"));
    }
    void classificationByHand() {
        // Leave-one-out (12 folds of one row: no shuffle matters). condition: Cancer 5, Heart
        // Disease 3, Viral Infection 4. Baseline: leaving out a Cancer row ties Cancer with
        // Viral Infection at 4, won by the first in sorted order, Cancer (right, 5 rows);
        // leaving out any other leaves Cancer the majority (wrong): 5/12.
        // The top node 4,3,1 makes every feature *, so naive Bayes (P(* | c) = 1) and the
        // tree (no split) predict the majority too: output = baseline, relative accuracy 0.
        const auto r =
            test::runCli({"utility", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                          "4,3,1", "--target", "condition", "--folds", "12", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject c = r.json()["classification"].toObject();
        QCOMPARE(c["target"].toString(), QString("condition"));
        QCOMPARE(c["folds"].toInt(), 12);
        QCOMPARE(c["features"].toArray(), (QJsonArray{"zip", "age", "nationality"}));
        QCOMPARE(c["classes"].toArray(),
                 (QJsonArray{"Cancer", "Heart Disease", "Viral Infection"}));
        QCOMPARE(c["suppressed_rows"].toInt(), 0);
        QVERIFY(near(c["baseline"], 5.0 / 12));
        QStringList models;
        for (const auto& v : c["models"].toArray()) {
            const QJsonObject m = v.toObject();
            models << m["model"].toString();
            QVERIFY(near(m["baseline"], 5.0 / 12));
            QVERIFY(m["suppressed_accuracy"].isNull());
            if (m["model"] != "logistic") {
                QVERIFY(near(m["output_accuracy"], 5.0 / 12));
                QVERIFY(near(m["relative_accuracy"], 0));
            }
        }
        QCOMPARE(models, (QStringList{"logistic", "naive_bayes", "decision_tree"}));
    }
    void classificationWithSuppression() {
        // Node 0,2,1 suppresses rows 5–8: they stay in the output with every feature *, and
        // are counted apart; with --published they are not in the file.
        QTemporaryDir dir;
        const QString project = suppressingProject(dir);
        const auto r = test::runCli({"utility", "--project", project, "--node", "0,2,1", "--target",
                                     "condition", "--folds", "12", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject c = r.json()["classification"].toObject();
        QCOMPARE(c["rows"].toObject()["input"].toInt(), 12);
        QCOMPARE(c["rows"].toObject()["output"].toInt(), 12);
        QCOMPARE(c["suppressed_rows"].toInt(), 4);
        QVERIFY(c["suppressed_in_output"].toBool());
        for (const auto& v : c["models"].toArray()) {
            const QJsonObject m = v.toObject();
            const double in = m["input_accuracy"].toDouble(), out = m["output_accuracy"].toDouble();
            QVERIFY(near(in * 12, std::round(in * 12)));
            QVERIFY(near(m["suppressed_accuracy"].toDouble() * 4,
                         std::round(m["suppressed_accuracy"].toDouble() * 4)));
            if (!m["relative_accuracy"].isNull())
                QVERIFY(near(m["relative_accuracy"], (out - 5.0 / 12) / (in - 5.0 / 12)));
        }
        const auto text = test::runCli({"utility", "--project", project, "--node", "0,2,1",
                                        "--target", "condition", "--folds", "12"});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(
            text.out.contains("classification of condition (12-fold, seed 0) on zip age "
                              "nationality"));
        QVERIFY(text.out.contains("4 suppressed (in the output with every feature *)"));
        QVERIFY(text.out.contains("majority-class baseline 0.4167"));

        const QString out = dir.filePath("published.csv");
        QCOMPARE(test::runCli({"generalize", "--project", project, "--node", "0,2,1", "-o", out})
                     .exitCode,
                 0);
        const auto file = test::runCli({"utility", "--project", project, "--published", out,
                                        "--target", "condition", "--folds", "4", "--json"});
        QCOMPARE(file.exitCode, 0);
        const QJsonObject f = file.json()["classification"].toObject();
        QCOMPARE(f["rows"].toObject()["output"].toInt(), 8);
        QCOMPARE(f["suppressed_rows"].toInt(), 4);
        QVERIFY(!f["suppressed_in_output"].toBool());
        const auto qi =
            test::runCli({"utility", "--project", project, "--published", out, "--target", "age"});
        QCOMPARE(qi.exitCode, 1);
        QVERIFY(qi.err.contains("--target age is a quasi-identifier"));
    }
    void classificationOfAResearchSubset() {
        // With δ-presence only the research subset (study = yes: ages 20, 21, 30, 40) is
        // released: the classification has its 4 rows, and node 1 suppresses 4x (⌊0.25·4⌋).
        QTemporaryDir dir;
        test::writeFile(dir.filePath("people.csv"),
                        "age,study,disease\n20,yes,flu\n20,no,cold\n21,yes,flu\n21,no,flu\n"
                        "30,yes,cold\n31,no,flu\n31,no,cold\n40,yes,flu\n");
        test::writeFile(dir.filePath("age.csv"), "20;2x;*\n21;2x;*\n30;3x;*\n31;3x;*\n40;4x;*\n");
        const QString project = dir.filePath("p.ldiv.json");
        test::writeFile(project, R"({"format": "ldiv-project", "version": 1,
  "data": {"path": "people.csv", "separator": ",", "header": true},
  "attributes": [{"name": "age", "role": "quasi-identifying", "hierarchy": {"file": "age.csv"}},
    {"name": "study", "role": "insensitive"}, {"name": "disease", "role": "sensitive"}],
  "criteria": ["delta-presence=0.3,0.6"], "suppression_limit": 0.25,
  "research_subset": "study=yes", "population_size": 80})");
        const auto r = test::runCli({"utility", "--project", project, "--node", "1", "--target",
                                     "disease", "--folds", "4", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject c = r.json()["classification"].toObject();
        QCOMPARE(c["rows"].toObject()["input"].toInt(), 4);
        QCOMPARE(c["rows"].toObject()["output"].toInt(), 4);
        QCOMPARE(c["suppressed_rows"].toInt(), 1);
        // Leave-one-out on flu, flu, cold, flu: leaving out a flu leaves flu 2 : cold 1
        // (right), leaving out the cold leaves flu only (wrong): 3/4.
        QVERIFY(near(c["baseline"], 0.75));
    }
    void refusals() {
        const QString project = ex("hospital/hospital.ldiv.json");
        const auto folds = test::runCli({"utility", "--project", project, "--node", "1,1,1",
                                         "--target", "condition", "--folds", "13"});
        QCOMPARE(folds.exitCode, 1);
        QVERIFY(folds.err.contains("cross-validation needs 2 to 12 folds"));
        const auto target = test::runCli(
            {"utility", "--project", project, "--node", "1,1,1", "--target", "height"});
        QCOMPARE(target.exitCode, 1);
        QVERIFY(target.err.contains("no column 'height'"));
        const auto neither = test::runCli({"utility", "--project", project});
        QCOMPARE(neither.exitCode, 1);
        QVERIFY(neither.err.contains("give --node L1,L2,... or --published FILE"));
        const auto pair =
            test::runCli({"utility", "--project", project, "--node", "1,1,1", "--pair", "zip"});
        QCOMPARE(pair.exitCode, 1);
        QVERIFY(pair.err.contains("--pair zip: give two attributes, A,B"));
        const auto unknown = test::runCli(
            {"utility", "--project", project, "--node", "1,1,1", "--attribute", "height"});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY(unknown.err.contains("no column 'height'"));
    }
};

QTEST_GUILESS_MAIN(TestCliUtility)
#include "test_cli_utility.moc"
