#pragma once
// Equivalence classes of a table w.r.t. an attribute set (the privacy-diagnosis paper Def. 1) as a
// partition of row ids, built by refinement: the classes of S ∪ {a} split each class of S by a's
// codes, one pass over the rows (no hashing of value tuples, no sort).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {
class Feedback;
}

namespace ldv::detail {

/// Unique rows are kept out of `rows`: a unique row stays unique under every refinement
/// (Lemma 1), and deep in a search most rows are unique, so refinement skips them entirely.
struct Partition {
    std::vector<std::uint32_t> rows;    ///< row ids of classes of ≥ 2 rows, grouped by class
    std::vector<std::uint32_t> starts;  ///< class i = rows[starts[i], starts[i+1])
    std::size_t singletons = 0;         ///< classes of one row
    /// Their row ids, only when refined with `trackSingletons` (to list rows to suppress).
    std::vector<std::uint32_t> singletonRows;

    std::size_t sharedClassCount() const { return starts.empty() ? 0 : starts.size() - 1; }
    std::size_t classCount() const { return sharedClassCount() + singletons; }
    std::uint32_t classSize(std::size_t i) const { return starts[i + 1] - starts[i]; }
    /// The privacy-diagnosis paper Algorithm 1: k = the smallest class.
    std::size_t minClassSize() const;
    /// Class sizes ascending (input of Algorithm 3 / Lemma 2).
    std::vector<std::uint32_t> sortedSizes() const;
    /// Rows of classes smaller than k, ascending (the rows δ-suppression removes); needs
    /// singletonRows.
    std::vector<std::size_t> rowsInClassesBelow(std::size_t k) const;
};

/// The partition of the empty attribute set: one class with every row.
Partition wholeTable(std::size_t rows);

/// The table's attribute list R reduced to what the diagnosis needs: code spans.
class DiagnosisData {
public:
    /// Throws ParameterError for an empty table, an empty/repeated/too long list.
    DiagnosisData(const Table& table, const std::vector<std::size_t>& columns);

    std::size_t rowCount() const { return m_rows; }
    std::size_t attributeCount() const { return m_codes.size(); }
    std::uint64_t naiveCalls() const { return std::uint64_t(1) << m_codes.size(); }
    std::uint64_t fullMask() const { return naiveCalls() - 1; }

    /// Splits every class of `in` by attribute `attribute`'s codes into `out`.
    void refine(const Partition& in, std::size_t attribute, Partition& out,
                bool trackSingletons = false) const;
    /// The partition of the set `mask` from scratch (one refinement per attribute), with
    /// singleton rows tracked.
    Partition partitionOf(std::uint64_t mask) const;

private:
    std::size_t m_rows = 0;
    std::vector<std::span<const Code>> m_codes;
    mutable std::vector<std::uint32_t> m_count;  // scratch, indexed by code, kept zero
    mutable std::vector<Code> m_touched;
};

}  // namespace ldv::detail
