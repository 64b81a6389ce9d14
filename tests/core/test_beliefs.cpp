// Bayes-optimal beliefs and background knowledge (SPEC §4, Machanavajjhala et al. 2007 §3).
#include "ldiv/criteria/disclosure_report.h"
#include "ldiv/data/error.h"

#include <QtTest>

#include <cmath>

using namespace ldv;

namespace {
using Counts = std::vector<std::uint32_t>;
using Doubles = std::vector<double>;
double round4(double v) {
    return std::round(v * 1e4) / 1e4;
}
}  // namespace

class TestBeliefs : public QObject {
    Q_OBJECT

private slots:
    // SPEC Example 4.1 (Machanavajjhala et al. 2007 Fig. 5/6, Thm 5.1): merging q1 and q2 creates a
    // (0.31, 0.58)-breach.
    void example41() {
        // Joint f(q,s): q1: .15, .35; q2: .25, .25 → f(s|q1) = .3, .7
        const Doubles givenQ1{0.3, 0.7};
        QCOMPARE(round4(givenQ1[0]), 0.3);
        // Finer table T: q1's own class (1, 1), q* = q1.
        const double finer = observedBelief(givenQ1, givenQ1, Counts{1, 1}, 0);
        QCOMPARE(finer, 0.5);
        QVERIFY(!rhoBreach(0.3, finer, 0.31, 0.58));
        // T*: q1 and q2 merged: n = 36, 16; f(s|q*) = .4, .6.
        const Doubles givenQStar{0.4, 0.6};
        const double merged = observedBelief(givenQ1, givenQStar, Counts{36, 16}, 0);
        QCOMPARE(round4(merged), 0.5912);
        QCOMPARE(merged, (36 * 0.3 / 0.4) / ((36 * 0.3 / 0.4) + (16 * 0.7 / 0.6)));
        QVERIFY(rhoBreach(0.3, merged, 0.31, 0.58));
        QVERIFY(!rhoBreach(0.3, merged, 0.29, 0.58));  // α not below ρ1
        // The other branch: α > 1 − ρ1 and β < 1 − ρ2.
        QVERIFY(rhoBreach(0.7, 1 - merged, 0.31, 0.58));
        Doubles all;
        observedBeliefs(givenQ1, givenQStar, Counts{36, 16}, all);
        QCOMPARE(round4(all[0] + all[1]), 1.0);
        QCOMPARE(all[0], merged);
    }

    void withoutBackgroundKnowledge() {
        const Doubles prior{0.2, 0.5, 0.3};
        const Counts counts{3, 0, 1};
        QCOMPARE(observedBelief(prior, prior, counts, 0), 0.75);
        QCOMPARE(observedBelief(prior, prior, counts, 1), 0.0);
        QCOMPARE(observedBelief(prior, prior, counts, 2), 0.25);
    }

    // "Japanese rarely have heart disease": f(s|q) ≈ 0 removes s from the adversary's view.
    void backgroundKnowledgeDisclosure() {
        // Codes: 0 Heart Disease, 1 Viral Infection, 2 Cancer. A class of (2, 2, 0).
        Doubles givenQ{0.4, 0.4, 0.2};
        const Doubles givenQStar{0.4, 0.4, 0.2};
        applyBackgroundKnowledge(givenQ, 0, 0.0);
        QCOMPARE(givenQ, (Doubles{0, 2.0 / 3.0, 1.0 / 3.0}));
        const DisclosureReport report =
            assessDisclosure(givenQ, givenQStar, Counts{2, 2, 0}, 1, 0.05, 0.01);
        QCOMPARE(report.beliefs[1], 1.0);
        QVERIFY(report.positive);
        QCOMPARE(report.negativeCodes, (std::vector<std::size_t>{0, 2}));
        QVERIFY(positiveDisclosure(0.96, 0.05));
        QVERIFY(!positiveDisclosure(0.95, 0.05));
        QVERIFY(negativeDisclosure(0.001, 0.01));
        QVERIFY(!negativeDisclosure(0.5, 0.01));
        // Knowledge that rules out every value present: β is undefined.
        QVERIFY(std::isnan(observedBelief(Doubles{0, 0, 1}, givenQStar, Counts{2, 2, 0}, 0)));
        // A prior over q* that contradicts the data.
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 observedBelief(givenQ, Doubles{0, 0.5, 0.5}, Counts{2, 2, 0}, 1));
    }

    void applyRenormalizes() {
        Doubles d{0.5, 0.3, 0.2};
        applyBackgroundKnowledge(d, 1, 0.01);
        QCOMPARE(d[1], 0.01);
        QCOMPARE(round4(d[0] / d[2]), 2.5);  // proportions of the rest kept
        QCOMPARE(round4(d[0] + d[1] + d[2]), 1.0);
        Doubles point{1, 0, 0};
        applyBackgroundKnowledge(point, 0, 0.4);
        QCOMPARE(point, (Doubles{0.4, 0.3, 0.3}));
        QVERIFY_THROWS_EXCEPTION(ParameterError, applyBackgroundKnowledge(point, 3, 0.1));
    }

    void parseStatements() {
        const auto s =
            parseBackgroundStatement("nationality=Japanese => condition=Heart Disease : 0.01");
        QCOMPARE(s.given.size(), std::size_t(1));
        QCOMPARE(s.given[0].first, std::string("nationality"));
        QCOMPARE(s.given[0].second, std::string("Japanese"));
        QCOMPARE(s.attribute, std::string("condition"));
        QCOMPARE(s.value, std::string("Heart Disease"));
        QCOMPARE(s.probability, 0.01);
        QCOMPARE(QString::fromStdString(formatBackgroundStatement(s)),
                 QString("nationality=Japanese => condition=Heart Disease : 0.01"));
        const auto multi =
            parseBackgroundStatement(" nationality = Japanese & age=30=>condition=Flu:1");
        QCOMPARE(multi.given.size(), std::size_t(2));
        QCOMPARE(multi.given[1], (std::pair<std::string, std::string>{"age", "30"}));
        QCOMPARE(multi.probability, 1.0);
        QVERIFY(parseBackgroundStatement(formatBackgroundStatement(multi)) == multi);
    }

    void statementErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("no arrow") << "nationality=Japanese condition=Flu : 0.1"
                                  << "missing '=>'";
        QTest::newRow("no colon") << "nationality=Japanese => condition=Flu"
                                  << "missing ': probability'";
        QTest::newRow("no equals") << "Japanese => condition=Flu : 0.1"
                                   << "'Japanese' must be attribute=value";
        QTest::newRow("empty condition") << "a=b & => condition=Flu : 0.1"
                                         << "must be attribute=value";
        QTest::newRow("not a number") << "a=b => condition=Flu : rare"
                                      << "'rare' is not a number";
        QTest::newRow("above 1") << "a=b => condition=Flu : 1.5"
                                 << "outside [0, 1]";
    }
    void statementErrors() {
        QFETCH(QString, text);
        QFETCH(QString, mentions);
        try {
            parseBackgroundStatement(text.toStdString());
            QFAIL("no ParameterError");
        } catch (const ParameterError& e) {
            QVERIFY2(QString(e.what()).contains(mentions), e.what());
        }
    }
};

QTEST_APPLESS_MAIN(TestBeliefs)
#include "test_beliefs.moc"
