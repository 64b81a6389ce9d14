// The lower bound on suppressed rows from checked nodes above (suppressed_rows.h).
#include "search/suppressed_rows.h"

#include "search/thread_counters.h"

#include <algorithm>
#include <mutex>

namespace ldv::detail {
namespace {

/// Remembered base groups at most (64 MB); nodes checked later are not remembered.
constexpr std::size_t kMaxEntries = std::size_t(1) << 24;
/// Nodes above a query whose rows are merged, and nodes above looked at to choose them: a
/// query must cost far less than the rollup it may spare.
constexpr std::size_t kMaxSources = 32;
constexpr std::size_t kMaxLooked = 256;

/// Per thread, a stamp per base group: marked in this query when it equals `epoch`.
struct Stamps {
    std::vector<std::uint32_t> at;
    std::uint32_t epoch = 0;
};

}  // namespace

SuppressedRows::SuppressedRows(const std::vector<int>& heights, std::uint64_t k,
                               std::uint64_t limitRows)
    : m_enabled(k > 1 && limitRows > 0), m_k(k), m_limitRows(limitRows), m_index(heights) {}

void SuppressedRows::trackBase(ClassTable& base) {
    m_weight = base.sizes;
    base.smallClass.clear();
    base.smallGroup.clear();
    if (!m_enabled) return;
    for (std::uint32_t g = 0; g < base.count(); ++g)
        if (base.sizes[g] < m_k) {
            base.smallClass.push_back(g);
            base.smallGroup.push_back(g);
        }
}

void SuppressedRows::track(const ClassTable& src, std::span<const std::uint32_t> classOf,
                           ClassTable& out) const {
    if (!m_enabled) {
        out.smallClass.clear();
        out.smallGroup.clear();
        return;
    }
    // At most the source's pairs survive: write them in place, then trim.
    const std::size_t n = src.smallClass.size();
    out.smallClass.resize(n);
    out.smallGroup.resize(n);
    const std::uint32_t* sizes = out.sizes.data();
    const std::uint32_t* of = classOf.data();
    const std::uint32_t* fromClass = src.smallClass.data();
    const std::uint32_t* fromGroup = src.smallGroup.data();
    std::uint32_t* toClass = out.smallClass.data();
    std::uint32_t* toGroup = out.smallGroup.data();
    const auto k = std::uint32_t(std::min<std::uint64_t>(m_k, ~std::uint32_t(0)));
    std::size_t kept = 0;
    for (std::size_t j = 0; j < n; ++j) {
        const std::uint32_t c = of[fromClass[j]];
        toClass[kept] = c;
        toGroup[kept] = fromGroup[j];
        kept += sizes[c] < k ? 1 : 0;  // branch-free: most pairs of a fine source survive
    }
    out.smallClass.resize(kept);
    out.smallGroup.resize(kept);
    out.smallClass.shrink_to_fit();
    out.smallGroup.shrink_to_fit();
}

void SuppressedRows::rememberChecked(std::span<const LevelCode> levels, const ClassTable& t) {
    if (!m_enabled || t.smallGroup.empty()) return;
    std::uint64_t rows = 0;
    for (const std::uint32_t g : t.smallGroup) rows += m_weight[g];
    if (rows == 0) return;
    const CountedLock lock(m_mutex);
    if (m_entries + t.smallGroup.size() > kMaxEntries) return;
    m_entries += t.smallGroup.size();
    const std::size_t slot = m_index.insert(levels);
    if (m_groups.size() <= slot) {
        m_groups.resize(slot + 1);
        m_rows.resize(slot + 1);
    }
    m_groups[slot] = t.smallGroup;
    m_rows[slot] = rows;
}

bool SuppressedRows::provesFailure(std::span<const LevelCode> x, std::size_t budget) const {
    if (!m_enabled) return false;
    thread_local std::vector<std::size_t> above, chosen;
    thread_local std::vector<std::pair<int, std::size_t>> byHeight;
    thread_local Stamps stamps;
    const CountedSharedLock lock(m_mutex);
    if (m_index.size() == 0) return false;
    above.clear();
    m_index.collectAbove(x, above);
    if (above.empty()) return false;
    // Lowest first: a node above another one suppresses a subset of its rows (generalizing
    // only merges classes), so it adds nothing and is skipped.
    byHeight.clear();
    for (const std::size_t slot : above) {
        int h = 0;
        for (const LevelCode l : m_index.levels(slot)) h += l;
        byHeight.emplace_back(h, slot);
    }
    const std::size_t looked = std::min(byHeight.size(), kMaxLooked);
    std::partial_sort(byHeight.begin(), byHeight.begin() + std::ptrdiff_t(looked), byHeight.end());
    chosen.clear();
    std::uint64_t sum = 0;
    for (std::size_t n = 0; n < looked && chosen.size() < kMaxSources; ++n) {
        const auto lv = m_index.levels(byHeight[n].second);
        const bool covered = std::any_of(chosen.begin(), chosen.end(), [&](std::size_t c) {
            const auto below = m_index.levels(c);
            return std::equal(below.begin(), below.end(), lv.begin(),
                              [](LevelCode a, LevelCode b) { return a <= b; });
        });
        if (covered) continue;
        chosen.push_back(byHeight[n].second);
        sum += m_rows[byHeight[n].second];
    }
    if (sum <= m_limitRows) return false;  // even counted apart they fit the limit
    if (stamps.at.size() != m_weight.size()) {
        stamps.at.assign(m_weight.size(), 0);
        stamps.epoch = 0;
    }
    if (++stamps.epoch == 0) {  // wrapped: stale stamps could equal the new epoch
        std::fill(stamps.at.begin(), stamps.at.end(), 0);
        stamps.epoch = 1;
    }
    std::uint64_t rows = 0, read = 0;
    bool proven = false;
    for (const std::size_t slot : chosen) {
        for (const std::uint32_t g : m_groups[slot]) {
            if (stamps.at[g] == stamps.epoch) continue;
            stamps.at[g] = stamps.epoch;
            rows += m_weight[g];
        }
        read += m_groups[slot].size();
        if (rows > m_limitRows) {
            proven = true;
            break;
        }
        if (read > budget) break;
    }
    m_entriesRead.fetch_add(read, std::memory_order_relaxed);
    if (proven) m_decided.fetch_add(1, std::memory_order_relaxed);
    return proven;
}

}  // namespace ldv::detail
