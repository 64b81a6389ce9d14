#pragma once
// The output's distribution on the input's values (`ldiv utility`, "output_on_input" of
// docs/utility.md): what an analyst holding only the release can say about each input value.
// Each published label's rows are shared equally among the input values the attribute's
// hierarchy puts under it (uniformly: the release tells nothing about how they split), so the
// input and output distributions can be drawn on one axis.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ldiv/utility/attribute_summary.h"

namespace ldv {

class Hierarchy;

/// Estimated rows per input value, in the order of `input`. A label is mapped through the
/// hierarchy at `level` when given (a node's level of the attribute), else at the lowest
/// level that holds it (a published file); a label that is an input value and not in the
/// hierarchy stands for itself. nullopt when a label is neither (an interval or word the
/// hierarchy does not list, or "*" without a hierarchy): the mapping is then not possible.
std::optional<std::vector<std::pair<std::string, double>>> outputOnInput(const Distribution& input,
                                                                         const Distribution& output,
                                                                         const Hierarchy* hierarchy,
                                                                         std::optional<int> level);

}  // namespace ldv
