// Bit-sliced dominance queries over a set of lattice nodes (dominance_index.h).
#include "lattice/dominance_index.h"

#include <algorithm>
#include <bit>
#include <utility>

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
    m_counts.resize(rows, 0);
    std::vector<std::uint64_t> next(rows * words, 0);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t w = 0; w < m_words; ++w) next[r * words + w] = m_rows[r * m_words + w];
    m_rows.swap(next);
    m_words = words;
    m_summaryWords = (words + 63) / 64;
    m_summary.assign(rows * m_summaryWords, 0);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t w = 0; w < m_words; ++w)
            if (row(r)[w]) m_summary[r * m_summaryWords + w / 64] |= std::uint64_t(1) << (w % 64);
}

template <class Visit>
void DominanceIndex::forEachRowOf(std::span<const LevelCode> x, Visit visit) const {
    visit(std::size_t(0));
    for (std::size_t i = 0; i < m_heights.size(); ++i) {
        for (int v = x[i]; v <= m_heights[i]; ++v) visit(rowOf(i, v, false));
        for (int v = 0; v <= x[i]; ++v) visit(rowOf(i, v, true));
    }
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
    std::copy(x.begin(), x.end(), m_levels.begin() + std::ptrdiff_t(slot * m_heights.size()));
    const std::size_t w = slot / 64;
    const std::uint64_t bit = std::uint64_t(1) << (slot % 64);
    const std::uint64_t summaryBit = std::uint64_t(1) << (w % 64);
    forEachRowOf(x, [&](std::size_t r) {
        row(r)[w] |= bit;
        m_summary[r * m_summaryWords + w / 64] |= summaryBit;
        ++m_counts[r];
    });
    ++m_live;
    return slot;
}

void DominanceIndex::erase(std::size_t slot) {
    const std::size_t w = slot / 64;
    const std::uint64_t keep = ~(std::uint64_t(1) << (slot % 64));
    const std::uint64_t summaryKeep = ~(std::uint64_t(1) << (w % 64));
    forEachRowOf(levels(slot), [&](std::size_t r) {
        std::uint64_t& word = row(r)[w];
        word &= keep;
        if (!word) m_summary[r * m_summaryWords + w / 64] &= summaryKeep;
        --m_counts[r];
    });
    m_free.push_back(slot);
    --m_live;
}

std::size_t DominanceIndex::scan(std::span<const LevelCode> x, bool above,
                                 std::vector<std::size_t>* out, std::size_t exact) const {
    if (m_live == 0) return kNone;
    const std::size_t d = m_heights.size();
    // An erased slot leaves no bit in any row, so the level rows alone answer (row 0, the
    // live slots, only pads a query of fewer than four rows). The rows are ANDed sparsest first: a
    // word is settled by the first rows that leave no bit in it, and the sparsest rows are the
    // likeliest to (the antichains of 24 QIs hold thousands of nodes, and most queries find
    // nothing). At most 64 attributes are indexed through a fixed array; more use a vector.
    std::pair<std::uint32_t, const std::uint64_t*> fixed[68];
    std::vector<std::pair<std::uint32_t, const std::uint64_t*>> many;
    auto* rows = fixed;
    if (d + 4 > std::size(fixed)) {
        many.resize(d + 4);
        rows = many.data();
    }
    // A row that holds every live node (x at the top of i, for "below") filters nothing and
    // is left out: near the top of a 24-QI lattice most attributes are there.
    std::size_t n = 0;
    auto add = [&](std::size_t r) {
        if (m_counts[r] == 0) return false;
        if (m_counts[r] < m_live) rows[n++] = {m_counts[r], row(r)};
        return true;
    };
    for (std::size_t i = 0; i < d; ++i)
        if (!add(rowOf(i, x[i], above))) return kNone;
    // and the other side of the same level: level of `exact` == x's
    if (exact < d && !add(rowOf(exact, x[exact], !above))) return kNone;
    // Fewer than four rows are padded with row 0, the live slots, which ANDs as "every node".
    while (n < 4) rows[n++] = {std::uint32_t(m_live), row(0)};
    // The sparsest row first, then the two next sparsest: a full sort costs as much as the
    // scan of a small antichain.
    for (std::size_t k = 0; k < 3; ++k)
        std::swap(rows[k], *std::min_element(rows + k, rows + n, [](const auto& a, const auto& b) {
                      return a.first < b.first;
                  }));
    // Only the words where the sparsest row has a bit: its summary lists them.
    const std::size_t first = std::size_t(rows[0].second - m_rows.data()) / m_words;
    const std::uint64_t* summary = m_summary.data() + first * m_summaryWords;
    const std::uint64_t *r0 = rows[0].second, *r1 = rows[1].second, *r2 = rows[2].second,
                        *r3 = rows[3].second;
    std::size_t found = kNone;
    for (std::size_t sw = 0; sw < m_summaryWords; ++sw) {
        for (std::uint64_t words = summary[sw]; words; words &= words - 1) {
            const std::size_t w = sw * 64 + std::size_t(std::countr_zero(words));
            // The four sparsest rows without a branch between them: they settle most words,
            // and a branch per row mispredicted on every word they did not.
            std::uint64_t acc = r0[w] & r1[w] & r2[w] & r3[w];
            for (std::size_t i = 4; i < n && acc; ++i) acc &= rows[i].second[w];
            if (!acc) continue;
            if (found == kNone) found = w * 64 + std::size_t(std::countr_zero(acc));
            if (!out) return found;
            for (; acc; acc &= acc - 1) out->push_back(w * 64 + std::size_t(std::countr_zero(acc)));
        }
    }
    return found;
}

bool DominanceIndex::holdsBelow(std::size_t slot, std::span<const LevelCode> x) const {
    if (slot >= m_slots || !(row(0)[slot / 64] >> (slot % 64) & 1)) return false;
    return levelsBelow(levels(slot), x);
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
