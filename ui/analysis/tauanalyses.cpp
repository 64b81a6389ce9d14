#include "analysis/tauanalyses.h"

#include <algorithm>
#include <cmath>

#include "analysis/analysishelpers.h"
#include "ldiv/data/error.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/tau/sweep_result.h"
#include "session/preparedinput.h"

namespace ldv::ui {

using namespace analysis;

QString tauAlgorithmText(TauAlgorithm algorithm) {
    const std::string_view label = ldv::tauAlgorithmLabel(algorithm);
    return QString::fromUtf8(label.data(), qsizetype(label.size()));
}

namespace {

double valueOf(const TauRunner& runs, TauAlgorithm a, double tau, double l, double TauRun::*field) {
    const TauRun* r = runs.find(a, tau, l);
    return r && !r->empty && std::isfinite(r->*field) ? r->*field : kNaN;
}

QString requirementText(double tau, double l) {
    return QStringLiteral("τ=%1, ℓ=%2").arg(tau, 0, 'g', 4).arg(l, 0, 'g', 4);
}

QString inputNote(const TauInput& input, const Workspace& data) {
    return tr("Sensitive: %1 (m = %2 values, taxonomy of %3 nodes) · QI: %4 · %5 rows")
        .arg(sensitiveText(data))
        .arg(input.domain())
        .arg(input.taxonomy.nodeCount())
        .arg(qiText(data))
        .arg(input.rowCount());
}

std::vector<OptionDef> protectionDefs() {
    return {{QStringLiteral("taus"), tr("τ values"), tr("columns of the grid, 0 < τ < 1"),
             OptionDef::Kind::Numbers, QStringLiteral("0.4, 0.5, 0.6, 0.7"), 0.001, 0.999},
            {QStringLiteral("ls"), tr("ℓ values"),
             tr("rows of the grid, 2 ≤ ℓ ≤ number of sensitive values"), OptionDef::Kind::Numbers,
             QStringLiteral("2, 3, 4"), 2, 1e6},
            {QStringLiteral("map"),
             tr("Colour map of"),
             tr("the algorithm whose e(P) the colour map shows"),
             OptionDef::Kind::Choice,
             QStringLiteral("SWEEP"),
             0,
             0,
             false,
             {"SWEEP", "CLD", "1DLD"}},
            {QStringLiteral("sliceL"),
             tr("Slice at ℓ"),
             tr("one of the ℓ values (empty: the middle one)"),
             OptionDef::Kind::Number,
             QString(),
             2,
             1e6,
             false,
             {},
             true,
             tr("the middle ℓ")},
            {QStringLiteral("sliceTau"),
             tr("Slice at τ"),
             tr("one of the τ values (empty: the middle one)"),
             OptionDef::Kind::Number,
             QString(),
             0.001,
             0.999,
             false,
             {},
             true,
             tr("the middle τ")},
            {QStringLiteral("seed"), tr("Seed"), tr("SWEEP's row order"), OptionDef::Kind::Number,
             QStringLiteral("1"), 0, 1e15, true}};
}

std::vector<OptionDef> informationDefs() {
    return {
        {QStringLiteral("taus"), tr("τ values"),
         tr("requirements of the information chart, 0 < τ < 1"), OptionDef::Kind::Numbers,
         QStringLiteral("0.3, 0.5, 0.7"), 0.001, 0.999},
        {QStringLiteral("ls"), tr("ℓ values"), tr("requirements of the information chart, ℓ ≥ 2"),
         OptionDef::Kind::Numbers, QStringLiteral("2, 3"), 2, 1e6},
        {QStringLiteral("queryTau"), tr("Count queries at τ"),
         tr("the requirement of the count-query panels"), OptionDef::Kind::Number,
         QStringLiteral("0.5"), 0.001, 0.999},
        {QStringLiteral("queryL"), tr("Count queries at ℓ"),
         tr("the requirement of the count-query panels"), OptionDef::Kind::Number,
         QStringLiteral("3"), 2, 1e6},
        {QStringLiteral("queries"), tr("Queries per dimension"),
         tr("random count queries for each s (Tian & Zhang 2011 used 1,000)"),
         OptionDef::Kind::Number, QStringLiteral("200"), 1, 1e6, true},
        {QStringLiteral("seed"), tr("Seed"), tr("SWEEP's row order and the query workload"),
         OptionDef::Kind::Number, QStringLiteral("1"), 0, 1e15, true}};
}

/// The value of a slice option, or the middle of `list` when empty.
double sliceValue(const std::vector<OptionDef>& defs, const OptionValues& values,
                  const QString& key, const std::vector<double>& list) {
    const double v = optionNumber(defs, values, key);
    if (std::isnan(v)) return list[(list.size() - 1) / 2];
    if (std::find(list.begin(), list.end(), v) == list.end())
        throw ParameterError(
            QStringLiteral("option “%1”: %2 is not one of the grid's values %3")
                .arg(key == QLatin1String("sliceL") ? tr("Slice at ℓ") : tr("Slice at τ"))
                .arg(v)
                .arg(numbersText(list))
                .toStdString());
    return v;
}

ChartData runProtection(const AnalysisInput& in, Feedback& feedback) {
    const std::vector<OptionDef> defs = protectionDefs();
    std::vector<double> taus = optionNumbers(defs, in.options, QStringLiteral("taus"));
    std::vector<double> ls = optionNumbers(defs, in.options, QStringLiteral("ls"));
    std::sort(taus.begin(), taus.end());
    std::sort(ls.begin(), ls.end());
    const QString mapName = optionText(defs, in.options, QStringLiteral("map"));
    TauAlgorithm map = TauAlgorithm::Sweep;
    for (TauAlgorithm a : kTauAlgorithms)
        if (tauAlgorithmText(a) == mapName) map = a;
    const double sliceTau = sliceValue(defs, in.options, QStringLiteral("sliceTau"), taus);
    const double sliceL = sliceValue(defs, in.options, QStringLiteral("sliceL"), ls);
    const TauInput input = tauInputOf(in.data);
    TauRunner runner(input, std::uint64_t(optionNumber(defs, in.options, QStringLiteral("seed"))));

    // Every (algorithm, τ, ℓ) the chart needs: the map's algorithm on the grid, all three on the
    // slices.
    std::vector<std::tuple<TauAlgorithm, double, double>> todo;
    for (double l : ls)
        for (double tau : taus) {
            if (!validTau(tau, l, input.domain())) continue;
            for (TauAlgorithm a : kTauAlgorithms)
                if (a == map || l == sliceL || tau == sliceTau) todo.emplace_back(a, tau, l);
        }
    if (todo.empty())
        throw ParameterError(
            QStringLiteral(
                "no valid requirement on the grid: (τ,ℓ) needs 2 ≤ ℓ ≤ %1 (the sensitive "
                "values) and 1/ℓ ≤ τ < 1")
                .arg(input.domain())
                .toStdString());
    for (std::size_t i = 0; i < todo.size(); ++i) {
        const auto& [a, tau, l] = todo[i];
        SubFeedback step(feedback, double(i) / double(todo.size()),
                         double(i + 1) / double(todo.size()));
        runner.run(a, tau, l, step.get());
    }
    feedback.setProgress(1);
    return tauProtectionChart(runner, taus, ls, map, sliceTau, sliceL, input, in.data);
}

ChartData runInformation(const AnalysisInput& in, Feedback& feedback) {
    const std::vector<OptionDef> defs = informationDefs();
    std::vector<double> taus = optionNumbers(defs, in.options, QStringLiteral("taus"));
    std::vector<double> ls = optionNumbers(defs, in.options, QStringLiteral("ls"));
    std::sort(taus.begin(), taus.end());
    std::sort(ls.begin(), ls.end());
    const double queryTau = optionNumber(defs, in.options, QStringLiteral("queryTau"));
    const double queryL = optionNumber(defs, in.options, QStringLiteral("queryL"));
    const std::uint64_t seed =
        std::uint64_t(optionNumber(defs, in.options, QStringLiteral("seed")));
    const TauInput input = tauInputOf(in.data);
    if (!validTau(queryTau, queryL, input.domain()))
        throw ParameterError(
            QStringLiteral(
                "count queries at τ = %1, ℓ = %2: not a valid requirement (2 ≤ ℓ ≤ %3 and "
                "1/ℓ ≤ τ < 1)")
                .arg(queryTau)
                .arg(queryL)
                .arg(input.domain())
                .toStdString());
    std::vector<std::pair<double, double>> requirements;
    for (double l : ls)
        for (double tau : taus)
            if (validTau(tau, l, input.domain())) requirements.emplace_back(tau, l);
    std::vector<std::pair<double, double>> todo = requirements;
    if (std::find(todo.begin(), todo.end(), std::make_pair(queryTau, queryL)) == todo.end())
        todo.emplace_back(queryTau, queryL);
    TauRunner runner(input, seed);
    const double steps = double(todo.size() * 3 + 1);
    double step = 0;
    for (const auto& [tau, l] : todo)
        for (TauAlgorithm a : kTauAlgorithms) {
            SubFeedback f(feedback, step / steps, (step + 1) / steps);
            runner.run(a, tau, l, f.get());
            ++step;
        }
    feedback.checkCancelled();
    const CountQueryWorkload workload(
        input, std::size_t(optionNumber(defs, in.options, QStringLiteral("queries"))), seed);
    feedback.setProgress(1);
    return tauInformationChart(runner, requirements, queryTau, queryL, workload, input, in.data);
}

}  // namespace

ChartData tauProtectionChart(const TauRunner& runs, const std::vector<double>& taus,
                             const std::vector<double>& ls, TauAlgorithm mapAlgorithm,
                             double sliceTau, double sliceL, const TauInput& input,
                             const Workspace& data) {
    const QVector<double> x(taus.begin(), taus.end());
    ChartPanel map;
    map.kind = ChartPanel::Kind::ColorMap;
    map.title = tr("Excessive protection e(P) of %1").arg(tauAlgorithmText(mapAlgorithm));
    map.xLabel = tr("τ");
    map.yLabel = tr("ℓ");
    map.valueLabel = tr("e(P)");
    map.x = x;
    map.y = QVector<double>(ls.begin(), ls.end());
    for (double l : ls) {
        ChartSeries row{QStringLiteral("ℓ = %1").arg(l, 0, 'g', 6),
                        QVector<double>(x.size(), kNaN)};
        for (int i = 0; i < x.size(); ++i)
            row.values[i] = valueOf(runs, mapAlgorithm, x[i], l, &TauRun::e);
        map.series.push_back(row);
    }
    ChartPanel alongTau = linePanel(tr("e(P) at ℓ = %1").arg(sliceL, 0, 'g', 6), tr("τ"),
                                    tr("excessive protection e(P)"), x);
    const QVector<double> lx(ls.begin(), ls.end());
    ChartPanel alongL = linePanel(tr("e(P) at τ = %1").arg(sliceTau, 0, 'g', 6), tr("ℓ"),
                                  tr("excessive protection e(P)"), lx);
    for (TauAlgorithm a : kTauAlgorithms) {
        ChartSeries s{tauAlgorithmText(a), QVector<double>(x.size(), kNaN)};
        for (int i = 0; i < x.size(); ++i) s.values[i] = valueOf(runs, a, x[i], sliceL, &TauRun::e);
        alongTau.series.push_back(s);
        ChartSeries t{tauAlgorithmText(a), QVector<double>(lx.size(), kNaN)};
        for (int i = 0; i < lx.size(); ++i)
            t.values[i] = valueOf(runs, a, sliceTau, lx[i], &TauRun::e);
        alongL.series.push_back(t);
    }
    ChartData chart;
    chart.title = tr("Excessive protection over the (τ,ℓ) grid");
    chart.note = inputNote(input, data) + tr("\ngrey cells and gaps: invalid requirement (τ < 1/ℓ "
                                             "or ℓ > m) or no output satisfies (τ,ℓ)");
    chart.panels = {map, alongTau, alongL};
    return chart;
}

ChartData tauInformationChart(const TauRunner& runs,
                              const std::vector<std::pair<double, double>>& requirements,
                              double queryTau, double queryL, const CountQueryWorkload& workload,
                              const TauInput& input, const Workspace& data) {
    QStringList categories;
    for (const auto& [tau, l] : requirements) categories << requirementText(tau, l);
    ChartPanel info = barPanel(tr("Information um(G)"), tr("requirement"),
                               tr("um(G) (1 = original table)"), categories);
    QVector<double> dims;
    for (std::size_t s = 1; s <= workload.dimensions(); ++s) dims << double(s);
    ChartPanel error =
        linePanel(tr("Count-query error at %1").arg(requirementText(queryTau, queryL)),
                  tr("query dimensions s"), tr("average relative error"), dims);
    // The 1D queries "SA overlaps v" in decreasing order of the original count (Tian & Zhang 2011
    // Fig. 21).
    std::vector<std::vector<SensitiveCountError>> perValue;
    QStringList values;
    for (TauAlgorithm a : kTauAlgorithms) {
        const TauRun* r = runs.find(a, queryTau, queryL);
        perValue.push_back(r && !r->empty ? sensitiveCountErrors(input, r->recoding)
                                          : std::vector<SensitiveCountError>{});
        if (values.isEmpty())
            for (const SensitiveCountError& e : perValue.back())
                values << QString::fromStdString(e.value);
    }
    ChartPanel byValue =
        barPanel(tr("Count error per sensitive value at %1").arg(requirementText(queryTau, queryL)),
                 tr("sensitive value (most frequent first)"), tr("relative error"), values);
    for (std::size_t ai = 0; ai < std::size(kTauAlgorithms); ++ai) {
        const TauAlgorithm a = kTauAlgorithms[ai];
        ChartSeries u{tauAlgorithmText(a), QVector<double>(categories.size(), kNaN)};
        for (int i = 0; i < categories.size(); ++i)
            u.values[i] = valueOf(runs, a, requirements[std::size_t(i)].first,
                                  requirements[std::size_t(i)].second, &TauRun::um);
        info.series.push_back(u);
        ChartSeries e{tauAlgorithmText(a), QVector<double>(dims.size(), kNaN)};
        if (const TauRun* r = runs.find(a, queryTau, queryL); r && !r->empty) {
            const std::vector<double> errors = workload.averageErrors(r->recoding);
            for (std::size_t s = 0; s < errors.size() && int(s) < dims.size(); ++s)
                e.values[int(s)] = errors[s];
        }
        error.series.push_back(e);
        ChartSeries v{tauAlgorithmText(a), QVector<double>(values.size(), kNaN)};
        for (const SensitiveCountError& x : perValue[ai]) {
            const int i = int(values.indexOf(QString::fromStdString(x.value)));
            if (i >= 0) v.values[i] = x.relativeError;
        }
        byValue.series.push_back(v);
    }
    ChartData chart;
    chart.title = tr("Information and count-query error of (τ,ℓ) outputs");
    chart.note = inputNote(input, data) +
                 tr("\nno bar / gap: no output of the algorithm satisfies the requirement "
                    "(an error of 0 draws no bar either)");
    chart.panels = {info, error, byValue};
    return chart;
}

AnalysisDef tauProtectionAnalysis() {
    return {QStringLiteral("tau-protection"), tr("(τ,ℓ): excessive protection"),
            tr("For every (τ,ℓ) requirement of the grid, the excessive protection e(P) (Tian & "
               "Zhang 2011 Def. 35: how much more "
               "than needed the published sensitive distributions are flattened; 0 is best) of "
               "SWEEP, of CLD "
               "(Incognito with recursive (c,ℓ′)) and of 1DLD, the latter two tried over every ℓ′ "
               "and c and kept when "
               "their output satisfies (τ,ℓ) (Tian & Zhang 2011 §5.2, Figs 9–11). Needs a taxonomy "
               "of the sensitive attribute."),
            protectionDefs(), runProtection};
}

AnalysisDef tauInformationAnalysis() {
    return {QStringLiteral("tau-information"), tr("(τ,ℓ): information and count queries"),
            tr("Information um(G) (Tian & Zhang 2011 Def. 14: average 1/|leaves| of the published "
               "values, 1 = the original) of "
               "SWEEP, CLD and 1DLD per requirement, and the average relative error of random "
               "count queries over s "
               "attributes including the sensitive one, and of the count of each sensitive value "
               "(Tian & Zhang 2011 §5.3, "
               "Figs 14–16, 19–21). Needs a taxonomy of the sensitive attribute."),
            informationDefs(), runInformation};
}

}  // namespace ldv::ui
