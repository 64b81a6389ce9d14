// The implicit classifier (search_context.h: classifyImplicit): the fast classifier's binary
// search of upward paths (after ARX's Flash, Kohlmayer et al. 2012) with monotone tagging
// applied to three antichains instead of a per-node array, so that time and memory follow the
// nodes decided, not the lattice (mach2019, 16 QIs: 85 M nodes, 9 k checks).
//
//  S  the minimal satisfying nodes checked so far: x satisfies when some s <= x;
//  F  the maximal failing nodes checked so far:    x fails when some f >= x;
//  U  the minimal undecided nodes (the minimal elements of the nodes neither above S nor
//     below F). Every path starts at the lowest of U; the search ends when U is empty, and
//     then S is exactly the antichain of minimal satisfying nodes (a minimal satisfying node
//     is above some checked satisfying node, which is above some minimal one).
//
// Keeping U: a new satisfying node s removes from U the nodes above s (no new minimal
// undecided node appears: the undecided set only loses an up-set). A new failing node f
// replaces every u <= f in U by its raises u' (u' = u with level i set to f_i + 1, for each i
// with f_i below the top) that are neither above S nor above another member of U: every
// minimal undecided node above u that is not below f lies above such a raise. This is the
// incremental "negative border" of Mannila & Toivonen 1997.
//
// Only a monotone judge may tag (NodeJudge::monotone()); the others use the explicit
// classifier. Workers take path starts from U in one serial section (a start another worker is
// walking is skipped), run by flat combining; checks run outside it.
#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <set>

#include "lattice/dominance_index.h"
#include "ldiv/data/error.h"
#include "search/combining_section.h"
#include "search/distinct_bound.h"
#include "search/search_context.h"
#include "search/source_cache.h"
#include "search/thread_counters.h"
#include "search/workers.h"

namespace ldv::detail {
namespace {

using Node = std::vector<LevelCode>;
using Levels = std::span<const LevelCode>;

class ImplicitClassifier {
public:
    explicit ImplicitClassifier(SearchContext& ctx)
        : m_ctx(ctx),
          m_rows(ctx.heights, ctx.judge.k(), ctx.judge.limitRows()),
          m_distinct(ctx.data, ctx.judge.k(), ctx.judge.limitRows()),
          m_section(workerThreads(ctx)),
          m_satisfying(ctx.heights),
          m_failing(ctx.heights),
          m_undecided(ctx.heights),
          m_witness(ctx.d, DominanceIndex::kNone) {
        const std::vector<std::size_t> carried = carriedSensitive(ctx, false);
        m_workers.push_back(std::make_unique<RollupEngine>(ctx.data, carried));
        auto base = std::make_shared<ClassTable>(m_workers[0]->base());
        m_rows.trackBase(*base);
        // Bit-packed tables take 12 bytes a class, so it holds tens of thousands. At 160 MB it
        // was too small for 16 walks interleaved, each needing the fine tables below its own
        // path: simulated (SearchConfig::simulatedThreads), 16 workers on mach2019's 16 QIs read
        // 41 % more classes than one, 18 % with 320 MB (and 4 times the budget reads no fewer);
        // the 24-QI table reads 10 % fewer even on one thread (docs/search.md, "One lock per
        // check, and simulated workers"). A 16-QI search's peak stays under 300 MB on one
        // thread.
        m_sources = std::make_unique<SourceCache>(ctx, std::move(base), kCacheBytes, kCacheEntries);
        m_sources->trackRows(&m_rows);
        for (unsigned t = 1; t < workerThreads(ctx); ++t)
            m_workers.push_back(std::make_unique<RollupEngine>(ctx.data, carried));
        for (const auto& e : m_workers) e->keepClassOf(m_rows.enabled());
        if (ctx.stats.threadsDetail.size() < m_workers.size())
            ctx.stats.threadsDetail.resize(m_workers.size());
        // Path steps try attributes by SearchContext::pathStepScore, best first (as fast.cpp).
        for (std::size_t i = 0; i < ctx.d; ++i) {
            for (int l = 0; l < ctx.heights[i]; ++l) m_ratio.push_back(ctx.pathStepScore(i, l));
            m_ratioStart.push_back(m_ratio.size() - std::size_t(ctx.heights[i]));
        }
        addUndecided(Node(ctx.d, 0), Chain{});
    }

