#pragma once
// `ldiv utility` (docs/utility.md): what publishing cost each attribute, input against output.
// Per attribute the input and output distributions and summary statistics (attribute_summary.h),
// per pair of attributes the two-way tables and Cramér's V (contingency.h). Suppressed rows are
// not in the output; they are counted apart.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "ldiv/utility/attribute_summary.h"
#include "ldiv/utility/classification.h"
#include "ldiv/utility/contingency.h"

namespace ldv {

class Table;
class Workspace;
struct SearchConfig;

struct UtilityRequest {
    /// Attributes to summarize; empty = the quasi-identifiers (in QI order), then the sensitive.
    std::vector<std::string> attributes;
    /// Pairs of attributes for contingency tables.
    std::vector<std::pair<std::string, std::string>> pairs;
    /// Classification accuracy (classification.h) for this target attribute; empty: none.
    /// The features are the quasi-identifiers other than the target.
    std::string target;
    std::uint32_t folds = 5;
    std::uint64_t seed = 0;
};

struct AttributeUtility {
    std::string name;
    /// Numeric when the input column is typed Integer or Decimal.
    bool numeric = false;
    Distribution input, output;
    /// The output's rows spread over the input's values (output_on_input.h), in the order of
    /// `input`; empty when a published label cannot be mapped back.
    std::optional<std::vector<std::pair<std::string, double>>> outputOnInput;
    std::size_t suppressedRows = 0;
    /// Numeric: the input's numbers and the output labels' midpoints (outputMethod).
    NumericSummary inputNumbers, outputNumbers;
    std::string outputMethod;
    /// Categorical: on the labels as they stand.
    CategoricalSummary inputCategories, outputCategories;
};

struct PairUtility {
    std::string first, second;
    ContingencyTable input, output;
};

/// One quality model's figure of a node (node_metrics.h), lower is better.
struct QualityFigure {
    std::string metric;    ///< the metric's name, e.g. "entropy"
    double value = 0;      ///< metricValue with the configuration's weights, gs-factor, aggregate
    bool monotone = true;  ///< declared monotone under generalization (without suppression)
};

struct UtilityReport {
    std::vector<AttributeUtility> attributes;
    /// Of a node (nodeUtility): every quality model in the catalogue's order; else empty.
    std::vector<QualityFigure> quality;
    std::vector<PairUtility> contingency;
    std::size_t inputRows = 0, outputRows = 0, suppressedRows = 0;
    std::optional<ClassificationReport> classification;
};

/// Compares `output` (a published table: columns matched by name, suppressed rows left out)
/// with `input`. An attribute is numeric when its input column is typed Integer or Decimal;
/// `suppressedRows` is reported as it is. ParameterError for an attribute missing from either
/// table.
UtilityReport analyzeUtility(const Table& input, const Table& output,
                             const std::vector<std::string>& attributes,
                             const std::vector<std::pair<std::string, std::string>>& pairs,
                             std::size_t suppressedRows);

/// The attributes a request names, or the workspace's QIs then sensitive attributes.
std::vector<std::string> utilityAttributes(const Workspace& workspace,
                                           const UtilityRequest& request);

/// The utility of a node: its published table (publishNode of workspace_publish.h: judged with
/// `config`, suppressed rows removed) against the workspace's table.
UtilityReport nodeUtility(const Workspace& workspace, const SearchConfig& config,
                          std::span<const int> levels, const UtilityRequest& request);

/// The utility of a published table read from a file (columns matched by name). Rows of the
/// input missing from it are counted as suppressed.
UtilityReport publishedUtility(const Workspace& workspace, const Table& published,
                               const UtilityRequest& request);

}  // namespace ldv
