// Rollup sources for checked nodes (source_cache.h).
#include "search/source_cache.h"

#include "search/thread_counters.h"

#include <algorithm>
#include <functional>

namespace ldv::detail {

std::size_t SourceCache::bestCached(NodeId id) const {
    // No finer node is coarser than a direct specialization, so a cached one is taken
    // without a query (Adult, k=5 + 2 %: 30 % fewer classes read than scanning a
    // 512-entry cache).
    std::size_t best = kNone;
    std::size_t fewest = m_base->count();
    for (std::size_t i = 0; i < m_ctx.d; ++i) {
        if (m_ctx.level(id, i) == 0) continue;
        if (auto it = m_cache.find(id - m_ctx.strides[i]);
            it != m_cache.end() && m_entries[it->second].table->count() < fewest) {
            best = it->second;
            fewest = m_entries[best].table->count();
        }
    }
    if (best != kNone) return best;
    // Else the kept table with the fewest classes among those at or below the node.
    thread_local std::vector<std::size_t> below;
    thread_local std::vector<LevelCode> levels;
    levels.resize(m_ctx.d);
    for (std::size_t i = 0; i < m_ctx.d; ++i) levels[i] = LevelCode(m_ctx.level(id, i));
    below.clear();
    m_index.collectBelow(levels, below);
    for (const std::size_t slot : below)
        if (m_entries[slot].table->count() < fewest) {
            best = slot;
            fewest = m_entries[slot].table->count();
        }
    return best;
}

void SourceCache::touch(std::size_t slot) const {
    // Entries are only added or dropped under the exclusive lock; readers stamp them.
    std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(m_entries[slot].lastUse))
        .store(++m_clock, std::memory_order_relaxed);
}

// When no computed finer node exists, grouping from the base groups is the most expensive
// check there is, and it happens most near the bottom where fresh paths start. Instead the
// node rolls up from its "hub": every attribute generalized at most to its hub level, except
// that an attribute at its top level stays there. Hubs already cut the classes of the large
// attributes and are shared by every node above them; keeping the top attributes makes a hub
// the projection onto the node's other attributes (as Incognito's frequency sets, LeFevre et
// al. 2005), which near the top of a wide lattice has a few thousand classes where
// min(levels, 1) kept almost every base group (mach2019, 16 QIs: 60,000 of 73,073). The hub
// level is 1, except for an attribute with more than kHubValues values there: a zip code's
// 9,010 four-digit prefixes (of 18,916 codes in 63,000 rows) kept every hub at 60,000 classes,
// where the 100 two-digit ones keep 20,000. A hub rolls up from the best kept finer table,
// else from its parent hub (parentHub) when that may have at most half the base groups'
// classes (mayBeSmall), so only the first hubs read the base groups; a chain of parents as
// large as the base groups (the zip case: seven rollups of 60,000 classes for one hub) costs a
// full read per link and makes the other workers wait for the hub.
std::vector<int> SourceCache::hubLevels(const SearchContext& ctx) {
    std::vector<int> out(ctx.d);
    for (std::size_t i = 0; i < ctx.d; ++i) {
        const HierarchyMap& h = ctx.data.hierarchy(i);
        int l = std::min(1, ctx.heights[i]);
        while (l < ctx.heights[i] && h.levelSize(l) > kHubValues) ++l;
        out[i] = l;
    }
    return out;
}

NodeId SourceCache::hubOf(NodeId id) const {
    NodeId hub = 0;
    for (std::size_t i = 0; i < m_ctx.d; ++i) {
        const int l = m_ctx.level(id, i);
        hub += m_ctx.strides[i] * NodeId(l == m_ctx.heights[i] ? l : std::min(l, m_hubLevel[i]));
    }
    return hub;
}

// One step down from a hub: a top attribute goes back to its hub level (0 when that is the
// top) — the one whose level then has the fewest values, so the parent has the fewest
// classes — else the attribute between 0 and the top whose generalization from level 0 merges
// least goes back to 0. The bottom node has no parent (returns itself).
NodeId SourceCache::parentHub(NodeId hub) const {
    std::size_t best = m_ctx.d;
    std::size_t fewest = 0;
    const auto below = [&](std::size_t i) {
        return m_hubLevel[i] < m_ctx.heights[i] ? m_hubLevel[i] : 0;
    };
    for (std::size_t i = 0; i < m_ctx.d; ++i) {
        const int l = m_ctx.level(hub, i);
        if (l == 0 || l != m_ctx.heights[i]) continue;
        const std::size_t values = m_ctx.data.hierarchy(i).levelSize(below(i));
        if (best == m_ctx.d || values < fewest) {
            best = i;
            fewest = values;
        }
    }
    if (best < m_ctx.d)
        return hub - m_ctx.strides[best] * NodeId(m_ctx.heights[best] - below(best));
    double least = 0;
    for (std::size_t i = 0; i < m_ctx.d; ++i) {
        const int l = m_ctx.level(hub, i);
        if (l == 0) continue;
        const HierarchyMap& h = m_ctx.data.hierarchy(i);
        const double ratio =
            double(h.levelSize(0)) / double(std::max<std::size_t>(1, h.levelSize(l)));
        if (best == m_ctx.d || ratio < least) {
            best = i;
            least = ratio;
        }
    }
    return best < m_ctx.d ? hub - m_ctx.strides[best] * NodeId(m_ctx.level(hub, best)) : hub;
}

