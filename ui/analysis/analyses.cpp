#include "analysis/analyses.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

#include "analysis/analysishelpers.h"
#include "analysis/beliefsanalysis.h"
#include "analysis/diagnosissets.h"
#include "analysis/tauanalyses.h"
#include "analysis/timinganalysis.h"
#include "ldiv/data/error.h"
#include "session/preparedinput.h"

namespace ldv::ui {

namespace {

using namespace analysis;

QString thresholdLabel(double p) {
    return p >= 1 ? tr("100 % homogeneous") : tr("≥ %1 % homogeneous").arg(p * 100, 0, 'g', 3);
}

std::vector<OptionDef> homogeneityDefs() {
    const HomogeneityOptions d = homogeneityOptions();
    std::vector<double> ks(d.ks.begin(), d.ks.end());
    return {{QStringLiteral("ks"), tr("k values"),
             tr("k of the minimal k-anonymous tables, comma-separated"), OptionDef::Kind::Numbers,
             numbersText(ks), 1, 1e7, true},
            {QStringLiteral("thresholds"), tr("Thresholds p"),
             tr("a class is affected when one sensitive value covers at least p of it (0 < p ≤ 1)"),
             OptionDef::Kind::Numbers, numbersText(d.thresholds), 0.01, 1},
            {QStringLiteral("suppression"), tr("Suppression limit"),
             tr("tuple suppression of the k-anonymity search, as a fraction of the rows "
                "(Machanavajjhala et al. 2007 §6 used 0)"),
             OptionDef::Kind::Number, QString::number(d.suppressionLimit), 0, 1}};
}

std::vector<OptionDef> utilityDefs() {
    const UtilityOptions d = utilityOptions();
    return {{QStringLiteral("parameters"), tr("k = ℓ values"),
             tr("the parameter of every model, comma-separated"), OptionDef::Kind::Numbers,
             numbersText(d.parameters), 1, 1e7},
            {QStringLiteral("c"), tr("c of recursive (c,ℓ)"), tr("c > 0"), OptionDef::Kind::Number,
             QString::number(d.c), 1e-6, 1e9},
            {QStringLiteral("sample"), tr("Row sample"),
             tr("Bernoulli sample of the rows (Machanavajjhala et al. 2007 used 0.05 for Figs "
                "15–19; 1 = all rows)"),
             OptionDef::Kind::Number, QString::number(d.sample), 1e-4, 1}};
}

std::vector<OptionDef> diagnosisDefs() {
    std::vector<double> ks;
    for (std::size_t k : diagnosisKs()) ks.push_back(double(k));
    return {{QStringLiteral("ks"), tr("k values"), tr("k of questions 3 and 7, comma-separated"),
             OptionDef::Kind::Numbers, numbersText(ks), 1, 1e9, true},
            {QStringLiteral("delta"), tr("δ of question 7"),
             tr("fraction of rows that may be suppressed (0 … 1)"), OptionDef::Kind::Number,
             QStringLiteral("0.1"), 0, 1}};
}

ChartData runHomogeneity(const AnalysisInput& in, Feedback& feedback) {
    requireSensitive(in.data);
    const HomogeneityResult r =
        homogeneityAttack(in.data.dataset(), homogeneityOptions(in.options), &feedback);
    return homogeneityChart(r, in.data);
}

ChartData runUtility(const AnalysisInput& in, Feedback& feedback) {
    requireSensitive(in.data);
    const UtilityOptions o = utilityOptions(in.options);
    return utilityChart(utilityComparison(in.data.dataset(), o, &feedback), in.data, o.c);
}

ChartData runDiagnosis(const AnalysisInput& in, Feedback& feedback) {
    const std::vector<OptionDef> defs = diagnosisDefs();
    std::vector<std::size_t> ks;
    for (double k : optionNumbers(defs, in.options, QStringLiteral("ks")))
        ks.push_back(std::size_t(k));
    return diagnosisChart(
        diagnosisPoints(in.data, ks, optionNumber(defs, in.options, QStringLiteral("delta")),
                        &feedback),
        in.data);
}

}  // namespace

QString modelLabel(PrivacyModel model, double c) {
    using analysis::tr;
    switch (model) {
        case PrivacyModel::KAnonymity:
            return tr("k-anonymity");
        case PrivacyModel::EntropyL:
            return tr("entropy ℓ-diversity");
        case PrivacyModel::RecursiveCL:
            return tr("recursive (%1,ℓ)-diversity").arg(c);
    }
    return {};
}

const std::vector<AnalysisDef>& analyses() {
    static const std::vector<AnalysisDef> list{
        {QStringLiteral("homogeneity"), tr("Homogeneity attack vs k"),
         tr("For each k, all minimal k-anonymous tables of the project's quasi-identifier are "
            "found; a class is "
            "affected when one value of the chosen sensitive attribute covers all (or at least p) "
            "of it "
            "(Machanavajjhala et al., ℓ-Diversity, §6, Figs 9–12)."),
         homogeneityDefs(), runHomogeneity},
        {QStringLiteral("utility"), tr("Utility vs parameter"),
         tr("The best minimal height, average class size, discernibility and KL-divergence over "
            "all satisfying "
            "tables of k-anonymity, entropy ℓ-diversity and recursive (c,ℓ)-diversity for each k = "
            "ℓ; "
            "\"base\" is the KL of suppressing the whole quasi-identifier (ℓ-Diversity §6, Figs "
            "15–20)."),
         utilityDefs(), runUtility},
        timingAnalysis(),
        tauProtectionAnalysis(),
        tauInformationAnalysis(),
        {QStringLiteral("diagnosis"), tr("Diagnosis: calls vs k"),
         tr("For which attribute sets S of the quasi-identifier is the table k-anonymous (question "
            "3), and "
            "δ-suppressed k-anonymous (question 7)? Computations of k(S) by Algorithm 2 against "
            "the "
            "naive 2^|R| (Anonymity diagnosis, Figs 1–2)."),
         diagnosisDefs(), runDiagnosis},
        diagnosisSetsAnalysis(),
        beliefsAnalysis(),
    };
    return list;
}

const AnalysisDef* findAnalysis(const QString& id) {
    for (const AnalysisDef& a : analyses())
        if (a.id == id) return &a;
    return nullptr;
}

HomogeneityOptions homogeneityOptions() {
    HomogeneityOptions o;
    o.ks = {2, 5, 10, 15, 20, 30, 50};
    o.thresholds = {1.0, 0.95};
    o.sensitive = 0;
    o.includeRows = false;
    return o;
}

HomogeneityOptions homogeneityOptions(const OptionValues& values) {
    const std::vector<OptionDef> defs = homogeneityDefs();
    HomogeneityOptions o = homogeneityOptions();
    o.ks.clear();
    for (double k : optionNumbers(defs, values, QStringLiteral("ks")))
        o.ks.push_back(std::uint32_t(k));
    o.thresholds = optionNumbers(defs, values, QStringLiteral("thresholds"));
    o.suppressionLimit = optionNumber(defs, values, QStringLiteral("suppression"));
    return o;
}

ChartData homogeneityChart(const HomogeneityResult& result, const Workspace& data) {
    QVector<double> ks;
    QVector<double> thresholds;
    for (const HomogeneityRow& r : result.rows) {
        if (!ks.contains(double(r.k))) ks << double(r.k);
        if (!thresholds.contains(r.threshold)) thresholds << r.threshold;
    }
    ChartPanel tables =
        linePanel(tr("Affected tables"), tr("k"), tr("minimal k-anonymous tables"), ks);
    ChartPanel classes =
        linePanel(tr("Affected classes"), tr("k"), tr("average classes per table"), ks);
    ChartPanel rows = linePanel(tr("Affected rows"), tr("k"), tr("average rows per table"), ks);
    for (double p : thresholds) {
        const QString name = thresholdLabel(p);
        tables.series.push_back({name, QVector<double>(ks.size(), kNaN)});
        classes.series.push_back({name, QVector<double>(ks.size(), kNaN)});
        rows.series.push_back({name, QVector<double>(ks.size(), kNaN)});
    }
    ChartSeries all{tr("all minimal tables"), QVector<double>(ks.size(), kNaN), true};
    for (const HomogeneityRow& r : result.rows) {
        const int i = int(ks.indexOf(double(r.k)));
        const int s = int(thresholds.indexOf(r.threshold));
        tables.series[s].values[i] = double(r.affectedTables);
        classes.series[s].values[i] = r.avgAffectedClasses;
        rows.series[s].values[i] = r.avgAffectedRows;
        all.values[i] = double(r.totalTables);
    }
    tables.series.push_back(all);
    ChartData chart;
    chart.title = tr("Homogeneity attack on minimal k-anonymous tables");
    chart.note =
        tr("Sensitive: %1 · QI: %2 · %3 rows")
            .arg(QString::fromStdString(data.sensitiveNames().empty() ? std::string("—")
                                                                      : data.sensitiveNames()[0]),
                 qiText(data))
            .arg(data.dataset().rowCount());
    chart.panels = {tables, classes, rows};
    return chart;
}

UtilityOptions utilityOptions() {
    UtilityOptions o;
    o.parameters = {2, 4, 6, 8, 10};
    o.c = 3;
    o.sensitive = 0;
    return o;
}

UtilityOptions utilityOptions(const OptionValues& values) {
    const std::vector<OptionDef> defs = utilityDefs();
    UtilityOptions o = utilityOptions();
    o.parameters = optionNumbers(defs, values, QStringLiteral("parameters"));
    o.c = optionNumber(defs, values, QStringLiteral("c"));
    o.sample = optionNumber(defs, values, QStringLiteral("sample"));
    return o;
}

ChartData utilityChart(const UtilityResult& result, const Workspace& data, double c) {
    QVector<double> params;
    QVector<PrivacyModel> models;
    for (const UtilityRow& r : result.rows) {
        if (!params.contains(r.parameter)) params << r.parameter;
        if (!models.contains(r.model)) models << r.model;
    }
    ChartPanel height =
        linePanel(tr("Minimum generalization height"), tr("k = ℓ"), tr("height (levels)"), params);
    ChartPanel size =
        linePanel(tr("Minimum average class size"), tr("k = ℓ"), tr("rows per class"), params);
    ChartPanel disc =
        linePanel(tr("Minimum discernibility"), tr("k = ℓ"), tr("discernibility (Σ |E|²)"), params);
    ChartPanel kl;
    kl.kind = ChartPanel::Kind::GroupedBars;
    kl.title = tr("Minimum KL-divergence");
    kl.xLabel = tr("k = ℓ");
    kl.yLabel = tr("KL-divergence (nats)");
    for (double p : params) kl.categories << QString::number(p, 'g', 6);
    kl.categories << tr("base");
    for (PrivacyModel m : models) {
        const QString name = modelLabel(m, c);
        height.series.push_back({name, QVector<double>(params.size(), kNaN)});
        size.series.push_back({name, QVector<double>(params.size(), kNaN)});
        disc.series.push_back({name, QVector<double>(params.size(), kNaN)});
        kl.series.push_back({name, QVector<double>(kl.categories.size(), kNaN)});
    }
    for (const UtilityRow& r : result.rows) {
        if (!r.feasible) continue;
        const int i = int(params.indexOf(r.parameter));
        const int s = int(models.indexOf(r.model));
        height.series[s].values[i] = r.minHeight;
        size.series[s].values[i] = r.minAverageClassSize;
        disc.series[s].values[i] = r.minDiscernibility;
        kl.series[s].values[i] = r.minKl;
    }
    ChartSeries base{tr("base (QI suppressed)"), QVector<double>(kl.categories.size(), kNaN)};
    base.values.back() = result.baseKl;
    kl.series.push_back(base);
    ChartData chart;
    chart.title = tr("Utility of the best satisfying tables");
    chart.note =
        tr("Sensitive: %1 · QI: %2 · %3 rows · %4 nodes · no suppression; gaps: no table satisfies")
            .arg(QString::fromStdString(data.sensitiveNames().empty() ? std::string("—")
                                                                      : data.sensitiveNames()[0]),
                 qiText(data))
            .arg(result.rowsUsed)
            .arg(result.latticeSize);
    chart.panels = {height, size, disc, kl};
    return chart;
}

std::vector<std::size_t> diagnosisKs() {
    return {2, 5, 10, 20, 50, 100, 200};
}

std::vector<DiagnosisPoint> diagnosisPoints(const Workspace& data,
                                            const std::vector<std::size_t>& ks, double delta,
                                            Feedback* feedback) {
    std::vector<std::size_t> columns;
    for (const std::string& name : data.qiNames())
        columns.push_back(data.table().requireColumn(name));
    std::vector<DiagnosisPoint> points;
    const std::vector<double> deltas =
        delta > 0 ? std::vector<double>{0.0, delta} : std::vector<double>{0.0};
    const std::size_t total = ks.size() * deltas.size();
    for (double d : deltas) {
        for (std::size_t k : ks) {
            if (feedback) feedback->checkCancelled();
            DiagnosisQuery q;
            q.question = d > 0 ? 7 : 3;
            q.k = k;
            if (d > 0) q.delta = d;
            points.push_back({k, d, diagnose(data.table(), columns, q, feedback)});
            if (feedback) feedback->setProgress(double(points.size()) / double(total));
        }
    }
    return points;
}

ChartData diagnosisChart(const std::vector<DiagnosisPoint>& points, const Workspace& data) {
    QVector<double> ks;
    for (const DiagnosisPoint& p : points)
        if (!ks.contains(double(p.k))) ks << double(p.k);
    std::sort(ks.begin(), ks.end());
    ChartPanel calls = linePanel(tr("Computations of k(S)"), tr("k"), tr("calls"), ks);
    ChartPanel sets =
        linePanel(tr("Maximal attribute sets S with k(S) ≥ k"), tr("k"), tr("attribute sets"), ks);
    QVector<double> deltas;
    for (const DiagnosisPoint& p : points)
        if (!deltas.contains(p.delta)) deltas << p.delta;
    for (double d : deltas) {
        const QString name = d > 0 ? tr("δ = %1 (question 7)").arg(d) : tr("δ = 0 (question 3)");
        calls.series.push_back({name, QVector<double>(ks.size(), kNaN)});
        sets.series.push_back({name, QVector<double>(ks.size(), kNaN)});
    }
    ChartSeries naive{tr("naive 2^|R|"), QVector<double>(ks.size(), kNaN), true};
    for (const DiagnosisPoint& p : points) {
        const int i = int(ks.indexOf(double(p.k)));
        const int s = int(deltas.indexOf(p.delta));
        if (i < 0) continue;
        calls.series[s].values[i] = double(p.result.calls);
        sets.series[s].values[i] = double(p.result.answers.size());
        naive.values[i] = double(p.result.naiveCalls);
    }
    calls.series.push_back(naive);
    ChartData chart;
    chart.title = tr("Anonymity diagnosis of the quasi-identifier");
    chart.note = tr("R: %1 · %2 rows").arg(qiText(data)).arg(data.table().rowCount());
    chart.panels = {calls, sets};
    return chart;
}

}  // namespace ldv::ui
