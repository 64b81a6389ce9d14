// The anytime heuristic search (heuristic_search.h). After Lightning (Prasser, Kohlmayer, Kuhn
// & Bild 2016): a greedy climb from the bottom node, always to the direct generalization that
// best approaches satisfaction, then a greedy descent from the first satisfying node to
// better satisfying specializations; restarts pick randomly among the best choices. Nodes are
// grouped by rolling up the current node's classes (a climb only ever generalizes), so no
// per-node array of the lattice is ever allocated: memory follows the nodes visited.
//
// Small lattices (kHeuristicExactLimit) additionally get the exact search with the time left;
// when it finishes, its optimum is reported as proven.
#include "ldiv/search/heuristic_result.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <random>
#include <thread>
#include <unordered_map>

#include "lattice/class_table.h"
#include "ldiv/data/error.h"
#include "metrics/class_measures.h"
#include "search/node_judge.h"
#include "search/search_context.h"
#include "search/workers.h"

namespace ldv {
namespace {

using Clock = std::chrono::steady_clock;
using detail::ClassTable;
using TablePtr = std::shared_ptr<const ClassTable>;

/// What the walk knows of a visited node.
struct Visit {
    bool satisfies = false;
    /// Rows in classes failing the criteria (what suppression would remove): the climb's
    /// measure of distance to satisfaction.
    std::uint64_t failingRows = 0;
    /// Satisfying: measured with the failing classes suppressed (as search()). Failing: with
    /// nothing suppressed (without suppression a lower bound for every generalization).
    NodeMetrics metrics;
};

/// Cancels `inner` at the deadline or when the caller's feedback is cancelled, for the exact
/// search (which polls only its own Feedback).
class Watchdog {
public:
    Watchdog(Feedback& inner, Feedback* outer, std::optional<Clock::time_point> deadline)
        : m_inner(inner), m_outer(outer), m_deadline(deadline), m_thread([this] { watch(); }) {}
    ~Watchdog() {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    bool fired() const { return m_fired.load(); }

private:
    void watch() {
        std::unique_lock lock(m_mutex);
        while (!m_stop) {
            if ((m_deadline && Clock::now() >= *m_deadline) ||
                (m_outer && m_outer->isCancelled())) {
                m_fired.store(!(m_outer && m_outer->isCancelled()));
                m_inner.cancel();
                return;
            }
            m_wake.wait_for(lock, std::chrono::milliseconds(5));
        }
    }
    Feedback& m_inner;
    Feedback* m_outer;
    std::optional<Clock::time_point> m_deadline;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::atomic<bool> m_fired{false};
    std::thread m_thread;
};

class Anytime {
public:
    Anytime(const Dataset& data, const SearchConfig& config, const HeuristicOptions& options)
        : m_allowExact(options.allowExact),
          m_keepOnCancel(options.keepOnCancel),
          m_onImproved(options.onImproved),
          m_data(data),
          m_config(config),
          m_feedback(options.feedback),
          m_judge(data, config.criteria, config.suppressionLimit),
          m_heights(data.lattice().heights()),
          m_d(m_heights.size()),
          m_start(Clock::now()),
          m_limit(options.timeLimitSeconds),
          m_seed(options.seed) {
        const std::optional<double> limit = options.timeLimitSeconds;
        if (limit)
            m_deadline = m_start + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double>(*limit));
        m_carried = m_judge.neededSensitive();
        if (config.metric == Metric::KlDivergence && !data.sensitiveColumns().empty() &&
            data.countsSample(0) &&
            std::find(m_carried.begin(), m_carried.end(), std::size_t(0)) == m_carried.end())
            m_carried.push_back(0);
        const unsigned threads = detail::threadBudget(config.threads);
        for (unsigned t = 0;
             t < std::max(1u, std::min<unsigned>(threads, unsigned(std::max<std::size_t>(m_d, 1))));
             ++t)
            m_engines.push_back(std::make_unique<detail::RollupEngine>(data, m_carried));
        m_baseTerm = detail::baseEntropyTerm(data);
        if (attributeWiseMetric(config.metric)) m_qualityTables = detail::qualityTables(data);
        m_stats.threads = unsigned(m_engines.size());
        m_stats.rowsTouched = data.rowCount();
    }

