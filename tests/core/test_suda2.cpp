// SUDA2 (suda2.h): minimal sample uniques and scores on hand-worked tables, the examples of
// sdcMicro's test file (numbers from Templ 2017 and the SDC guidelines), and a brute-force MSU
// enumerator written from the definition on random tables.
#include <QtTest>

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/risk/suda2.h"
#include "test_scale.h"

using namespace ldv;

namespace {

bool near(double a, double b, double eps = 1e-9) {
    return std::abs(a - b) <= eps * std::max(1.0, std::abs(b));
}

Table tableOf(const std::vector<std::vector<std::string>>& columns) {
    std::vector<Column> cs;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        std::string name(1, 'a');  // not "a" + …: GCC 12's -Wrestrict misfires on that
        name += std::to_string(i);
        Column c(name);
        for (const std::string& v : columns[i]) c.append(v);
        cs.push_back(std::move(c));
    }
    return Table(std::move(cs));
}

std::vector<std::size_t> allColumns(const Table& t) {
    std::vector<std::size_t> c(t.columnCount());
    for (std::size_t i = 0; i < c.size(); ++i) c[i] = i;
    return c;
}

// From the definition: row r is unique on S when no other row agrees with it on every
// attribute of S; S is an MSU when r is unique on S and on no proper subset of S.
bool uniqueOn(const Table& t, std::size_t r, std::uint64_t s) {
    for (std::size_t o = 0; o < t.rowCount(); ++o) {
        if (o == r) continue;
        bool same = true;
        for (std::size_t a = 0; a < t.columnCount() && same; ++a)
            if (s >> a & 1) same = t.column(a).code(o) == t.column(a).code(r);
        if (same) return false;
    }
    return true;
}

std::vector<std::vector<std::uint64_t>> bruteMsus(const Table& t, std::size_t maxSize) {
    const std::uint64_t all = (std::uint64_t(1) << t.columnCount()) - 1;
    std::vector<std::vector<std::uint64_t>> out(t.rowCount());
    for (std::size_t r = 0; r < t.rowCount(); ++r)
        for (std::uint64_t s = 1; s <= all; ++s) {
            if (std::size_t(std::popcount(s)) > maxSize || !uniqueOn(t, r, s)) continue;
            bool minimal = true;
            for (std::uint64_t sub = (s - 1) & s; sub && minimal; sub = (sub - 1) & s)
                minimal = !uniqueOn(t, r, sub);
            if (minimal) out[r].push_back(s);
        }
    return out;
}

// The same definition for up to 10 attributes: each row's uniqueness on every set first, then
// every proper subset of a unique set looked up.
std::vector<std::vector<std::uint64_t>> bruteMsusWide(const Table& t, std::size_t maxSize) {
    const std::uint64_t all = (std::uint64_t(1) << t.columnCount()) - 1;
    std::vector<std::vector<std::uint64_t>> out(t.rowCount());
    std::vector<bool> unique(all + 1);
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        for (std::uint64_t s = 0; s <= all; ++s) unique[s] = uniqueOn(t, r, s);
        for (std::uint64_t s = 1; s <= all; ++s) {
            if (std::size_t(std::popcount(s)) > maxSize || !unique[s]) continue;
            bool minimal = !unique[0];
            for (std::uint64_t sub = (s - 1) & s; sub && minimal; sub = (sub - 1) & s)
                minimal = !unique[sub];
            if (minimal) out[r].push_back(s);
        }
    }
    return out;
}

}  // namespace

class TestSuda2 : public QObject {
    Q_OBJECT
private slots:
    void weights() {
        // (M − k)!: of 4 attributes, sizes 1..4 weigh 6, 2, 1, 1.
        QCOMPARE(suda2MsuWeight(4, 1), 6.0);
        QCOMPARE(suda2MsuWeight(4, 2), 2.0);
        QCOMPARE(suda2MsuWeight(4, 3), 1.0);
        QCOMPARE(suda2MsuWeight(4, 4), 1.0);
        QCOMPARE(suda2MsuWeight(16, 1), 1307674368000.0);  // 15!
    }

