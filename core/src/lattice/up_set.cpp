// The up-set of an antichain: membership and counting without a per-node array (upset.h).
#include "ldiv/lattice/up_set.h"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "lattice/dominance_index.h"

namespace ldv {
namespace {

using detail::LevelCode;

/// Counts nodes above some row of a set of level vectors (all of width d), attribute by
/// attribute. A call sees the rows still able to lie below the node being built (their
/// levels of the attributes already fixed are at most the node's) and counts the choices of
/// the remaining attributes.
class UpSetCounter {
public:
    explicit UpSetCounter(const std::vector<int>& heights)
        : m_heights(heights), m_d(heights.size()) {
        m_suffix.assign(m_d + 1, 1);
        for (std::size_t j = m_d; j-- > 0;)
            m_suffix[j] = m_suffix[j + 1] * (std::uint64_t(m_heights[j]) + 1);
        m_memo.resize(m_d + 1);
    }

    std::uint64_t count(std::size_t j, std::vector<const LevelCode*> rows) {
        if (rows.empty()) return 0;
        if (j == m_d) return 1;
        // Canonical order of the remaining levels; duplicates count once. A row whose
        // remaining levels are all 0 lies below every choice.
        auto less = [&](const LevelCode* a, const LevelCode* b) {
            return std::lexicographical_compare(a + j, a + m_d, b + j, b + m_d);
        };
        auto same = [&](const LevelCode* a, const LevelCode* b) {
            return std::equal(a + j, a + m_d, b + j);
        };
        std::sort(rows.begin(), rows.end(), less);
        rows.erase(std::unique(rows.begin(), rows.end(), same), rows.end());
        if (std::all_of(rows.front() + j, rows.front() + m_d, [](LevelCode v) { return v == 0; }))
            return m_suffix[j];
        // Rows dominated by another do not change the count; dropping them (small sets only:
        // the test is quadratic) makes more calls share a memo entry.
        if (rows.size() <= 256) {
            std::vector<const LevelCode*> kept;
            for (const LevelCode* r : rows) {
                bool dominated = false;
                for (const LevelCode* k : kept)
                    if (std::equal(k + j, k + m_d, r + j,
                                   [](LevelCode a, LevelCode b) { return a <= b; })) {
                        dominated = true;
                        break;
                    }
                if (dominated) continue;
                // A later row (lexicographically greater) may lie below an earlier one: drop those.
                std::erase_if(kept, [&](const LevelCode* k) {
                    return std::equal(r + j, r + m_d, k + j,
                                      [](LevelCode a, LevelCode b) { return a <= b; });
                });
                kept.push_back(r);
            }
            rows.swap(kept);
        }
        std::string key;
        key.reserve(rows.size() * (m_d - j) * sizeof(LevelCode));
        for (const LevelCode* r : rows)
            key.append(reinterpret_cast<const char*>(r + j), (m_d - j) * sizeof(LevelCode));
        if (auto it = m_memo[j].find(key); it != m_memo[j].end()) return it->second;

        // Level l of attribute j admits the rows whose level there is at most l: the set only
        // changes at the rows' own levels, so each distinct set is counted once and weighted
        // by the number of levels sharing it.
        std::vector<const LevelCode*> byLevel = rows;
        std::stable_sort(byLevel.begin(), byLevel.end(),
                         [&](const LevelCode* a, const LevelCode* b) { return a[j] < b[j]; });
        std::uint64_t total = 0;
        std::vector<const LevelCode*> active;
        std::size_t next = 0;
        const int h = m_heights[j];
        for (int l = 0; l <= h;) {
            while (next < byLevel.size() && byLevel[next][j] <= l)
                active.push_back(byLevel[next++]);
            // Levels l .. end-1 see the same rows.
            const int end = next < byLevel.size() ? int(byLevel[next][j]) : h + 1;
            if (!active.empty()) total += std::uint64_t(end - l) * count(j + 1, active);
            l = end;
        }
        m_memo[j].emplace(std::move(key), total);
        return total;
    }

private:
    const std::vector<int>& m_heights;
    std::size_t m_d;
    std::vector<std::uint64_t> m_suffix;
    std::vector<std::unordered_map<std::string, std::uint64_t>> m_memo;
};

}  // namespace

std::uint64_t countUpSet(const std::vector<int>& heights,
                         const std::vector<std::vector<int>>& antichain) {
    std::vector<LevelCode> flat;
    for (const auto& levels : antichain)
        for (int v : levels) flat.push_back(LevelCode(v));
    std::vector<const LevelCode*> rows;
    for (std::size_t r = 0; r < antichain.size(); ++r)
        rows.push_back(flat.data() + r * heights.size());
    return UpSetCounter(heights).count(0, std::move(rows));
}

UpSet::UpSet() = default;

UpSet::UpSet(std::vector<int> heights, std::vector<NodeId> minimal)
    : m_heights(std::move(heights)), m_minimal(std::move(minimal)) {
    std::sort(m_minimal.begin(), m_minimal.end());
    auto index = std::make_shared<detail::DominanceIndex>(m_heights);
    std::vector<std::vector<int>> levels;
    std::vector<LevelCode> x(m_heights.size());
    for (NodeId id : m_minimal) {
        detail::decodeLevels(id, m_heights, x);
        index->insert(x);
        levels.emplace_back(x.begin(), x.end());
    }
    m_index = std::move(index);
    m_count = countUpSet(m_heights, levels);
}

bool UpSet::contains(NodeId id) const {
    if (!m_index) return false;
    std::vector<LevelCode> x(m_heights.size());
    detail::decodeLevels(id, m_heights, x);
    return m_index->anyBelow(x);
}

bool UpSet::contains(std::span<const int> levels) const {
    if (!m_index) return false;
    std::vector<LevelCode> x(levels.begin(), levels.end());
    return m_index->anyBelow(x);
}

}  // namespace ldv
