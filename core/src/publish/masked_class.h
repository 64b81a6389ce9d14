#pragma once
// The class that masked rows form in a published table. With `--suppressed mask` every
// suppressed row is written with each quasi-identifier replaced by the mask token, so in the
// file they are one class (together with any kept class whose generalized values are all the
// token, e.g. at the top node): an attacker reads that class like any other, so it must meet
// every criterion too, or the masked rows are removed instead (publishNode).
#include <span>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/publish/published_node.h"

namespace ldv::detail {

/// The specs of the criteria the masked class fails, judged on the node's classes with every
/// suppressed class, and every kept class whose values at `levels` are all `token`, merged into
/// one; risk criteria (node level) are judged on all the merged classes. Empty: it meets them.
std::vector<std::string> maskedClassFailures(const Dataset& data, const SearchConfig& config,
                                             std::span<const int> levels, const NodeJudgement& node,
                                             const std::string& token);

}  // namespace ldv::detail
