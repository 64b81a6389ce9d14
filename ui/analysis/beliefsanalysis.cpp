#include "analysis/beliefsanalysis.h"

#include <QStringList>
#include <map>

#include "analysis/analysishelpers.h"
#include "ldiv/criteria/disclosure_report.h"
#include "ldiv/data/error.h"
#include "ldiv/workflow/requirement.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"

namespace ldv::ui {

using namespace analysis;

namespace {

std::vector<OptionDef> beliefsDefs() {
    return {{QStringLiteral("node"),
             tr("Node (levels)"),
             tr("the published node, one level per QI in the project's order, e.g. 1,0,2 (empty: "
                "the optimum of the "
                "project's requirement)"),
             OptionDef::Kind::Text,
             QString(),
             0,
             0,
             false,
             {},
             true,
             tr("the optimum of the project's requirement")},
            {QStringLiteral("row"), tr("Row"),
             tr("the individual: a row number of the table (1 = first data row)"),
             OptionDef::Kind::Number, QStringLiteral("1"), 1, 1e9, true},
            {QStringLiteral("knowledge"),
             tr("Background knowledge"),
             tr("statements separated by ';', e.g. nationality=Japanese => condition=Heart Disease "
                ": 0.01"),
             OptionDef::Kind::Text,
             QString(),
             0,
             0,
             false,
             {},
             true,
             tr("none, e.g. a=v => sensitive=s : 0.01")},
            {QStringLiteral("prior"),
             tr("Prior"),
             tr("marginal: the table's distribution of the sensitive value; base: its distribution "
                "among rows with "
                "the same quasi-identifier (Machanavajjhala et al. 2007 §3.1)"),
             OptionDef::Kind::Choice,
             QStringLiteral("marginal"),
             0,
             0,
             false,
             {"marginal", "base"}}};
}

/// The statements matching `row`, bound to the SA code (unknown names throw, like the engine).
std::vector<std::pair<Code, double>> matchingStatements(
    const Table& t, std::size_t sensitive, std::size_t row,
    const std::vector<BackgroundStatement>& statements) {
    std::vector<std::pair<Code, double>> out;
    for (const BackgroundStatement& s : statements) {
        bool matches = true;
        for (const auto& [attribute, value] : s.given) {
            const Column& c = t.column(t.requireColumn(attribute));
            const auto code = c.find(value);
            if (!code)
                throw ParameterError("background knowledge: attribute '" + attribute +
                                     "' has no value '" + value + "'");
            matches = matches && c.code(row) == *code;
        }
        const Column& sa = t.column(sensitive);
        if (s.attribute != sa.name())
            throw ParameterError("background knowledge: '" + s.attribute +
                                 "' is not the sensitive attribute '" + sa.name() + "'");
        const auto code = sa.find(s.value);
        if (!code)
            throw ParameterError("background knowledge: sensitive attribute '" + s.attribute +
                                 "' has no value '" + s.value + "'");
        if (matches) out.emplace_back(*code, s.probability);
    }
    return out;
}

ChartData runBeliefs(const AnalysisInput& in, Feedback& feedback) {
    requireSensitive(in.data);
    const std::vector<OptionDef> defs = beliefsDefs();
    const Dataset& dataset = in.data.dataset();
    BackgroundAttackOptions options;
    options.statements = parseStatements(optionText(defs, in.options, QStringLiteral("knowledge")));
    options.prior = optionText(defs, in.options, QStringLiteral("prior")) == QLatin1String("base")
                        ? PriorModel::BaseQuasiIdentifier
                        : PriorModel::Marginal;
    const std::size_t row = std::size_t(optionNumber(defs, in.options, QStringLiteral("row")));
    const QString nodeText = optionText(defs, in.options, QStringLiteral("node"));
    Levels levels;
    bool fromSearch = false;
    if (nodeText.isEmpty()) {
        if (in.settings.criteria.empty())
            throw ParameterError(
                "option “Node (levels)”: type a node, or set a privacy requirement in the Privacy "
                "& "
                "search perspective (its optimum is used)");
        SubFeedback step(feedback, 0, 0.5);
        const Requirement requirement = prepareRequirement(in.data, in.settings);
        const SearchResult found = search(*requirement.data, requirement.config, step.get());
        if (!found.optimum)
            throw ParameterError(
                "no node satisfies the project's requirement: type a node's levels");
        levels = dataset.lattice().levels(*found.optimum);
        fromSearch = true;
    } else {
        try {
            levels = parseLevels(nodeText.toStdString());
        } catch (const ParameterError& e) {
            throw ParameterError(std::string("option “Node (levels)”: ") + e.what());
        }
        if (!dataset.lattice().contains(levels))
            throw ParameterError("option “Node (levels)”: " + nodeText.toStdString() +
                                 " is not a node of the lattice (one level per QI, each at most "
                                 "its hierarchy's height)");
    }
    SubFeedback step(feedback, fromSearch ? 0.5 : 0, 1);
    IndividualBeliefs b = individualBeliefs(in.data, levels, row - 1, options, step.get());
    b.nodeFromSearch = fromSearch;
    return beliefsChart(b, in.data, !options.statements.empty());
}

}  // namespace

std::vector<BackgroundStatement> parseStatements(const QString& text) {
    std::vector<BackgroundStatement> out;
    for (const QString& part : text.split(';', Qt::SkipEmptyParts)) {
        if (part.trimmed().isEmpty()) continue;
        try {
            out.push_back(parseBackgroundStatement(part.trimmed().toStdString()));
        } catch (const ParameterError& e) {
            throw ParameterError("background knowledge “" + part.trimmed().toStdString() +
                                 "”: " + e.what());
        }
    }
    return out;
}

IndividualBeliefs individualBeliefs(const Workspace& data, const Levels& levels, std::size_t row,
                                    const BackgroundAttackOptions& options, Feedback* feedback) {
    const Dataset& dataset = data.dataset();
    const Table& t = data.table();
    if (row >= t.rowCount())
        throw ParameterError("option “Row”: " + std::to_string(row + 1) +
                             " is past the last row (" + std::to_string(t.rowCount()) + ")");
    const std::size_t sa = dataset.sensitiveColumns().front();
    const Column& column = t.column(sa);
    const std::size_t m = column.domainSize();
    const ClassPartition release = ClassPartition::ofNode(dataset, levels);
    const BackgroundAttackResult attack = backgroundAttack(dataset, release, options, feedback);

    IndividualBeliefs b;
    b.node = levels;
    b.row = row;
    b.cls = release.rowClass[row];
    b.trueValue = column.code(row);
    b.classRow = attack.classes.at(b.cls);
    b.newlyDisclosed = attack.newlyDisclosed;
    // n(q*, s) of the row's class and the prior α(q, ·) = f(s|q) (analyzeBeliefs' two models).
    const auto counts = release.classes.histogram(b.cls);  // the first sensitive attribute, sa
    b.classCounts.assign(counts.begin(), counts.end());
    std::vector<double> marginal(m, 0), base(m, 0);
    std::uint32_t sameQi = 0;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        const Code s = column.code(r);
        marginal[s] += 1.0 / double(t.rowCount());
        bool same = true;
        for (std::size_t c : dataset.qiColumns())
            same = same && t.column(c).code(r) == t.column(c).code(row);
        if (same) ++base[s], ++sameQi;
    }
    for (double& v : base) v /= double(sameQi);
    b.prior = options.prior == PriorModel::Marginal ? marginal : base;
    b.priorWithKnowledge = b.prior;
    for (const auto& [code, p] : matchingStatements(t, sa, row, options.statements)) {
        applyBackgroundKnowledge(b.priorWithKnowledge, code, p);
        b.knowledgeApplies = true;
    }
    double size = 0;
    for (std::uint32_t c : b.classCounts) size += c;
    // f(s|q*) of the same prior model as analyzeBeliefs: f(s) for the marginal model, the
    // class's distribution for the base model (a class holds whole base tuples).
    std::vector<double> classPrior(m);
    for (std::size_t v = 0; v < m; ++v)
        classPrior[v] =
            options.prior == PriorModel::Marginal ? marginal[v] : b.classCounts[v] / size;
    observedBeliefs(b.prior, classPrior, b.classCounts, b.before);
    observedBeliefs(b.priorWithKnowledge, classPrior, b.classCounts, b.after);
    return b;
}