    std::vector<NodeId> run() {
        try {
            if (m_ctx.config.simulatedThreads > 0)
                simulate(*m_workers[0], m_ctx.config.simulatedThreads);
            else
                runWorkers(
                    unsigned(m_workers.size()), [&](unsigned t) { work(t, *m_workers[t]); },
                    &m_abort, std::span<ThreadCounters>(m_ctx.stats.threadsDetail));
        } catch (const Cancelled&) {
            if (PartialClassification* p = m_ctx.partial) {
                // Asked for per-node states (the workbench): the antichains answer each node.
                Node x(m_ctx.d);
                for (NodeId id = 0; id < m_ctx.size; ++id) {
                    decodeLevels(id, m_ctx.heights, x);
                    p->state[id] = m_satisfying.anyBelow(x) ? PartialClassification::kSatisfies
                                   : m_failing.anyAbove(x)  ? PartialClassification::kFails
                                                            : PartialClassification::kNotEvaluated;
                }
                p->checkedNodes = m_ctx.stats.checkedNodes;
            }
            throw;
        }
        m_sources->handOver();
        addBoundCounters(m_ctx.stats, m_workers, m_rows, m_distinct);
        std::vector<NodeId> minimal;
        for (std::size_t slot : m_satisfying.liveSlots())
            minimal.push_back(encodeLevels(m_satisfying.levels(slot), m_ctx.heights));
        std::sort(minimal.begin(), minimal.end());
        return minimal;
    }

private:
    enum class State { Undecided, Satisfies, Fails };

    /// U's members lowest first, by (height, node), in a binary heap: an entry whose
    /// generation is not its slot's any more was removed from U and is dropped when it comes
    /// up. (A tree of U's members, std::map, missed the cache at every insert and erase: a
    /// tenth of a 24-QI search's time, with U at 11,000 members.)
    struct Queued {
        int height;
        NodeId id;
        std::uint32_t slot, generation;
        static bool later(const Queued& a, const Queued& b) {
            return a.height != b.height ? a.height > b.height : a.id > b.id;
        }
    };

    /// Run inside m_section.
    State state(Levels x) const {
        if (m_satisfying.anyBelow(x)) return State::Satisfies;
        if (m_failing.anyAbove(x)) return State::Fails;
        return State::Undecided;
    }

    /// One upward path and where its binary search stands: `mid` is the next node to check
    /// when lo <= hi. `chain`: the checks this walk waited for (those that made its start, then
    /// its own checks; a verdict found decided costs no wait).
    struct Walk {
        NodeId start = 0;
        /// The path's nodes side by side, d levels each (a vector per node was a memory
        /// allocation per path step, under the lock).
        std::vector<LevelCode> path;
        std::size_t length = 0;  ///< nodes on the path
        std::ptrdiff_t lo = 0, hi = -1, mid = 0;
        Chain chain;
        /// Nodes put into S and into F when `mid` was found undecided: if none was put there
        /// since, its verdict needs no query of whether S or F decided it meanwhile.
        std::uint64_t satisfyingSeen = 0, failingSeen = 0;
    };

    /// Node k of the walk's path.
    Levels node(const Walk& walk, std::ptrdiff_t k) const {
        return {walk.path.data() + std::size_t(k) * m_ctx.d, m_ctx.d};
    }

    /// A check's result, computed outside the lock.
    struct Outcome {
        NodeId id = 0;  ///< the node checked
        bool satisfies = false;
        bool counted = true;  ///< a check of classes, not a bound's proof of failure
        double ms = 0;
        std::optional<NodeMetrics> metrics;
        std::shared_ptr<ClassTable> table;  ///< the rolled-up classes, for the source cache
    };

