// `ldiv experiment homogeneity|utility|kl|timing|background` (runAttackExperiment): the JSON
// contract, CSV and table output, option parsing shared with the (τ,ℓ) experiments.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <sstream>

#include "cli/command_experiment_attacks.h"
#include "cli/command_experiment_tau.h"
#include "ldiv/data/error.h"
#include "test_paths.h"

using namespace ldv;
using namespace ldv::cli;

namespace {

DataOptions hospital(bool json = true) {
    DataOptions d;
    d.project = test::example("hospital/hospital.ldiv.json");
    d.json = json;
    return d;
}

DataOptions adult(const std::vector<std::string>& qi, const std::string& sensitive) {
    DataOptions d;
    const std::string dir = test::example("adult/");
    d.data = dir + "adult_full.csv";
    d.qi = qi;
    d.sensitive = {sensitive};
    for (const std::string& a : qi)
        d.hierarchies.push_back(a + "=" + dir + "adult_hierarchy_" + a + ".csv");
    d.json = true;
    return d;
}

std::string run(const std::string& name, const DataOptions& data, const AttackExperimentOptions& o,
                bool csv = false) {
    std::ostringstream out;
    const int code = runAttackExperiment(name, data, o, csv, out);
    if (code != 0) qWarning("exit code %d", code);
    return out.str();
}

/// CLI11 takes a vector of arguments in reverse order.
void parse(CLI::App& app, std::vector<std::string> args) {
    std::reverse(args.begin(), args.end());
    app.parse(args);
}

QJsonObject json(const std::string& text) {
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
}

}  // namespace

