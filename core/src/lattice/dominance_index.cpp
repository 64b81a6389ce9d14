// Bit-sliced dominance queries over a set of lattice nodes (dominance_index.h).
#include "lattice/dominance_index.h"

#include <bit>

namespace ldv::detail {

DominanceIndex::DominanceIndex(std::vector<int> heights) : m_heights(std::move(heights)) {
    for (int h : m_heights) {
        m_first.push_back(m_levelRows);
        m_levelRows += std::size_t(h) + 1;
    }
}

void DominanceIndex::grow() {
    const std::size_t words = m_words ? 2 * m_words : 1;
    const std::size_t rows = 1 + 2 * m_levelRows;
    std::vector<std::uint64_t> next(rows * words, 0);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t w = 0; w < m_words; ++w) next[r * words + w] = m_rows[r * m_words + w];
    m_rows.swap(next);
    m_words = words;
}

std::size_t DominanceIndex::insert(std::span<const LevelCode> x) {
    std::size_t slot;
    if (!m_free.empty()) {
        slot = m_free.back();
        m_free.pop_back();
    } else {
        slot = m_slots++;
        if (slot >= m_words * 64) grow();
        m_levels.resize(m_slots * m_heights.size());
    }
    const std::size_t w = slot / 64;
    const std::uint64_t bit = std::uint64_t(1) << (slot % 64);
    row(0)[w] |= bit;
    for (std::size_t i = 0; i < m_heights.size(); ++i) {
        m_levels[slot * m_heights.size() + i] = x[i];
        for (int v = 0; v <= m_heights[i]; ++v) {
            if (x[i] <= v) row(rowOf(i, v, false))[w] |= bit;
            if (x[i] >= v) row(rowOf(i, v, true))[w] |= bit;
        }
    }
    ++m_live;
    return slot;
}

void DominanceIndex::erase(std::size_t slot) {
    const std::size_t w = slot / 64;
    const std::uint64_t keep = ~(std::uint64_t(1) << (slot % 64));
    const std::size_t rows = 1 + 2 * m_levelRows;
    for (std::size_t r = 0; r < rows; ++r) row(r)[w] &= keep;
    m_free.push_back(slot);
    --m_live;
}

bool DominanceIndex::scan(std::span<const LevelCode> x, bool above,
                          std::vector<std::size_t>* out) const {
    if (m_live == 0) return false;
    const std::size_t d = m_heights.size();
    // At most 64 attributes are indexed through a fixed array; more use a vector.
    const std::uint64_t* fixed[65];
    std::vector<const std::uint64_t*> many;
    const std::uint64_t** rows = fixed;
    if (d + 1 > std::size(fixed)) {
        many.resize(d + 1);
        rows = many.data();
    }
    rows[0] = row(0);
    for (std::size_t i = 0; i < d; ++i) rows[i + 1] = row(rowOf(i, x[i], above));
    bool found = false;
    const std::size_t used = (m_slots + 63) / 64;
    for (std::size_t w = 0; w < used; ++w) {
        std::uint64_t acc = rows[0][w];
        for (std::size_t i = 1; i <= d && acc; ++i) acc &= rows[i][w];
        if (!acc) continue;
        if (!out) return true;
        found = true;
        for (; acc; acc &= acc - 1) out->push_back(w * 64 + std::size_t(std::countr_zero(acc)));
    }
    return found;
}

std::vector<std::size_t> DominanceIndex::liveSlots() const {
    std::vector<std::size_t> out;
    const std::size_t used = (m_slots + 63) / 64;
    for (std::size_t w = 0; w < used; ++w)
        for (std::uint64_t acc = row(0)[w]; acc; acc &= acc - 1)
            out.push_back(w * 64 + std::size_t(std::countr_zero(acc)));
    return out;
}

void decodeLevels(NodeId id, const std::vector<int>& heights, std::span<LevelCode> out) {
    for (std::size_t i = heights.size(); i-- > 0;) {
        const NodeId radix = NodeId(heights[i]) + 1;
        out[i] = LevelCode(id % radix);
        id /= radix;
    }
}

NodeId encodeLevels(std::span<const LevelCode> levels, const std::vector<int>& heights) {
    NodeId id = 0;
    for (std::size_t i = 0; i < heights.size(); ++i) id = id * (NodeId(heights[i]) + 1) + levels[i];
    return id;
}

}  // namespace ldv::detail
