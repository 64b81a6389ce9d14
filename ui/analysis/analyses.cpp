#include "analysis/analyses.h"

#include <QCoreApplication>
#include <cmath>
#include <limits>

#include "ldiv/error.h"
#include "search/preparedinput.h"

namespace ldv::ui {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString tr(const char* text) { return QCoreApplication::translate("ldv::ui::Analyses", text); }

void requireSensitive(const PreparedData& data) {
    if (data.sensitiveNames.empty())
        throw ParameterError("this analysis needs a sensitive attribute: mark one as sensitive in the Data perspective");
}

QString qiText(const PreparedData& data) {
    QStringList names;
    for (const std::string& n : data.qiNames) names << QString::fromStdString(n);
    return names.join(QStringLiteral(", "));
}

QString thresholdLabel(double p) {
    return p >= 1 ? tr("100 % homogeneous") : tr("≥ %1 % homogeneous").arg(p * 100, 0, 'g', 3);
}

ChartPanel linePanel(const QString& title, const QString& xLabel, const QString& yLabel, const QVector<double>& x) {
    ChartPanel p;
    p.title = title;
    p.xLabel = xLabel;
    p.yLabel = yLabel;
    p.x = x;
    return p;
}

ChartData runHomogeneity(const PreparedData& data, Feedback& feedback) {
    requireSensitive(data);
    const HomogeneityResult r = homogeneityAttack(*data.dataset, homogeneityOptions(), &feedback);
    return homogeneityChart(r, data);
}

ChartData runUtility(const PreparedData& data, Feedback& feedback) {
    requireSensitive(data);
    return utilityChart(utilityComparison(*data.dataset, utilityOptions(), &feedback), data);
}

ChartData runDiagnosis(const PreparedData& data, Feedback& feedback) {
    std::vector<std::size_t> columns;
    for (const std::string& name : data.qiNames) columns.push_back(data.table->requireColumn(name));
    std::vector<DiagnosisPoint> points;
    const std::vector<std::size_t> ks = diagnosisKs();
    const std::size_t total = ks.size() * 2;
    for (double delta : {0.0, 0.1}) {
        for (std::size_t k : ks) {
            feedback.checkCancelled();
            DiagnosisQuery q;
            q.question = delta > 0 ? 7 : 3;
            q.k = k;
            if (delta > 0) q.delta = delta;
            points.push_back({k, delta, diagnose(*data.table, columns, q, &feedback)});
            feedback.setProgress(double(points.size()) / double(total));
        }
    }
    return diagnosisChart(points, data);
}

}  // namespace

QString modelLabel(PrivacyModel model, double c) {
    switch (model) {
    case PrivacyModel::KAnonymity: return tr("k-anonymity");
    case PrivacyModel::EntropyL: return tr("entropy ℓ-diversity");
    case PrivacyModel::RecursiveCL: return tr("recursive (%1,ℓ)-diversity").arg(c);
    }
    return {};
}

const std::vector<AnalysisDef>& analyses() {
    static const std::vector<AnalysisDef> list{
        {QStringLiteral("homogeneity"), tr("Homogeneity attack vs k"),
         tr("For each k, all minimal k-anonymous tables of the project's quasi-identifier are found; a class is "
            "affected when one value of the first sensitive attribute covers all (or ≥ 95 %) of it "
            "(Machanavajjhala et al., ℓ-Diversity, §6, Figs 9–12)."),
         runHomogeneity},
        {QStringLiteral("utility"), tr("Utility vs parameter"),
         tr("The best minimal height, average class size, discernibility and KL-divergence over all satisfying "
            "tables of k-anonymity, entropy ℓ-diversity and recursive (3,ℓ)-diversity for k = ℓ = 2…10; "
            "\"base\" is the KL of suppressing the whole quasi-identifier (ℓ-Diversity §6, Figs 15–20)."),
         runUtility},
        {QStringLiteral("diagnosis"), tr("Diagnosis: calls vs k"),
         tr("For which attribute sets S of the quasi-identifier is the table k-anonymous (question 3), and "
            "δ-suppressed k-anonymous with δ = 0.1 (question 7)? Computations of k(S) by Algorithm 2 against the "
            "naive 2^|R| (Anonymity diagnosis, Figs 1–2)."),
         runDiagnosis},
    };
    return list;
}

HomogeneityOptions homogeneityOptions() {
    HomogeneityOptions o;
    o.ks = {2, 5, 10, 15, 20, 30, 50};
    o.thresholds = {1.0, 0.95};
    o.sensitive = 0;
    o.includeRows = false;
    return o;
}

ChartData homogeneityChart(const HomogeneityResult& result, const PreparedData& data) {
    QVector<double> ks;
    QVector<double> thresholds;
    for (const HomogeneityRow& r : result.rows) {
        if (!ks.contains(double(r.k))) ks << double(r.k);
        if (!thresholds.contains(r.threshold)) thresholds << r.threshold;
    }
    ChartPanel tables = linePanel(tr("Affected tables"), tr("k"), tr("minimal k-anonymous tables"), ks);
    ChartPanel classes = linePanel(tr("Affected classes"), tr("k"), tr("average classes per table"), ks);
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
    chart.note = tr("Sensitive: %1 · QI: %2 · %3 rows")
                     .arg(QString::fromStdString(data.sensitiveNames.empty() ? std::string("—") : data.sensitiveNames[0]),
                          qiText(data))
                     .arg(data.dataset ? data.dataset->rowCount() : 0);
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

ChartData utilityChart(const UtilityResult& result, const PreparedData& data) {
    QVector<double> params;
    QVector<PrivacyModel> models;
    const double c = utilityOptions().c;
    for (const UtilityRow& r : result.rows) {
        if (!params.contains(r.parameter)) params << r.parameter;
        if (!models.contains(r.model)) models << r.model;
    }
    ChartPanel height = linePanel(tr("Minimum generalization height"), tr("k = ℓ"), tr("height (levels)"), params);
    ChartPanel size = linePanel(tr("Minimum average class size"), tr("k = ℓ"), tr("rows per class"), params);
    ChartPanel disc = linePanel(tr("Minimum discernibility"), tr("k = ℓ"), tr("discernibility (Σ |E|²)"), params);
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
    chart.note = tr("Sensitive: %1 · QI: %2 · %3 rows · %4 nodes · no suppression; gaps: no table satisfies")
                     .arg(QString::fromStdString(data.sensitiveNames.empty() ? std::string("—") : data.sensitiveNames[0]),
                          qiText(data))
                     .arg(result.rowsUsed)
                     .arg(result.latticeSize);
    chart.panels = {height, size, disc, kl};
    return chart;
}

std::vector<std::size_t> diagnosisKs() { return {2, 5, 10, 20, 50, 100, 200}; }

ChartData diagnosisChart(const std::vector<DiagnosisPoint>& points, const PreparedData& data) {
    QVector<double> ks;
    for (std::size_t k : diagnosisKs()) ks << double(k);
    ChartPanel calls = linePanel(tr("Computations of k(S)"), tr("k"), tr("calls"), ks);
    ChartPanel sets = linePanel(tr("Maximal attribute sets S with k(S) ≥ k"), tr("k"), tr("attribute sets"), ks);
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
    chart.note = tr("R: %1 · %2 rows").arg(qiText(data)).arg(data.table ? data.table->rowCount() : 0);
    chart.panels = {calls, sets};
    return chart;
}

}  // namespace ldv::ui
