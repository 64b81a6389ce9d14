#pragma once
// Strict multidimensional partitioning, Mondrian (LeFevre, DeWitt & Ramakrishnan, ICDE 2006):
// the table is cut recursively, per partition rather than per column, until no cut is
// allowed; each final partition is one equivalence class, published with the smallest
// generalization of each quasi-identifier that covers its values. Unlike full-domain
// generalization (SPEC §1) two classes may publish different generalizations of one value.
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/generalize.h"

namespace ldv {

/// How Mondrian cuts and labels one quasi-identifier.
enum class MondrianCut {
    /// Integer and decimal columns whose values all parse as numbers: cut at the median value
    /// (left = values ≤ it), published as the interval "[min-max]" (or the single value).
    Numeric,
    /// Every other column: cut between the children of the partition's lowest common ancestor
    /// in the hierarchy (in level-code order, at the median row), published as that ancestor.
    /// Values without a common ancestor (a hierarchy with several tops, or none) have the
    /// virtual root kMondrianRoot.
    Hierarchy,
};

inline constexpr const char* kMondrianRoot = "*";
/// MondrianResult::rowClass of a row that belongs to no class: it is suppressed and left out
/// of the published table (local recoding, local_recoding.h; Mondrian never suppresses).
inline constexpr std::uint32_t kNoClass = 0xFFFFFFFFu;

/// The equivalence classes of Mondrian's final partitions: one each, except that partitions
/// publishing the same values (both sides of a hierarchy cut may keep the parent) are one
/// class of the published table, and are merged.
struct MondrianResult {
    std::size_t qiCount = 0;
    /// Per quasi-identifier (Dataset order), how it was cut.
    std::vector<MondrianCut> cuts;
    /// Rows per class.
    std::vector<std::uint32_t> sizes;
    /// Class-major published values: labels[c * qiCount + i] is class c's value of QI i.
    std::vector<std::string> labels;
    /// Class of every row of the dataset's table (kNoClass: suppressed).
    std::vector<std::uint32_t> rowClass;
    /// Criteria (their spec) the whole table fails: Mondrian then publishes nothing, since it
    /// suppresses nothing (the classes are left empty).
    std::vector<std::string> tableFails;

    std::size_t count() const { return sizes.size(); }
    /// Σ |class|², the discernibility metric (SPEC, Bayardo & Agrawal 2005).
    std::uint64_t discernibility() const;
    std::uint32_t minClassSize() const;
    const std::string& label(std::size_t cls, std::size_t qi) const {
        return labels[cls * qiCount + qi];
    }
};

/// Whether Mondrian can judge `config`'s criteria on every candidate class, i.e. each is a
/// condition on one class's size or sensitive histogram: not the node-level risk criteria
/// (judged on all classes together), δ-presence (a research subset), multi-attribute
/// ℓ-diversity or a grouped table (its rows are not here). A suppression limit is an upper
/// bound: Mondrian suppresses no row, which every limit allows. Throws ParameterError naming the
/// first obstacle.
void checkMondrianSupport(const Dataset& data, const SearchConfig& config);

/// Partitions `data` so that every class satisfies every criterion of `config` (judged with
/// Criterion::holds on the class's size and sensitive histograms, as evaluateCriteria does).
/// A partition is cut on the quasi-identifier with the widest normalized range (numeric:
/// (max − min) / the table's; hierarchical: (distinct values − 1) / the table's), ties broken
/// by QI order, at the median; when both sides of that cut do not satisfy the criteria, the
/// next most balanced cuts of that attribute are tried, then the next attribute. A partition
/// without an allowed cut is final. Deterministic. checkMondrianSupport first.
MondrianResult mondrian(const Dataset& data, const SearchConfig& config);

/// The published table: each QI value replaced by its class's label, identifying columns
/// left out (or published as options.pseudonyms), options.dropColumns left out, rows in the
/// table's order; rows of class kNoClass are left out. options.suppressedRows, maskSuppressed and
/// leftOut must be empty.
Table mondrianTable(const Dataset& data, const MondrianResult& result,
                    const std::vector<std::size_t>& identifying,
                    const GeneralizeOptions& options = {});

}  // namespace ldv