    void contributionsByHand() {
        // sdcMicro's "simple example contribution": a = (2,1,1), b = (0,3,0), c = (0,6,0).
        // Row 1: a=2 alone → MSU {a} (weight 2! = 2), score 2.
        // Row 2: b=3 and c=6 alone → MSUs {b}, {c}, score 4. ({a} = 1 is shared with row 3.)
        // Row 3: (1,0,0): a=1 shared with row 2, b=0 and c=0 with row 1; {a,b} = (1,0) and
        //   {a,c} = (1,0) are unique → MSUs of size 2 (weight 1! = 1) each; {b,c} = (0,0) is
        //   shared with row 1. Score 2.
        // Contributions: a: 2 (row 1) + 1 + 1 (row 3) = 4 of 8 = 50 %; b: 2 + 1 = 3 → 37.5 %;
        // c: 37.5 %, as sdcMicro's test says (50, 37.5, 37.5).
        const Table t = tableOf({{"2", "1", "1"}, {"0", "3", "0"}, {"0", "6", "0"}});
        const Suda2Result r = suda2(t, allColumns(t));
        QCOMPARE(r.score, (std::vector<double>{2, 4, 2}));
        QCOMPARE(r.msus[0], (std::vector<std::uint64_t>{0b001}));
        QCOMPARE(r.msus[1], (std::vector<std::uint64_t>{0b010, 0b100}));
        QCOMPARE(r.msus[2], (std::vector<std::uint64_t>{0b011, 0b101}));
        QVERIFY(near(r.attributeContribution[0], 0.5));
        QVERIFY(near(r.attributeContribution[1], 0.375));
        QVERIFY(near(r.attributeContribution[2], 0.375));
        QCOMPARE(r.msusBySize[1], std::uint64_t(3));
        QCOMPARE(r.msusBySize[2], std::uint64_t(2));
        // Column order does not matter (sdcMicro's examples 2–4 permute the columns).
        const Suda2Result p = suda2(t, {2, 0, 1});
        QCOMPARE(p.score, r.score);
        QVERIFY(near(p.attributeContribution[1], 0.5));
    }

    void bookExample() {
        // sdcMicro's "suda2 book example" (Templ 2017): scores of rows 5..8 are 4, 2, 6, 8.
        // Row 8 (60s, male, 50k-, university): {age} unique (3! = 6); {gender, education} =
        // (male, university) unique (2! = 2): 8.
        const Table t =
            tableOf({{"20s", "20s", "20s", "20s", "20s", "20s", "20s", "60s"},
                     {"male", "male", "male", "male", "female", "female", "female", "male"},
                     {"50k+", "50k+", "50k-", "50k-", "50k-", "50k-", "50k-", "50k-"},
                     {"highschool", "highschool", "highschool", "highschool", "university",
                      "highschool", "middleschool", "university"}});
        const Suda2Result r = suda2(t, allColumns(t));
        QCOMPARE(std::vector<double>(r.score.begin() + 4, r.score.end()),
                 (std::vector<double>{4, 2, 6, 8}));
    }

    void sdcGuidelineExample() {
        // sdcMicro's "suda2 sdc guideline" example: scores 0,0,6,0,12,0,6,10,0,0. Row 8 (Urban,
        // Male, Post-secondary, Unemployed): {Education} (6) + {Gender, Labor} (2) +
        // {Residence, Labor} (2) = 10.
        const Table t = tableOf(
            {{"Urban", "Urban", "Urban", "Urban", "Rural", "Urban", "Urban", "Urban", "Urban",
              "Urban"},
             {"Female", "Female", "Female", "Male", "Female", "Male", "Female", "Male", "Female",
              "Female"},
             {"Secondary incomplete", "Secondary incomplete", "Primary incomplete",
              "Secondary complete", "Secondary complete", "Secondary complete", "Primary complete",
              "Post-secondary", "Secondary incomplete", "Secondary incomplete"},
             {"Employed", "Employed", "Non-LF", "Employed", "Unemployed", "Employed", "Non-LF",
              "Unemployed", "Non-LF", "Non-LF"}});
        const Suda2Result r = suda2(t, allColumns(t));
        QCOMPARE(r.score, (std::vector<double>{0, 0, 6, 0, 12, 0, 6, 10, 0, 0}));
    }

    void maxMsuLimitsSizeNotWeights() {
        // Same table as contributionsByHand with MSUs of 1 attribute only: row 3 loses its two
        // MSUs of size 2; the weights stay (3 − 1)! = 2.
        const Table t = tableOf({{"2", "1", "1"}, {"0", "3", "0"}, {"0", "6", "0"}});
        const Suda2Result r = suda2(t, allColumns(t), {1});
        QCOMPARE(r.score, (std::vector<double>{2, 4, 0}));
        QCOMPARE(r.maxMsuSize, std::size_t(1));
    }

