// The questions about one given attribute set S: 1, 2, 5, 6, 9 and 11 of the privacy-diagnosis
// paper §4.1. Each is one grouping of the table by S (the privacy-diagnosis paper Algorithm 1)
// followed by arithmetic on class sizes.
#include "diagnosis/common.h"
#include "ldiv/diagnosis/suppressed_anonymity.h"

namespace ldv {
namespace {

bool compare(std::size_t value, std::size_t k, Bound bound) {
    return bound == Bound::AtLeast ? value >= k : value <= k;
}

struct OneSet {
    OneSet(int question, const Table& table, const std::vector<std::size_t>& s)
        : data(table, s), builder(question, s, data), partition(data.partitionOf(data.fullMask())) {
        builder.result.calls = 1;
    }
    DiagnosisAnswer answer() const {
        DiagnosisAnswer a;
        a.attributes = data.fullMask();
        return a;
    }
    std::size_t rows() const { return data.rowCount(); }

    detail::DiagnosisData data;
    detail::ResultBuilder builder;
    detail::Partition partition;
};

}  // namespace

DiagnosisResult isKAnonymous(const Table& table, const std::vector<std::size_t>& s, std::size_t k,
                             Bound bound) {
    detail::checkK(k);
    OneSet one(1, table, s);
    DiagnosisAnswer a = one.answer();
    a.k = one.partition.minClassSize();
    one.builder.result.holds = compare(*a.k, k, bound);
    one.builder.result.answers.push_back(a);
    return one.builder.finish();
}

DiagnosisResult kAnonymity(const Table& table, const std::vector<std::size_t>& s) {
    OneSet one(2, table, s);
    DiagnosisAnswer a = one.answer();
    a.k = one.partition.minClassSize();
    one.builder.result.answers.push_back(a);
    return one.builder.finish();
}

namespace {
DiagnosisResult suppressed(int question, const Table& table, const std::vector<std::size_t>& s,
                           double delta, std::optional<std::pair<std::size_t, Bound>> check) {
    detail::checkDelta(delta);
    OneSet one(question, table, s);
    const std::vector<std::uint32_t> sizes = one.partition.sortedSizes();
    const SuppressedAnonymity sa =
        anonymityWithSuppression(sizes, suppressionBudget(delta, one.rows()));
    DiagnosisAnswer a = one.answer();
    a.k = sa.k;
    a.delta = delta;
    a.suppressedRows = sa.suppressedRows;
    if (check) one.builder.result.holds = compare(sa.k, check->first, check->second);
    one.builder.result.answers.push_back(a);
    one.builder.result.rowsToSuppress = one.partition.rowsInClassesBelow(sa.k);
    return one.builder.finish();
}
}  // namespace

DiagnosisResult isKAnonymousSuppressed(const Table& table, const std::vector<std::size_t>& s,
                                       std::size_t k, double delta, Bound bound) {
    detail::checkK(k);
    return suppressed(5, table, s, delta, std::pair{k, bound});
}

DiagnosisResult kAnonymitySuppressed(const Table& table, const std::vector<std::size_t>& s,
                                     double delta) {
    return suppressed(6, table, s, delta, std::nullopt);
}

DiagnosisResult suppressionFor(const Table& table, const std::vector<std::size_t>& s, std::size_t k,
                               Bound bound) {
    detail::checkK(k);
    OneSet one(9, table, s);
    const std::vector<std::uint32_t> sizes = one.partition.sortedSizes();
    const std::size_t n = one.rows(), largest = sizes.back();
    std::size_t budget = 0;
    if (bound == Bound::AtLeast) {
        // Reaching k means removing exactly the classes smaller than k (Lemma 2); it is
        // impossible when even the largest class is smaller than k.
        if (k > largest) return one.builder.finish();
        budget = rowsInClassesBelow(sizes, k);
    } else if (largest <= k) {
        budget = n;  // every suppression leaves k ≤ largest ≤ k: any δ, up to 1
    } else {
        // k_δ ≤ k as long as the classes of size ≤ k cannot all go: ⌈δn⌉ < m'.
        const std::size_t exposed = rowsInClassesBetween(sizes, 1, k);
        if (exposed == 0) return one.builder.finish();  // already k(S) > k with no suppression
        budget = exposed - 1;
    }
    const SuppressedAnonymity sa = anonymityWithSuppression(sizes, budget);
    DiagnosisAnswer a = one.answer();
    a.k = sa.k;
    a.delta = detail::fraction(budget, n);
    a.suppressedRows = sa.suppressedRows;
    one.builder.result.answers.push_back(a);
    one.builder.result.rowsToSuppress = one.partition.rowsInClassesBelow(sa.k);
    return one.builder.finish();
}

DiagnosisResult suppressionTradeoff(const Table& table, const std::vector<std::size_t>& s) {
    OneSet one(11, table, s);
    const std::vector<std::uint32_t> sizes = one.partition.sortedSizes();
    for (const TradeoffPoint& p : suppressionTradeoff(sizes)) {
        DiagnosisAnswer a = one.answer();
        a.k = p.k;
        a.delta = detail::fraction(p.suppressedRows, one.rows());
        a.suppressedRows = p.suppressedRows;
        one.builder.result.answers.push_back(a);
    }
    return one.builder.finish();
}

}  // namespace ldv
