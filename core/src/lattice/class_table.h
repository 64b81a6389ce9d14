#pragma once
// The search's own lean equivalence classes and their rollup. Dataset::rollup is general
// (all sensitive attributes, fresh up-maps and a fresh index per call); a lattice search
// rolls up hundreds of nodes per millisecond, so here the up-maps are built once, the
// grouping buffers are reused, and only the histograms the criteria (or the metric) read are
// carried. Classes may also cover a subset of the QI attributes (Incognito's frequency sets).
#include <cstdint>
#include <span>
#include <unordered_map>
#include <vector>

#include "data/group_index.h"
#include "lattice/wide_key_grouper.h"
#include "ldiv/lattice/dataset.h"

namespace ldv::detail {

/// Equivalence classes on the attributes `attrs` (QI indices, increasing) at `levels`
/// (one entry per QI of the dataset; -1 for attributes not in `attrs`).
struct ClassTable {
    std::vector<int> levels;
    std::vector<std::uint32_t> attrs;
    /// Class-major codes, width attrs.size(); empty when the engine packs keys in bit fields
    /// (RollupEngine::bitPacked(): read them through RollupEngine::keysOf).
    std::vector<Code> keys;
    std::vector<std::uint32_t> sizes;  ///< rows per class
    std::vector<std::uint32_t> hist;   ///< class-major, width RollupEngine::histWidth()
    /// Per class, its survey-weight sum F̂_k when the dataset has survey weights
    /// (Dataset::setSurveyWeights), else empty.
    std::vector<double> weights;
    /// Per class, the key packed in one word: in bit fields (RollupEngine::bitPacked()), else
    /// with the engine's fixed mixed-radix strides (RollupEngine::packs()); or in two words,
    /// low word first (RollupEngine::wideBits()); empty when none of these fits.
    std::vector<std::uint64_t> packed;
    /// The base groups of the classes of fewer than k rows, as pairs (class, base group):
    /// filled by the search when it bounds suppressed rows (search/suppressed_rows.h), else
    /// empty.
    std::vector<std::uint32_t> smallClass, smallGroup;

    std::size_t count() const { return sizes.size(); }
    std::size_t bytes() const {
        return keys.capacity() * sizeof(Code) + (sizes.capacity() + hist.capacity()) * 4 +
               (packed.capacity() + weights.capacity()) * 8 +
               (smallClass.capacity() + smallGroup.capacity()) * 4;
    }
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

    /// Whether ClassTables carry packed keys (the product of the attributes' base domains
    /// fits in 62 bits).
    bool packs() const { return m_fixedPacks || m_bitPacks || m_wideBits; }
    /// Whether every attribute's codes fit in a bit field of one 64-bit word. Then tables carry
    /// only that word per class (no `keys`: 8 bytes a class instead of 4 per attribute, so the
    /// source caches hold several times more tables), and a rollup reads the word, rewrites
    /// the fields of the attributes whose level changes (one lookup each) and groups the
    /// result, densely when the output fields, gathered by PEXT, span a small space.
    bool bitPacked() const { return m_bitPacks; }
    /// Whether the bit fields need two 64-bit words (65–128 bits, no field straddling the
    /// words; class_table_wide.cpp). Tables then carry two words per class and no `keys`, and
    /// a rollup rewrites the changed fields in whichever word holds them.
    bool wideBits() const { return m_wideBits; }
    /// The codes of `t` (class-major, width t.attrs.size()): t.keys, or decoded from the
    /// packed words into `scratch`.
    std::span<const Code> keysOf(const ClassTable& t, std::vector<Code>& scratch) const;

    /// Keep, after every rollup, the output class of each source class (classOf), also when no
    /// histogram is carried.
    void keepClassOf(bool on) { m_keepClassOf = on; }
    /// The output class of each source class of the last rollup (the first src.count()
    /// entries); filled when histograms are carried, keepClassOf is on, or keys are not
    /// bit-packed.
    std::span<const std::uint32_t> classOf() const { return m_classOf; }

    std::uint64_t classesRead() const { return m_read; }
    std::uint64_t classesBuilt() const { return m_built; }

private:
    const Dataset& m_data;
    std::vector<std::size_t> m_carried, m_offsets, m_domains;
    std::size_t m_histWidth = 0;
    /// m_up[i][from * (h+1) + to] = code map from level `from` to level `to` of QI i, built on
    /// first use: precomputing every pair costs height² × distinct values (a 5,000-level
    /// masking hierarchy took 1.96 GB), while a search reads few pairs.
    std::vector<std::unordered_map<std::uint64_t, std::vector<Code>>> m_up;
    const Code* upMap(std::uint32_t i, int from, int to);
    KeyGrouper m_grouper, m_refine;
    std::vector<std::uint32_t> m_classOf, m_first;
    std::vector<std::size_t> m_positions;
    std::vector<const Code*> m_maps;
    std::vector<std::uint64_t> m_radix;
    std::vector<std::vector<std::uint64_t>> m_contrib;
    std::vector<const std::uint64_t*> m_contribPtr;
    /// Fixed-radix packing: attribute i contributes code·m_fixedStride[i] at every level
    /// (codes of a coarser level are smaller than the base domain), so rolling up changes a
    /// packed key by a per-code delta of only the attributes whose level changes.
    bool m_fixedPacks = false;
    std::uint64_t m_fixedSpace = 1;
    std::vector<std::uint64_t> m_fixedStride;
    /// m_delta[i][from * (h+2) + to + 1]: code at `from` → (code at `to` − code)·stride, with
    /// to = −1 for dropping the attribute; built on first use.
    std::vector<std::unordered_map<std::uint64_t, std::vector<std::uint64_t>>> m_delta;
    std::vector<const std::uint64_t*> m_deltaPtr;
    std::vector<std::size_t> m_deltaPos;
    std::vector<std::size_t> m_changed;
    const std::uint64_t* delta(std::uint32_t i, int from, int to);
    void rollupByDelta(const ClassTable& src, std::span<const int> levels);
    void rollupByPacking(const ClassTable& src, std::uint64_t space);
    void rollupByRefining(const ClassTable& src);

