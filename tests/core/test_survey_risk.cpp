// Survey risk (individual_risk.h, survey_weights.h): Benedetti–Franconi individual risk, global
// and household risk by hand and against sdcMicro's published test numbers, weight parsing
// errors, and the project file's weight / household roles.
#include <QtTest>

#include <cmath>
#include <map>
#include <random>

#include "ldiv/data/error.h"
#include "ldiv/lattice/class_partition.h"
#include "ldiv/project/workspace.h"
#include "ldiv/risk/individual_risk.h"
#include "ldiv/risk/survey_weights.h"

using namespace ldv;

namespace {

bool near(double a, double b, double eps = 1e-9) {
    return std::abs(a - b) <= eps * std::max(1.0, std::abs(b));
}

Table tableOf(const std::vector<std::string>& names,
              const std::vector<std::vector<std::string>>& columns) {
    std::vector<Column> cs;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        Column c(names[i]);
        for (const std::string& v : columns[i]) c.append(v);
        cs.push_back(std::move(c));
    }
    return Table(std::move(cs));
}

// sdcMicro's tests/testthat/test_indivRisk.R, "data frame with weight, method = approx":
// keys A, B, C and weights of 8 records.
Table sdcMicroSample() {
    return tableOf({"A", "B", "C", "weight"},
                   {{"2", "3", "2", "2", "3", "3", "1", "2"},
                    {"3", "3", "3", "3", "3", "3", "4", "3"},
                    {"1", "3", "1", "2", "1", "1", "1", "1"},
                    {"18.0", "45.5", "39.0", "17.0", "92.0", "8.0", "123.5", "51"}});
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestSurveyRisk : public QObject {
    Q_OBJECT
private slots:
    void formulasByHand() {
        // F = f: the class is its whole population, r = 1/f.
        QVERIFY(near(benedettiFranconiRisk(1, 1.0), 1.0));
        QVERIFY(near(benedettiFranconiRisk(4, 4.0), 0.25));
        // f = 1, F = 2: p = 1/2, p/(1−p) = 1, r = ln 2.
        QVERIFY(near(benedettiFranconiRisk(1, 2.0), std::log(2.0)));
        // f = 2, F = 4: p = 1/2, odds 1, r = 1 − 1·ln 2.
        QVERIFY(near(benedettiFranconiRisk(2, 4.0), 1 - std::log(2.0)));
        // f = 3, F = 30: p = 0.1, r = 0.1 / (3 − 0.9) = 1/21.
        QVERIFY(near(benedettiFranconiRisk(3, 30.0), 1.0 / 21));
        // f = 5, F = 10: p = 0.5, r = 0.5 / 4.5 = 1/9.
        QVERIFY(near(benedettiFranconiRisk(5, 10.0), 1.0 / 9));
    }

    void sdcMicroPublishedNumbers() {
        // Classes (A,B,C): (2,3,1) rows 1,3,8: f = 3, F = 18+39+51 = 108, p = 1/36,
        //   r = (1/36)/(3 − 35/36) = 1/73 = 0.01369863;
        // (3,3,3) row 2: f = 1, F = 45.5, r = ln(45.5)/44.5 = 0.08579129;
        // (2,3,2) row 4: f = 1, F = 17, r = ln(17)/16 = 0.17707583;
        // (3,3,1) rows 5,6: f = 2, F = 100, p = 0.02, odds = 1/49,
        //   r = 1/49 − ln(50)/49² = 0.01877883;
        // (1,4,1) row 7: f = 1, F = 123.5, r = ln(123.5)/122.5 = 0.03931625.
        // sdcMicro expects exactly these (expect_equal, tolerance 1.5e-8 relative).
        const Table t = sdcMicroSample();
        const auto classes = publishedRowClasses(t, {"A", "B", "C"});
        const IndividualRisk r = individualRisks(classes, surveyWeights(t, 3));
        const std::vector<double> expected{0.01369863, 0.08579129, 0.01369863, 0.17707583,
                                           0.01877883, 0.01877883, 0.03931625, 0.01369863};
        QCOMPARE(r.risk.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i)
            QVERIFY2(near(r.risk[i], expected[i], 1e-6), qPrintable(QString::number(r.risk[i])));
        QVERIFY(near(r.risk[0], 1.0 / 73));
        QVERIFY(near(r.risk[1], std::log(45.5) / 44.5));
        QVERIFY(near(r.risk[4], 1.0 / 49 - std::log(50.0) / (49.0 * 49)));
        // Global risk = Σ r_i = 3/73 + 0.08579129 + 0.17707583 + 2·0.01877883 + 0.03931625.
        const double global = 3.0 / 73 + std::log(45.5) / 44.5 + std::log(17.0) / 16 +
                              2 * (1.0 / 49 - std::log(50.0) / (49.0 * 49)) +
                              std::log(123.5) / 122.5;
        QVERIFY(near(r.global, global));
        QVERIFY(near(r.highest, std::log(17.0) / 16));
    }

    void householdByHand() {
        // Households: A = rows 1,2 with risks 0.5, 0.2 → 1 − 0.5·0.8 = 0.6 for both;
        // B = row 3 with 0.1 → 0.1; C = rows 4,5,6 with 0.1 each → 1 − 0.9³ = 0.271.
        // Expected re-identifications Σ over rows = 0.6·2 + 0.1 + 0.271·3 = 2.113.
        const std::vector<double> risk{0.5, 0.2, 0.1, 0.1, 0.1, 0.1};
        const std::vector<Code> household{0, 0, 1, 2, 2, 2};
        const HouseholdRisk h = householdRisks(risk, household);
        QCOMPARE(h.households, std::size_t(3));
        const std::vector<double> expected{0.6, 0.6, 0.1, 0.271, 0.271, 0.271};
        for (std::size_t i = 0; i < expected.size(); ++i) QVERIFY(near(h.risk[i], expected[i]));
        QVERIFY(near(h.expected, 2.113));
        QVERIFY(near(h.highest, 0.6));
    }

    void randomAgainstGroupedOracle() {
        // The class frequencies and weight sums recomputed with a std::map over the value
        // tuples, independent of publishedRowClasses.
        std::mt19937 rng(7);
        for (int round = 0; round < 50; ++round) {
            const std::size_t rows = 1 + rng() % 40;
            std::vector<std::vector<std::string>> cols(3);
            std::vector<double> w;
            for (std::size_t r = 0; r < rows; ++r) {
                cols[0].push_back(std::to_string(rng() % 3));
                cols[1].push_back(std::to_string(rng() % 2));
                w.push_back(1 + double(rng() % 1000) / 10);
                cols[2].push_back(std::to_string(w.back()));
            }
            const Table t = tableOf({"x", "y", "w"}, cols);
            const IndividualRisk r =
                individualRisks(publishedRowClasses(t, {"x", "y"}), surveyWeights(t, 2));
            std::map<std::pair<std::string, std::string>, std::pair<int, double>> g;
            for (std::size_t i = 0; i < rows; ++i) {
                auto& e = g[{cols[0][i], cols[1][i]}];
                e.first += 1;
                e.second += std::stod(cols[2][i]);
            }
            double global = 0;
            for (std::size_t i = 0; i < rows; ++i) {
                const auto [f, F] = g[{cols[0][i], cols[1][i]}];
                const double p = f / F, odds = p / (1 - p);
                const double expected = f == 1   ? odds * std::log(1 / p)
                                        : f == 2 ? odds - odds * odds * std::log(1 / p)
                                                 : p / (f - (1 - p));
                QVERIFY(near(r.risk[i], expected, 1e-9));
                global += expected;
            }
            QVERIFY(near(r.global, global, 1e-9));
        }
    }

    void weightErrors() {
        const Table bad = tableOf({"k", "w"}, {{"a", "b", "c"}, {"3", "x1", "2"}});
        const std::string e1 = errorOf([&] { surveyWeights(bad, 1); });
        QVERIFY2(e1.find("'w'") != std::string::npos && e1.find("row 2") != std::string::npos &&
                     e1.find("'x1'") != std::string::npos &&
                     e1.find("not a number") != std::string::npos,
                 e1.c_str());
        const Table negative = tableOf({"k", "w"}, {{"a", "b"}, {"3", "-2.5"}});
        const std::string e2 = errorOf([&] { surveyWeights(negative, 1); });
        QVERIFY2(e2.find("row 2") != std::string::npos && e2.find("'-2.5'") != std::string::npos &&
                     e2.find("> 0") != std::string::npos,
                 e2.c_str());
        // Weights summing to less than the class's rows: two rows of weight 0.5.
        const std::string e3 = errorOf([&] {
            individualRisks(std::vector<std::uint32_t>{0, 1, 1}, std::vector{5.0, 0.5, 0.5});
        });
        QVERIFY2(e3.find("row 2") != std::string::npos && e3.find("at least") != std::string::npos,
                 e3.c_str());
        QVERIFY(!errorOf([] { benedettiFranconiRisk(0, 3); }).empty());
    }

    void projectRoles() {
        const std::string text = R"({"format": "ldiv-project", "version": 1,
            "data": {"path": "x.csv"},
            "attributes": [{"name": "age", "role": "quasi-identifier"},
                           {"name": "w", "role": "weight"},
                           {"name": "hh", "role": "household"}]})";
        const ProjectConfig c = parseProject(text, "p.ldiv");
        QCOMPARE(c.surveyAttribute(SurveyRole::Weight), std::string("w"));
        QCOMPARE(c.surveyAttribute(SurveyRole::Household), std::string("hh"));
        QVERIFY(c.attribute("w")->role == Role::Insensitive);
        QVERIFY(c.attribute("w")->declaredInsensitive);
        // Written back with the same roles.
        const ProjectConfig again = parseProject(formatProject(c), "again.ldiv");
        QVERIFY(again == c);
        QVERIFY(formatProject(c).find("\"household\"") != std::string::npos);
        const std::string twice = R"({"format": "ldiv-project", "version": 1,
            "data": {"path": "x.csv"},
            "attributes": [{"name": "w1", "role": "weight"}, {"name": "w2", "role": "weight"}]})";
        const std::string e = errorOf([&] { parseProject(twice, "p.ldiv"); });
        QVERIFY2(e.find("'w1'") != std::string::npos && e.find("'w2'") != std::string::npos,
                 e.c_str());
    }
};

QTEST_APPLESS_MAIN(TestSurveyRisk)
#include "test_survey_risk.moc"
