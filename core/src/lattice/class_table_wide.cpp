// Two-word bit-field keys for RollupEngine (class_table.h, wideBits()): tables whose fields need
// 65–128 bits (e.g. 17–32 QIs of small domains, or a few of large ones). Same rollup as the
// one-word bit fields (class_table.cpp's rollupByBits): read the key, rewrite the fields whose
// level changes, group the result; a field lies in one word, so rewriting it touches only that
// word. Grouping gathers the output fields into one word by PEXT when they fit in 64 bits (then
// counted densely or hashed as a one-word key), and hashes both words otherwise.
#include <algorithm>
#include <bit>

#include "lattice/class_table.h"
#include "lattice/pext.h"
#include "lattice/rollup_lookups.h"

namespace ldv::detail {

bool RollupEngine::layOutTwoWords() {
    // First fit, attribute d-1 first as in the one-word layout. A field never straddles the
    // words, so it is read with one shift and mask; the price is that some layouts of at most
    // 128 bits do not fit (they keep the attribute-by-attribute grouping).
    const std::size_t d = m_width.size();
    m_word.assign(d, 0);
    unsigned used[2] = {0, 0};
    for (std::size_t i = d; i-- > 0;) {
        const unsigned w = m_width[i];
        const unsigned word = used[0] + w <= 64 ? 0 : 1;
        if (used[word] + w > 64) return false;
        m_word[i] = word;
        m_shift[i] = used[word];
        used[word] += w;
    }
    // Chunks: a word's fields are contiguous from bit 0 in the order of placement (d-1 first).
    m_chunks.clear();
    for (const unsigned word : {0u, 1u}) {
        FieldChunk chunk;
        chunk.word = word;
        for (std::size_t i = d; i-- > 0;) {
            if (m_word[i] != word || m_width[i] == 0) continue;
            if (!chunk.attrs.empty() && chunk.bits + m_width[i] > kChunkBits) {
                m_chunks.push_back(chunk);
                chunk.attrs.clear();
                chunk.bits = 0;
            }
            if (chunk.attrs.empty()) chunk.shift = m_shift[i];
            chunk.attrs.push_back(std::uint32_t(i));
            chunk.bits += m_width[i];
        }
        if (!chunk.attrs.empty()) m_chunks.push_back(chunk);
    }
    m_fused.assign(m_chunks.size(), {});
    return true;
}

void RollupEngine::addDelta(std::uint32_t i, const ClassTable& src, std::span<const int> levels) {
    m_deltaPtr.push_back(bitDelta(i, src.levels[i], levels[i]));
    m_deltaShift.push_back(m_shift[i]);
    m_deltaMask.push_back((std::uint64_t(1) << m_width[i]) - 1);
}

const std::uint64_t* RollupEngine::fusedDelta(std::size_t k, const ClassTable& src,
                                              std::span<const int> levels) {
    // The key: each field's change (0 = unchanged, else 1 + bitDelta's index) in mixed radix.
    const FieldChunk& chunk = m_chunks[k];
    std::uint64_t key = 0;
    for (const std::uint32_t i : chunk.attrs) {
        const std::uint64_t h = std::uint64_t(m_data.hierarchy(i).height());
        const std::uint64_t change =
            levels[i] == src.levels[i]
                ? 0
                : 1 + std::uint64_t(src.levels[i]) * (h + 2) + std::uint64_t(levels[i] + 1);
        if (__builtin_mul_overflow(key, (h + 1) * (h + 2) + 1, &key) ||
            __builtin_add_overflow(key, change, &key))
            return nullptr;  // too many levels to name the change in one word: no fusion
    }
    std::vector<std::uint64_t>& t = m_fused[k][key];
    if (t.empty()) {
        t.assign(std::size_t(1) << chunk.bits, 0);
        for (const std::uint32_t i : chunk.attrs) {
            if (levels[i] == src.levels[i]) continue;
            const std::uint64_t* field = bitDelta(i, src.levels[i], levels[i]);
            const unsigned at = m_shift[i] - chunk.shift;
            const std::uint64_t mask = (std::uint64_t(1) << m_width[i]) - 1;
            for (std::size_t x = 0; x < t.size(); ++x) t[x] += field[(x >> at) & mask];
        }
        m_fusedBytes += t.size() * sizeof(std::uint64_t);
    }
    return t.data();
}

void RollupEngine::packWide(const EquivalenceClasses& b, ClassTable& t) const {
    const std::size_t d = m_data.qiCount();
    t.keys.clear();
    t.packed.assign(2 * b.count(), 0);
    for (std::size_t c = 0; c < b.count(); ++c)
        for (std::size_t i = 0; i < d; ++i)
            t.packed[2 * c + m_word[i]] |= std::uint64_t(b.keys[c * d + i]) << m_shift[i];
}

std::span<const Code> RollupEngine::wideKeysOf(const ClassTable& t,
                                               std::vector<Code>& scratch) const {
    if (!t.keys.empty() || t.packed.size() != 2 * t.count()) return t.keys;
    const std::size_t w = t.attrs.size();
    scratch.resize(t.count() * w);
    for (std::size_t c = 0; c < t.count(); ++c)
        for (std::size_t q = 0; q < w; ++q) {
            const std::uint32_t i = t.attrs[q];
            scratch[c * w + q] = Code((t.packed[2 * c + m_word[i]] >> m_shift[i]) &
                                      ((std::uint64_t(1) << m_width[i]) - 1));
        }
    return scratch;
}

void RollupEngine::rollupByWideBits(const ClassTable& src, std::span<const int> levels,
                                    ClassTable& out) {
    out.levels.assign(levels.begin(), levels.end());
    out.attrs.clear();
    out.keys.clear();
    std::uint64_t outMask[2] = {0, 0};  // the bits the output's codes can occupy, per word
    unsigned outBits[2] = {0, 0};
    for (const std::uint32_t i : src.attrs) {
        if (levels[i] < 0) continue;
        out.attrs.push_back(i);
        const auto w = unsigned(std::bit_width(
            std::uint64_t(std::max<std::size_t>(m_data.hierarchy(i).levelSize(levels[i]), 1) - 1)));
        outMask[m_word[i]] |= ((std::uint64_t(1) << w) - 1) << m_shift[i];
        outBits[m_word[i]] += w;
    }
    // The lookups, those of the low word first (the loop tells them apart by position): a
    // chunk with one changed field looks it up alone; with several, one fused lookup when the
    // source is large enough to repay building the table (2^kChunkBits entries).
    const std::size_t count = src.count();
    m_deltaPtr.clear();
    m_deltaShift.clear();
    m_deltaMask.clear();
    m_lowChanged = 0;
    if (m_fusedBytes > kFusedBudget) {  // only here: this rollup's lookups may point into it
        for (auto& tables : m_fused) tables.clear();
        m_fusedBytes = 0;
    }
    for (std::size_t k = 0; k < m_chunks.size(); ++k) {
        const FieldChunk& chunk = m_chunks[k];
        std::size_t changed = 0;
        for (const std::uint32_t i : chunk.attrs) changed += levels[i] != src.levels[i];
        const std::uint64_t* fused = changed >= 2 && count >= (std::size_t(1) << chunk.bits)
                                         ? fusedDelta(k, src, levels)
                                         : nullptr;
        if (fused) {
            m_deltaPtr.push_back(fused);
            m_deltaShift.push_back(chunk.shift);
            m_deltaMask.push_back((std::uint64_t(1) << chunk.bits) - 1);
        } else if (changed) {
            for (const std::uint32_t i : chunk.attrs)
                if (levels[i] != src.levels[i]) addDelta(i, src, levels);
        }
        if (chunk.word == 0) m_lowChanged = m_deltaPtr.size();
    }
    m_read += count;
    // Pass 2 (histograms) and the caller (keepClassOf) need each class's group.
    const bool classes = m_histWidth > 0 || m_keepClassOf || m_weights;
    if (classes && m_classOf.size() < count) m_classOf.resize(count);
    out.sizes.clear();
    m_outPacked.clear();
    const unsigned total = outBits[0] + outBits[1];
    if (m_pext && total <= 64) {
        // KeyGrouper counts densely when the gathered space is small, else hashes one word.
        m_grouper.begin(total < 64 ? std::uint64_t(1) << total : ~std::uint64_t(0), count);
        if (classes)
            groupWideBits<true, true>(src, outMask, outBits[0], out);
        else
            groupWideBits<true, false>(src, outMask, outBits[0], out);
        m_grouper.end();
    } else {
        m_wideGrouper.begin(count);
        if (classes)
            groupWideBits<false, true>(src, outMask, outBits[0], out);
        else
            groupWideBits<false, false>(src, outMask, outBits[0], out);
        m_wideGrouper.end();
    }
    finishBitsRollup(src, out);
}

// As groupBitsLoop: two 8-byte words read per source class, one lookup per changed attribute
// in the word that holds it, one insertion. `Fixed` > 0 unrolls the lookups; the test of which
// word a field is in takes the same branch for every class, so it predicts perfectly.
template <bool Gather, bool Classes, std::size_t Fixed>
void RollupEngine::groupWideBitsLoop(const ClassTable& src, const std::uint64_t* outMask,
                                     unsigned lowBits, ClassTable& out) {
    const std::size_t count = src.count();
    const std::size_t low = m_lowChanged;
    const DeltaLookups<Fixed> lookups(m_deltaPtr, m_deltaShift, m_deltaMask);
    const std::uint64_t mask0 = outMask[0], mask1 = outMask[1];
    // lowBits is 64 only when the high word keeps no bits (pext of it is 0): `& 63` keeps the
    // shift defined.
    const unsigned highShift = lowBits & 63;
    const std::uint64_t* packed = src.packed.data();
    const std::uint32_t* sizes = src.sizes.data();
    std::uint32_t* classOf = m_classOf.data();
    std::vector<std::uint32_t>& outSizes = out.sizes;
    for (std::size_t c = 0; c < count; ++c) {
        const std::uint64_t w0 = packed[2 * c], w1 = packed[2 * c + 1];
        std::uint64_t k0 = w0, k1 = w1;
        if constexpr (Fixed > 0) {
            for (std::size_t j = 0; j < Fixed; ++j) {
                if (j < low)
                    k0 += lookups.delta(j, w0);
                else
                    k1 += lookups.delta(j, w1);
            }
        } else {
            for (std::size_t j = 0; j < low; ++j) k0 += lookups.delta(j, w0);
            for (std::size_t j = low; j < lookups.count(); ++j) k1 += lookups.delta(j, w1);
        }
        std::uint32_t g;
        if constexpr (Gather)
            g = m_grouper.insert(pext(k0, mask0) | (pext(k1, mask1) << highShift));
        else
            g = m_wideGrouper.insert(k0, k1);
        if (g == outSizes.size()) {
            outSizes.push_back(0);
            m_outPacked.push_back(k0);
            m_outPacked.push_back(k1);
        }
        outSizes[g] += sizes[c];
        if constexpr (Classes) classOf[c] = g;
    }
}

template <bool Gather, bool Classes>
void RollupEngine::groupWideBits(const ClassTable& src, const std::uint64_t* outMask,
                                 unsigned lowBits, ClassTable& out) {
    withUnrolledLookups(m_deltaPtr.size(), [&](auto fixed) {
        groupWideBitsLoop<Gather, Classes, decltype(fixed)::value>(src, outMask, lowBits, out);
    });
}

}  // namespace ldv::detail