    // Bit-field packing (bitPacked()): attribute i's code sits at bit m_shift[i], m_width[i]
    // bits wide (wide enough for every level's codes).
    bool m_bitPacks = false;
    bool m_pext = false;  ///< the CPU has a fast PEXT (BMI2, not AMD before Zen 3)
    std::vector<unsigned> m_shift, m_width;
    /// m_bitDelta[i][from * (h+2) + to + 1]: code at `from` → (code at `to` − code) << shift,
    /// with to = −1 for dropping the attribute; built on first use.
    std::vector<std::unordered_map<std::uint64_t, std::vector<std::uint64_t>>> m_bitDelta;
    std::vector<unsigned> m_deltaShift;
    std::vector<std::uint64_t> m_deltaMask;
    std::vector<std::uint64_t> m_outPacked;
    /// Grown-only scratch of the dense loop (groupBitsLoop<true, …>).
    std::vector<std::uint32_t> m_denseSizes;
    std::vector<std::uint64_t> m_densePacked;
    const std::uint64_t* bitDelta(std::uint32_t i, int from, int to);
    void rollupByBits(const ClassTable& src, std::span<const int> levels, ClassTable& out);
    /// After grouping by bit fields (one or two words): the output's packed keys, the
    /// classes built and the summed histograms (through m_classOf).
    void finishBitsRollup(const ClassTable& src, ClassTable& out);
    template <bool Dense, bool Classes>
    void groupBits(const ClassTable& src, std::uint64_t outMask, ClassTable& out);
    template <bool Dense, bool Classes, std::size_t Fixed>
    void groupBitsLoop(const ClassTable& src, std::uint64_t outMask, ClassTable& out);

    // Two-word bit fields (wideBits(), class_table_wide.cpp): attribute i's field sits in word
    // m_word[i] at bit m_shift[i]; m_bitDelta serves both layouts (shifts are within a word).
    bool m_wideBits = false;
    std::vector<unsigned> m_word;
    std::size_t m_lowChanged = 0;  ///< changed fields of the low word (listed first)
    WideKeyGrouper m_wideGrouper;
    /// Runs of neighbouring fields of one word spanning at most kChunkBits bits: when several
    /// of a run change, one lookup in a fused table (indexed by the run's bits, the sum of their
    /// deltas) replaces one lookup per field; 24 QIs of 3-bit fields change ~20 at a time.
    struct FieldChunk {
        unsigned word = 0, shift = 0, bits = 0;
        std::vector<std::uint32_t> attrs;
    };
    /// 12 bits: a 32 KB table, four 3-bit fields (on the 24-QI table 11 bits took 5 % longer).
    static constexpr unsigned kChunkBits = 12;
    std::vector<FieldChunk> m_chunks;  ///< low word's first
    /// Per chunk, fused tables by the fields' level changes; dropped past kFusedBudget bytes.
    std::vector<std::unordered_map<std::uint64_t, std::vector<std::uint64_t>>> m_fused;
    std::size_t m_fusedBytes = 0;
    static constexpr std::size_t kFusedBudget = std::size_t(8) << 20;
    const std::uint64_t* fusedDelta(std::size_t chunk, const ClassTable& src,
                                    std::span<const int> levels);
    void addDelta(std::uint32_t i, const ClassTable& src, std::span<const int> levels);
    bool layOutTwoWords();
    std::span<const Code> wideKeysOf(const ClassTable& t, std::vector<Code>& scratch) const;
    void packWide(const EquivalenceClasses& base, ClassTable& t) const;
    void rollupByWideBits(const ClassTable& src, std::span<const int> levels, ClassTable& out);
    template <bool Gather, bool Classes>
    void groupWideBits(const ClassTable& src, const std::uint64_t* outMask, unsigned lowBits,
                       ClassTable& out);
    template <bool Gather, bool Classes, std::size_t Fixed>
    void groupWideBitsLoop(const ClassTable& src, const std::uint64_t* outMask, unsigned lowBits,
                           ClassTable& out);
    std::uint64_t m_read = 0, m_built = 0;
    bool m_keepClassOf = false;
    /// The dataset has survey weights: every table carries its classes' weight sums.
    bool m_weights = false;
    /// out.weights summed from src.weights through m_classOf.
    void sumWeights(const ClassTable& src, ClassTable& out) const;
};

}  // namespace ldv::detail
