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
    /// Shuffle the published rows with `seed` (shuffleRows, row_order.h), so that the source's
    /// order (sorted by name or id) does not identify them. Off here; `ldiv generalize` turns
    /// it on unless --keep-order.
    bool shuffle = false;
    std::uint64_t seed = 0;
};

struct PublishedNode {
    Table table;
    NodeJudgement judgement;
    /// Suppressed rows of the release (rows left out of it are not counted).
    std::size_t suppressedRows = 0;
    /// Masking was asked for (PublishOptions::maskSuppressed), but the class the masked rows
    /// form in the published table (all quasi-identifiers the mask token) fails a criterion,
    /// so the suppressed rows were removed instead; maskedClassFailures names the criteria.
    bool maskedRowsRemoved = false;
    std::vector<std::string> maskedClassFailures;
    /// Per row of the judged data: 1 when its values are published (neither suppressed —
    /// masked or removed — nor left out of the release), for valueMapping.
    std::vector<std::uint8_t> rowPublished;
};

/// The publishable table of a node: generalized, identifying columns left out, the rows of
/// suppressed classes removed or masked. Masked rows form one class in the table, which must
/// meet every criterion like the others; when it does not, they are removed instead
/// (PublishedNode::maskedRowsRemoved).
PublishedNode publishNode(const Dataset& data, const SearchConfig& config,
                          std::span<const int> levels, const std::vector<std::size_t>& identifying,
                          const PublishOptions& options = {});

/// What publishNode decides, without writing the table: the judgement, the suppressed rows
/// (the sum of the suppressed classes' sizes) and whether masked rows must be removed
/// instead. Works on a grouped dataset too (no row indices are needed): a publication inside
/// the database (ldiv/postgres_publish.h) suppresses the classes `judgement.suppressed` names,
/// found by their generalized values `judgement.classes.key(c)`.
struct PublicationVerdict {
    NodeJudgement judgement;
    std::uint64_t suppressedRows = 0;
    bool maskedRowsRemoved = false;
    std::vector<std::string> maskedClassFailures;
};
PublicationVerdict judgePublication(const Dataset& data, const SearchConfig& config,
                                    std::span<const int> levels, bool maskSuppressed,
                                    const std::string& maskToken = "*");

/// The value-to-generalized-value mapping of a node: one row per quasi-identifier and value of
/// the data (in dictionary order), with columns attribute, level, value, generalized, rows.
/// With `published` (per row of `data`, 1 = its values are in the published table:
/// PublishedNode::rowPublished), only the values of published rows are listed and `rows` counts
/// those: a value only suppressed people have (zip 99999), or a count that includes them,
/// would give them away. Empty: every row.
Table valueMapping(const Dataset& data, std::span<const int> levels,
                   std::span<const std::uint8_t> published = {});

}  // namespace ldv
