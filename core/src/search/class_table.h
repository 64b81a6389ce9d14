#pragma once
// The search's own lean equivalence classes and their rollup. Dataset::rollup is general
// (all sensitive attributes, fresh up-maps and a fresh index per call); a lattice search
// rolls up hundreds of nodes per millisecond, so here the up-maps are built once, the
// grouping buffers are reused, and only the histograms the criteria (or the metric) read are
// carried. Classes may also cover a subset of the QI attributes (Incognito's frequency sets).
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/dataset.h"

namespace ldv::detail {

/// Equivalence classes on the attributes `attrs` (QI indices, increasing) at `levels`
/// (one entry per QI of the dataset; -1 for attributes not in `attrs`).
struct ClassTable {
    std::vector<int> levels;
    std::vector<std::uint32_t> attrs;
    std::vector<Code> keys;            ///< class-major, width attrs.size()
    std::vector<std::uint32_t> sizes;  ///< rows per class
    std::vector<std::uint32_t> hist;   ///< class-major, width RollupEngine::histWidth()

    std::size_t count() const { return sizes.size(); }
    std::size_t bytes() const {
        return keys.capacity() * sizeof(Code) + (sizes.capacity() + hist.capacity()) * 4;
    }
};

/// Reusable grouping of packed 64-bit keys into dense ids (dense array for small key spaces,
/// open addressing otherwise). Not thread-safe: one per worker.
class KeyGrouper {
public:
    void begin(std::uint64_t space, std::size_t expected);
    std::uint32_t insert(std::uint64_t key);
    std::uint32_t groups() const { return std::uint32_t(m_groupKeys.size()); }
    /// Clears only what was touched, so the next begin() costs O(groups).
    void end();

private:
    bool m_dense = false;
    std::vector<std::uint32_t> m_denseIds;
    std::vector<std::uint64_t> m_slotKeys;
    std::vector<std::uint32_t> m_slotIds;
    std::uint64_t m_mask = 0;
    std::vector<std::uint64_t> m_groupKeys;
    std::vector<std::uint64_t> m_groupSlots;  ///< hash slot of each group, to clear it
    void growHash();
};

/// Builds and rolls up ClassTables for one dataset. One engine per thread (it owns scratch
/// buffers); the precomputed up-maps could be shared but are small.
class RollupEngine {
public:
    /// `carried` = dataset sensitive indices whose histograms the classes carry, in order.
    RollupEngine(const Dataset& data, std::vector<std::size_t> carried);

    std::size_t histWidth() const { return m_histWidth; }
    /// Offset of carried attribute j's histogram within a class's hist row.
    std::size_t histOffset(std::size_t j) const { return m_offsets[j]; }
    std::size_t histDomain(std::size_t j) const { return m_domains[j]; }
    const std::vector<std::size_t>& carried() const { return m_carried; }

    /// The base groups of the dataset (all attributes, bottom node).
    ClassTable base() const;
    /// Groups `src` at `levels` (same length as src.levels; -1 drops an attribute). Every
    /// kept attribute must be in src.attrs with src.levels[i] <= levels[i].
    void rollup(const ClassTable& src, std::span<const int> levels, ClassTable& out);

    std::uint64_t classesRead() const { return m_read; }
    std::uint64_t classesBuilt() const { return m_built; }

private:
    const Dataset& m_data;
    std::vector<std::size_t> m_carried, m_offsets, m_domains;
    std::size_t m_histWidth = 0;
    /// m_up[i][from * (h+1) + to] = code map from level `from` to level `to` of QI i.
    std::vector<std::vector<std::vector<Code>>> m_up;
    KeyGrouper m_grouper, m_refine;
    std::vector<std::uint32_t> m_classOf, m_first;
    std::vector<std::size_t> m_positions;
    std::vector<const Code*> m_maps;
    std::vector<std::uint64_t> m_radix;
    std::vector<std::vector<std::uint64_t>> m_contrib;
    std::vector<const std::uint64_t*> m_contribPtr;
    std::uint64_t m_read = 0, m_built = 0;
};

}  // namespace ldv::detail