    HeuristicResult run() {
        HeuristicResult out;
        out.latticeSize = m_data.lattice().size();
        bool provenByBottom = false;
        // The seed is judged even with a limit of 0 (a saved node re-checked), not after Cancel.
        if (m_seed && *m_seed < out.latticeSize && !cancelKept()) {
            m_base = std::make_shared<const ClassTable>(m_engines[0]->base());
            offer(*m_seed, evaluate(*m_base, {m_data.lattice().levels(*m_seed)}).front().first);
        }
        if (!stopped()) {
            if (!m_base) m_base = std::make_shared<const ClassTable>(m_engines[0]->base());
            climbAndDescend(out, 0);
        }
        // The bottom node satisfying beats every other node when nothing else can tie:
        // without suppression every metric grows under generalization (search.cpp), and
        // height is smallest at the bottom whatever is suppressed.
        if (m_best && *m_best == 0 &&
            (m_judge.limitRows() == 0 || m_config.metric == Metric::Height))
            provenByBottom = true;
        if (m_allowExact && !provenByBottom && !stopped() &&
            out.latticeSize <= kHeuristicExactLimit)
            tryExact(out);
        if (!provenByBottom && !out.exact) {
            std::mt19937_64 random(20160901);  // fixed: the same walks whatever the threads
            for (unsigned stale = 0; !stopped() && stale < staleLimit();) {
                const std::uint64_t before = m_stats.checkedNodes;
                const bool improved = climbAndDescend(out, &random);
                // Without a limit, stop when climbs stop improving; with one, when they stop
                // finding new nodes (the reachable part is exhausted) or at the deadline.
                if (improved)
                    stale = 0;
                else if (!m_limit || m_stats.checkedNodes == before)
                    ++stale;
            }
        }
        out.cancelled = cancelKept();
        out.timedOut = !out.cancelled && (out.timedOut || expired());
        for (const auto& e : m_engines) {
            m_stats.classesRead += e->classesRead();
            m_stats.classesBuilt += e->classesBuilt();
        }
        if (out.exact) {
            const SearchStatistics& s = out.exact->statistics;
            m_stats.checkedNodes += s.checkedNodes;
            m_stats.classesRead += s.classesRead;
            m_stats.classesBuilt += s.classesBuilt;
            m_stats.measuredNodes += s.measuredNodes;
            out.warnings = out.exact->warnings;
            out.provenOptimal = true;
            if (out.exact->optimum) {
                m_best = *out.exact->optimum;
                out.note = "the exact search finished within the time limit: this is the optimum";
            } else {
                m_best.reset();
                out.note =
                    "the exact search finished within the time limit: no node satisfies the "
                    "criteria";
            }
        } else if (provenByBottom) {
            out.provenOptimal = true;
            out.note =
                "the bottom node satisfies, and no generalization can be better by this metric";
        } else {
            out.note = std::string(m_best ? "the best satisfying node found"
                                          : "no satisfying node found") +
                       (out.cancelled  ? " before Cancel"
                        : out.timedOut ? " before the time limit"
                                       : " by the greedy walks") +
                       "; not proven optimal (the lattice was not classified";
            static_assert(kHeuristicExactLimit == 2097152, "the note names the limit");
            out.note += out.latticeSize > kHeuristicExactLimit
                            ? ": it has more than 2^21 = 2,097,152 nodes)"
                            : " within the time limit)";
        }
        if (m_best) finish(out);
        m_stats.times.elapsedMs = msSince(m_start);
        m_stats.times.classifyMs = m_stats.times.elapsedMs;
        out.statistics = m_stats;
        out.climbs = m_climbs;
        if (m_feedback) m_feedback->setProgress(1.0);
        return out;
    }

private:
    static double msSince(Clock::time_point t0) {
        return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    }
    bool expired() const { return m_deadline && Clock::now() >= *m_deadline; }
    /// The caller cancelled and asked for the best node so far rather than Cancelled.
    bool cancelKept() const { return m_keepOnCancel && m_feedback && m_feedback->isCancelled(); }
    /// The walks stop: the time limit, or a kept Cancel.
    bool stopped() const { return expired() || cancelKept(); }
    /// Climbs in a row that found nothing new before the walk stops (no time limit) or is
    /// considered saturated (with one).
    unsigned staleLimit() const { return unsigned(2 * m_d + 8); }

    void poll() {
        if (!m_feedback || cancelKept()) return;
        m_feedback->checkCancelled();
        if (m_limit && *m_limit > 0)
            m_feedback->setProgress(std::min(0.99, msSince(m_start) / (1000 * *m_limit)));
        if (!m_keepOnCancel) m_feedback->checkCancelled();
    }

