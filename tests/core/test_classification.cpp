// Classification accuracy of `ldiv utility --target` (ldiv/utility/classification.h): naive
// Bayes scores, CART splits, the majority baseline and the relative accuracy worked out by hand
// on tables of five and six rows; the fold scheme's sizes. tests/python/
// test_classification_oracle.py checks the models against scikit-learn on Adult.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "ldiv/data/error.h"
#include "ldiv/utility/classification.h"

using namespace ldv;

namespace {

bool near(double a, double b) {
    return std::abs(a - b) <= 1e-12;
}

/// x ∈ {a=0, b=1}, y ∈ {p=0, q=1, r=2}, six rows:
///   (a,p,0) (a,q,0) (b,p,1) (b,r,1) (a,r,1) (b,q,1)
FeatureTable sixRows() {
    FeatureTable t;
    t.columns = {{0, 0, 1, 1, 0, 1}, {0, 1, 0, 2, 2, 1}};
    t.domains = {2, 3};
    t.labels = {0, 0, 1, 1, 1, 1};
    t.classes = 2;
    return t;
}

/// Test rows appended to sixRows: the code pairs given.
FeatureTable withTests(std::vector<std::pair<std::uint32_t, std::uint32_t>> tests) {
    FeatureTable t = sixRows();
    for (auto [x, y] : tests) {
        t.columns[0].push_back(x);
        t.columns[1].push_back(y);
        t.labels.push_back(0);
    }
    return t;
}

const std::vector<std::uint32_t> kTrain = {0, 1, 2, 3, 4, 5};

}  // namespace