bool SourceCache::mayBeSmall(NodeId id) const {
    // At most the product of the attributes' value counts at the node's levels.
    const std::uint64_t half = m_base->count() / 2;
    std::uint64_t product = 1;
    for (std::size_t i = 0; i < m_ctx.d; ++i) {
        product *=
            std::max<std::uint64_t>(1, m_ctx.data.hierarchy(i).levelSize(m_ctx.level(id, i)));
        if (product > half) return false;
    }
    return true;
}

std::size_t SourceCache::sourceSize(NodeId id) const {
    const CountedSharedLock lock(m_mutex);
    const std::size_t slot = bestCached(id);
    return slot == kNone ? m_base->count() : m_entries[slot].table->count();
}

TablePtr SourceCache::source(RollupEngine& engine, NodeId id) {
    {
        const CountedSharedLock lock(m_mutex);  // checks look up sources side by side
        if (const std::size_t slot = bestCached(id); slot != kNone) {
            touch(slot);
            return m_entries[slot].table;
        }
    }
    NodeId hub = hubOf(id);
    if (hub == id) hub = parentHub(id);  // the node is hub-shaped: its parent serves
    // Once a hub did not fit the budget, new hubs would be evicted and rebuilt (a chain of
    // rollups of the base groups per fresh path): roll up from the base groups instead.
    if (hub == id || hub == 0 || m_hubsFull.load()) return m_base;
    return hubTable(engine, hub);
}

// A hub is built by the first worker that needs it; a worker needing the same hub meanwhile
// waits for that table, and workers needing other hubs build theirs side by side. (One lock
// for all hub building made the second thread wait on fresh paths: 10 M Adult rows, 2
// threads slower than 1.) Parent hubs are strictly lower, so waits cannot form a cycle.
TablePtr SourceCache::hubTable(RollupEngine& engine, NodeId hub) {
    TablePtr src = m_base;
    std::promise<TablePtr> promise;
    {
        lockCounted(m_mutex);
        std::unique_lock lock(m_mutex, std::adopt_lock);
        if (auto it = m_hubs.find(hub); it != m_hubs.end()) {
            touch(it->second);
            return m_entries[it->second].table;
        }
        if (auto it = m_building.find(hub); it != m_building.end()) {
            const std::shared_future<TablePtr> pending = it->second;
            lock.unlock();
            const LockWaitTimer wait;  // another worker is building it
            return pending.get();      // rethrows the builder's exception
        }
        if (const std::size_t slot = bestCached(hub); slot != kNone) {
            touch(slot);
            src = m_entries[slot].table;
        }
        m_building.emplace(hub, promise.get_future().share());
    }
    TablePtr out;
    try {
        if (src == m_base) {
            const NodeId parent = parentHub(hub);
            if (parent != hub && parent != 0 && mayBeSmall(parent)) src = hubTable(engine, parent);
        }
        auto table = std::make_shared<ClassTable>();
        engine.rollup(*src, m_ctx.levels(hub), *table);
        if (m_rows) m_rows->track(*src, engine.classOf(), *table);
        out = table;
        const CountedLock lock(m_mutex);
        if (m_hubBytes + table->bytes() <= m_budget / 2) {
            m_hubBytes += table->bytes();
            keep(hub, std::move(table), true);
        } else {
            m_hubsFull.store(true);
            rememberLocked(hub, std::move(table));  // `out` keeps it alive for the caller
        }
        m_building.erase(hub);
    } catch (...) {
        {
            const std::lock_guard lock(m_mutex);
            m_building.erase(hub);
        }
        promise.set_exception(std::current_exception());
        throw;
    }
    promise.set_value(out);
    return out;
}

void SourceCache::remember(NodeId id, TablePtr table) {
    const CountedLock lock(m_mutex);
    rememberLocked(id, std::move(table));
}

void SourceCache::keep(NodeId id, TablePtr table, bool hub) {
    std::vector<LevelCode> levels(m_ctx.d);
    for (std::size_t i = 0; i < m_ctx.d; ++i) levels[i] = LevelCode(m_ctx.level(id, i));
    const std::size_t slot = m_index.insert(levels);
    if (m_entries.size() <= slot) m_entries.resize(slot + 1);
    m_entries[slot] = {id, std::move(table), hub, ++m_clock};
    (hub ? m_hubs : m_cache)[id] = slot;
}

void SourceCache::drop(std::size_t slot) {
    m_index.erase(slot);
    m_entries[slot] = Entry{};
}

// Keeps computed classes as rollup sources within a memory budget, dropping the tables least
// recently chosen as a source first. (Dropping the largest first, as before, threw away the
// wide failing nodes that the checks above them roll up from: on mach2019 with 16 QIs the
// classes read doubled.) A worker still reading a dropped table keeps it alive through its
// own pointer.
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
    // Over a limit: drop down to 3/4 of both limits in one pass, so the cache is sorted once
    // per many insertions rather than scanned on each.
    std::vector<std::pair<std::uint64_t, NodeId>> byUse;
    for (const auto& [node, slot] : m_cache)
        if (node != id) byUse.emplace_back(m_entries[slot].lastUse, node);
    std::sort(byUse.begin(), byUse.end());
    for (const auto& [use, node] : byUse) {
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