    NodeId idOf(const std::vector<int>& levels) const { return m_data.lattice().id(levels); }

    Visit judge(detail::RollupEngine& engine, const ClassTable& t) const {
        std::vector<std::uint8_t> failing;
        const detail::Verdict v = m_judge.judge(t, engine, &failing);
        Visit out;
        out.satisfies = v.satisfies;
        for (std::size_t c = 0; c < t.count(); ++c)
            if (failing[c]) out.failingRows += t.sizes[c];
        const std::span<const std::uint8_t> suppressed =
            v.satisfies && m_judge.limitRows() > 0 ? std::span<const std::uint8_t>(failing)
                                                   : std::span<const std::uint8_t>();
        if (m_config.metric == Metric::Discernibility ||
            m_config.metric == Metric::AverageClassSize || m_config.metric == Metric::Height) {
            // Only class sizes (or levels) matter: skip measure()'s per-cell sums.
            NodeMetrics& m = out.metrics;
            m.levels = t.levels;
            m.height = Lattice::height(m.levels);
            double published = 0, dm = 0;
            for (std::size_t c = 0; c < t.count(); ++c) {
                if (t.sizes[c] == 0) continue;  // no published row (RowSample): not a class
                if (!suppressed.empty() && suppressed[c]) {
                    m.suppressedRows += t.sizes[c];
                    continue;
                }
                ++m.classes;
                published += t.sizes[c];
                dm += double(t.sizes[c]) * double(t.sizes[c]);
            }
            m.discernibility = dm + double(m_data.rowCount()) * double(m.suppressedRows);
            m.averageClassSize = m.classes ? published / double(m.classes) : 0.0;
            return out;
        }
        detail::ClassesView view;
        view.levels = t.levels;
        view.sizes = t.sizes;
        std::vector<Code> scratch;  // codes decoded from bit-packed keys
        view.keys = engine.keysOf(t, scratch);
        const auto slot =
            std::find(engine.carried().begin(), engine.carried().end(), std::size_t(0));
        if (slot != engine.carried().end() && m_data.countsSample(0)) {
            const std::size_t j = std::size_t(slot - engine.carried().begin());
            view.m = engine.histDomain(j);
            view.histStride = engine.histWidth();
            view.histogram = std::span<const std::uint32_t>(t.hist).subspan(engine.histOffset(j));
        }
        view.suppressed = suppressed;
        view.withQuality = attributeWiseMetric(m_config.metric);
        view.qualityTables = &m_qualityTables;
        // As the exact search ranks (optimum.cpp); the best's figures are re-measured.
        view.suppressedPass =
            m_config.metric == Metric::Sse ||
            (m_config.metric == Metric::Entropy && m_config.quality.gsFactor != 0.5);
        out.metrics = detail::measure(m_data, view, m_baseTerm);
        return out;
    }

    /// Groups and judges the nodes `targets` (each generalizing or specializing nothing in
    /// particular) from `src`, spread over the engines. Returns the tables too.
    std::vector<std::pair<Visit, std::shared_ptr<ClassTable>>> evaluate(
        const ClassTable& src, const std::vector<std::vector<int>>& targets) {
        std::vector<std::pair<Visit, std::shared_ptr<ClassTable>>> out(targets.size());
        const unsigned threads = unsigned(std::min<std::size_t>(m_engines.size(), targets.size()));
        detail::runWorkers(std::max(1u, threads), [&](unsigned t) {
            for (std::size_t k = t; k < targets.size(); k += std::max(1u, threads)) {
                auto table = std::make_shared<ClassTable>();
                m_engines[t]->rollup(src, targets[k], *table);
                out[k] = {judge(*m_engines[t], *table), std::move(table)};
            }
        });
        m_stats.checkedNodes += targets.size();
        for (std::size_t k = 0; k < targets.size(); ++k)
            m_visited.emplace(idOf(targets[k]), out[k].first);
        return out;
    }

    /// Records a satisfying node; true when it is the new best.
    bool offer(NodeId id, const Visit& v) {
        if (!v.satisfies) return false;
        if (m_best &&
            !betterOptimum(v.metrics, m_bestVisit.metrics, m_config.metric, m_config.quality))
            return false;
        m_best = id;
        m_bestVisit = v;
        if (m_onImproved) m_onImproved(id, v.metrics);
        return true;
    }