class TestClassification : public QObject {
    Q_OBJECT
private slots:
    void naiveBayesByHand() {
        // N0 = 2, N1 = 4; P(x=a|0) = 3/4, P(x=a|1) = 2/6, P(x=b|0) = 1/4, P(x=b|1) = 4/6;
        // P(y=p|0) = 2/5, P(y=p|1) = 2/7, P(y=r|0) = 1/5, P(y=r|1) = 3/7.
        // (a,p): 0 → 2/6·3/4·2/5 = 0.1, 1 → 4/6·2/6·2/7 ≈ 0.063: class 0, though 1 is the
        //        majority.
        // (a,r): 0 → 2/6·3/4·1/5 = 0.05, 1 → 4/6·2/6·3/7 ≈ 0.095: class 1.
        // (b,p): 0 → 2/6·1/4·2/5 ≈ 0.033, 1 → 4/6·4/6·2/7 ≈ 0.127: class 1.
        const FeatureTable t = withTests({{0, 0}, {0, 2}, {1, 0}});
        const std::vector<std::uint32_t> test = {6, 7, 8};
        QCOMPARE(predictNaiveBayes(t, kTrain, test), (std::vector<std::uint32_t>{0, 1, 1}));
        QCOMPARE(predictMajority(t, kTrain, test), (std::vector<std::uint32_t>{1, 1, 1}));
    }
    void naiveBayesUnseenValue() {
        // One feature, three values; class 0 saw value 0 twice, class 1 value 1 twice and 2
        // once. Value 2 for class 0: (0+1)/(2+3) = 1/5 with prior 2/5 → 0.08; for class 1:
        // (1+1)/(3+3) = 1/3 with prior 3/5 → 0.2. Value 0: class 0 (2+1)/5·2/5 = 0.24 against
        // (0+1)/6·3/5 = 0.1.
        FeatureTable t;
        t.columns = {{0, 0, 1, 1, 2, 2, 0}};
        t.domains = {3};
        t.labels = {0, 0, 1, 1, 1, 0, 0};
        t.classes = 2;
        const std::vector<std::uint32_t> train = {0, 1, 2, 3, 4};
        const std::vector<std::uint32_t> test = {5, 6};
        QCOMPARE(predictNaiveBayes(t, train, test), (std::vector<std::uint32_t>{1, 0}));
    }
    void treeSplitsByHand() {
        // Root (2 of class 0, 4 of class 1): Σ L²/|L| + Σ R²/|R| is 5/3 + 9/3 for x = a
        // (rows 1,2,5 | 3,4,6), the same for x = b (later: not taken), 1 + 10/4 for y = p and
        // y = q, 2 + 8/4 for y = r. Depth 1: a → 0 (2 of 3), b → 1.
        const FeatureTable t = withTests({{0, 0}, {0, 2}, {1, 1}});
        const std::vector<std::uint32_t> test = {6, 7, 8};
        QCOMPARE(predictTree(t, kTrain, test, 1), (std::vector<std::uint32_t>{0, 0, 1}));
        // Depth 2: under x = a (0, 0, 1) y = r separates the 1 (1 + 4/2 against 1 + 1 for
        // y = p, q), so (a, r) → 1; b is pure.
        QCOMPARE(predictTree(t, kTrain, test, 2), (std::vector<std::uint32_t>{0, 1, 1}));
        // Depth 0: the majority.
        QCOMPARE(predictTree(t, kTrain, test, 0), (std::vector<std::uint32_t>{1, 1, 1}));
    }
    void logisticSeparatesASeparableFeature() {
        // x = a ⇔ class 0 with margin on every row: the L2-regularized fit still ranks a
        // below b, so both are predicted right.
        FeatureTable t;
        t.columns = {{0, 0, 0, 0, 1, 1, 1, 1, 0, 1}};
        t.domains = {2};
        t.labels = {0, 0, 0, 0, 1, 1, 1, 1, 0, 1};
        t.classes = 2;
        const std::vector<std::uint32_t> train = {0, 1, 2, 3, 4, 5, 6, 7};
        QCOMPARE(predictLogistic(t, train, std::vector<std::uint32_t>{8, 9}),
                 (std::vector<std::uint32_t>{0, 1}));
    }
    void foldsAreContiguousBlocksOfAShuffle() {
        // n = 10, k = 3: positions 0–3 → fold 0 (⌊3p/10⌋), 4–6 → 1, 7–9 → 2.
        const std::vector<std::uint32_t> f = foldAssignment(10, 3, 7);
        QCOMPARE(std::count(f.begin(), f.end(), 0u), 4);
        QCOMPARE(std::count(f.begin(), f.end(), 1u), 3);
        QCOMPARE(std::count(f.begin(), f.end(), 2u), 3);
        QCOMPARE(foldAssignment(10, 3, 7), f);
        QVERIFY(foldAssignment(10, 3, 8) != f);
        QVERIFY_THROWS_EXCEPTION(ParameterError, foldAssignment(3, 4, 0));
        QVERIFY_THROWS_EXCEPTION(ParameterError, foldAssignment(3, 1, 0));
    }
    void leaveOneOutByHand() {
        // With k = n every fold is one row, whatever the shuffle. Input x = a,a,a,b,b with
        // classes 0,0,0,1,1; the output generalizes rows 3 and 4 to * (suppressed) and keeps
        // row 5's b: x = a,a,*,*,b.
        ClassificationSides s;
        s.features = {"x"};
        s.inputFeatures = {{"a", "a", "a", "b", "b"}};
        s.outputFeatures = {{"a", "a", "*", "*", "b"}};
        s.inputTarget = s.outputTarget = {"no", "no", "no", "yes", "yes"};
        s.suppressed = {0, 0, 1, 1, 0};
        const ClassificationReport r = classify(s, "t", 5, 1);
        // Majority: leaving out a "no" leaves 2:2, a tie won by the lower class, "no" (right);
        // leaving out a "yes" leaves 3:1, "no" (wrong): 3/5.
        QVERIFY(near(r.baseline, 0.6));
        QCOMPARE(r.suppressedRows, std::size_t{2});
        QCOMPARE(r.classes, (std::vector<std::string>{"no", "yes"}));
        const auto tree =
            std::ranges::find(r.models, std::string("decision_tree"), &ModelAccuracy::model);
        QVERIFY(tree != r.models.end());
        // Input: x splits the training rows purely every time: 5/5.
        QVERIFY(near(tree->inputAccuracy, 1.0));
        // Output ('*' < 'a' < 'b'): without row 1 or 2 the split is x = a (1 + 5/3, tied with
        // x = b, which comes later), then x = * on the rest: a → "no", right. Without row 3
        // the split x = a is pure, and * falls with b: "yes", wrong. Without row 4 the best is
        // x = b (1 + 3): * → "no", wrong. Without row 5, x = * and x = a tie at 1 + 2; x = *
        // is taken and b falls with a → "no", wrong. 2/5.
        QVERIFY(near(tree->outputAccuracy, 0.4));
        QVERIFY(tree->relativeAccuracy);
        QVERIFY(near(*tree->relativeAccuracy, (0.4 - 0.6) / (1.0 - 0.6)));
        QVERIFY(tree->suppressedAccuracy);
        QVERIFY(near(*tree->suppressedAccuracy, 0.0));
    }
};

QTEST_APPLESS_MAIN(TestClassification)
#include "test_classification.moc"
