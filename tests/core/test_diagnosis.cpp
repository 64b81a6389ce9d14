// Anonymity diagnosis (the privacy-diagnosis paper): every one of the twelve questions against a
// brute-force oracle over all attribute subsets of small random tables, and the privacy-diagnosis
// paper Lemma 2 against every removal of at most ⌈δ·n⌉ rows.
#include <QtTest>

#include <algorithm>
#include <bit>
#include <map>
#include <random>
#include <set>

#include "ldiv/data/error.h"
#include "ldiv/diagnosis/diagnosis_result.h"
#include "ldiv/diagnosis/suppressed_anonymity.h"

using namespace ldv;

namespace {

Table randomTable(unsigned seed, std::size_t rows, std::size_t attributes) {
    std::mt19937 rng(seed);
    std::vector<Column> columns;
    for (std::size_t a = 0; a < attributes; ++a) {
        Column c("a" + std::to_string(a));
        // Small, skewed domains so that classes of many sizes (and some unique rows) appear.
        const int domain = 1 + static_cast<int>(rng() % 4);
        for (std::size_t r = 0; r < rows; ++r) {
            const int v = std::min<int>(static_cast<int>(rng() % (domain + 1)),
                                        static_cast<int>(rng() % (domain + 1)));
            c.append(std::to_string(v));
        }
        columns.push_back(std::move(c));
    }
    return Table(std::move(columns));
}

std::vector<std::size_t> allColumns(const Table& t) {
    std::vector<std::size_t> c(t.columnCount());
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = i;
    return c;
}

// The oracle: class sizes by a std::map over value tuples, independent of the partition code.
std::vector<std::uint32_t> bruteSizes(const Table& t, AttributeMask mask) {
    std::map<std::vector<Code>, std::uint32_t> groups;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::vector<Code> key;
        for (std::size_t a = 0; a < t.columnCount(); ++a)
            if (mask >> a & 1) key.push_back(t.column(a).code(r));
        ++groups[key];
    }
    std::vector<std::uint32_t> sizes;
    for (const auto& [key, n] : groups) sizes.push_back(n);
    std::sort(sizes.begin(), sizes.end());
    return sizes;
}

// k_δ by its definition: the largest K such that the classes smaller than K fit in the budget
// (and some class of size ≥ K remains); the least removal for it is those classes.
std::pair<std::size_t, std::size_t> bruteSuppressed(const std::vector<std::uint32_t>& sizes,
                                                    std::size_t budget) {
    std::size_t best = sizes.front(), rows = 0;
    for (std::uint32_t K : sizes) {
        std::size_t below = 0;
        for (std::uint32_t s : sizes)
            if (s < K) below += s;
        if (below <= budget && K >= best) best = K, rows = below;
    }
    return {best, rows};
}

std::size_t budgetOf(double delta, std::size_t n) {
    return suppressionBudget(delta, n);
}

// The smallest (at least) / largest (at most) budget b in [0, n] whose k_b meets the bound.
std::optional<std::size_t> bruteBudget(const std::vector<std::uint32_t>& sizes, std::size_t n,
                                       std::size_t k, Bound b) {
    std::optional<std::size_t> found;
    for (std::size_t budget = 0; budget <= n; ++budget) {
        const std::size_t kb = bruteSuppressed(sizes, budget).first;
        if (b == Bound::AtLeast && kb >= k) return budget;
        if (b == Bound::AtMost && kb <= k) found = budget;
    }
    return found;
}

std::map<AttributeMask, const DiagnosisAnswer*> byMask(const DiagnosisResult& r) {
    std::map<AttributeMask, const DiagnosisAnswer*> m;
    for (const DiagnosisAnswer& a : r.answers) m[a.attributes] = &a;
    return m;
}

DiagnosisQuery query(int q, std::optional<std::size_t> k = {}, std::optional<double> d = {},
                     Bound b = Bound::AtLeast) {
    DiagnosisQuery x;
    x.question = q;
    x.k = k;
    x.delta = d;
    x.bound = b;
    return x;
}

}  // namespace

