// Rollup sources for checked nodes (source_cache.h).
#include "search/source_cache.h"

#include <algorithm>
#include <functional>

namespace ldv::detail {
namespace {

/// Every level of `b` is at least that of `a` (a's levels are those of a kept table).
bool covers(const std::vector<int>& b, const std::vector<int>& a) {
    for (std::size_t i = 0; i < b.size(); ++i)
        if (b[i] < a[i]) return false;
    return true;
}

}  // namespace

TablePtr SourceCache::bestCached(NodeId id) const {
    // No finer node is coarser than a direct specialization, so a cached one is taken
    // without scanning the cache (Adult, k=5 + 2 %: 30 % fewer classes read than
    // scanning a 512-entry cache, and the scan itself no longer dominates).
    const TablePtr* src = &m_base;
    for (std::size_t i = 0; i < m_ctx.d; ++i) {
        if (m_ctx.level(id, i) == 0) continue;
        if (auto it = m_cache.find(id - m_ctx.strides[i]);
            it != m_cache.end() && it->second->count() < (*src)->count())
            src = &it->second;
    }
    if (src != &m_base) return *src;
    // Kept tables carry their levels: compared with the node's, no per-node array is read.
    const std::vector<int> levels = m_ctx.levels(id);
    for (const auto& [node, table] : m_cache)
        if (table->count() < (*src)->count() && covers(levels, table->levels)) src = &table;
    for (const auto& [hub, table] : m_hubs)
        if (table->count() < (*src)->count() && covers(levels, table->levels)) src = &table;
    return *src;
}

// When no computed finer node exists, grouping from the base groups is the most expensive
// check there is, and it happens most near the bottom where fresh paths start. Instead the
// node rolls up from its "hub" min(levels, 1) (every attribute generalized at most once):
// hubs are few (at most 2^d), already cut the classes of the large attributes, and are
// shared by every node above them. A hub itself rolls up from the best finer hub, computed
// recursively by dropping the attribute whose first generalization merges least, so only
// the first hubs read the base groups.
TablePtr SourceCache::source(RollupEngine& engine, NodeId id) {
    {
        const std::shared_lock lock(m_mutex);  // checks look up sources side by side
        TablePtr src = bestCached(id);
        if (src != m_base) return src;
    }
    NodeId hub = 0;
    for (std::size_t i = 0; i < m_ctx.d; ++i)
        if (m_ctx.level(id, i) > 0) hub += m_ctx.strides[i];
    // Once a hub did not fit the budget, new hubs would be evicted and rebuilt (a chain of
    // rollups of the base groups per fresh path): roll up from the base groups instead.
    if (hub == id || hub == 0 || m_hubsFull.load()) return m_base;
    const std::lock_guard hubs(m_hubMutex);
    return hubTable(engine, hub);
}

/// Call with m_hubMutex held (not m_mutex).
TablePtr SourceCache::hubTable(RollupEngine& engine, NodeId hub) {
    TablePtr src;
    {
        const std::shared_lock lock(m_mutex);
        if (auto it = m_hubs.find(hub); it != m_hubs.end()) return it->second;
        src = bestCached(hub);
    }
    if (src == m_base) {
        std::size_t drop = m_ctx.d, generalized = 0;
        double least = 0;
        for (std::size_t i = 0; i < m_ctx.d; ++i) {
            if (m_ctx.level(hub, i) == 0) continue;
            ++generalized;
            const HierarchyMap& h = m_ctx.data.hierarchy(i);
            const double ratio =
                double(h.levelSize(0)) / double(std::max<std::size_t>(1, h.levelSize(1)));
            if (drop == m_ctx.d || ratio < least) {
                drop = i;
                least = ratio;
            }
        }
        if (generalized > 1) src = hubTable(engine, hub - m_ctx.strides[drop]);
    }
    auto table = std::make_shared<ClassTable>();
    engine.rollup(*src, m_ctx.levels(hub), *table);
    const TablePtr out = table;
    const std::lock_guard lock(m_mutex);
    if (m_hubBytes + table->bytes() <= m_budget / 2) {
        m_hubBytes += table->bytes();
        m_hubs.emplace(hub, std::move(table));
    } else {
        m_hubsFull.store(true);
        rememberLocked(hub, std::move(table));  // `out` keeps it alive for the caller
    }
    return out;
}

void SourceCache::remember(NodeId id, TablePtr table) {
    const std::lock_guard lock(m_mutex);
    rememberLocked(id, std::move(table));
}

// Keeps computed classes as rollup sources within a memory budget, dropping the largest
// older tables first (they save the least when rolled up from). A worker still reading a
// dropped table keeps it alive through its own pointer.
void SourceCache::rememberLocked(NodeId id, TablePtr table) {
    m_bytes += table->bytes();
    // A hub kept here (hubs over budget) may be checked later: the newer table replaces it.
    if (auto [it, fresh] = m_cache.try_emplace(id, table); !fresh) {
        m_bytes -= it->second->bytes();
        it->second = std::move(table);
    }
    if (m_cache.size() <= 1 || (m_bytes <= m_budget && m_cache.size() <= m_maxEntries)) return;
    // Over a limit: drop the largest tables down to 3/4 of both limits in one pass, so the
    // cache is sorted once per many insertions rather than scanned on each.
    std::vector<std::pair<std::size_t, NodeId>> bySize;
    for (const auto& [node, t] : m_cache)
        if (node != id) bySize.emplace_back(t->count(), node);
    std::sort(bySize.begin(), bySize.end(), std::greater<>());
    for (const auto& [count, node] : bySize) {
        if (m_bytes <= m_budget / 4 * 3 && m_cache.size() <= m_maxEntries / 4 * 3) break;
        const auto it = m_cache.find(node);
        m_bytes -= it->second->bytes();
        m_cache.erase(it);
    }
}

void SourceCache::handOver() {
    const std::lock_guard lock(m_mutex);
    for (auto& [id, table] : m_cache) m_ctx.tables.emplace_back(id, std::move(table));
    for (auto& [hub, table] : m_hubs) m_ctx.tables.emplace_back(hub, std::move(table));
    m_cache.clear();
    m_hubs.clear();
}

}  // namespace ldv::detail
