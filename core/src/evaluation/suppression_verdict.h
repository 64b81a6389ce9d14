#pragma once
// The one rule by which a node is judged with tuple suppression (SPEC §5), shared by the
// search's node judge (search/node_judge.h) and by judgeNode (publish.h), so that what the
// workbench and `ldiv generalize` publish is what the search called satisfying.
#include <cstdint>
#include <span>

#include "ldiv/criteria/node_risk.h"

namespace ldv::detail {

struct SuppressionVerdict {
    bool satisfies = false;
    /// No row needs suppressing.
    bool clean = false;
};

/// A node with classes of `sizes` whose failing classes hold `failingRows` rows satisfies
/// when those rows fit `limitRows` (suppressionLimitRows, search.h) and every node-level risk
/// criterion (criteria_risk.h) holds on the classes that remain (`failing`: one flag per
/// class; may be empty when `risks` is). A node without classes (an empty table) does not.
/// `unrepairable`: a failing class has no published row (δ-presence on a research subset,
/// RowSample in dataset.h): suppressing it removes nothing, so the node does not satisfy, as
/// in ARX, where such population classes "cannot be suppressed". `weights`: the classes'
/// survey-weight sums (individual-risk, global-risk; empty without survey weights).
SuppressionVerdict suppressionVerdict(std::span<const std::uint32_t> sizes,
                                      std::uint64_t failingRows, std::uint64_t limitRows,
                                      std::span<const NodeRisk* const> risks,
                                      std::span<const std::uint8_t> failing,
                                      bool unrepairable = false,
                                      std::span<const double> weights = {});

}  // namespace ldv::detail
