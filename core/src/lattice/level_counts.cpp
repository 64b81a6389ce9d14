#include "ldiv/lattice/level_counts.h"

#include <algorithm>
#include <numeric>

namespace ldv {

LevelCounts::LevelCounts(const std::vector<int>& heights) : LevelCounts(heights, {}) {}

LevelCounts::LevelCounts(const std::vector<int>& heights,
                         const std::vector<std::pair<int, int>>& ranges) {
    const std::size_t d = heights.size();
    m_low.assign(d, 0);
    m_high = heights;
    for (std::size_t i = 0; i < d && i < ranges.size(); ++i) {
        m_low[i] = std::clamp(ranges[i].first, 0, heights[i]);
        m_high[i] = std::clamp(ranges[i].second, 0, heights[i]);
    }
    m_maxHeight = std::accumulate(heights.begin(), heights.end(), 0);
    const std::size_t width = std::size_t(m_maxHeight) + 1;
    m_suffix.assign((d + 1) * width, 0);
    m_suffix[d * width] = 1;
    for (std::size_t i = d; i-- > 0;)
        for (int s = 0; s <= m_maxHeight; ++s) {
            std::uint64_t n = 0;
            for (int v = m_low[i]; v <= m_high[i] && v <= s; ++v) n += count(i + 1, s - v);
            m_suffix[i * width + std::size_t(s)] = n;
        }
}

std::uint64_t LevelCounts::total() const {
    std::uint64_t n = 0;
    for (int h = 0; h <= m_maxHeight; ++h) n += rowSize(h);
    return n;
}

std::uint64_t LevelCounts::rank(std::span<const int> levels) const {
    int rest = Lattice::height(levels);
    std::uint64_t r = 0;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        for (int v = m_low[i]; v < levels[i]; ++v) r += count(i + 1, rest - v);
        rest -= levels[i];
    }
    return r;
}

Levels LevelCounts::unrank(int h, std::uint64_t rank) const {
    Levels levels(m_low.size(), 0);
    int rest = h;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        int v = m_low[i];
        for (; v < m_high[i]; ++v) {
            const std::uint64_t n = count(i + 1, rest - v);
            if (rank < n) break;
            rank -= n;
        }
        levels[i] = v;
        rest -= v;
    }
    return levels;
}

bool LevelCounts::rankSpan(int h, const LevelCounts& full, std::uint64_t* first,
                           std::uint64_t* last) const {
    const std::uint64_t n = rowSize(h);
    if (n == 0) return false;
    *first = full.rank(unrank(h, 0));
    *last = full.rank(unrank(h, n - 1));
    return true;
}

}  // namespace ldv
