// SafePub's score functions and search (Bild, Kuhn & Prasser 2018; dp/safepub.h).
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"

namespace ldv {

namespace {

// Scores nodes from the engine's classes (Dataset::classes over the base groups) with the
// sample counted per base group once, so that a node costs one grouping of the base groups
// and not a pass over the rows.
class Scorer {
public:
    Scorer(const Dataset& data, std::span<const std::uint8_t> sampled, std::uint32_t k,
           DpScore score)
        : m_data(data), m_k(k), m_score(score), m_baseSample(data.baseGroupCount(), 0) {
        if (data.grouped() || data.sampled())
            throw ParameterError(
                "differential privacy samples the rows of the table itself: it cannot run on a "
                "grouped table or with a research subset");
        if (sampled.size() != data.table().rowCount())
            throw ParameterError("the sample has " + std::to_string(sampled.size()) +
                                 " flags for " + std::to_string(data.table().rowCount()) + " rows");
        for (std::size_t r = 0; r < sampled.size(); ++r)
            if (sampled[r]) {
                ++m_baseSample[data.baseGroupOfRow(r)];
                ++m_sampled;
            }
        // Granularity's share of a value: the hierarchy base values it covers over all of them.
        for (std::size_t i = 0; i < data.qiCount(); ++i) {
            const HierarchyMap& h = data.hierarchy(i);
            double domain = 0;
            for (std::uint32_t c : h.fullCoverage(h.height())) domain += c;
            m_domain.push_back(std::max(domain, 1.0));
        }
    }

    std::size_t sampledRows() const { return m_sampled; }

    /// Sampled rows per class of `classes` (computed with membership).
    std::vector<std::uint64_t> classSample(const EquivalenceClasses& classes) const {
        std::vector<std::uint64_t> counts(classes.count(), 0);
        for (std::size_t b = 0; b < m_baseSample.size(); ++b)
            counts[classes.baseToClass[b]] += m_baseSample[b];
        return counts;
    }

    double score(std::span<const int> levels) const {
        const EquivalenceClasses classes = m_data.classes(levels, true);
        const std::vector<std::uint64_t> counts = classSample(classes);
        const double n = double(m_data.rowCount());
        const double d = double(m_data.qiCount());
        // Rows outside the sample are not published: SafePub counts them as suppressed.
        double suppressed = n - double(m_sampled);
        if (m_score == DpScore::Discernibility) {
            double kept = 0;
            for (std::size_t c = 0; c < counts.size(); ++c) {
                if (counts[c] >= m_k)
                    kept += double(counts[c]) * double(counts[c]);
                else
                    suppressed += double(counts[c]);
            }
            // §5.2: sensitivity n · (k²/(k − 1) + 1), and 5n for k = 1.
            const double kk = double(m_k);
            const double sensitivity = n * (m_k == 1 ? 5.0 : kk * kk / (kk - 1) + 1);
            return -(kept + n * suppressed) / sensitivity;
        }
        double loss = 0;
        for (std::size_t c = 0; c < counts.size(); ++c) {
            if (counts[c] < m_k) {
                suppressed += double(counts[c]);
                continue;
            }
            const auto key = classes.key(c);
            for (std::size_t i = 0; i < key.size(); ++i) {
                const HierarchyMap& h = m_data.hierarchy(i);
                loss += double(counts[c]) * double(h.fullCoverage(levels[i])[key[i]]) / m_domain[i];
            }
        }
        // §5.1: a suppressed row loses all of every attribute; the sum over attributes divided
        // by their number, and the sensitivity k − 1 (1 for k = 1).
        loss += d * suppressed;
        return -loss / d / (m_k > 1 ? double(m_k - 1) : 1.0);
    }

private:
    const Dataset& m_data;
    std::uint32_t m_k;
    DpScore m_score;
    std::vector<std::uint64_t> m_baseSample;
    std::size_t m_sampled = 0;
    std::vector<double> m_domain;
};

}  // namespace

double safePubScore(const Dataset& data, std::span<const int> levels,
                    std::span<const std::uint8_t> sampled, std::uint32_t k, DpScore score) {
    return Scorer(data, sampled, k, score).score(levels);
}

SafePubResult safePub(const Dataset& data, const SafePubOptions& options) {
    if (options.steps < 1)
        throw ParameterError("differential privacy: --steps must be at least 1, got " +
                             std::to_string(options.steps));
    SafePubResult result;
    result.parameters = dpParameters(options.epsilon, options.delta, options.searchShare);
    const std::uint32_t k = result.parameters.k;
    const std::unique_ptr<RandomSource> rng = makeRandomSource(options.seed);
    result.reproducible = rng->reproducible();

    // Sampling: each row independently with probability β.
    const std::size_t rows = data.table().rowCount();
    result.sampled.assign(rows, 0);
    for (std::size_t r = 0; r < rows; ++r)
        result.sampled[r] = rng->uniform() < result.parameters.beta ? 1 : 0;
    const Scorer scorer(data, result.sampled, k, options.score);
    result.sampledRows = scorer.sampledRows();

    // The search: from the top, pivots drawn among the predecessors seen so far.
    const Lattice& lattice = data.lattice();
    const double stepEpsilon = result.parameters.epsilonSearch / double(options.steps);
    std::unordered_map<NodeId, double> candidates;
    std::unordered_set<NodeId> visited;
    NodeId pivot = lattice.top();
    double pivotScore = scorer.score(lattice.levels(pivot));
    NodeId best = pivot;
    double bestScore = pivotScore;
    visited.insert(pivot);
    result.pivots.push_back(lattice.levels(pivot));
    for (int step = 1; step <= options.steps; ++step) {
        for (NodeId p : lattice.predecessors(pivot))
            if (!visited.contains(p) && !candidates.contains(p))
                candidates.emplace(p, scorer.score(lattice.levels(p)));
        candidates.erase(pivot);
        if (candidates.empty()) break;
        // In node order, so that a seed replays the same choices whatever the hash map's order.
        std::vector<NodeId> ids;
        ids.reserve(candidates.size());
        for (const auto& [id, s] : candidates) ids.push_back(id);
        std::sort(ids.begin(), ids.end());
        std::vector<double> scores;
        scores.reserve(ids.size());
        for (NodeId id : ids) scores.push_back(candidates.at(id));
        const std::size_t chosen = exponentialSelect(scores, stepEpsilon, *rng);
        pivot = ids[chosen];
        pivotScore = scores[chosen];
        candidates.erase(pivot);
        visited.insert(pivot);
        result.steps = step;
        result.pivots.push_back(lattice.levels(pivot));
        if (pivotScore > bestScore) {
            best = pivot;
            bestScore = pivotScore;
        }
    }
    result.levels = lattice.levels(best);
    result.score = bestScore;

    // k-threshold suppression at the chosen node: sampled rows of classes below k.
    const EquivalenceClasses classes = data.classes(result.levels, true);
    const std::vector<std::uint64_t> counts = scorer.classSample(classes);
    for (std::size_t r = 0; r < rows; ++r)
        if (result.sampled[r] && counts[classes.baseToClass[data.baseGroupOfRow(r)]] < k)
            result.suppressedRows.push_back(std::uint32_t(r));
    return result;
}

}  // namespace ldv
