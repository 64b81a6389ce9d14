// Questions 4, 8, 10 and 12 of the privacy-diagnosis paper §4.1: a value for every S ⊆ R. Each
// value (k, k_δ with its suppression, the δ needed for k, the whole k/δ trade-off) is monotone in S
// by 004 Lemma 1, which gives a sandwich: once value(S) = value(R), every S ⊆ S' ⊆ R has that value
// too. The privacy-diagnosis paper §4.3 prunes supersets of sets with k = 1; when k(R) = 1 that is
// this rule, and it also covers k(R) > 1 and the suppression questions. The walk only computes sets
// none of whose subsets reached the value of R.
#include <algorithm>
#include <bit>
#include <unordered_map>

#include "diagnosis/common.h"
#include "diagnosis/subset_walker.h"
#include "ldiv/diagnosis/suppressed_anonymity.h"

namespace ldv {
namespace {

constexpr std::size_t kMaxListedAttributes = 20;  // 2^20 listed subsets at most

template <class Value, class Eval, class Emit>
DiagnosisResult explore(int question, const Table& table, const std::vector<std::size_t>& r,
                        bool compact, Feedback* feedback, Eval eval, Emit emit) {
    const detail::DiagnosisData data(table, r);
    if (!compact && data.attributeCount() > kMaxListedAttributes)
        throw ParameterError(
            "listing every subset of " + std::to_string(data.attributeCount()) +
            " attributes would print 2^" + std::to_string(data.attributeCount()) +
            " answers; ask for the compact listing (--compact) or fewer attributes");
    detail::ResultBuilder builder(question, r, data);
    const AttributeMask full = data.fullMask();
    const Value top = eval(data.partitionOf(full));
    builder.result.calls = 1;
    std::vector<std::pair<AttributeMask, Value>> computed;
    detail::SubsetWalker walker(data, feedback);
    walker.run([&](AttributeMask mask, const detail::Partition& p) {
        if (mask == full) {  // computed first, as the floor of the sandwich
            computed.emplace_back(mask, top);
            return false;
        }
        ++builder.result.calls;
        Value v = eval(p);
        const bool reachedTop = v == top;
        computed.emplace_back(mask, std::move(v));
        return !reachedTop;
    });
    DiagnosisResult& result = builder.result;
    const auto bySize = [](AttributeMask x, AttributeMask y) {
        const int cx = std::popcount(x), cy = std::popcount(y);
        return cx != cy ? cx < cy : x < y;
    };
    if (compact) {
        if (computed.empty() || computed.back().first != full) computed.emplace_back(full, top);
        std::sort(computed.begin(), computed.end(),
                  [&](const auto& x, const auto& y) { return bySize(x.first, y.first); });
        for (const auto& [mask, v] : computed) emit(result, mask, v, mask != full && v == top);
        return builder.finish();
    }
    std::unordered_map<AttributeMask, const Value*> index;
    for (const auto& [mask, v] : computed) index.emplace(mask, &v);
    std::vector<AttributeMask> all(full);
    for (AttributeMask m = 1; m <= full; ++m) all[m - 1] = m;
    std::sort(all.begin(), all.end(), bySize);
    for (AttributeMask m : all) {
        const auto it = index.find(m);
        emit(result, m, it == index.end() ? top : *it->second, false);
    }
    return builder.finish();
}

struct KValue {
    std::size_t k = 0;
    std::size_t suppressed = 0;  // part of the value: supersets share it only if it is equal too
    bool operator==(const KValue&) const = default;
};

}  // namespace

DiagnosisResult anonymityOfAllSets(const Table& table, const std::vector<std::size_t>& r,
                                   double delta, bool compact, Feedback* feedback) {
    detail::checkDelta(delta);
    const std::size_t budget = suppressionBudget(delta, table.rowCount());
    const auto eval = [&](const detail::Partition& p) {
        if (budget == 0) return KValue{p.minClassSize(), 0};
        const std::vector<std::uint32_t> sizes = p.sortedSizes();
        const SuppressedAnonymity sa = anonymityWithSuppression(sizes, budget);
        return KValue{sa.k, sa.suppressedRows};
    };
    const auto emit = [&](DiagnosisResult& res, AttributeMask mask, const KValue& v,
                          bool andSupersets) {
        DiagnosisAnswer a;
        a.attributes = mask;
        a.k = v.k;
        if (delta > 0) {
            a.delta = delta;
            a.suppressedRows = v.suppressed;
        }
        a.andSupersets = andSupersets;
        res.answers.push_back(a);
    };
    return explore<KValue>(delta > 0 ? 8 : 4, table, r, compact, feedback, eval, emit);
}

DiagnosisResult suppressionForAllSets(const Table& table, const std::vector<std::size_t>& r,
                                      std::size_t k, Bound bound, bool compact,
                                      Feedback* feedback) {
    detail::checkK(k);
    const std::size_t n = table.rowCount();
    // One monotone number per set (it only grows as attributes are added):
    //  at least k: m(k), the rows to suppress, or n+1 when no δ reaches k (k > largest class);
    //  at most k: ⌈δn⌉ of the largest δ keeping k_δ ≤ k, n when every δ does, −1 when none.
    const auto eval = [&](const detail::Partition& p) -> long long {
        const std::vector<std::uint32_t> sizes = p.sortedSizes();
        if (bound == Bound::AtLeast)
            return k > sizes.back() ? static_cast<long long>(n) + 1
                                    : static_cast<long long>(rowsInClassesBelow(sizes, k));
        if (sizes.back() <= k) return static_cast<long long>(n);
        return static_cast<long long>(rowsInClassesBetween(sizes, 1, k)) - 1;
    };
    const auto emit = [&](DiagnosisResult& res, AttributeMask mask, long long v,
                          bool andSupersets) {
        DiagnosisAnswer a;
        a.attributes = mask;
        const bool possible = bound == Bound::AtLeast ? v <= static_cast<long long>(n) : v >= 0;
        if (possible) {
            a.delta = detail::fraction(static_cast<std::size_t>(v), n);
            if (bound == Bound::AtLeast) a.suppressedRows = static_cast<std::size_t>(v);
        }
        a.andSupersets = andSupersets;
        res.answers.push_back(a);
    };
    return explore<long long>(10, table, r, compact, feedback, eval, emit);
}

DiagnosisResult suppressionTradeoffOfAllSets(const Table& table, const std::vector<std::size_t>& r,
                                             bool compact, Feedback* feedback) {
    const std::size_t n = table.rowCount();
    const auto eval = [](const detail::Partition& p) { return sizeHistogram(p.sortedSizes()); };
    const auto emit = [&](DiagnosisResult& res, AttributeMask mask, const SizeHistogram& h,
                          bool andSupersets) {
        std::size_t below = 0;
        for (const auto& [size, count] : h) {
            DiagnosisAnswer a;
            a.attributes = mask;
            a.k = size;
            a.delta = detail::fraction(below, n);
            a.suppressedRows = below;
            a.andSupersets = andSupersets;
            res.answers.push_back(a);
            below += std::size_t(size) * count;
        }
    };
    return explore<SizeHistogram>(12, table, r, compact, feedback, eval, emit);
}

}  // namespace ldv