    /// Each walk's bookkeeping is one serial section per check: the verdict, the next
    /// midpoint's state and, when the walk ends, the next start. The sections are combined
    /// (combining_section.h): on 16 cores, threads queueing on a mutex for sections shorter
    /// than a hand-over were a lock convoy (docs/search.md, "Scaling on 16 cores").
    void work(unsigned t, RollupEngine& engine) {
        try {
            Walk walk;
            Outcome outcome;
            bool checked = false;  // outcome holds the verdict on walk.mid, to land
            bool parked = false;   // the last section found no start free
            for (;;) {
                Next next = Next::Done;
                std::uint64_t epoch = 0;
                m_section.run(t, [&] {
                    try {
                        next = bookkeep(walk, checked ? &outcome : nullptr, parked, epoch);
                    } catch (...) {
                        // The sections queued behind this one (run by the same combiner)
                        // stop at once, as they would behind a mutex once this thread set it.
                        stopAll();
                        throw;
                    }
                });
                parked = next == Next::Park;
                if (checked && outcome.table)
                    m_sources->remember(outcome.id, std::move(outcome.table));
                checked = false;
                if (next == Next::Done) return;
                if (next == Next::Park) {
                    // Every start is being walked: wait for a walk to end or U to grow.
                    const IdleTimer idle;
                    std::unique_lock hold(m_parkLock);
                    m_parkWake.wait(hold, [&] { return m_wakeups != epoch; });
                    continue;
                }
                outcome = check(engine, node(walk, walk.mid));
                checked = true;
            }
        } catch (...) {
            stopAll();
            throw;
        }
    }

    /// Every worker stops at its next section; parked ones wake to see it.
    void stopAll() {
        m_abort.store(true);
        wakeParked();
    }

    enum class Next { Check, Park, Done };

    /// A worker's serial section: lands `outcome` (the verdict on walk.mid) if given, then
    /// moves the walk on, or ends it and starts the next. Park: no start is free now;
    /// `epoch` is the count of wake-ups to wait past. Done: the search is over (U empty and
    /// nobody walking) or aborted. `wasParked`: the worker's last section parked it. Run
    /// inside m_section.
    Next bookkeep(Walk& walk, Outcome* outcome, bool wasParked, std::uint64_t& epoch) {
        if (wasParked) --m_parked;
        // Aborted (Cancel, or another worker's error): the verdict is not recorded.
        if (m_abort.load()) return Next::Done;
        if (outcome) {
            const std::uint64_t before = m_undecidedAdded;
            land(walk, *outcome);
            if (advance(walk)) {
                // New members of U are new starts: a parked worker need not wait for a walk
                // to end (as the simulated workers, which look for a start at every verdict).
                if (m_parked > 0 && m_undecidedAdded != before) wakeParked();
                return Next::Check;
            }
            endWalk(walk);  // wakes parked workers itself
        }
        if (takeWalk(walk)) return Next::Check;
        if (m_walking.empty()) return Next::Done;
        ++m_parked;
        const std::lock_guard hold(m_parkLock);
        epoch = m_wakeups;
        return Next::Park;
    }

    /// Parked workers look again: a walk ended, U gained members, or the search is aborted.
    void wakeParked() {
        {
            const std::lock_guard hold(m_parkLock);
            ++m_wakeups;
        }
        m_parkWake.notify_all();
    }

