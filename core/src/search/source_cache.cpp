// Rollup sources for checked nodes (source_cache.h).
#include "search/source_cache.h"

#include <algorithm>
#include <functional>

namespace ldv::detail {

TablePtr SourceCache::bestCached(NodeId id) const {
    // No finer node is coarser than a direct specialization, so a cached one is taken
    // without a query (Adult, k=5 + 2 %: 30 % fewer classes read than scanning a
    // 512-entry cache).
    const TablePtr* src = &m_base;
    for (std::size_t i = 0; i < m_ctx.d; ++i) {
        if (m_ctx.level(id, i) == 0) continue;
        if (auto it = m_cache.find(id - m_ctx.strides[i]);
            it != m_cache.end() && m_entries[it->second].table->count() < (*src)->count())
            src = &m_entries[it->second].table;
    }
    if (src != &m_base) return *src;
    // Else the kept table with the fewest classes among those at or below the node.
    thread_local std::vector<std::size_t> below;
    thread_local std::vector<LevelCode> levels;
    levels.resize(m_ctx.d);
    for (std::size_t i = 0; i < m_ctx.d; ++i) levels[i] = LevelCode(m_ctx.level(id, i));
    below.clear();
    m_index.collectBelow(levels, below);
    for (const std::size_t slot : below)
        if (m_entries[slot].table->count() < (*src)->count()) src = &m_entries[slot].table;
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
        if (auto it = m_hubs.find(hub); it != m_hubs.end()) return m_entries[it->second].table;
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
        keep(hub, std::move(table), true);
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

void SourceCache::keep(NodeId id, TablePtr table, bool hub) {
    std::vector<LevelCode> levels(m_ctx.d);
    for (std::size_t i = 0; i < m_ctx.d; ++i) levels[i] = LevelCode(m_ctx.level(id, i));
    const std::size_t slot = m_index.insert(levels);
    if (m_entries.size() <= slot) m_entries.resize(slot + 1);
    m_entries[slot] = {id, std::move(table), hub};
    (hub ? m_hubs : m_cache)[id] = slot;
}

void SourceCache::drop(std::size_t slot) {
    m_index.erase(slot);
    m_entries[slot] = Entry{};
}

// Keeps computed classes as rollup sources within a memory budget, dropping the largest
// older tables first (they save the least when rolled up from). A worker still reading a
// dropped table keeps it alive through its own pointer.
void SourceCache::rememberLocked(NodeId id, TablePtr table) {
    m_bytes += table->bytes();
    // A hub kept here (hubs over budget) may be checked later: the newer table replaces it.
    if (auto it = m_cache.find(id); it != m_cache.end()) {
        m_bytes -= m_entries[it->second].table->bytes();
        m_entries[it->second].table = std::move(table);
    } else {
        keep(id, std::move(table), false);
    }
    if (m_cache.size() <= 1 || (m_bytes <= m_budget && m_cache.size() <= m_maxEntries)) return;
    // Over a limit: drop the largest tables down to 3/4 of both limits in one pass, so the
    // cache is sorted once per many insertions rather than scanned on each.
    std::vector<std::pair<std::size_t, NodeId>> bySize;
    for (const auto& [node, slot] : m_cache)
        if (node != id) bySize.emplace_back(m_entries[slot].table->count(), node);
    std::sort(bySize.begin(), bySize.end(), std::greater<>());
    for (const auto& [count, node] : bySize) {
        if (m_bytes <= m_budget / 4 * 3 && m_cache.size() <= m_maxEntries / 4 * 3) break;
        const auto it = m_cache.find(node);
        m_bytes -= m_entries[it->second].table->bytes();
        drop(it->second);
        m_cache.erase(it);
    }
}

void SourceCache::handOver() {
    const std::lock_guard lock(m_mutex);
    for (Entry& e : m_entries)
        if (e.table) m_ctx.tables.emplace_back(e.id, std::move(e.table));
    m_entries.clear();
    m_cache.clear();
    m_hubs.clear();
    m_index = DominanceIndex(m_ctx.heights);
}

}  // namespace ldv::detail
