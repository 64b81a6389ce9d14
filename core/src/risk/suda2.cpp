// SUDA2 minimal sample uniques and scores (suda2.h).
#include "ldiv/risk/suda2.h"

#include <algorithm>
#include <bit>

#include "diagnosis/partition.h"
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"

namespace ldv {

namespace {

struct Walk {
    const detail::DiagnosisData& data;
    std::size_t maxSize;
    Feedback* feedback;
    std::vector<std::vector<std::uint64_t>>& msus;
    std::vector<detail::Partition> scratch;  // one partition per depth, reused

    // Children of `mask` (partition `p`, |mask| = depth) add one attribute below its lowest.
    void visit(const detail::Partition& p, std::uint64_t mask, std::size_t below,
               std::size_t depth) {
        detail::Partition& next = scratch[depth];
        for (std::size_t a = 0; a < below; ++a) {
            if (feedback) feedback->checkCancelled();
            data.refine(p, a, next, true);
            const std::uint64_t set = mask | std::uint64_t(1) << a;
            // Rows unique on `set` but not on its parent; minimal unless an MSU found before
            // (every subset of `set` has a smaller mask, so was visited) lies inside `set`.
            for (std::uint32_t row : next.singletonRows) {
                std::vector<std::uint64_t>& found = msus[row];
                const bool covered = std::any_of(found.begin(), found.end(),
                                                 [&](std::uint64_t m) { return (m & ~set) == 0; });
                if (!covered) found.push_back(set);
            }
            next.singletonRows.clear();
            if (depth + 1 < maxSize && a > 0 && next.sharedClassCount() > 0)
                visit(next, set, a, depth + 1);
        }
    }
};

}  // namespace

double suda2MsuWeight(std::size_t attributes, std::size_t size) {
    double w = 1;
    for (std::size_t i = 2; i + size <= attributes; ++i) w *= double(i);
    return w;
}

Suda2Result suda2(const Table& table, const std::vector<std::size_t>& columns,
                  const Suda2Options& options, Feedback* feedback) {
    if (columns.empty())
        throw ParameterError("SUDA2 needs attributes: give at least one quasi-identifier");
    if (columns.size() > kMaxSuda2Attributes)
        throw ParameterError("SUDA2 handles at most " + std::to_string(kMaxSuda2Attributes) +
                             " attributes, got " + std::to_string(columns.size()));
    if (table.rowCount() < 2)
        throw ParameterError("SUDA2 needs at least 2 rows: a single row is unique on nothing");
    const std::size_t M = columns.size();
    if (options.maxMsuSize > M)
        throw ParameterError("--max-msu " + std::to_string(options.maxMsuSize) +
                             " is more than the " + std::to_string(M) + " attributes");
    const detail::DiagnosisData data(table, columns);
    Suda2Result r;
    r.attributes = M;
    r.maxMsuSize = options.maxMsuSize == 0 ? M : options.maxMsuSize;
    r.msus.resize(table.rowCount());
    Walk walk{data, r.maxMsuSize, feedback, r.msus, std::vector<detail::Partition>(M)};
    walk.visit(detail::wholeTable(table.rowCount()), 0, M, 0);

    std::vector<double> weight(M + 1);
    for (std::size_t k = 1; k <= M; ++k) weight[k] = suda2MsuWeight(M, k);
    r.score.assign(table.rowCount(), 0);
    r.msusBySize.assign(M + 1, 0);
    r.attributeContribution.assign(M, 0);
    double total = 0;
    for (std::size_t row = 0; row < r.msus.size(); ++row) {
        std::vector<std::uint64_t>& found = r.msus[row];
        std::sort(found.begin(), found.end());
        for (std::uint64_t m : found) {
            const std::size_t k = std::size_t(std::popcount(m));
            r.score[row] += weight[k];
            ++r.msusBySize[k];
            for (std::uint64_t bits = m; bits; bits &= bits - 1)
                r.attributeContribution[std::size_t(std::countr_zero(bits))] += weight[k];
        }
        total += r.score[row];
    }
    for (double& c : r.attributeContribution) c = total > 0 ? c / total : 0;
    return r;
}

}  // namespace ldv