    /// `threads` workers on this thread, each check taking its cost in classes of simulated
    /// time: the verdicts land in the order they would on as many equal cores, so the walks
    /// race as real workers' do, but reproducibly (SearchConfig::simulatedThreads).
    void simulate(RollupEngine& engine, unsigned threads) {
        struct Worker {
            Walk walk;
            Outcome outcome;
            double doneAt = 0;
            bool checking = false;
        };
        std::vector<Worker> workers(threads);
        double now = 0;
        SearchStatistics::Simulated& sim = m_ctx.stats.simulated;
        sim.threads = threads;
        // The check of the worker's walk's midpoint: computed now, its verdict due later.
        auto begin = [&](Worker& w) {
            const std::uint64_t before = engine.classesRead() + engine.classesBuilt();
            w.outcome = check(engine, node(w.walk, w.walk.mid));
            const double cost = double(engine.classesRead() + engine.classesBuilt() - before) + 1;
            sim.work += cost;
            w.doneAt = now + cost;
            w.checking = true;
        };
        // One thread: the functions below, which run inside m_section otherwise, need no
        // exclusion here.
        for (;;) {
            // Idle workers take walks (those that found none wait for the next verdict).
            for (Worker& w : workers)
                if (!w.checking && takeWalk(w.walk)) begin(w);
            const auto next = std::min_element(workers.begin(), workers.end(),
                                               [](const Worker& a, const Worker& b) {
                                                   if (a.checking != b.checking) return a.checking;
                                                   return a.doneAt < b.doneAt;
                                               });
            if (!next->checking) break;  // U empty and nobody walking
            Worker& w = *next;
            now = w.doneAt;
            sim.makespan = now;
            const Levels x = node(w.walk, w.walk.mid);
            if (w.outcome.counted && state(x) != State::Undecided) ++sim.redundant;
            land(w.walk, w.outcome);
            if (w.outcome.table) m_sources->remember(w.outcome.id, std::move(w.outcome.table));
            w.checking = false;
            if (advance(w.walk))
                begin(w);
            else
                endWalk(w.walk);
        }
    }

    /// Starts a walk from the lowest member of U nobody is walking, past the midpoints
    /// already decided; false when there is none to start now. Run inside m_section.
    bool takeWalk(Walk& walk) {
        for (;;) {
            const std::optional<Queued> lowest = lowestFree();
            if (!lowest) return false;
            walk.start = lowest->id;
            walk.chain = m_members[lowest->slot].chain;
            m_walking.insert(walk.start);
            buildPath(walk.start, walk);
            walk.lo = 0;
            walk.hi = std::ptrdiff_t(walk.length) - 1;
            if (advance(walk)) return true;
            endWalk(walk);  // decided meanwhile: every midpoint's verdict is known
        }
    }

    /// The walk's start is free again, and a parked worker may find one, or find the search
    /// over. Run inside m_section.
    void endWalk(const Walk& walk) {
        m_walking.erase(walk.start);
        wakeParked();
    }

    /// The binary search past a verdict on walk.mid.
    static void step(Walk& walk, bool satisfies) {
        if (satisfies)
            walk.hi = walk.mid - 1;
        else
            walk.lo = walk.mid + 1;
    }

    /// Moves the binary search over midpoints already decided; true when walk.mid is an
    /// undecided node to check. Run inside m_section.
    bool advance(Walk& walk) const {
        while (walk.lo <= walk.hi) {
            walk.mid = (walk.lo + walk.hi) / 2;
            const State s = state(node(walk, walk.mid));
            if (s == State::Undecided) {
                walk.satisfyingSeen = m_satisfyingAdded;
                walk.failingSeen = m_failingAdded;
                return true;
            }
            step(walk, s == State::Satisfies);
        }
        return false;
    }

    /// The upward path from `start`: each step raises the best-scored attribute
    /// (SearchContext::pathStepScore) among the successors not yet known to satisfy. Run inside
    /// m_section.
    void buildPath(NodeId start, Walk& walk) {
        const std::size_t d = m_ctx.d;
        std::vector<LevelCode>& path = walk.path;
        path.resize(d);
        decodeLevels(start, m_ctx.heights, path);
        walk.length = 1;
        for (;;) {
            // The next step: the untried attribute below its top with the best score, first
            // in attribute order among equals (picked as needed: most steps take the first).
            const std::size_t cur = path.size() - d;
            path.insert(path.end(), path.begin() + std::ptrdiff_t(cur), path.end());
            const std::span<LevelCode> next(path.data() + cur + d, d);
            m_tried.assign(d, 0);
            bool found = false;
            for (std::size_t n = 0; n < d; ++n) {
                std::size_t best = d;
                for (std::size_t i = 0; i < d; ++i) {
                    if (next[i] >= m_ctx.heights[i] || m_tried[i]) continue;
                    if (best == d || m_ratio[m_ratioStart[i] + next[i]] >
                                         m_ratio[m_ratioStart[best] + next[best]])
                        best = i;
                }
                if (best == d) break;
                m_tried[best] = 1;
                ++next[best];
                // cur is above no member of S (the start is in U, each step is checked), so
                // a member below next has next's level in i: the sparser query answers.
                if (!m_satisfying.anyBelowRaised(next, best)) {
                    found = true;
                    break;
                }
                --next[best];
            }
            if (!found) {
                path.resize(cur + d);
                return;
            }
            ++walk.length;
        }
    }