    /// Without suppression a failing node's metric bounds its generalizations' from below:
    /// when it is no better than the best, the climb cannot improve (Lightning's pruning).
    bool hopeless(const Visit& v) const {
        // Only a metric declared monotone bounds its generalizations (node_metrics.h).
        if (!m_best || m_judge.limitRows() > 0 || m_config.metric == Metric::Height ||
            !metricMonotone(m_config.metric, false))
            return false;
        return metricValue(v.metrics, m_config.metric, m_config.quality) >=
               metricValue(m_bestVisit.metrics, m_config.metric, m_config.quality);
    }

    /// One climb from the bottom and a descent from where it first satisfies. `random` null:
    /// always the best choice; else one of the best two or three. True when the best improved.
    bool climbAndDescend(HeuristicResult&, std::mt19937_64* random) {
        ++m_climbs;
        bool improved = false;
        std::vector<int> levels(m_d, 0);
        TablePtr table = m_base;
        Visit here;
        if (auto it = m_visited.find(0); it != m_visited.end()) {
            here = it->second;
        } else {
            here = judge(*m_engines[0], *m_base);
            ++m_stats.checkedNodes;
            m_visited.emplace(0, here);
        }
        // Climb: among the direct generalizations, the one with the fewest failing rows
        // (then the best metric); stop at the first satisfying one.
        std::vector<std::pair<std::vector<int>, TablePtr>> path{{levels, table}};
        while (!here.satisfies) {
            if (stopped() || hopeless(here)) return improved;
            poll();
            std::vector<std::vector<int>> next;
            for (std::size_t i = 0; i < m_d; ++i)
                if (levels[i] < m_heights[i]) {
                    next.push_back(levels);
                    ++next.back()[i];
                }
            if (next.empty()) return improved;  // the top fails
            // Nodes visited before are not grouped again: their verdicts are known.
            std::vector<std::vector<int>> fresh;
            for (const auto& l : next)
                if (!m_visited.count(idOf(l))) fresh.push_back(l);
            auto computed = evaluate(*table, fresh);
            std::vector<std::size_t> order(next.size());
            std::vector<Visit> visits(next.size());
            for (std::size_t k = 0; k < next.size(); ++k) {
                order[k] = k;
                visits[k] = m_visited.at(idOf(next[k]));
            }
            auto better = [&](std::size_t a, std::size_t b) {
                const Visit& va = visits[a];
                const Visit& vb = visits[b];
                if (va.satisfies != vb.satisfies) return va.satisfies;
                if (va.satisfies)
                    return betterOptimum(va.metrics, vb.metrics, m_config.metric, m_config.quality);
                if (va.failingRows != vb.failingRows) return va.failingRows < vb.failingRows;
                return metricValue(va.metrics, m_config.metric, m_config.quality) <
                       metricValue(vb.metrics, m_config.metric, m_config.quality);
            };
            std::stable_sort(order.begin(), order.end(), better);
            std::size_t pick = order[0];
            if (random && !visits[pick].satisfies) {
                const std::size_t choices = std::min<std::size_t>(3, order.size());
                pick = order[std::uniform_int_distribution<std::size_t>(0, choices - 1)(*random)];
            }
            for (std::size_t k = 0; k < next.size(); ++k)
                if (visits[k].satisfies) improved |= offer(idOf(next[k]), visits[k]);
            TablePtr chosen;
            for (std::size_t k = 0; k < fresh.size(); ++k)
                if (fresh[k] == next[pick]) chosen = computed[k].second;
            if (!chosen) {  // visited before: group it again from here
                auto t = std::make_shared<ClassTable>();
                m_engines[0]->rollup(*table, next[pick], *t);
                chosen = t;
            }
            levels = next[pick];
            table = chosen;
            here = visits[pick];
            path.emplace_back(levels, table);
        }
        improved |= offer(idOf(levels), here);
        // Descent: to the best satisfying direct specialization while it beats the current
        // node. A specialization is grouped from the coarsest path node below it.
        Visit current = here;
        while (!stopped()) {
            poll();
            std::vector<std::vector<int>> prev;
            for (std::size_t i = 0; i < m_d; ++i)
                if (levels[i] > 0) {
                    prev.push_back(levels);
                    --prev.back()[i];
                }
            std::size_t bestK = prev.size();
            for (std::size_t k = 0; k < prev.size(); ++k) {
                const NodeId id = idOf(prev[k]);
                if (!m_visited.count(id)) {
                    const ClassTable* src = m_base.get();
                    for (const auto& [l, t] : path) {
                        bool below = true;
                        for (std::size_t i = 0; i < m_d && below; ++i) below = l[i] <= prev[k][i];
                        if (below && t->count() < src->count()) src = t.get();
                    }
                    evaluate(*src, {prev[k]});
                }
                const Visit& v = m_visited.at(id);
                if (v.satisfies &&
                    (bestK == prev.size() ||
                     betterOptimum(v.metrics, m_visited.at(idOf(prev[bestK])).metrics,
                                   m_config.metric, m_config.quality)))
                    bestK = k;
            }
            if (bestK == prev.size()) break;
            const Visit& v = m_visited.at(idOf(prev[bestK]));
            if (!betterOptimum(v.metrics, current.metrics, m_config.metric, m_config.quality))
                break;
            levels = prev[bestK];
            current = v;
            improved |= offer(idOf(levels), v);
        }
        return improved;
    }