class TestDiagnosis : public QObject {
    Q_OBJECT
private slots:
    void questionsMatchBruteForce_data() {
        QTest::addColumn<unsigned>("seed");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("attributes");
        for (unsigned seed = 1; seed <= 12; ++seed)
            QTest::addRow("seed %u", seed) << seed << int(10 + seed * 7) << int(2 + seed % 4);
    }
    void questionsMatchBruteForce() {
        QFETCH(unsigned, seed);
        QFETCH(int, rows);
        QFETCH(int, attributes);
        const Table t = randomTable(seed, rows, attributes);
        const auto cols = allColumns(t);
        const std::size_t n = t.rowCount();
        const AttributeMask full = (AttributeMask(1) << attributes) - 1;
        std::map<AttributeMask, std::vector<std::uint32_t>> sizes;
        for (AttributeMask m = 1; m <= full; ++m) sizes[m] = bruteSizes(t, m);
        for (double delta : {0.0, 0.05, 0.2, 0.5, 1.0}) {
            const std::size_t budget = budgetOf(delta, n);
            const auto kd = [&](AttributeMask m) { return bruteSuppressed(sizes[m], budget); };
            for (std::size_t k : {1, 2, 3, 5, 8}) {
                for (Bound bound : {Bound::AtLeast, Bound::AtMost}) {
                    const auto meets = [&](std::size_t v) {
                        return bound == Bound::AtLeast ? v >= k : v <= k;
                    };
                    // Q1 / Q5 on the whole list.
                    const DiagnosisResult q1 = diagnose(t, cols, query(1, k, {}, bound));
                    QCOMPARE(*q1.holds, meets(sizes[full].front()));
                    const DiagnosisResult q5 = diagnose(t, cols, query(5, k, delta, bound));
                    QCOMPARE(*q5.holds, meets(kd(full).first));
                    // Q3 / Q7: maximal passing sets ("at least") or minimal sets with k_δ ≤ k.
                    const DiagnosisResult q7 = diagnose(t, cols, query(7, k, delta, bound));
                    std::set<AttributeMask> expected;
                    for (AttributeMask m = 1; m <= full; ++m) {
                        if (!meets(kd(m).first)) continue;
                        bool extreme = true;
                        for (AttributeMask o = 1; o <= full && extreme; ++o) {
                            const bool related = bound == Bound::AtLeast ? (o != m && (o & m) == m)
                                                                         : (o != m && (o & m) == o);
                            if (related && meets(kd(o).first)) extreme = false;
                        }
                        if (extreme) expected.insert(m);
                    }
                    std::set<AttributeMask> got;
                    for (const DiagnosisAnswer& a : q7.answers) {
                        got.insert(a.attributes);
                        QCOMPARE(*a.k, kd(a.attributes).first);
                        if (bound == Bound::AtMost) {
                            std::size_t exposed = 0;
                            for (std::uint32_t s : sizes[a.attributes])
                                if (s >= *a.k && s <= k) exposed += s;
                            QCOMPARE(*a.exposedRows, exposed);
                        }
                    }
                    QCOMPARE(got, expected);
                    if (delta == 0)
                        QCOMPARE(diagnose(t, cols, query(3, k, {}, bound)).answers.size(),
                                 expected.size());
                    // Q9 / Q10: the δ that reaches (or keeps) the bound.
                    const DiagnosisResult q10 = diagnose(t, cols, query(10, k, {}, bound));
                    const auto q10m = byMask(q10);
                    QCOMPARE(q10.answers.size(), std::size_t(full));
                    for (AttributeMask m = 1; m <= full; ++m) {
                        const auto b = bruteBudget(sizes[m], n, k, bound);
                        const DiagnosisAnswer& a = *q10m.at(m);
                        QCOMPARE(a.delta.has_value(), b.has_value());
                        if (b) QCOMPARE(budgetOf(*a.delta, n), *b);
                    }
                    const DiagnosisResult q9 = diagnose(t, cols, query(9, k, {}, bound));
                    const auto b = bruteBudget(sizes[full], n, k, bound);
                    QCOMPARE(q9.answers.size(), std::size_t(b ? 1 : 0));
                    if (b) {
                        QCOMPARE(budgetOf(*q9.answers[0].delta, n), *b);
                        QCOMPARE(*q9.answers[0].k, bruteSuppressed(sizes[full], *b).first);
                    }
                }
            }
            // Q6 / Q8 (Q2 / Q4 when δ = 0): k_δ of every set and its least suppression.
            const DiagnosisResult q6 = diagnose(t, cols, query(6, {}, delta));
            QCOMPARE(*q6.answers[0].k, kd(full).first);
            QCOMPARE(*q6.answers[0].suppressedRows, kd(full).second);
            QCOMPARE(q6.rowsToSuppress.size(), kd(full).second);
            for (bool compact : {false, true}) {
                DiagnosisQuery q = query(8, {}, delta);
                q.compact = compact;
                const DiagnosisResult q8 = diagnose(t, cols, q);
                QVERIFY(q8.calls <= q8.naiveCalls);
                for (AttributeMask m = 1; m <= full; ++m) {
                    // A compact listing covers m by m itself or by a subset marked andSupersets.
                    const DiagnosisAnswer* a = nullptr;
                    for (const DiagnosisAnswer& x : q8.answers)
                        if (x.attributes == m ||
                            (x.andSupersets && (x.attributes & m) == x.attributes))
                            a = &x;
                    QVERIFY(a);
                    QCOMPARE(*a->k, kd(m).first);
                    if (delta > 0) QCOMPARE(*a->suppressedRows, kd(m).second);
                }
            }
        }
        // Q2, Q4, Q11, Q12.
        QCOMPARE(*diagnose(t, cols, query(2)).answers[0].k, std::size_t(sizes[full].front()));
        const DiagnosisResult q4result = diagnose(t, cols, query(4));
        const auto q4 = byMask(q4result);
        for (AttributeMask m = 1; m <= full; ++m)
            QCOMPARE(*q4.at(m)->k, std::size_t(sizes[m].front()));
        const DiagnosisResult q12 = diagnose(t, cols, query(12));
        for (AttributeMask m = 1; m <= full; ++m) {
            std::map<std::size_t, std::size_t> curve;  // k → least budget, over every budget
            for (std::size_t budget = n + 1; budget-- > 0;)
                curve[bruteSuppressed(sizes[m], budget).first] = budget;
            std::map<std::size_t, std::size_t> got;
            for (const DiagnosisAnswer& a : q12.answers)
                if (a.attributes == m) got[*a.k] = *a.suppressedRows;
            QCOMPARE(got, curve);
            if (m == full) {
                std::map<std::size_t, std::size_t> q11;
                for (const DiagnosisAnswer& a : diagnose(t, cols, query(11)).answers)
                    q11[*a.k] = *a.suppressedRows;
                QCOMPARE(q11, curve);
            }
        }
    }