    /// Checks x (outside the lock): a bound's proof of failure, or a rollup and the judge.
    Outcome check(RollupEngine& engine, Levels x) {
        const auto t0 = CounterClock::now();
        Outcome out;
        const NodeId id = out.id = encodeLevels(x, m_ctx.heights);
        if (m_distinct.provesFailure(std::span<const LevelCode>(x)) ||
            // The bound's budget is a source lookup under the cache's lock: only when it runs.
            (m_rows.enabled() && id != 0 && m_rows.provesFailure(x, m_sources->sourceSize(id)))) {
            out.counted = false;
            out.ms = msBetween(t0, CounterClock::now());
            return out;
        }
        const std::vector<int> levels(x.begin(), x.end());
        const ClassTable* classes = m_sources->base().get();
        if (id != 0) {
            const TablePtr src = m_sources->source(engine, id);
            out.table = std::make_shared<ClassTable>();
            engine.rollup(*src, levels, *out.table);
            if (m_rows.enabled()) m_rows.track(*src, engine.classOf(), *out.table);
            classes = out.table.get();
        }
        const Verdict v = m_ctx.judge.judge(*classes, engine);
        out.satisfies = v.satisfies;
        if (v.satisfies) m_rows.rememberChecked(x, *classes);
        // Every minimal node is checked, so measuring satisfying nodes here spares the
        // optimum a second rollup (as fast.cpp).
        if (v.satisfies && metricNeedsClasses(m_ctx))
            out.metrics = rankingMetrics(m_ctx, engine, *classes);
        // No later check rolls up from a satisfying node: every node above it is decided
        // (those in flight already chose their sources), and the optimum measured it here.
        // Kept, its table took the source cache's room from the failing nodes' finer tables
        // (16 simulated workers, 24 QIs, 100,000 rows: 1.4 % more classes read) and its
        // insertion a share of the cache's exclusive lock.
        if (v.satisfies) out.table.reset();
        out.ms = msBetween(t0, CounterClock::now());
        return out;
    }

    /// Lands the verdict on walk.mid: the check ends the walk's chain, the antichains take
    /// the verdict, and the binary search moves past it. Run inside m_section.
    void land(Walk& walk, Outcome& outcome) {
        const Levels x = node(walk, walk.mid);
        walk.chain = walk.chain.then(outcome.ms, outcome.counted);
        m_ctx.poll(m_ctx.stats.checkedNodes);
        countCheck(m_ctx.stats, walk.chain, outcome.ms, outcome.counted);
        if (outcome.metrics) m_ctx.measured.emplace(outcome.id, std::move(*outcome.metrics));
        if (outcome.satisfies)
            addSatisfying(x, m_satisfyingAdded != walk.satisfyingSeen);
        else
            addFailing(x, walk.chain, m_failingAdded != walk.failingSeen,
                       m_satisfyingAdded != walk.satisfyingSeen);
        step(walk, outcome.satisfies);
    }

    enum class Side { Above, Below };

    /// The members of `index` on `side` of x, into m_scratch.
    void collect(DominanceIndex& index, Levels x, Side side) {
        m_scratch.clear();
        if (side == Side::Above)
            index.collectAbove(x, m_scratch);
        else
            index.collectBelow(x, m_scratch);
    }

    /// Puts x into the antichain `index` in place of the members it makes redundant, those on
    /// `side` of it: S keeps its minimal satisfying nodes (drop those above), F its maximal
    /// failing ones (drop those below). Leaves the dropped slots in m_scratch.
    void replaceDominated(DominanceIndex& index, Levels x, Side side) {
        collect(index, x, side);
        for (std::size_t slot : m_scratch) index.erase(slot);
        index.insert(x);
    }