    /// The exact search with the time left; leaves out.exact empty when the limit comes first.
    void tryExact(HeuristicResult& out) {
        Feedback inner([this](double p) {
            if (m_feedback && !m_limit) m_feedback->setProgress(std::min(0.99, p));
        });
        const Watchdog watchdog(inner, m_feedback, m_deadline);
        SearchConfig exact = m_config;
        exact.algorithm = SearchAlgorithm::Fast;
        try {
            out.exact = search(m_data, exact, &inner);
        } catch (const Cancelled&) {
            // The caller's Cancel propagates, unless the best node so far is wanted.
            if (m_feedback && !m_keepOnCancel) m_feedback->checkCancelled();
            out.timedOut = !cancelKept();
        }
    }

    /// Figures of the reported node from the Dataset's own grouping (an independent code path
    /// from the rollups), which must satisfy: a failing node is never reported.
    void finish(HeuristicResult& out) {
        const EquivalenceClasses classes = m_data.classes(m_data.lattice().levels(*m_best));
        std::vector<std::uint8_t> failing;
        const detail::Verdict v = m_judge.judge(classes, &failing);
        if (!v.satisfies) {
            out.warnings.push_back(
                "internal: the heuristic's node did not satisfy on regrouping; dropped");
            out.provenOptimal = false;
            return;
        }
        if (m_judge.limitRows() == 0) failing.clear();
        out.best = *m_best;
        out.bestMetrics = measureClasses(m_data, classes, failing);
    }

    bool m_allowExact;
    bool m_keepOnCancel;
    std::function<void(NodeId, const NodeMetrics&)> m_onImproved;
    const Dataset& m_data;
    const SearchConfig& m_config;
    Feedback* m_feedback;
    detail::NodeJudge m_judge;
    std::vector<int> m_heights;
    std::size_t m_d;
    Clock::time_point m_start;
    std::optional<double> m_limit;
    std::optional<NodeId> m_seed;
    std::optional<Clock::time_point> m_deadline;
    std::vector<std::size_t> m_carried;
    std::vector<std::unique_ptr<detail::RollupEngine>> m_engines;
    TablePtr m_base;
    double m_baseTerm = 0;
    detail::QualityTables m_qualityTables;
    SearchStatistics m_stats;
    std::unordered_map<NodeId, Visit> m_visited;
    std::optional<NodeId> m_best;
    Visit m_bestVisit;
    std::uint64_t m_climbs = 0;
};

}  // namespace

HeuristicResult heuristicSearch(const Dataset& data, const SearchConfig& config,
                                std::optional<double> timeLimitSeconds, Feedback* feedback,
                                bool allowExact) {
    HeuristicOptions options;
    options.timeLimitSeconds = timeLimitSeconds;
    options.feedback = feedback;
    options.allowExact = allowExact;
    return heuristicSearch(data, config, options);
}

HeuristicResult heuristicSearch(const Dataset& data, const SearchConfig& config,
                                const HeuristicOptions& options) {
    const std::optional<double> timeLimitSeconds = options.timeLimitSeconds;
    if (timeLimitSeconds && !(*timeLimitSeconds >= 0))
        throw ParameterError("--time-limit must be a number of seconds ≥ 0");
    checkMultiAttributeSuppression(data, config);
    for (const BoundCriterion& b : config.criteria)
        if (b.criterion.multiAttribute() && data.sensitiveColumns().size() > 1)
            throw ParameterError(
                "criterion '" + b.criterion.spec() +
                "': the heuristic search does not handle multi-attribute criteria; use fast");
    return Anytime(data, config, options).run();
}

}  // namespace ldv
