#include "report/reportdata.h"

#include <functional>
#include <map>

#include "ldiv/attacks/belief_analysis.h"
#include "ldiv/experiments/experiments.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/transform/transformation.h"
#include "ldiv/workflow/requirement.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"

namespace ldv::ui {

namespace {

/// The configuration section, the same for a node and a transformation.
ReportData configuration(const Workspace& ws, const Dataset& data, const SearchConfig& config,
                         const SearchSettings& settings, const QString& projectName) {
    ReportData r;
    r.projectName = projectName;
    r.rows = data.rowCount();
    for (std::size_t i = 0; i < ws.qiNames().size(); ++i)
        r.quasiIdentifiers << QStringLiteral("%1 (height %2)")
                                  .arg(QString::fromStdString(ws.qiNames()[i]))
                                  .arg(data.lattice().heights()[i]);
    for (const std::string& s : ws.sensitiveNames()) r.sensitive << QString::fromStdString(s);
    for (std::size_t c : ws.identifyingColumns()) {
        // How each is published (the method's name only: a secret is never known here).
        const std::string& name = ws.table().column(c).name();
        const AttributeConfig* a = ws.config().attribute(name);
        r.removedColumns << (a && !a->pseudonymize.empty()
                                 ? QObject::tr("%1 (pseudonymized: %2)")
                                       .arg(QString::fromStdString(name),
                                            QString::fromStdString(a->pseudonymize))
                                 : QObject::tr("%1 (left out)").arg(QString::fromStdString(name)));
    }
    for (const BoundCriterion& c : config.criteria)
        r.criteria << QString::fromStdString(c.criterion.describe());
    r.suppressionLimit = settings.suppressionLimit;
    r.metric = QString::fromStdString(std::string(metricName(settings.metric)));
    r.algorithm = QString::fromStdString(std::string(algorithmChoiceName(settings.algorithm)));
    return r;
}

/// Survey risk before and after (the Risk perspective's computation on the same tables).
void surveyFigures(ReportData& r, const Workspace& ws, const std::function<Table()>& published) {
    const std::string weight = ws.config().surveyAttribute(SurveyRole::Weight);
    const std::string household = ws.config().surveyAttribute(SurveyRole::Household);
    if ((weight.empty() && household.empty()) || ws.qiNames().empty()) return;
    try {
        r.surveyBefore = surveyRisk(ws.table(), ws.qiNames(), weight, household);
        const Table after = published();
        if (after.rowCount() > 0)
            r.surveyAfter = surveyRisk(after, ws.qiNames(), weight, household);
    } catch (const std::exception& e) {
        r.surveyError = QString::fromStdString(e.what());
    }
}

}  // namespace

ReportData buildReportData(const SearchOutcome& o, NodeId id, const QString& projectName,
                           const QString& nodeState, std::optional<double> populationSize) {
    const Dataset& data = o.judged();
    const Lattice& lattice = data.lattice();
    ReportData r = configuration(*o.data, data, o.config, o.settings, projectName);
    r.nodeState = nodeState;
    r.node = analyzeNode(*o.data, o.config, id);

    auto neighbour = [&](NodeId n, const QString& relation) {
        NeighbourRow row;
        row.relation = relation;
        row.levels = lattice.levels(n);
        row.satisfies = n < o.result.satisfies.size() && o.result.satisfies[n];
        row.metrics = judgeRequirement(*o.data, o.config, row.levels).metrics;
        r.neighbours.push_back(row);
    };
    for (NodeId n : lattice.predecessors(id)) neighbour(n, QObject::tr("specialization"));
    for (NodeId n : lattice.successors(id)) neighbour(n, QObject::tr("generalization"));

    // One judgement of the node serves the risk figures and the sensitive attributes.
    const NodeJudgement node = judgeRequirement(*o.data, o.config, r.node.levels, true);
    // Re-identification risk of the classes as published: suppressed classes are not released;
    // with δ-presence, the research subset's rows of each class (workspace_publish.h).
    RiskOptions options;
    options.populationSize = populationSize;
    r.reidentification = analyzeRisk(releasedClassSizes(*o.data, o.config, node), options);
    // Before: the input's own classes (level 0 everywhere), nothing suppressed.
    r.inputReidentification =
        analyzeRisk(data.classes(Levels(lattice.heights().size(), 0)).sizes, options);
    // Survey risk before and after, from the weights and households (the Risk perspective's
    // computation on the same tables: the input, and the node as publishNode writes it).
    surveyFigures(r, *o.data, [&] { return publishNode(*o.data, o.config, r.node.levels).table; });
    try {
        r.utility = nodeUtility(*o.data, o.config, r.node.levels, UtilityRequest{});
    } catch (const std::exception& e) {
        r.utilityError = QString::fromStdString(e.what());
    }
    // Worst measures over the published classes (the record's claims, publishedCriterion);
    // the suppressed classes apart, so the report never quotes a suppressed class's measure
    // as the published table's.
    for (std::size_t k = 0; k < o.config.criteria.size() && k < node.criteria.size(); ++k) {
        const CriterionResult& c = node.criteria[k];
        ReportData::CriterionRow row;
        row.published =
            publishedCriterion(o.config.criteria[k], c, node.suppressed, node.classes.sizes);
        bool anySuppressed = false;
        for (std::size_t cls = 0; cls < c.classMeasures.size(); ++cls) {
            const bool suppressed = !node.suppressed.empty() && node.suppressed[cls];
            if (!suppressed) {
                if (c.classFails[cls]) row.failingRows += node.classes.sizes[cls];
                continue;
            }
            ++row.suppressedClasses;
            row.suppressedRows += node.classes.sizes[cls];
            const double m = c.classMeasures[cls];
            if (!anySuppressed ||
                (c.higherIsBetter ? m < row.suppressedWorst : m > row.suppressedWorst))
                row.suppressedWorst = m;
            anySuppressed = true;
        }
        r.criterionRows.push_back(row);
    }

    // The user's sensitive attributes: with δ-presence the judged data has the subset's
    // membership after them, which is not published.
    const std::size_t sensitive = o.data->sensitiveColumns().size();
    if (sensitive > 0) {
        const std::vector<std::uint32_t> rowClass = data.rowClasses(node.classes);
        // Suppressed classes are not published: their rows count nowhere.
        auto published = [&](std::size_t cls) {
            return node.suppressed.empty() || !node.suppressed[cls];
        };
        for (std::size_t j = 0; j < sensitive; ++j) {
            SensitiveRisk risk;
            risk.attribute = QString::fromStdString(o.data->sensitiveNames()[j]);
            for (const HomogeneousClass& h : homogeneousClasses(node.classes, 1.0, j)) {
                if (!published(h.cls)) continue;
                ++risk.homogeneousClasses;
                risk.homogeneousRows += h.size;
            }
            for (const HomogeneousClass& h : homogeneousClasses(node.classes, 0.95, j)) {
                if (!published(h.cls)) continue;
                ++risk.nearHomogeneousClasses;
                risk.nearHomogeneousRows += h.size;
            }
            const BeliefAnalysis beliefs =
                analyzeBeliefs(data.table(), data.sensitiveColumns()[j], data.qiColumns(), rowClass,
                               BeliefOptions{});
            for (const IndividualBelief& b : beliefs.individuals) {
                if (!published(b.cls)) continue;
                risk.maxBelief = std::max(risk.maxBelief, b.belief);
                risk.positiveDisclosures += b.positive ? 1 : 0;
                risk.negativeDisclosures += b.negativeValues > 0 ? 1 : 0;
            }
            r.risks.push_back(risk);
        }
    }
    return r;
}

ReportData buildTransformationReportData(const Workspace& ws, const Dataset& data,
                                         const SearchConfig& config, const TransformedTable& t,
                                         const ReleaseRecord* record, TransformationSummary summary,
                                         const QString& projectName,
                                         std::optional<double> populationSize) {
    ReportData r = configuration(ws, data, config, ws.config().search, projectName);
    r.transformation = std::move(summary);
    const MondrianResult& classes = t.outcome.classes;
    RiskOptions options;
    options.populationSize = populationSize;
    r.reidentification = analyzeRisk(classes.sizes, options);
    r.inputReidentification =
        analyzeRisk(data.classes(Levels(data.lattice().heights().size(), 0)).sizes, options);
    surveyFigures(r, ws, [&] { return t.table; });
    try {
        r.utility = publishedUtility(ws, t.table, UtilityRequest{});
    } catch (const std::exception& e) {
        r.utilityError = QString::fromStdString(e.what());
    }
    if (record)
        for (const ReleaseCriterion& c : record->criteria) {
            ReportData::CriterionRow row;
            row.published = c;
            r.criterionRows.push_back(row);
        }
    // Attribute disclosure over the published classes: the rows left out (kNoClass) form one
    // class of their own that is skipped, as a node's suppressed classes are.
    const std::uint32_t left = std::uint32_t(classes.count());
    std::vector<std::uint32_t> rowClass = classes.rowClass;
    for (std::uint32_t& c : rowClass)
        if (c == kNoClass) c = left;
    for (std::size_t j = 0; j < ws.sensitiveColumns().size(); ++j) {
        SensitiveRisk risk;
        risk.attribute = QString::fromStdString(ws.sensitiveNames()[j]);
        const Column& column = data.table().column(data.sensitiveColumns()[j]);
        // The largest share of one value in each class (the homogeneity attack).
        std::vector<std::map<std::uint32_t, std::uint32_t>> counts(classes.count());
        for (std::size_t row = 0; row < rowClass.size(); ++row)
            if (rowClass[row] != left) ++counts[rowClass[row]][column.code(row)];
        for (std::size_t c = 0; c < counts.size(); ++c) {
            std::uint32_t most = 0;
            for (const auto& [value, n] : counts[c]) most = std::max(most, n);
            const std::uint32_t size = classes.sizes[c];
            if (size == 0) continue;
            if (most == size) {
                ++risk.homogeneousClasses;
                risk.homogeneousRows += size;
            }
            if (most >= 0.95 * size) {
                ++risk.nearHomogeneousClasses;
                risk.nearHomogeneousRows += size;
            }
        }
        const BeliefAnalysis beliefs = analyzeBeliefs(data.table(), data.sensitiveColumns()[j],
                                                      data.qiColumns(), rowClass, BeliefOptions{});
        for (const IndividualBelief& b : beliefs.individuals) {
            if (b.cls == left) continue;
            risk.maxBelief = std::max(risk.maxBelief, b.belief);
            risk.positiveDisclosures += b.positive ? 1 : 0;
            risk.negativeDisclosures += b.negativeValues > 0 ? 1 : 0;
        }
        r.risks.push_back(risk);
    }
    return r;
}

}  // namespace ldv::ui