    /// Run inside m_section (as every change of the antichains).
    /// `changed`: S took nodes since x was found undecided (else none of them is below x).
    void addSatisfying(Levels x, bool changed) {
        // Another worker may have decided it meanwhile.
        if (changed && m_satisfying.anyBelow(x)) return;
        replaceDominated(m_satisfying, x, Side::Above);
        ++m_satisfyingAdded;
        collect(m_undecided, x, Side::Above);
        for (std::size_t slot : m_scratch) removeUndecided(slot);
    }

    /// `chain`: the check that decided x; the raises it adds to U wait for it.
    /// `changed`, `satisfyingChanged`: F, S took nodes since x was found undecided (else
    /// none of F's is above x, none of S's below it).
    void addFailing(Levels x, const Chain& chain, bool changed, bool satisfyingChanged) {
        if (changed && m_failing.anyAbove(x)) return;
        replaceDominated(m_failing, x, Side::Below);
        ++m_failingAdded;
        // The minimal undecided nodes below x give way to their raises past x.
        collect(m_undecided, x, Side::Below);
        // The raises side by side in one buffer (d levels each), not a vector per raise:
        // this runs under the lock, once per failing check.
        const std::size_t d = m_ctx.d;
        std::vector<LevelCode>& raised = m_raised;
        raised.clear();
        // A raise waits for x's check and for what made the member it raises (the chains of
        // the members below x: their join, kept with every raise).
        Chain made = chain;
        // Each raise's sort key: (attribute, height) and its node id, derived from u's.
        std::vector<RaiseKey>& order = m_raiseOrder;
        order.clear();
        for (std::size_t slot : m_scratch) {
            made = made.join(m_members[slot].chain);
            const auto u = m_undecided.levels(slot);
            const NodeId uid = encodeLevels(u, m_ctx.heights);
            std::uint32_t h = 0;
            for (LevelCode v : u) h += v;
            for (std::size_t i = 0; i < d; ++i) {
                if (x[i] >= m_ctx.heights[i]) continue;
                const LevelCode up = LevelCode(x[i] + 1);
                order.push_back({std::uint64_t(i) << 32 | (h + up - u[i]),
                                 uid + NodeId(up - u[i]) * m_ctx.strides[i],
                                 std::uint32_t(raised.size() / d)});
                raised.insert(raised.end(), u.begin(), u.end());
                raised[raised.size() - d + i] = up;
            }
        }
        for (std::size_t slot : m_scratch) removeUndecided(slot);
        auto raise = [&](std::size_t r) {
            return std::span<const LevelCode>(raised.data() + r * d, d);
        };
        // Keep the raises that are undecided and minimal: not above S, not above a remaining
        // member of U, not above another raise. A raise c of u in i is below x but in i, where
        // it is x_i + 1; so a raise below c was raised in i as well (in any other attribute j
        // it would be x_j + 1 > c_j), and only raises of one attribute are compared: sorted by
        // (attribute, height, node), a raise can only lie above an earlier one of its
        // attribute, and one made twice sits next to itself. (Compared with every kept raise,
        // as before, this was a fifth of a 24-QI search's instructions; sorted by levels
        // rather than node ids, the sort was a ninth of them.)
        std::sort(order.begin(), order.end(), [](const RaiseKey& a, const RaiseKey& b) {
            return a.group != b.group ? a.group < b.group : a.id < b.id;
        });
        // A member s of S or u' of U below the raise c of u in i lies below x in every other
        // attribute, and not below x (U: those were just removed; S: x fails and nothing
        // below it is in S), so it has c's level x_i + 1 in i: the sparser query answers.
        // S's side rests on x failing, so it is asked once (a judge that is not monotone
        // would break it, and the general queries are kept for that case).
        const bool sBelowX = satisfyingChanged && m_satisfying.anyBelow(x);
        std::vector<std::span<const LevelCode>>& added = m_added;
        added.clear();
        std::size_t attributeStart = 0;  // the first kept raise of the current attribute
        for (std::size_t k = 0; k < order.size(); ++k) {
            const auto c = raise(order[k].raise);
            const std::size_t at = std::size_t(order[k].group >> 32);
            if (k == 0 || order[k - 1].group >> 32 != at) {
                attributeStart = added.size();
                // One raise in the attribute: its own queries read no more than these.
                const bool one = k + 1 == order.size() || order[k + 1].group >> 32 != at;
                nearRaises(x, at, sBelowX, !one);
            }
            if (k > 0 && order[k - 1].id == order[k].id) continue;
            if (decidedOrAboveU(c, at, sBelowX)) continue;
            const bool dominated =
                std::any_of(added.begin() + std::ptrdiff_t(attributeStart), added.end(),
                            [&](const auto& a) { return levelsBelow(a, c); });
            if (!dominated) added.push_back(c);
        }
        for (const auto& c : added) addUndecided(c, made);
    }

