#pragma once
// What a node publishes for each quasi-identifier combination of the data, without its rows:
// the values as read, their generalization at the node, and whether the combination's class is
// suppressed. Publishing inside a database (`ldiv generalize` from a table into a table of the
// same database, docs/database.md) uploads this map and joins the source with it, so no row
// travels to the client.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ldiv/publish/published_node.h"

namespace ldv {

class Dataset;

struct ValueCombination {
    std::vector<std::string> values;       ///< per QI, as read (a missing value as its token)
    std::vector<std::string> generalized;  ///< per QI, at the node's level
    bool suppressed = false;               ///< its class is suppressed (masked or removed)
};

/// One per distinct QI combination of `data`'s rows (or base groups), in order of first
/// appearance: combinations that differ only in their sensitive values share one. `judged` is
/// the node's judgement with its classes (judgeNode), `levels` the node.
std::vector<ValueCombination> valueCombinations(const Dataset& data, std::span<const int> levels,
                                                const NodeJudgement& judged);

/// Per row of `data` (a base group of a grouped table): 1 when its class is published, 0 when
/// it is suppressed, for valueMapping's `published`.
std::vector<std::uint8_t> publishedRows(const Dataset& data, const NodeJudgement& judged);

}  // namespace ldv
