#include "analysis/diagnosissets.h"

#include <QStringList>

#include "analysis/analysishelpers.h"
#include "session/preparedinput.h"

namespace ldv::ui {

using namespace analysis;

namespace {

/// Bars past this many would be unreadable; the note says how many were left out.
constexpr int kMaxBars = 24;

std::vector<OptionDef> setsDefs() {
    return {
        {QStringLiteral("k"), tr("k"), tr("the maximal attribute sets S with k(S) ≥ k are shown"),
         OptionDef::Kind::Number, QStringLiteral("5"), 1, 1e9, true},
        {QStringLiteral("deltas"), tr("δ values"),
         tr("suppression budgets (fractions of the rows, 0 … 1)"), OptionDef::Kind::Numbers,
         QStringLiteral("0, 0.005, 0.01, 0.02, 0.05, 0.1"), 0, 1},
        {QStringLiteral("deltaSets"), tr("Sets in the δ panel"),
         tr("besides R, the first maximal sets whose k_δ is plotted against δ"),
         OptionDef::Kind::Number, QStringLiteral("4"), 0, 12, true}};
}

std::vector<std::size_t> maskColumns(const std::vector<std::size_t>& columns, AttributeMask mask) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (mask >> i & 1) out.push_back(columns[i]);
    return out;
}

ChartData runSets(const AnalysisInput& in, Feedback& feedback) {
    const std::vector<OptionDef> defs = setsDefs();
    return diagnosisSetsChart(
        diagnosisSets(in.data, std::size_t(optionNumber(defs, in.options, QStringLiteral("k"))),
                      optionNumbers(defs, in.options, QStringLiteral("deltas")),
                      std::size_t(optionNumber(defs, in.options, QStringLiteral("deltaSets"))),
                      &feedback),
        in.data);
}

}  // namespace

DiagnosisSets diagnosisSets(const Workspace& data, std::size_t k, const std::vector<double>& deltas,
                            std::size_t deltaSets, Feedback* feedback) {
    DiagnosisSets out;
    for (const std::string& name : data.qiNames())
        out.columns.push_back(data.table().requireColumn(name));
    out.k = k;
    out.deltas = deltas;
    const Table& table = data.table();
    DiagnosisResult q3;
    if (feedback) {
        SubFeedback step(feedback, 0, 0.5);
        q3 = anonymousSets(table, out.columns, k, 0, Bound::AtLeast, step.get());
    } else {
        q3 = anonymousSets(table, out.columns, k, 0, Bound::AtLeast);
    }
    for (const DiagnosisAnswer& a : q3.answers)
        out.maximal.push_back({a.attributes, a.k.value_or(0), {}});
    out.all.attributes = (AttributeMask(1) << out.columns.size()) - 1;
    out.all.k = kAnonymity(table, out.columns).answers.at(0).k.value_or(0);
    out.withDelta = std::min(deltaSets, out.maximal.size());
    const double steps = double((out.withDelta + 1) * deltas.size());
    double step = 0;
    for (std::size_t s = 0; s <= out.withDelta; ++s) {
        AttributeSetK& set = s == 0 ? out.all : out.maximal[s - 1];
        for (double d : deltas) {
            if (feedback) {
                feedback->checkCancelled();
                feedback->setProgress(0.5 + 0.5 * step++ / steps);
            }
            set.kByDelta.push_back(
                kAnonymitySuppressed(table, maskColumns(out.columns, set.attributes), d)
                    .answers.at(0)
                    .k.value_or(0));
        }
    }
    return out;
}

QString attributeSetLabel(const DiagnosisSets& sets, AttributeMask mask, const Workspace& data) {
    if (mask == sets.all.attributes) return tr("R (all %1)").arg(sets.columns.size());
    QStringList names;
    for (std::size_t i = 0; i < sets.columns.size(); ++i)
        if (mask >> i & 1)
            names << QString::fromStdString(data.table().column(sets.columns[i]).name());
    return names.join('+');
}

ChartData diagnosisSetsChart(const DiagnosisSets& sets, const Workspace& data) {
    QStringList categories;
    ChartSeries ks{tr("k(S)"), {}};
    for (const AttributeSetK& s : sets.maximal) {
        if (categories.size() == kMaxBars) break;
        categories << attributeSetLabel(sets, s.attributes, data);
        ks.values << double(s.k);
    }
    ChartPanel bars = barPanel(tr("Maximal attribute sets S with k(S) ≥ %1").arg(sets.k),
                               tr("attribute set S"), tr("k(S) (smallest class)"), categories);
    bars.series = {ks};
    const QVector<double> x(sets.deltas.begin(), sets.deltas.end());
    ChartPanel byDelta = linePanel(tr("k of δ-suppressed tables"),
                                   tr("δ (fraction of rows suppressed)"), tr("k_δ(S)"), x);
    for (std::size_t s = 0; s <= sets.withDelta; ++s) {
        const AttributeSetK& set = s == 0 ? sets.all : sets.maximal[s - 1];
        ChartSeries line{attributeSetLabel(sets, set.attributes, data), {}, s == 0};
        for (std::size_t v : set.kByDelta) line.values << double(v);
        byDelta.series.push_back(line);
    }
    ChartData chart;
    chart.title = tr("Anonymity diagnosis per attribute set");
    QString note = tr("R: %1 · %2 rows · k(R) = %3 · %4 maximal sets with k(S) ≥ %5")
                       .arg(qiText(data))
                       .arg(data.table().rowCount())
                       .arg(sets.all.k)
                       .arg(sets.maximal.size())
                       .arg(sets.k);
    if (int(sets.maximal.size()) > kMaxBars) note += tr(" (the first %1 shown)").arg(kMaxBars);
    chart.note = note;
    chart.panels = {bars, byDelta};
    return chart;
}

AnalysisDef diagnosisSetsAnalysis() {
    return {QStringLiteral("diagnosis-sets"), tr("Diagnosis: k per attribute set, k vs δ"),
            tr("The maximal attribute sets S of the quasi-identifier R with k(S) ≥ k (question 3, "
               "Algorithm 2) and "
               "their k(S) = the smallest class; then k_δ(S), the k reached when at most δ·n rows "
               "may be suppressed "
               "(question 6, Algorithm 3), for R and the first maximal sets (Anonymity diagnosis, "
               "§4)."),
            setsDefs(), runSets};
}

}  // namespace ldv::ui