    /// The members of S and of U that can lie below a raise of x in attribute i: they are
    /// below x raised by one in i, with that level (see addFailing). Every raise of a failing
    /// node in i is tested against the same ones, so they are collected once per attribute,
    /// where a query per raise was most of addFailing's scans (24 QIs, 5,000 rows: 1.5 M
    /// raises, in 70,000 attributes of failing nodes with more than one). More than
    /// implicitNearRaisesMax of them, and each raise is asked of the index instead.
    /// `collect`: false (one raise in i) leaves that raise to its own queries.
    void nearRaises(Levels x, std::size_t i, bool sBelowX, bool collect) {
        m_nearCollected = collect;
        if (!collect) return;
        m_raisedX.assign(x.begin(), x.end());
        ++m_raisedX[i];
        m_nearS.clear();
        m_nearU.clear();
        if (!sBelowX) m_satisfying.collectBelowRaised(m_raisedX, i, m_nearS);
        m_undecided.collectBelowRaised(m_raisedX, i, m_nearU);
    }

    /// The raise c of a failing node in attribute i is above a member of S or of U (after
    /// nearRaises for i). `sBelowX`: some member of S is below the failing node, so S's side
    /// takes the general query.
    bool decidedOrAboveU(Levels c, std::size_t i, bool sBelowX) {
        // The slots came from this addFailing's scans of S and U, which it has not changed.
        auto anyHeld = [&](const DominanceIndex& index, const std::vector<std::size_t>& slots) {
            return std::any_of(slots.begin(), slots.end(), [&](std::size_t slot) {
                return levelsBelow(index.levels(slot), c);
            });
        };
        const std::size_t nearMax = implicitNearRaisesMax.load(std::memory_order_relaxed);
        const bool nearS = m_nearCollected && m_nearS.size() <= nearMax;
        if (sBelowX ? m_satisfying.anyBelow(c)
            : nearS ? anyHeld(m_satisfying, m_nearS)
                    : m_satisfying.anyBelowRaised(c, i))
            return true;
        if (m_nearCollected && m_nearU.size() <= nearMax) return anyHeld(m_undecided, m_nearU);
        // The member of U found above the last raise in this attribute is often below this
        // one too (1.1 M of 1.4 M such queries of a 24-QI search found one).
        std::size_t& witness = m_witness[i];
        if (m_undecided.holdsBelow(witness, c)) return true;
        if (const std::size_t w = m_undecided.findBelowRaised(c, i); w != DominanceIndex::kNone) {
            witness = w;
            return true;
        }
        return false;
    }

    void addUndecided(std::span<const LevelCode> x, const Chain& chain) {
        const std::size_t slot = m_undecided.insert(x);
        ++m_undecidedAdded;
        const NodeId id = encodeLevels(x, m_ctx.heights);
        int h = 0;
        for (LevelCode v : x) h += v;
        if (m_members.size() <= slot) m_members.resize(slot + 1);
        Member& m = m_members[slot];
        m.chain = chain;
        if (m_queue.size() > 2 * m_undecided.size() + 4096) {
            // Mostly stale: keep the live entries (a heap of a filtered heap is rebuilt).
            std::erase_if(m_queue, [&](const Queued& q) {
                return q.generation != m_members[q.slot].generation;
            });
            std::make_heap(m_queue.begin(), m_queue.end(), Queued::later);
        }
        m_queue.push_back({h, id, std::uint32_t(slot), m.generation});
        std::push_heap(m_queue.begin(), m_queue.end(), Queued::later);
    }