    // The privacy-diagnosis paper Lemma 2: no removal of at most ⌈δn⌉ rows (leaving some row) beats
    // removing whole smallest classes, and the reported rows reach the reported k.
    void lemma2Exhaustive_data() {
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 40; ++seed) QTest::addRow("seed %u", seed) << seed;
    }
    void lemma2Exhaustive() {
        QFETCH(unsigned, seed);
        std::mt19937 rng(seed);
        const std::size_t n = 4 + rng() % 9;  // up to 12 rows: 4096 removals per budget
        std::vector<int> cls(n);
        for (int& c : cls) c = static_cast<int>(rng() % (1 + n / 2));
        std::map<int, std::uint32_t> count;
        for (int c : cls) ++count[c];
        std::vector<std::uint32_t> sizes;
        for (auto [c, s] : count) sizes.push_back(s);
        std::sort(sizes.begin(), sizes.end());
        for (std::size_t budget = 0; budget <= n; ++budget) {
            const SuppressedAnonymity sa = anonymityWithSuppression(sizes, budget);
            std::size_t best = 0;
            for (std::uint32_t removed = 0; removed < (1u << n); ++removed) {
                if (static_cast<std::size_t>(std::popcount(removed)) > budget ||
                    std::popcount(removed) == int(n))
                    continue;
                std::map<int, std::size_t> left;
                for (std::size_t r = 0; r < n; ++r)
                    if (!(removed >> r & 1)) ++left[cls[r]];
                std::size_t k = n;
                for (auto [c, s] : left) k = std::min(k, s);
                best = std::max(best, k);
            }
            QCOMPARE(sa.k, best);
            QVERIFY(sa.suppressedRows <= budget);
            QCOMPARE(rowsInClassesBelow(sizes, sa.k), sa.suppressedRows);
        }
    }

    void suppressionBudgetIsExact() {
        for (std::size_t n : {7u, 10u, 30162u})
            for (std::size_t m = 0; m <= std::min<std::size_t>(n, 500); ++m)
                QCOMPARE(suppressionBudget(static_cast<double>(m) / static_cast<double>(n), n), m);
        QCOMPARE(suppressionBudget(0.1, 30162), std::size_t(3017));  // ⌈3016.2⌉
        // SPEC §6: never more than ⌈δn⌉ rows, even when Algorithm 3's loop would overshoot.
        const std::vector<std::uint32_t> sizes{1, 2, 3, 10};
        QCOMPARE(anonymityWithSuppression(sizes, 2).k, std::size_t(2));
        QCOMPARE(anonymityWithSuppression(sizes, 3).k, std::size_t(3));
        QCOMPARE(anonymityWithSuppression(sizes, 100).k, std::size_t(10));  // one class stays
        const std::vector<std::uint32_t> ties{1, 2, 2, 5};
        QCOMPARE(anonymityWithSuppression(ties, 3).suppressedRows,
                 std::size_t(1));  // 2s need not go
    }

    // 24 attributes: the compact listing stays exact (spot checks against from-scratch k).
    void manyAttributesCompact() {
        const Table t = randomTable(99, 400, 24);
        const auto cols = allColumns(t);
        DiagnosisQuery q = query(4);
        QVERIFY_THROWS_EXCEPTION(ParameterError, diagnose(t, cols, q));  // 2^24 listed answers
        q.compact = true;
        const DiagnosisResult r = diagnose(t, cols, q);
        QVERIFY(r.calls < r.naiveCalls / 100);
        std::mt19937_64 rng(5);
        for (int i = 0; i < 200; ++i) {
            const AttributeMask m = rng() & ((AttributeMask(1) << 24) - 1);
            if (!m) continue;
            std::size_t k = 0;
            for (const DiagnosisAnswer& a : r.answers)
                if (a.attributes == m || (a.andSupersets && (a.attributes & m) == a.attributes))
                    k = *a.k;
            QCOMPARE(k, std::size_t(bruteSizes(t, m).front()));
        }
        const DiagnosisResult risky = diagnose(t, cols, query(3, 1, {}, Bound::AtMost));
        for (const DiagnosisAnswer& a : risky.answers)
            QCOMPARE(bruteSizes(t, a.attributes).front(), 1u);
    }

    void parameterErrors_data() {
        QTest::addColumn<int>("question");
        QTest::addColumn<int>("k");
        QTest::addColumn<double>("delta");
        QTest::addColumn<bool>("atMost");
        QTest::newRow("no such question") << 13 << -1 << -1.0 << false;
        QTest::newRow("q1 without k") << 1 << -1 << -1.0 << false;
        QTest::newRow("q2 with k") << 2 << 3 << -1.0 << false;
        QTest::newRow("q3 with delta") << 3 << 3 << 0.1 << false;
        QTest::newRow("q5 without delta") << 5 << 3 << -1.0 << false;
        QTest::newRow("q6 at most") << 6 << -1 << 0.1 << true;
        QTest::newRow("k zero") << 1 << 0 << -1.0 << false;
        QTest::newRow("delta above 1") << 6 << -1 << 1.5 << false;
    }
    void parameterErrors() {
        QFETCH(int, question);
        QFETCH(int, k);
        QFETCH(double, delta);
        QFETCH(bool, atMost);
        const Table t = randomTable(3, 20, 3);
        DiagnosisQuery q;
        q.question = question;
        if (k >= 0) q.k = static_cast<std::size_t>(k);
        if (delta >= 0) q.delta = delta;
        q.bound = atMost ? Bound::AtMost : Bound::AtLeast;
        QVERIFY_THROWS_EXCEPTION(ParameterError, diagnose(t, allColumns(t), q));
    }
    void badAttributeLists() {
        const Table t = randomTable(3, 20, 3);
        QVERIFY_THROWS_EXCEPTION(ParameterError, kAnonymity(t, {}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, kAnonymity(t, {0, 0}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, kAnonymity(Table(), {0}));
    }
};

QTEST_APPLESS_MAIN(TestDiagnosis)
#include "test_diagnosis.moc"
