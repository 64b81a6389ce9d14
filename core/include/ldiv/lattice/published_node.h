#pragma once
// Publishing one node the way the search judges it (SPEC §5): the classes failing any
// criterion are suppressed when their rows fit the limit ⌊limit·n⌋, otherwise the node fails
// and nothing is suppressed. The workbench's details pane and export, and `ldiv generalize`,
// share this so that what is published is what the search called satisfying.
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/metrics/node_metrics.h"

namespace ldv {

struct NodeJudgement {
    EquivalenceClasses classes;
    std::vector<CriterionResult> criteria;
    bool satisfies = false;
    /// Per class: 1 = suppressed (empty when nothing is).
    std::vector<std::uint8_t> suppressed;
    NodeMetrics metrics;
};

/// Groups, judges and measures one node. `withMembership` keeps each row's class, which
/// suppressedRows needs.
NodeJudgement judgeNode(const Dataset& data, const SearchConfig& config,
                        std::span<const int> levels, bool withMembership = false);
/// judgeNode on classes already grouped (e.g. rolled up from a finer node's classes).
NodeJudgement judgeClasses(const Dataset& data, const SearchConfig& config,
                           EquivalenceClasses classes);

/// Rows of the suppressed classes of a node judged with membership, ascending.
std::vector<std::uint32_t> suppressedRows(const Dataset& data, const NodeJudgement& node);

struct PublishOptions {
    /// Keep suppressed rows with every QI value replaced by `maskToken` instead of removing them.
    bool maskSuppressed = false;
    std::string maskToken = "*";
    /// Identifying columns published pseudonymized (GeneralizeOptions::pseudonyms).
    std::vector<std::pair<std::size_t, Column>> pseudonyms;
    /// Columns left out besides the identifying ones (GeneralizeOptions::dropColumns).
    std::vector<std::size_t> dropColumns;
    /// Rows that are not part of the release (GeneralizeOptions::leftOut).
    std::vector<std::uint8_t> leftOut;
};

struct PublishedNode {
    Table table;
    NodeJudgement judgement;
    /// Suppressed rows of the release (rows left out of it are not counted).
    std::size_t suppressedRows = 0;
};

/// The publishable table of a node: generalized, identifying columns left out, the rows of
/// suppressed classes removed or masked.
PublishedNode publishNode(const Dataset& data, const SearchConfig& config,
                          std::span<const int> levels, const std::vector<std::size_t>& identifying,
                          const PublishOptions& options = {});

/// The value-to-generalized-value mapping of a node: one row per quasi-identifier and value of
/// the data (in dictionary order), with columns attribute, level, value, generalized, rows.
Table valueMapping(const Dataset& data, std::span<const int> levels);

}  // namespace ldv