    /// The lowest member of U nobody is walking (its m_queue entry), or null. Stale entries
    /// met on the way are dropped; members being walked are set aside and put back.
    std::optional<Queued> lowestFree() {
        std::optional<Queued> found;
        m_held.clear();
        while (!m_queue.empty()) {
            const Queued& top = m_queue.front();
            const bool live = top.generation == m_members[top.slot].generation;
            if (live && !m_walking.count(top.id)) {
                found = top;
                break;
            }
            if (live) m_held.push_back(top);
            std::pop_heap(m_queue.begin(), m_queue.end(), Queued::later);
            m_queue.pop_back();
        }
        for (const Queued& q : m_held) {
            m_queue.push_back(q);
            std::push_heap(m_queue.begin(), m_queue.end(), Queued::later);
        }
        return found;
    }

    void removeUndecided(std::size_t slot) {
        ++m_members[slot].generation;  // its entry in m_queue is stale now
        m_undecided.erase(slot);
    }

    static constexpr std::size_t kCacheBytes = std::size_t(320) << 20;
    static constexpr std::size_t kCacheEntries = std::size_t(1) << 16;

    SearchContext& m_ctx;
    std::vector<std::unique_ptr<RollupEngine>> m_workers;  ///< one engine (scratch) per thread
    SuppressedRows m_rows;     ///< decides failing nodes from the rows suppressed above them
    DistinctBound m_distinct;  ///< decides failing nodes from one attribute's distinct values
    std::unique_ptr<SourceCache> m_sources;
    std::vector<double> m_ratio;  ///< per attribute and level: pathStepScore of the next step
    std::vector<std::size_t> m_ratioStart;

    /// Serialises the bookkeeping: the antichains, the walks and the context's statistics.
    CombiningSection m_section;
    /// Wake-ups of parked workers (a walk ended, U grew, the search aborted): what a parked
    /// worker waits on, guarded by m_parkLock.
    std::mutex m_parkLock;
    std::condition_variable m_parkWake;
    std::uint64_t m_wakeups = 0;
    std::size_t m_parked = 0;  ///< workers whose last section parked them
    std::atomic<bool> m_abort{false};
    DominanceIndex m_satisfying, m_failing, m_undecided;
    std::vector<Queued> m_queue;
    std::vector<Queued> m_held;  ///< lowestFree's entries of walked members, put back
    /// A member of U by its slot: the chain of checks that made it a member, and the
    /// generation its m_queue entry must carry.
    struct Member {
        Chain chain;
        std::uint32_t generation = 0;
    };
    std::vector<Member> m_members;
    std::set<NodeId> m_walking;  ///< path starts being walked
    std::vector<std::size_t> m_scratch;
    std::vector<LevelCode> m_raised;  ///< addFailing's raises, d each
    /// Per attribute, the member of U that last showed a raise in it not minimal (a slot;
    /// erased or reused since is fine: holdsBelow checks it).
    std::vector<std::size_t> m_witness;
    std::vector<char> m_tried;  ///< buildPath: the attributes a step tried
    std::uint64_t m_satisfyingAdded = 0, m_failingAdded = 0;  ///< nodes ever put into S, F
    std::uint64_t m_undecidedAdded = 0;                       ///< nodes ever put into U
    /// A raise of addFailing: (attribute raised << 32 | height), its node, its place in m_raised.
    struct RaiseKey {
        std::uint64_t group;
        NodeId id;
        std::uint32_t raise;
    };
    std::vector<RaiseKey> m_raiseOrder;               ///< sorted by (group, id)
    std::vector<std::span<const LevelCode>> m_added;  ///< the raises addFailing keeps
    std::vector<LevelCode> m_raisedX;                 ///< nearRaises: x raised in i
    std::vector<std::size_t> m_nearS, m_nearU;        ///< nearRaises: slots of S, of U
    bool m_nearCollected = false;                     ///< nearRaises filled them
};

}  // namespace

std::vector<NodeId> classifyImplicit(SearchContext& ctx) {
    return ImplicitClassifier(ctx).run();
}

}  // namespace ldv::detail
