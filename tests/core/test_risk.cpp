// Re-identification risk (risk.h), population-uniqueness estimators (risk_population.h) and
// distinction/separation of attribute combinations (risk_attributes.h): hand-computed tables,
// estimator values worked out independently from their formulas, and a brute-force oracle.
#include <QtTest>

#include <cmath>
#include <map>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/risk/attribute_combination_risk.h"
#include "ldiv/risk/risk_analysis.h"

using namespace ldv;

namespace {

bool near(double a, double b, double eps = 1e-9) {
    return std::abs(a - b) <= eps * std::max(1.0, std::abs(b));
}

// The class sizes of the hand example: n = 12 rows in u = 5 classes of 1, 1, 2, 3, 5 rows.
const std::vector<std::uint32_t> Hand{1, 1, 2, 3, 5};

double binFraction(const RiskAnalysis& a, double bound) {
    for (const RiskBin& b : a.distribution)
        if (b.upperBound == bound) return b.fraction;
    return -1;
}

// Independent of the partition code: class sizes by a std::map over value tuples.
std::vector<std::uint32_t> bruteSizes(const Table& t, const std::vector<std::size_t>& columns) {
    std::map<std::vector<Code>, std::uint32_t> groups;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        std::vector<Code> key;
        for (std::size_t c : columns) key.push_back(t.column(c).code(r));
        ++groups[key];
    }
    std::vector<std::uint32_t> sizes;
    for (const auto& [key, n] : groups) sizes.push_back(n);
    return sizes;
}

Table tableOf(const std::vector<std::vector<std::string>>& columns) {
    std::vector<Column> cs;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        Column c("a" + std::to_string(i));
        for (const std::string& v : columns[i]) c.append(v);
        cs.push_back(std::move(c));
    }
    return Table(std::move(cs));
}

}  // namespace

