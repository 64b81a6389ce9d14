#pragma once
// Where a checked node's classes are rolled up from (shared by the fast and the implicit
// classifier): the coarsest already computed finer node, or the node's "hub". Computed
// tables are kept within a memory budget. Thread-safe: lookups take a shared lock.
#include <atomic>
#include <future>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

#include "lattice/dominance_index.h"
#include "search/search_context.h"
#include "search/suppressed_rows.h"

namespace ldv::detail {

using TablePtr = std::shared_ptr<const ClassTable>;

class SourceCache {
public:
    /// `budget`: bytes of kept tables (hubs get half as much again); `maxEntries`: kept
    /// tables, which bounds the queries for a covering source and the eviction's sort.
    SourceCache(SearchContext& ctx, TablePtr base, std::size_t budget = std::size_t(256) << 20,
                std::size_t maxEntries = std::size_t(1) << 16)
        : m_ctx(ctx),
          m_base(std::move(base)),
          m_budget(budget),
          m_maxEntries(maxEntries),
          m_index(ctx.heights),
          m_hubLevel(hubLevels(ctx)) {}

    const TablePtr& base() const { return m_base; }
    /// Hubs the cache builds carry the base groups of their small classes (`rows` enabled).
    void trackRows(const SuppressedRows* rows) {
        m_rows = rows && rows->enabled() ? rows : nullptr;
    }
    /// The rollup source of `id` (not the bottom): a computed finer node with the fewest
    /// classes, else its hub min(levels, 1) (built on demand), else the base groups.
    TablePtr source(RollupEngine& engine, NodeId id);
    /// Classes of the kept table `source` would roll `id` up from, else of the base groups
    /// (what a check of `id` reads at most, without building a hub).
    std::size_t sourceSize(NodeId id) const;
    /// Keeps the classes of a checked node as a source for later checks.
    void remember(NodeId id, TablePtr table);
    /// Hands every kept table to ctx.tables (sources for the optimum).
    void handOver();

private:
    struct Entry {
        NodeId id = 0;
        TablePtr table;
        bool hub = false;
        std::uint64_t lastUse = 0;  ///< m_clock when last chosen (atomic_ref under a shared lock)
    };
    static constexpr std::size_t kNone = ~std::size_t(0);
    /// The slot of the kept table with the fewest classes at or below `id`, or kNone.
    std::size_t bestCached(NodeId id) const;
    void touch(std::size_t slot) const;
    TablePtr hubTable(RollupEngine& engine, NodeId hub);
    NodeId hubOf(NodeId id) const;
    /// Per attribute, the level a hub keeps it at (below the top): 1, or for an attribute
    /// with more than kHubValues values at level 1 the lowest level with at most that many.
    static std::vector<int> hubLevels(const SearchContext& ctx);
    static constexpr std::size_t kHubValues = 256;
    NodeId parentHub(NodeId hub) const;
    /// Whether `id` may have at most half as many classes as the base groups (the product of
    /// its attributes' value counts bounds them): else a hub is built from the base groups
    /// rather than from `id`.
    bool mayBeSmall(NodeId id) const;
    void rememberLocked(NodeId id, TablePtr table);
    /// Stores a table in the index (call with m_mutex held exclusively).
    void keep(NodeId id, TablePtr table, bool hub);
    void drop(std::size_t slot);

    SearchContext& m_ctx;
    TablePtr m_base;
    const SuppressedRows* m_rows = nullptr;
    std::size_t m_budget, m_maxEntries;
    mutable std::shared_mutex m_mutex;  ///< guards the cache and the hubs
    /// Hubs being built, by node: a worker needing one waits for its builder (hubTable).
    std::unordered_map<NodeId, std::shared_future<TablePtr>> m_building;
    std::atomic<bool> m_hubsFull{false};
    /// Every kept table (checked nodes and hubs) by its levels: the coarsest finer table of a
    /// node is found by one bit-sliced "below" query over all of them instead of a scan that
    /// compares level vectors (which cost more than it saved once thousands were kept).
    DominanceIndex m_index;
    std::vector<Entry> m_entries;  ///< by index slot
    /// Checked nodes' slots by node: direct specializations are looked up by id.
    std::unordered_map<NodeId, std::size_t> m_cache;
    std::unordered_map<NodeId, std::size_t> m_hubs;
    std::size_t m_bytes = 0, m_hubBytes = 0;
    mutable std::atomic<std::uint64_t> m_clock{0};
    std::vector<int> m_hubLevel;
};

}  // namespace ldv::detail