    void randomAgainstBruteForce() {
        std::mt19937 rng(2008);
        for (int round = 0; round < ldv::test::scaled(300); ++round) {
            const std::size_t rows = 2 + rng() % 25, attrs = 1 + rng() % 6;
            std::vector<std::vector<std::string>> cols(attrs);
            for (auto& c : cols) {
                const unsigned domain = 1 + rng() % 4;
                for (std::size_t r = 0; r < rows; ++r) c.push_back(std::to_string(rng() % domain));
            }
            const Table t = tableOf(cols);
            const std::size_t maxSize = round % 3 == 0 ? 1 + rng() % attrs : attrs;
            const Suda2Result r = suda2(t, allColumns(t), {round % 3 == 0 ? maxSize : 0});
            const auto expected = bruteMsus(t, maxSize);
            std::vector<double> contribution(attrs, 0);
            double total = 0;
            for (std::size_t row = 0; row < rows; ++row) {
                QCOMPARE(r.msus[row], expected[row]);
                double score = 0;
                for (std::uint64_t m : expected[row]) {
                    double w = 1;  // (M − |m|)!
                    for (std::size_t i = 2; i <= attrs - std::size_t(std::popcount(m)); ++i) w *= i;
                    score += w;
                    for (std::size_t a = 0; a < attrs; ++a)
                        if (m >> a & 1) contribution[a] += w;
                }
                QCOMPARE(r.score[row], score);
                total += score;
            }
            for (std::size_t a = 0; a < attrs; ++a)
                QVERIFY(near(r.attributeContribution[a], total > 0 ? contribution[a] / total : 0));
        }
    }

    void randomWideAgainstBruteForce() {
        // Up to 10 attributes of unequal domains (the search reorders attributes by domain
        // size), duplicate rows, and copied columns (perfectly correlated attributes).
        std::mt19937 rng(2026);
        for (int round = 0; round < ldv::test::scaled(120); ++round) {
            const std::size_t rows = 2 + rng() % 60, attrs = 6 + rng() % 5;
            std::vector<std::vector<std::string>> cols(attrs);
            for (std::size_t a = 0; a < attrs; ++a) {
                if (a > 0 && rng() % 6 == 0) {
                    cols[a] = cols[rng() % a];
                    continue;
                }
                const unsigned domain = 1 + rng() % (a % 3 == 0 ? 8 : 3);
                for (std::size_t r = 0; r < rows; ++r)
                    cols[a].push_back(std::to_string(rng() % domain));
            }
            for (std::size_t r = 1; r < rows; ++r)
                if (rng() % 8 == 0)
                    for (auto& c : cols) c[r] = c[r - 1];
            const Table t = tableOf(cols);
            const std::size_t maxSize = round % 4 == 0 ? 1 + rng() % attrs : attrs;
            const Suda2Result r = suda2(t, allColumns(t), {round % 4 == 0 ? maxSize : 0});
            const auto expected = bruteMsusWide(t, maxSize);
            for (std::size_t row = 0; row < rows; ++row) QCOMPARE(r.msus[row], expected[row]);
        }
    }

    void smallClassesAgainstBruteForce() {
        // Tables of near-duplicate rows: templates copied 2 or 3 times, each copy changed on 0 to
        // 2 attributes, so most classes have 2 or 3 rows (the pair and small-class paths, whose
        // parts are found without the counting sort), with MSU limits in every other round.
        std::mt19937 rng(36);
        for (int round = 0; round < ldv::test::scaled(120); ++round) {
            const std::size_t attrs = 4 + rng() % 6, templates = 2 + rng() % 12;
            std::vector<std::vector<std::string>> cols(attrs);
            for (std::size_t t = 0; t < templates; ++t) {
                std::vector<unsigned> base(attrs);
                for (unsigned& v : base) v = rng() % 5;
                const std::size_t copies = 2 + rng() % 2 + (rng() % 5 == 0 ? 6 : 0);
                for (std::size_t c = 0; c < copies; ++c) {
                    std::vector<unsigned> row = base;
                    for (std::size_t k = rng() % 3; k > 0; --k) row[rng() % attrs] = rng() % 5;
                    for (std::size_t a = 0; a < attrs; ++a)
                        cols[a].push_back(std::to_string(row[a]));
                }
            }
            const Table t = tableOf(cols);
            const std::size_t maxSize = round % 2 == 0 ? 1 + rng() % attrs : attrs;
            const Suda2Result r = suda2(t, allColumns(t), {round % 2 == 0 ? maxSize : 0});
            const auto expected = bruteMsusWide(t, maxSize);
            for (std::size_t row = 0; row < t.rowCount(); ++row)
                QCOMPARE(r.msus[row], expected[row]);
        }
    }

