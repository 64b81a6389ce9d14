#include "ldiv/project/publish_guard.h"

#include "ldiv/lattice/lattice.h"

namespace ldv {

std::string failingCriteria(const NodeJudgement& judgement) {
    std::string text;
    for (const CriterionResult& c : judgement.criteria) {
        if (c.holds) continue;
        if (!text.empty()) text += "; ";
        text += c.spec + " fails in " + std::to_string(c.failingClasses) + " classes (" +
                std::to_string(c.failingRows) + " rows)";
    }
    return text.empty() ? "the criteria fail" : text;
}

std::string failingNodeText(std::span<const int> levels, const NodeJudgement& judgement) {
    return "node " + formatLevels(levels) +
           " does not satisfy the criteria, even with the suppression limit: " +
           failingCriteria(judgement);
}

void guardPublication(std::span<const int> levels, const PublishedNode& node, bool allowFailing) {
    if (node.judgement.satisfies || allowFailing) return;
    throw NodeFailsError(failingNodeText(levels, node.judgement), failingCriteria(node.judgement));
}

}  // namespace ldv