class TestCliExperiments : public QObject {
    Q_OBJECT
private slots:
    void names() {
        for (const char* n : {"homogeneity", "utility", "kl", "timing", "background"})
            QVERIFY(isAttackExperiment(n));
        QVERIFY(!isAttackExperiment("information"));
        std::ostringstream out;
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 runAttackExperiment("nope", hospital(), {}, false, out));
    }
    // Machanavajjhala et al. 2007 Fig. 2 published: one homogeneous class, rows 9–12 (1-based in
    // the output).
    void homogeneityPublished() {
        AttackExperimentOptions o;
        o.published = test::example("hospital/hospital_fig2_4anonymous.csv");
        o.detail = true;
        const QJsonObject j = json(run("homogeneity", hospital(), o));
        const QJsonArray rows = j["rows"].toArray();
        QCOMPARE(rows.size(), 2);
        const QJsonObject r = rows[0].toObject();
        QCOMPARE(r["k"].toInt(), 4);
        QCOMPARE(r["threshold"].toDouble(), 1.0);
        QCOMPARE(r["total_tables"].toInt(), 1);
        QCOMPARE(r["affected_tables"].toInt(), 1);
        QCOMPARE(r["avg_affected_classes"].toDouble(), 1.0);
        QCOMPARE(r["avg_affected_rows"].toDouble(), 4.0);
        const QJsonObject t = j["tables"].toArray()[0].toObject();
        QCOMPARE(t["affected_classes"].toInt(), 1);
        QCOMPARE(t["affected_rows"].toInt(), 4);
        const QJsonObject c = t["affected"].toArray()[0].toObject();
        QCOMPARE(c["value"].toString(), QString("Cancer"));
        QCOMPARE(c["rows"].toArray(), (QJsonArray{9, 10, 11, 12}));
    }
    void homogeneityNodeAndSearch() {
        AttackExperimentOptions o;
        o.node = "zip=1,age=2,nationality=1";
        QJsonObject j = json(run("homogeneity", hospital(), o));
        QCOMPARE(j["rows"].toArray()[0].toObject()["affected_tables"].toInt(), 0);
        o.node.clear();
        o.ks = {2, 4};
        o.thresholds = {1.0};
        j = json(run("homogeneity", hospital(), o));
        const QJsonArray rows = j["rows"].toArray();
        QCOMPARE(rows.size(), 2);
        int tables = 0;
        for (const auto& r : rows) tables += r.toObject()["total_tables"].toInt();
        QCOMPARE(j["tables"].toArray().size(), tables);
        for (const char* key : {"k", "threshold", "total_tables", "affected_tables",
                                "avg_affected_classes", "avg_affected_rows"})
            QVERIFY(rows[0].toObject().contains(key));
        for (const char* key : {"k", "levels", "affected_classes", "affected_rows"})
            QVERIFY(j["tables"].toArray()[0].toObject().contains(key));
    }
    void csvAndTable() {
        AttackExperimentOptions o;
        o.ks = {2};
        std::string text = run("homogeneity", hospital(false), o, true);
        QVERIFY(
            text.rfind(
                "k,threshold,total_tables,affected_tables,avg_affected_classes,avg_affected_rows\n",
                0) == 0);
        QCOMPARE(std::count(text.begin(), text.end(), '\n'), 3);
        text = run("homogeneity", hospital(false), o, false);
        QVERIFY(text.rfind("k  threshold  total_tables", 0) == 0);
    }
    void utilityAndKl() {
        AttackExperimentOptions o;
        o.params = {2, 6};
        const DataOptions data = adult({"age", "sex", "race"}, "occupation");
        QJsonObject j = json(run("utility", data, o));
        QJsonArray rows = j["rows"].toArray();
        QCOMPARE(rows.size(), 6);
        QCOMPARE(rows[0].toObject()["model"].toString(), QString("k-anonymity"));
        QCOMPARE(rows[5].toObject()["spec"].toString(), QString("recursive-cl=3,6@occupation"));
        for (const char* key :
             {"min_height", "min_average_class_size", "min_discernibility", "min_kl", "kl_node"})
            QVERIFY(rows[0].toObject().contains(key));
        QCOMPARE(j["rows_used"].toInt(), 45222);
        o.sample = 0.05;
        j = json(run("kl", data, o));
        rows = j["rows"].toArray();
        QCOMPARE(rows.size(), 7);
        QCOMPARE(rows[6].toObject()["model"].toString(), QString("base"));
        QCOMPARE(rows[6].toObject()["kl"].toDouble(), j["base_kl"].toDouble());
        QVERIFY(j["rows_used"].toInt() < 3000);
    }
    void timing() {
        AttackExperimentOptions o;
        o.fromQi = 2;
        const QJsonObject j = json(run("timing", adult({"age", "sex", "race"}, "occupation"), o));
        const QJsonArray rows = j["rows"].toArray();
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows[0].toObject()["qi_size"].toInt(), 2);
        QCOMPARE(rows[3].toObject()["model"].toString(), QString("entropy-l"));
        QCOMPARE(j["algorithm"].toString(), QString("incognito"));
    }
    // Machanavajjhala et al. 2007 §1.1: Umeko (row 3) is revealed in Fig. 2 only with the
    // knowledge, not in Fig. 4.
    void background() {
        AttackExperimentOptions o;
        o.published = test::example("hospital/hospital_fig2_4anonymous.csv");
        o.knowledge = {"nationality=Japanese => condition=Heart Disease : 0.01"};
        QJsonObject j = json(run("background", hospital(), o));
        QCOMPARE(j["rows"].toArray().size(), 3);
        QJsonObject total = j["total"].toObject();
        QCOMPARE(total["positive_after"].toInt(), total["positive_before"].toInt() + 1);
        bool umeko = false;
        for (const auto& v : j["individuals"].toArray()) {
            const QJsonObject i = v.toObject();
            if (i["row"].toInt() != 3) continue;
            umeko = true;
            QVERIFY(i["belief_after"].toDouble() >= 0.95);
            QVERIFY(i["positive_after"].toBool() && !i["positive_before"].toBool());
        }
        QVERIFY(umeko);
        o.published.clear();
        o.node = "1,2,1";
        j = json(run("background", hospital(), o));
        QCOMPARE(j["total"].toObject()["positive_after"].toInt(), 0);
        o.knowledge = {"nationality=Japanese => condition"};
        QVERIFY_THROWS_EXCEPTION(ParameterError, run("background", hospital(), o));
    }
    // The flags parse, and --c / --seed are shared with the (τ,ℓ) experiments' options.
    void optionsShareFlags() {
        CLI::App app;
        TauExperimentOptions tau;
        AttackExperimentOptions attacks;
        addTauExperimentOptions(app, tau);
        addAttackExperimentOptions(app, attacks);
        parse(app, {"--knowledge", "b=c => a=x : 0", "--knowledge", "a=b => a=y : 1", "--sample",
                    "0.05", "--seed", "7", "--c", "2.5", "--params", "2,4", "--threshold", "1,0.9",
                    "--k", "3,5", "--node", "1,2,1"});
        QCOMPARE(attacks.seed, std::uint64_t(7));
        QCOMPARE(tau.seed, std::uint64_t(7));
        QCOMPARE(attacks.c, 2.5);
        QCOMPARE(attacks.sample, 0.05);
        QCOMPARE(attacks.params, (std::vector<double>{2, 4}));
        QCOMPARE(attacks.thresholds, (std::vector<double>{1, 0.9}));
        QCOMPARE(attacks.ks, (std::vector<std::uint32_t>{3, 5}));
        QCOMPARE(attacks.knowledge.size(), std::size_t(2));
        CLI::App alone;
        AttackExperimentOptions only;
        addAttackExperimentOptions(alone, only);
        parse(alone, {"--c", "4", "--seed", "9"});
        QCOMPARE(only.c, 4.0);
        QCOMPARE(only.seed, std::uint64_t(9));
    }
};

QTEST_APPLESS_MAIN(TestCliExperiments)
#include "test_cli_experiments.moc"
