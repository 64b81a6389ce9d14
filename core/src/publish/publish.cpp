#include "ldiv/publish/published_node.h"

#include <cmath>

#include "evaluation/suppression_verdict.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/lattice/row_order.h"
#include "publish/masked_class.h"

namespace ldv {

NodeJudgement judgeNode(const Dataset& data, const SearchConfig& config,
                        std::span<const int> levels, bool withMembership) {
    return judgeClasses(data, config, data.classes(levels, withMembership));
}

NodeJudgement judgeClasses(const Dataset& data, const SearchConfig& config,
                           EquivalenceClasses classes) {
    checkMultiAttributeSuppression(data, config);
    NodeJudgement out;
    out.classes = std::move(classes);
    out.criteria = evaluateCriteria(data, out.classes, config.criteria);
    const std::vector<bool> failing = failingClasses(out.criteria, out.classes.count());
    std::uint64_t failingRows = 0;
    // A failing class without a published row (δ-presence on a research subset) cannot be
    // suppressed (suppression_verdict.h).
    bool unrepairable = false;
    for (std::size_t c = 0; c < failing.size(); ++c)
        if (failing[c]) {
            failingRows += out.classes.sizes[c];
            unrepairable = unrepairable || out.classes.sizes[c] == 0;
        }
    // The search's own rule (evaluation/suppression_verdict.h): the failing rows fit the limit
    // and risk criteria hold on the classes that remain (criteria_risk.h).
    const std::uint64_t limitRows = suppressionLimitRows(config.suppressionLimit, data.rowCount());
    const std::vector<std::uint8_t> dropped(failing.begin(), failing.end());
    std::vector<const NodeRisk*> risks;
    for (const BoundCriterion& b : config.criteria)
        if (b.criterion.isNodeLevel()) risks.push_back(&std::get<NodeRisk>(b.criterion.variant()));
    out.satisfies = detail::suppressionVerdict(out.classes.sizes, failingRows, limitRows, risks,
                                               dropped, unrepairable, out.classes.weightSums)
                        .satisfies;
    // Each risk criterion's figure is reported on the classes that remain, up to the first
    // that fails (the judgement stops there).
    bool reported = failingRows <= limitRows && !unrepairable;
    for (std::size_t i = 0; i < config.criteria.size(); ++i) {
        if (!config.criteria[i].criterion.isNodeLevel()) continue;
        const NodeRisk& risk = std::get<NodeRisk>(config.criteria[i].criterion.variant());
        CriterionResult& r = out.criteria[i];
        if (reported) {
            r.worstMeasure = risk.nodeMeasure(out.classes.sizes, dropped, out.classes.weightSums);
            r.holds = risk.holdsForNode(out.classes.sizes, dropped, out.classes.weightSums);
        }
        reported = reported && r.holds;
    }
    if (out.satisfies && failingRows > 0) {
        out.suppressed.resize(out.classes.count());
        for (std::size_t c = 0; c < failing.size(); ++c) out.suppressed[c] = failing[c] ? 1 : 0;
    }
    out.metrics = measureClasses(data, out.classes, out.suppressed);
    return out;
}

std::vector<std::uint32_t> suppressedRows(const Dataset& data, const NodeJudgement& node) {
    std::vector<std::uint32_t> rows;
    if (node.suppressed.empty()) return rows;
    const std::vector<std::uint32_t> rowClass = data.rowClasses(node.classes);
    for (std::size_t r = 0; r < rowClass.size(); ++r)
        if (node.suppressed[rowClass[r]]) rows.push_back(std::uint32_t(r));
    return rows;
}

PublishedNode publishNode(const Dataset& data, const SearchConfig& config,
                          std::span<const int> levels, const std::vector<std::size_t>& identifying,
                          const PublishOptions& options) {
    PublishedNode out;
    out.judgement = judgeNode(data, config, levels, true);
    GeneralizeOptions g;
    g.suppressedRows = suppressedRows(data, out.judgement);
    g.maskSuppressed = options.maskSuppressed;
    g.suppressedToken = options.maskToken;
    if (g.maskSuppressed && !g.suppressedRows.empty()) {
        // A masked row is not hidden: it joins a class of its own in the published file.
        out.maskedClassFailures =
            detail::maskedClassFailures(data, config, levels, out.judgement, options.maskToken);
        out.maskedRowsRemoved = !out.maskedClassFailures.empty();
        g.maskSuppressed = !out.maskedRowsRemoved;
    }
    g.pseudonyms = options.pseudonyms;
    g.dropColumns = options.dropColumns;
    g.leftOut = options.leftOut;
    for (std::uint32_t r : g.suppressedRows)
        out.suppressedRows += g.leftOut.empty() || !g.leftOut[r] ? 1 : 0;
    out.rowPublished.assign(data.table().rowCount(), 1);
    for (std::size_t r = 0; r < g.leftOut.size() && r < out.rowPublished.size(); ++r)
        if (g.leftOut[r]) out.rowPublished[r] = 0;
    for (std::uint32_t r : g.suppressedRows) out.rowPublished[r] = 0;
    out.table = generalizeTable(data, levels, identifying, g);
    if (options.shuffle) shuffleRows(out.table, options.seed);
    return out;
}

PublicationVerdict judgePublication(const Dataset& data, const SearchConfig& config,
                                    std::span<const int> levels, bool maskSuppressed,
                                    const std::string& maskToken) {
    PublicationVerdict out;
    // With membership, as publishNode judges it (maskedClassFailures merges by base group).
    out.judgement = judgeNode(data, config, levels, true);
    const NodeJudgement& j = out.judgement;
    for (std::size_t c = 0; c < j.suppressed.size(); ++c)
        if (j.suppressed[c]) out.suppressedRows += j.classes.sizes[c];
    if (maskSuppressed && out.suppressedRows > 0) {
        out.maskedClassFailures = detail::maskedClassFailures(data, config, levels, j, maskToken);
        out.maskedRowsRemoved = !out.maskedClassFailures.empty();
    }
    return out;
}

Table valueMapping(const Dataset& data, std::span<const int> levels,
                   std::span<const std::uint8_t> published) {
    Column attribute("attribute"), level("level"), value("value"), generalized("generalized"),
        rows("rows");
    for (std::size_t i = 0; i < data.qiColumns().size(); ++i) {
        const Column& column = data.table().column(data.qiColumns()[i]);
        const HierarchyMap& h = data.hierarchy(i);
        std::vector<std::size_t> counts(column.domainSize(), 0);
        const auto weights = data.rowWeights();
        for (std::size_t r = 0; r < column.size(); ++r)
            if (published.empty() || published[r])
                counts[column.code(r)] += weights.empty() ? 1 : weights[r];
        for (Code v = 0; v < column.domainSize(); ++v) {
            if (!published.empty() && counts[v] == 0) continue;  // only unpublished rows have it
            attribute.append(column.name());
            level.append(std::to_string(levels[i]));
            value.append(column.value(v));
            generalized.append(h.levelValue(levels[i], h.map(v, levels[i])));
            rows.append(std::to_string(counts[v]));
        }
    }
    level.setType(ColumnType::Integer);
    rows.setType(ColumnType::Integer);
    std::vector<Column> columns;
    for (Column* c : {&attribute, &level, &value, &generalized, &rows})
        columns.push_back(std::move(*c));
    return Table(std::move(columns));
}

}  // namespace ldv
