#include "analysis/timinganalysis.h"

#include <QStringList>
#include <algorithm>

#include "analysis/analysishelpers.h"
#include "ldiv/data/error.h"
#include "session/preparedinput.h"

namespace ldv::ui {

using namespace analysis;

namespace {

std::vector<OptionDef> timingDefs() {
    const TimingOptions d;
    return {
        {QStringLiteral("models"), tr("Models"),
         tr("comma-separated: k-anonymity, entropy-l, recursive-cl"), OptionDef::Kind::Text,
         QStringLiteral("k-anonymity, entropy-l")},
        {QStringLiteral("algorithms"), tr("Algorithms"),
         tr("comma-separated: incognito (Machanavajjhala et al. 2007 §6), fast, brute"),
         OptionDef::Kind::Text, QStringLiteral("incognito, fast")},
        {QStringLiteral("parameter"), tr("k = ℓ"),
         tr("Machanavajjhala et al. 2007 Fig. 13 used k = ℓ = 6"), OptionDef::Kind::Number,
         QString::number(d.parameter), 1, 1e7},
        {QStringLiteral("c"), tr("c of recursive (c,ℓ)"), tr("c > 0"), OptionDef::Kind::Number,
         QString::number(d.c), 1e-6, 1e9},
        {QStringLiteral("from"), tr("First QI size"),
         tr("the QI grows from its first attributes (in the project's QI order) to all of them"),
         OptionDef::Kind::Number, QString::number(d.fromSize), 1, 63, true},
        {QStringLiteral("repetitions"), tr("Repetitions"), tr("the fastest of n runs is plotted"),
         OptionDef::Kind::Number, QStringLiteral("1"), 1, 100, true}};
}

QStringList names(const QString& text) {
    QStringList out;
    for (const QString& s : text.split(',', Qt::SkipEmptyParts)) out << s.trimmed();
    return out;
}

QString algorithmLabel(SearchAlgorithm a) {
    switch (a) {
        case SearchAlgorithm::Fast:
            return tr("fast");
        case SearchAlgorithm::Incognito:
            return tr("Incognito");
        case SearchAlgorithm::Brute:
            return tr("brute force");
    }
    return {};
}

ChartData runTiming(const AnalysisInput& in, Feedback& feedback) {
    const std::vector<TimingOptions> options = timingOptions(in.options, in.data);
    std::vector<TimingSeries> series;
    for (std::size_t i = 0; i < options.size(); ++i) {
        SubFeedback step(feedback, double(i) / double(options.size()),
                         double(i + 1) / double(options.size()));
        series.push_back(
            {options[i].algorithm, qiSizeTiming(in.data.dataset(), options[i], step.get())});
    }
    return timingChart(series, in.data, options.front().c);
}

}  // namespace

std::vector<TimingOptions> timingOptions(const OptionValues& values, const Workspace& data) {
    const std::vector<OptionDef> defs = timingDefs();
    TimingOptions base;
    base.models.clear();
    for (const QString& m : names(optionText(defs, values, QStringLiteral("models"))))
        base.models.push_back(parsePrivacyModel(m.toStdString()));
    if (base.models.empty()) throw ParameterError("option “Models”: give at least one model");
    base.parameter = optionNumber(defs, values, QStringLiteral("parameter"));
    base.c = optionNumber(defs, values, QStringLiteral("c"));
    base.fromSize = std::size_t(optionNumber(defs, values, QStringLiteral("from")));
    if (base.fromSize > data.qiNames().size())
        throw ParameterError(
            QStringLiteral("option “First QI size”: %1 is more than the %2 quasi-identifiers")
                .arg(base.fromSize)
                .arg(data.qiNames().size())
                .toStdString());
    base.repetitions = unsigned(optionNumber(defs, values, QStringLiteral("repetitions")));
    std::vector<TimingOptions> out;
    for (const QString& a : names(optionText(defs, values, QStringLiteral("algorithms")))) {
        TimingOptions o = base;
        o.algorithm = parseSearchAlgorithm(a.toStdString());
        for (const TimingOptions& seen : out)
            if (seen.algorithm == o.algorithm)
                throw ParameterError("option “Algorithms”: " + a.toStdString() +
                                     " is listed twice");
        out.push_back(o);
    }
    if (out.empty()) throw ParameterError("option “Algorithms”: give at least one algorithm");
    return out;
}

ChartData timingChart(const std::vector<TimingSeries>& series, const Workspace& data, double c) {
    QVector<double> sizes;
    for (const TimingSeries& s : series)
        for (const TimingRow& r : s.rows)
            if (!sizes.contains(double(r.qiSize))) sizes << double(r.qiSize);
    std::sort(sizes.begin(), sizes.end());
    ChartPanel time = linePanel(tr("Time to find all satisfying nodes"),
                                tr("number of QI attributes"), tr("search time (ms)"), sizes);
    ChartPanel checked = linePanel(tr("Nodes checked by the search"), tr("number of QI attributes"),
                                   tr("nodes"), sizes);
    ChartSeries lattice{tr("lattice size"), QVector<double>(sizes.size(), kNaN), true};
    QString parameter;
    for (const TimingSeries& s : series) {
        QVector<PrivacyModel> models;
        for (const TimingRow& r : s.rows)
            if (!models.contains(r.model)) models << r.model;
        for (PrivacyModel m : models) {
            const QString name =
                QStringLiteral("%1 · %2").arg(modelLabel(m, c), algorithmLabel(s.algorithm));
            ChartSeries t{name, QVector<double>(sizes.size(), kNaN)};
            ChartSeries n{name, QVector<double>(sizes.size(), kNaN)};
            for (const TimingRow& r : s.rows) {
                if (r.model != m) continue;
                const int i = int(sizes.indexOf(double(r.qiSize)));
                t.values[i] = r.searchMs;
                n.values[i] = double(r.checkedNodes);
                lattice.values[i] = double(r.latticeSize);
                parameter = QString::number(r.parameter, 'g', 6);
            }
            time.series.push_back(t);
            checked.series.push_back(n);
        }
    }
    checked.series.push_back(lattice);
    ChartData chart;
    chart.title = tr("Run time vs quasi-identifier size");
    chart.note = tr("k = ℓ = %1 · QI (in this order): %2 · sensitive: %3 · %4 rows · wall clock of "
                    "this machine and build")
                     .arg(parameter, qiText(data), sensitiveText(data))
                     .arg(data.dataset().rowCount());
    chart.panels = {time, checked};
    return chart;
}

AnalysisDef timingAnalysis() {
    return {QStringLiteral("timing"), tr("Run time vs QI size"),
            tr("The time to find every satisfying node of k-anonymity and ℓ-diversity as the "
               "quasi-identifier grows "
               "from its first attributes to all of them, per search algorithm (ℓ-Diversity §6, "
               "Figs 13–14; "
               "the paper used Incognito with k = ℓ = 6)."),
            timingDefs(), runTiming};
}

}  // namespace ldv::ui