class TestRisk : public QObject {
    Q_OBJECT
private slots:
    void prosecutorAndMarketerByHand() {
        // Prosecutor risk of a record = 1/|E|: 1, 1, 1/2, 1/3, 1/5 for the 1+1+2+3+5 rows.
        // highest 1 (2 records of 12); average = Σ_records 1/|E| / n = u/n = 5/12;
        // above 0.2: the 1+1+2+3 = 7 records of risk 1, 1/2, 1/3 (1/5 is not above 0.2).
        const RiskAnalysis a = analyzeRisk(Hand, {std::nullopt, 0.2});
        QCOMPARE(a.rows, std::size_t(12));
        QCOMPARE(a.classes, std::size_t(5));
        QVERIFY(near(a.prosecutor.highest, 1.0));
        QVERIFY(near(a.prosecutor.average, 5.0 / 12));
        QVERIFY(near(a.prosecutor.recordsAtHighest, 2.0 / 12));
        QVERIFY(near(a.prosecutor.recordsAboveThreshold, 7.0 / 12));
        QVERIFY(near(a.marketer, 5.0 / 12));
        QVERIFY(near(a.sampleUniques, 2.0 / 12));
        QVERIFY(!a.journalist);
        QVERIFY(!a.populationUniques);
        // Histogram: risk 1 → bar 1 (2 rows), 1/2 → bar 0.5 (2), 1/3 → bar 0.334 (3), 1/5 →
        // bar 0.2 (5); every other bar is empty and the bars sum to 1.
        QVERIFY(near(binFraction(a, 1.0), 2.0 / 12));
        QVERIFY(near(binFraction(a, 0.5), 2.0 / 12));
        QVERIFY(near(binFraction(a, 0.334), 3.0 / 12));
        QVERIFY(near(binFraction(a, 0.2), 5.0 / 12));
        QVERIFY(near(binFraction(a, 0.25), 0.0));
        double sum = 0;
        for (const RiskBin& b : a.distribution) sum += b.fraction;
        QVERIFY(near(sum, 1.0));
        QCOMPARE(a.distribution.size(), riskBinBounds().size());
    }
    void thresholdAtAClassRisk() {
        // Threshold 1/3 exactly: the 3-row class (risk 1/3) is not above it; 1+1+2 = 4 are.
        const RiskAnalysis a = analyzeRisk(Hand, {std::nullopt, 1.0 / 3});
        QVERIFY(near(a.prosecutor.recordsAboveThreshold, 4.0 / 12));
    }
    void journalistByHand() {
        // N = 120, p = n/N = 0.1: F̂_E = f_E/p = 10, 10, 20, 30, 50, risk 1/F̂ = 0.1, 0.1,
        // 0.05, 1/30, 0.02. highest 0.1 (2 records); average = Σ_E f_E·(p/f_E)/n = u·p/n =
        // 0.5/12; above 0.04: the 1+1+2 records of risk 0.1, 0.1, 0.05.
        const RiskAnalysis a = analyzeRisk(Hand, {120.0, 0.04});
        QVERIFY(a.journalist.has_value());
        QVERIFY(near(a.journalist->highest, 0.1));
        QVERIFY(near(a.journalist->average, 0.5 / 12));
        QVERIFY(near(a.journalist->recordsAtHighest, 2.0 / 12));
        QVERIFY(near(a.journalist->recordsAboveThreshold, 4.0 / 12));
        // The prosecutor figures do not depend on the population.
        QVERIFY(near(a.prosecutor.average, 5.0 / 12));
        QVERIFY(a.populationUniques.has_value());
    }
    void zayatzByHand() {
        // Zayatz 1991 with N = 120, n = 12, c_1 = 2, c_2 = c_3 = c_5 = 1. The hypergeometric
        // probability of drawing exactly one of a population class of j members is
        //   H_j = j·n·(N−n)(N−n−1)…(N−n−j+2) / (N(N−1)…(N−j+1)):
        //   H_1 = 12/120 = 0.1, H_2 = 2·12·108/(120·119) = 0.181512605,
        //   H_3 = 3·12·108·107/(120·119·118) = 0.246887195,
        //   H_5 = 5·12·108·107·106·105/(120·119·118·117·116) = 0.337441...
        // P(unique | sample unique) = c_1·H_1 / Σ c_j·H_j = 0.2/0.965841... = 0.20707...
        // uniques = c_1·P/p = 2·0.20707/0.1 = 4.14146, fraction of N = 0.0345122 (the same
        // value to 15 digits from mpmath's exact binomials).
        const double h1 = 0.1, h2 = 2.0 * 12 * 108 / (120.0 * 119),
                     h3 = 3.0 * 12 * 108 * 107 / (120.0 * 119 * 118),
                     h5 = 5.0 * 12 * 108 * 107 * 106 * 105 / (120.0 * 119 * 118 * 117 * 116);
        const double expected = 2 * (2 * h1 / (2 * h1 + h2 + h3 + h5)) / 0.1 / 120;
        QVERIFY(near(expected, 0.0345121620722133, 1e-12));
        const UniquenessEstimate z = zayatzUniqueness(classSizeFrequencies(Hand), 120);
        QVERIFY(z.fraction.has_value());
        QVERIFY(near(*z.fraction, expected, 1e-12));
    }
    void shlosserByHand() {
        // K̂ = u + c_1·Σ_j (1−p)^j c_j / Σ_j j·p·(1−p)^(j−1)·c_j with p = 0.1:
        // numerator 2·0.9 + 0.81 + 0.729 + 0.59049 = 3.92949,
        // denominator 2·0.1 + 2·0.1·0.9 + 3·0.1·0.81 + 5·0.1·0.6561 = 0.95105,
        // K̂ = 5 + 2·3.92949/0.95105 = 13.2634772...
        const double k = shlosserClassCount(classSizeFrequencies(Hand), 0.1);
        QVERIFY(near(k, 5 + 2 * 3.92949 / 0.95105, 1e-12));
        QVERIFY(near(k, 13.2634772094001, 1e-12));
    }
    void pitmanSolvesTheLikelihoodEquations() {
        // c_1 = 60, c_2 = 10, c_3 = 4, c_5 = 2 (n = 102, u = 76), N = 10000. The maximum-
        // likelihood equations (docs/risk.md)
        //   Σ_{i<u} 1/(θ+iα) = Σ_{i<n} 1/(θ+i),  Σ_{i<u} i/(θ+iα) = Σ_j c_j Σ_{k<j} 1/(k−α)
        // solved independently with mpmath.findroot at 30 digits: θ = 70.3106732973334,
        // α = 0.399638219470874; uniques Γ(θ+1)/Γ(θ+α)·N^α = 510.710969527146, fraction
        // 0.0510710969527146.
        const ClassSizeFrequencies c{{1, 60}, {2, 10}, {3, 4}, {5, 2}};
        const UniquenessEstimate p = pitmanUniqueness(c, 10000);
        QVERIFY2(p.fraction.has_value(), p.reason.c_str());
        QVERIFY(near(*p.fraction, 0.0510710969527146, 1e-8));
        // n/N = 0.0102 ≤ 0.1: Dankar et al.'s rule takes Pitman.
        const PopulationUniqueness all = estimatePopulationUniqueness(c, 10000);
        QCOMPARE(all.recommended, std::string("pitman"));
        QVERIFY(near(*all.dankar.fraction, *p.fraction));
    }
    void pitmanWithoutSolutionIsNull() {
        // c_1 = 30, c_2 = 10, c_3 = 5, c_4 = 3, c_6 = 2 (n = 89, u = 50): mpmath finds the
        // stationary point θ = 69.822, α = −0.3605 — outside (0, 1), where the model does
        // not apply. No number is reported; Dankar's rule (p = 0.089 ≤ 0.1) falls back to
        // Zayatz, which mpmath's exact binomials put at 0.130704421940479 for N = 1000.
        const ClassSizeFrequencies c{{1, 30}, {2, 10}, {3, 5}, {4, 3}, {6, 2}};
        const UniquenessEstimate p = pitmanUniqueness(c, 1000);
        QVERIFY(!p.fraction);
        QVERIFY2(p.reason.find("alpha") != std::string::npos, p.reason.c_str());
        const PopulationUniqueness all = estimatePopulationUniqueness(c, 1000);
        QCOMPARE(all.recommended, std::string("zayatz"));
        QVERIFY(near(*all.zayatz.fraction, 0.130704421940479, 1e-10));
        QVERIFY(near(*all.dankar.fraction, *all.zayatz.fraction));
    }
    void snbSolvesTheMomentEquations() {
        // The same sample with N = 1000 (p = 0.089) and N = 300 (p = 89/300). Shlosser gives
        // K̂ = 235.916432886828 and 100.384867013524; the SNB moment equations (docs/risk.md)
        // solved with mpmath.findroot give (α, β) = (0.111036615973, 0.00283864024583) and
        // (0.321896492331, 0.0905355718937), uniques K̂·β^α as fractions of N:
        // 0.123015598984105 and 0.154436790924068.
        const ClassSizeFrequencies c{{1, 30}, {2, 10}, {3, 5}, {4, 3}, {6, 2}};
        QVERIFY(near(shlosserClassCount(c, 89.0 / 1000), 235.916432886828, 1e-12));
        const UniquenessEstimate s1000 = snbUniqueness(c, 1000);
        QVERIFY2(s1000.fraction.has_value(), s1000.reason.c_str());
        QVERIFY(near(*s1000.fraction, 0.123015598984105, 1e-7));
        const UniquenessEstimate s300 = snbUniqueness(c, 300);
        QVERIFY2(s300.fraction.has_value(), s300.reason.c_str());
        QVERIFY(near(*s300.fraction, 0.154436790924068, 1e-7));
        // p > 0.1: Dankar et al. take the smaller of SNB and Zayatz (0.174823755054988).
        const PopulationUniqueness all = estimatePopulationUniqueness(c, 300);
        QVERIFY(near(*all.zayatz.fraction, 0.174823755054988, 1e-10));
        QCOMPARE(all.recommended, std::string("snb"));
        QVERIFY(near(*all.dankar.fraction, *s300.fraction));
    }
    void snbWithoutClassesOfTwoIsNull() {
        // c_2 = 0: the second moment equation K·α·β^α·p²(1−β)/2·… = 0 needs α = 0 or β = 1.
        const ClassSizeFrequencies c{{1, 5}, {3, 2}};
        const UniquenessEstimate s = snbUniqueness(c, 1000);
        QVERIFY(!s.fraction);
        QVERIFY(s.reason.find("size 2") != std::string::npos);
    }
    void noSampleUniquesGivesZero() {
        // As ARX: without sample uniques every estimator reports 0 and the rule picks none.
        const PopulationUniqueness all = estimatePopulationUniqueness(
            classSizeFrequencies(std::vector<std::uint32_t>{2, 3, 4}), 1000);
        QVERIFY(all.pitman.fraction && *all.pitman.fraction == 0);
        QVERIFY(all.zayatz.fraction && *all.zayatz.fraction == 0);
        QVERIFY(all.snb.fraction && *all.snb.fraction == 0);
        QCOMPARE(all.recommended, std::string("none"));
    }
    void sampleIsPopulation() {
        // N = n: Zayatz's hypergeometric H_j is 0 for j ≥ 2 and 1 for j = 1, so every sample
        // unique is a population unique: 2/12.
        const UniquenessEstimate z = zayatzUniqueness(classSizeFrequencies(Hand), 12);
        QVERIFY(near(*z.fraction, 2.0 / 12));
    }
    void badParameters() {
        QVERIFY_THROWS_EXCEPTION(ParameterError, analyzeRisk(Hand, {std::nullopt, 0.0}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, analyzeRisk(Hand, {std::nullopt, 1.5}));
        try {
            analyzeRisk(Hand, {11.0, 0.2});
            QFAIL("expected ParameterError");
        } catch (const ParameterError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("population size 11 is not allowed: it must be at least the "
                                 "number of rows (12)"));
        }
    }
    void classSizesFromRows() {
        const std::vector<std::uint32_t> rowClass{0, 2, 2, 0, 2, 5};
        QCOMPARE(classSizesOfRows(rowClass), (std::vector<std::uint32_t>{2, 3, 1}));
    }