ChartData beliefsChart(const IndividualBeliefs& b, const Workspace& data, bool withKnowledge) {
    const Column& column = data.table().column(data.dataset().sensitiveColumns().front());
    QStringList values;
    for (std::size_t v = 0; v < column.domainSize(); ++v)
        values << QString::fromStdString(column.value(Code(v)));
    ChartPanel beliefs =
        barPanel(tr("Row %1 (true value: %2)").arg(b.row + 1).arg(values.value(int(b.trueValue))),
                 tr("sensitive value"), tr("probability"), values);
    auto series = [&](const QString& name, const std::vector<double>& v) {
        return ChartSeries{name, QVector<double>(v.begin(), v.end())};
    };
    beliefs.series.push_back(series(tr("prior α"), b.prior));
    if (withKnowledge)
        beliefs.series.push_back(series(tr("prior α with knowledge"), b.priorWithKnowledge));
    beliefs.series.push_back(series(tr("before knowledge"), b.before));
    if (withKnowledge) beliefs.series.push_back(series(tr("after knowledge"), b.after));
    ChartPanel cls = barPanel(tr("Class %1: %2 rows, %3 matched by the knowledge")
                                  .arg(b.cls)
                                  .arg(b.classRow.rows)
                                  .arg(b.classRow.knowledgeRows),
                              tr("disclosure"), tr("individuals of the class"),
                              {tr("positive (β > 0.95)"), tr("negative (some β < 0.05)")});
    cls.series.push_back({tr("before knowledge"),
                          {double(b.classRow.positiveBefore), double(b.classRow.negativeBefore)}});
    if (withKnowledge)
        cls.series.push_back(
            {tr("after knowledge"),
             {double(b.classRow.positiveAfter), double(b.classRow.negativeAfter)}});
    ChartData chart;
    chart.title = tr("Beliefs of a Bayes-optimal adversary about row %1").arg(b.row + 1);
    chart.note =
        tr("Node [%1]%2 · sensitive: %3 · positive disclosure: β > 0.95, negative: β < 0.05 · %4")
            .arg(QString::fromStdString(formatLevels(b.node)),
                 b.nodeFromSearch ? tr(" (optimum of the project's requirement)") : QString(),
                 sensitiveText(data),
                 withKnowledge
                     ? tr("individuals of the table newly disclosed by the knowledge: %1%2")
                           .arg(b.newlyDisclosed)
                           .arg(b.knowledgeApplies ? QString()
                                                   : tr("; none of it applies to this row"))
                     : tr("no background knowledge given"));
    chart.panels = {beliefs, cls};
    return chart;
}

AnalysisDef beliefsAnalysis() {
    return {QStringLiteral("beliefs"), tr("Background-knowledge beliefs"),
            tr("What a Bayes-optimal adversary believes about the chosen individual's sensitive "
               "value after seeing "
               "the published node: the prior α(q,s) and the posterior β(q,s,T*) (ℓ-Diversity Thm "
               "3.1) for every "
               "value, without and with the background knowledge typed below; and how many "
               "individuals of the "
               "row's class suffer a positive (β > 0.95) or negative (β < 0.05) disclosure before "
               "and after "
               "(ℓ-Diversity §1.1, §3)."),
            beliefsDefs(), runBeliefs};
}

}  // namespace ldv::ui