    void wideDomainsAgainstBruteForce() {
        // Domains over 256 and over 65,536 values (codes held in two and four bytes). 300 rows:
        // a column of 260 values (the last 40 rows repeat earlier ones) beside small ones, brute
        // force.
        std::mt19937 rng(2019);
        for (int round = 0; round < ldv::test::scaled(4); ++round) {
            std::vector<std::vector<std::string>> cols(4);
            for (std::size_t r = 0; r < 300; ++r) {
                cols[0].push_back(std::to_string(r < 260 ? r : rng() % 260));
                for (std::size_t a = 1; a < 4; ++a) cols[a].push_back(std::to_string(rng() % 3));
            }
            const Table t = tableOf(cols);
            QVERIFY(t.column(0).domainSize() > 256);
            const Suda2Result r = suda2(t, allColumns(t));
            const auto expected = bruteMsusWide(t, 4);
            for (std::size_t row = 0; row < t.rowCount(); ++row)
                QCOMPARE(r.msus[row], expected[row]);
        }
        // 65,537 rows, column 0 the row number, column 1 its parity: every row is unique on
        // column 0 alone and on nothing else minimal ({1} is shared, {0, 1} holds {0}).
        const std::size_t n = 65537;
        std::vector<std::vector<std::string>> cols(2);
        for (std::size_t r = 0; r < n; ++r) {
            cols[0].push_back(std::to_string(r));
            cols[1].push_back(std::to_string(r % 2));
        }
        const Table t = tableOf(cols);
        const Suda2Result r = suda2(t, allColumns(t));
        for (std::size_t row = 0; row < n; ++row)
            QCOMPARE(r.msus[row], (std::vector<std::uint64_t>{0b01}));
        QCOMPARE(r.msusBySize[1], std::uint64_t(n));
    }

    void threadsAgainstBruteForce() {
        // 1, 2 and 4 threads (4 more than this machine's cores on small CI runners) on tables
        // whose top-level parts spread over the threads, with and without MSU limits: the
        // post-filter that merges the threads' candidates against the definition.
        std::mt19937 rng(3636);
        for (int round = 0; round < ldv::test::scaled(90); ++round) {
            const std::size_t rows = 3 + rng() % 80, attrs = 3 + rng() % 6;
            std::vector<std::vector<std::string>> cols(attrs);
            for (std::size_t a = 0; a < attrs; ++a) {
                const unsigned domain = 2 + rng() % (a % 2 == 0 ? 6 : 3);
                for (std::size_t r = 0; r < rows; ++r)
                    cols[a].push_back(std::to_string(rng() % domain));
            }
            for (std::size_t r = 1; r < rows; ++r)
                if (rng() % 6 == 0) {
                    const std::size_t from = rng() % r;
                    for (auto& c : cols) c[r] = c[from];
                    cols[rng() % attrs][r] = std::to_string(rng() % 7);
                }
            const Table t = tableOf(cols);
            const std::size_t maxSize = round % 2 == 0 ? 1 + rng() % attrs : attrs;
            const auto expected = bruteMsusWide(t, maxSize);
            for (const std::size_t threads : {1, 2, 4}) {
                const Suda2Result r =
                    suda2(t, allColumns(t), {round % 2 == 0 ? maxSize : 0, threads});
                for (std::size_t row = 0; row < t.rowCount(); ++row)
                    QCOMPARE(r.msus[row], expected[row]);
            }
        }
    }

    void threadsGiveIdenticalResults() {
        // A table too large for brute force (600 rows, 14 attributes, many MSUs per row): every
        // thread count gives exactly one thread's MSUs, scores, sizes and contributions.
        std::mt19937 rng(2019);
        for (int round = 0; round < ldv::test::scaled(3); ++round) {
            const std::size_t rows = 600, attrs = 14;
            std::vector<std::vector<std::string>> cols(attrs);
            for (std::size_t a = 0; a < attrs; ++a) {
                const unsigned domain = 2 + rng() % 5;
                for (std::size_t r = 0; r < rows; ++r)
                    cols[a].push_back(std::to_string(rng() % domain));
            }
            const Table t = tableOf(cols);
            for (const std::size_t limit : {std::size_t(0), std::size_t(4)}) {
                const Suda2Result one = suda2(t, allColumns(t), {limit, 1});
                std::size_t total = 0;
                for (const auto& m : one.msus) total += m.size();
                QVERIFY(total > rows);  // the merge has work to do
                for (const std::size_t threads : {2, 3, 4, 16}) {
                    const Suda2Result r = suda2(t, allColumns(t), {limit, threads});
                    QCOMPARE(r.msus, one.msus);
                    QCOMPARE(r.score, one.score);
                    QCOMPARE(r.msusBySize, one.msusBySize);
                    QCOMPARE(r.attributeContribution, one.attributeContribution);
                }
            }
        }
    }

    void errors() {
        const Table one = tableOf({{"x"}});
        QVERIFY_THROWS_EXCEPTION(ParameterError, suda2(one, {0}));
        const Table t = tableOf({{"1", "2"}, {"3", "4"}});
        QVERIFY_THROWS_EXCEPTION(ParameterError, suda2(t, {0, 1}, {3}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, suda2(t, {}));
    }
};

QTEST_APPLESS_MAIN(TestSuda2)
#include "test_suda2.moc"