    void distinctionSeparationByHand() {
        // A = x x y y, B = 1 2 1 1 (n = 4, 6 record pairs):
        //   {A}:   classes 2, 2    → distinction 2/4, separation 1 − (2 + 2)/12 = 2/3;
        //   {B}:   classes 3, 1    → distinction 2/4, separation 1 − 6/12 = 1/2;
        //   {A,B}: classes 1, 1, 2 → distinction 3/4, separation 1 − 2/12 = 5/6.
        const Table t = tableOf({{"x", "x", "y", "y"}, {"1", "2", "1", "1"}});
        const auto r = attributeCombinationRisks(t, {0, 1});
        QCOMPARE(r.size(), std::size_t(3));
        QCOMPARE(r[0].columns, (std::vector<std::size_t>{0}));
        QCOMPARE(r[1].columns, (std::vector<std::size_t>{1}));
        QCOMPARE(r[2].columns, (std::vector<std::size_t>{0, 1}));
        QVERIFY(near(r[0].distinction, 0.5) && near(r[0].separation, 2.0 / 3));
        QVERIFY(near(r[1].distinction, 0.5) && near(r[1].separation, 0.5));
        QVERIFY(near(r[2].distinction, 0.75) && near(r[2].separation, 5.0 / 6));
    }
    void distinctionSeparationAgainstBruteForce() {
        std::mt19937 rng(19);
        for (int round = 0; round < 20; ++round) {
            const std::size_t attributes = 1 + rng() % 6, rows = 1 + rng() % 60;
            std::vector<std::vector<std::string>> columns(attributes);
            for (auto& c : columns) {
                const int domain = 1 + int(rng() % 4);
                for (std::size_t r = 0; r < rows; ++r) c.push_back(std::to_string(rng() % domain));
            }
            const Table t = tableOf(columns);
            std::vector<std::size_t> all(attributes);
            for (std::size_t i = 0; i < attributes; ++i) all[i] = i;
            const auto result = attributeCombinationRisks(t, all);
            QCOMPARE(result.size(), (std::size_t(1) << attributes) - 1);
            for (std::size_t i = 0; i < result.size(); ++i) {
                if (i > 0) QVERIFY(result[i - 1].columns.size() <= result[i].columns.size());
                const auto sizes = bruteSizes(t, result[i].columns);
                double same = 0;
                for (std::uint32_t s : sizes) same += double(s) * (s - 1);
                const double n = double(rows);
                QVERIFY(near(result[i].distinction, double(sizes.size()) / n));
                QVERIFY(near(result[i].separation, rows > 1 ? 1 - same / (n * (n - 1)) : 1.0));
            }
        }
    }
    void combinationParameterErrors() {
        const Table t = tableOf({{"x"}});
        try {
            attributeCombinationRisks(t, {});
            QFAIL("expected ParameterError");
        } catch (const ParameterError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("no attributes to combine: give at least one quasi-identifier"));
        }
    }
};

QTEST_APPLESS_MAIN(TestRisk)
#include "test_risk.moc"
