// ID3 (Quinlan 1986) worked by hand on tiny tables, and the classification utility of
// (τ,ℓ) outputs built on it (Tian & Zhang 2011 §5.3.2, Figs 17–18), plus the F(k) profile of
// Fig. 12 on a hand case.
#include "ldiv/data/error.h"
#include "ldiv/experiments/id3_tree.h"
#include "ldiv/tau/tau_classification.h"
#include "ldiv/tau/tau_profile.h"

#include <QtTest>

#include <cmath>

using namespace ldv;

namespace {

using Rules = std::vector<Id3Tree::Rule>;
using Cond = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

FeatureTable data(std::vector<std::vector<std::uint32_t>> columns,
                  std::vector<std::uint32_t> domains, std::vector<std::uint32_t> labels,
                  std::uint32_t classes) {
    return {std::move(columns), std::move(domains), std::move(labels), classes};
}

Column makeColumn(const std::string& name, const std::vector<std::string>& values) {
    Column c(name);
    for (const auto& v : values) c.append(v);
    return c;
}

// QI b (b0, b1 → *) first, QI a (a0, a1 → L; a2, a3 → R), SA y (y0; y1, y2 → P). Rows:
// (b0,a0,y0) (b0,a2,y0) (b1,a2,y1) (b1,a3,y2) (b0,a0,y0) (b0,a3,y0).
struct World {
    Table table;
    std::unique_ptr<Dataset> dataset;
    TauInput input;
    World() {
        table = Table({makeColumn("b", {"b0", "b0", "b1", "b1", "b0", "b0"}),
                       makeColumn("a", {"a0", "a2", "a2", "a3", "a0", "a3"}),
                       makeColumn("y", {"y0", "y0", "y1", "y2", "y0", "y0"})});
        std::vector<Hierarchy> h{
            Hierarchy(std::vector<std::vector<std::string>>{{"b0", "*"}, {"b1", "*"}}),
            Hierarchy(std::vector<std::vector<std::string>>{
                {"a0", "L", "*"}, {"a1", "L", "*"}, {"a2", "R", "*"}, {"a3", "R", "*"}})};
        std::vector<HierarchyMap> maps{HierarchyMap(h[0], table.column(0)),
                                       HierarchyMap(h[1], table.column(1))};
        dataset = std::make_unique<Dataset>(table, std::vector<std::size_t>{0, 1}, std::move(maps),
                                            std::vector<std::size_t>{2});
        input = TauInput::make(*dataset,
                               SensitiveTaxonomy::fromHierarchyRows(
                                   table.column(2).dictionary(),
                                   {{"y0", "y0", "*"}, {"y1", "P", "*"}, {"y2", "P", "*"}}),
                               0, &h);
    }
    Code code(std::size_t column, const char* value) const {
        return *table.column(column).find(value);
    }
    std::uint32_t node(const char* label) const {
        return std::uint32_t(*input.taxonomy.find(label));
    }
};

}  // namespace

class TestId3 : public QObject {
    Q_OBJECT

private slots:
    void splitsOnLargestGain() {
        // A B y: (0,0,0) (0,1,0) (0,2,1) (1,0,1) (1,1,1) (1,2,1).
        // H(y) = H(1/3) = 0.9183. Split A: ½·H(1/3) + ½·0 = 0.4591, gain 0.4591.
        // Split B: ⅓·1 + ⅓·1 + ⅓·0 = 0.6667, gain 0.2516. So A at the root; under A = 0 the
        // rows (B0→0, B1→0, B2→1) split on B into pure leaves; A = 1 is pure (1).
        const FeatureTable d =
            data({{0, 0, 0, 1, 1, 1}, {0, 1, 2, 0, 1, 2}}, {2, 4}, {0, 0, 1, 1, 1, 1}, 2);
        const Id3Tree t = Id3Tree::learn(d);
        QCOMPARE(t.rootAttribute(), 0);
        QCOMPARE(t.nodeCount(), std::size_t(6));  // root, A=0 (split on B) + 3 leaves, A=1
        QCOMPARE(t.accuracy(d), 1.0);
        const Rules r = t.rules();
        QCOMPARE(r.size(), std::size_t(4));
        QCOMPARE(r[0].conditions, (Cond{{0, 0}, {1, 0}}));
        QCOMPARE(r[0].label, 0u);
        QCOMPARE(r[2].conditions, (Cond{{0, 0}, {1, 2}}));
        QCOMPARE(r[2].label, 1u);
        QCOMPARE(r[3].conditions, (Cond{{0, 1}}));
        QCOMPARE(r[3].covered, std::size_t(3));
        QCOMPARE(r[3].correct, std::size_t(3));
        // B = 3 never occurs under A = 0: that node's majority (0, from labels 0, 0, 1).
        const FeatureTable unseen = data({{0, 1}, {3, 3}}, {2, 4}, {0, 1}, 2);
        QCOMPARE(t.predict(unseen, 0), 0u);
        QCOMPARE(t.predict(unseen, 1), 1u);
    }

    void noisyLeafKeepsMajority() {
        // a0 → y0, y0, y1; a1 → y1. The a0 leaf predicts y0 (2 of 3): accuracy 3/4, and the
        // rule "a = a0 ⇒ y0" has accuracy 2/3 over 3 rows.
        const FeatureTable d = data({{0, 0, 0, 1}}, {2}, {0, 0, 1, 1}, 2);
        const Id3Tree t = Id3Tree::learn(d);
        QCOMPARE(t.accuracy(d), 0.75);
        const Rules r = t.rules();
        QCOMPARE(r.size(), std::size_t(2));
        QCOMPARE(r[0].covered, std::size_t(3));
        QVERIFY(std::abs(r[0].accuracy() - 2.0 / 3.0) < 1e-15);
    }

    void tiesAndNoGain() {
        // Both attributes separate the classes perfectly: equal gain, the lower index wins.
        const FeatureTable both = data({{0, 1}, {1, 0}}, {2, 2}, {0, 1}, 2);
        QCOMPARE(Id3Tree::learn(both).rootAttribute(), 0);
        // Identical features, labels 1 and 0: no split gains, the root is a leaf and the tie
        // between the classes goes to the lower code.
        const FeatureTable none = data({{0, 0}}, {1}, {1, 0}, 2);
        const Id3Tree t = Id3Tree::learn(none);
        QCOMPARE(t.rootAttribute(), -1);
        QCOMPARE(t.predict(none, 0), 0u);
        QCOMPARE(t.accuracy(none), 0.5);
    }

    void badInput() {
        QVERIFY_THROWS_EXCEPTION(ParameterError, Id3Tree::learn(data({{}}, {1}, {}, 1)));
        QVERIFY_THROWS_EXCEPTION(ParameterError, Id3Tree::learn(data({{0, 0}}, {1}, {0}, 1)));
    }

    void classificationOfRecodings() {
        World w;
        // The original tree: H(y) = H(4/6, 1/6, 1/6) = 1.2516. Split b: b0 pure (4 rows), b1 =
        // {y1, y2} with H = 1: gain 1.2516 − 2/6 = 0.918. Split a: a0 pure, a2 = {y0, y1}, a3 =
        // {y2, y0}: gain 1.2516 − 4/6 = 0.585. So b at the root, a under b1; accuracy 1.
        TauClassificationOptions o;
        o.ruleAccuracy = 1;
        o.ruleCoverage = 2;  // counts only "b = b0 ⇒ y0" (4 rows); the b1 leaves cover 1 row each
        o.trees = 5;
        const Id3Tree reference = Id3Tree::learn(originalClassificationData(w.input, o));
        QCOMPARE(reference.rootAttribute(), 0);
        QCOMPARE(reference.rules().size(), std::size_t(3));
        // The original table as a recoding (every row its own base class) changes nothing.
        LocalRecoding identity;
        identity.saNode = w.input.baseSa;
        for (std::uint32_t r = 0; r < 6; ++r)
            identity.classes.push_back(
                {{0, 0}, {w.table.column(0).code(r), w.table.column(1).code(r)}, {r}});
        TauClassification c = classifyRecoding(w.input, identity, o);
        QCOMPARE(c.originalAccuracy, 1.0);
        QCOMPARE(c.anonymousAccuracy, 1.0);
        QCOMPARE(c.accuracyRatio, 1.0);
        QCOMPARE(c.originalRules, std::size_t(1));
        QCOMPARE(c.preservedRules, 1.0);

        // a at level 1 (L, R) and the b1 rows' SA published as P = {y1, y2}: de-generalized
        // rows keep a within L or R and y within P; b and the b0 rows' y0 stay.
        LocalRecoding coarse;
        coarse.saNode = w.input.baseSa;
        coarse.saNode[2] = coarse.saNode[3] = w.node("P");
        const HierarchyMap& ha = w.dataset->hierarchy(1);
        const Code L = ha.map(w.code(1, "a0"), 1), R = ha.map(w.code(1, "a2"), 1);
        const Code b0 = w.code(0, "b0"), b1 = w.code(0, "b1");
        coarse.classes.push_back({{0, 1}, {b0, L}, {0, 4}});
        coarse.classes.push_back({{0, 1}, {b0, R}, {1, 5}});
        coarse.classes.push_back({{0, 1}, {b1, R}, {2, 3}});
        QVERIFY(checkTau(w.input, coarse, 0.5, 2).valid);
        std::mt19937_64 rng(7);
        bool sawY1 = false, sawY2 = false;
        for (int k = 0; k < 50; ++k) {
            const FeatureTable d = deGeneralizedClassificationData(w.input, coarse, o, rng);
            for (const RecodedClass& cls : coarse.classes)
                for (std::uint32_t r : cls.rows) {
                    QCOMPARE(d.columns[0][r], cls.codes[0]);
                    QCOMPARE(ha.map(d.columns[1][r], 1), cls.codes[1]);
                }
            for (std::uint32_t r : {0u, 1u, 4u, 5u}) QCOMPARE(d.labels[r], w.input.baseSa[r]);
            for (std::uint32_t r : {2u, 3u}) {
                QVERIFY(d.labels[r] == w.node("y1") || d.labels[r] == w.node("y2"));
                (d.labels[r] == w.node("y1") ? sawY1 : sawY2) = true;
            }
        }
        QVERIFY(sawY1 && sawY2);
        // b keeps gain H(y) − 2/6 or more over any drawing of a (a cannot isolate y1 and y2
        // from the y0 rows drawn into R) and wins ties as attribute 0, so "b = b0 ⇒ y0" is
        // learned by every tree and the four b0 rows are always right; the b1 rows only by luck.
        c = classifyRecoding(w.input, coarse, o);
        QCOMPARE(c.preservedRules, 1.0);
        QVERIFY(c.accuracyRatio >= 4.0 / 6.0 - 1e-12 && c.accuracyRatio <= 1);
        QVERIFY_THROWS_EXCEPTION(ParameterError, classifyRecoding(w.input, LocalRecoding{}, o));
        o.target = 1;  // a is a QI
        QVERIFY_THROWS_EXCEPTION(ParameterError, classifyRecoding(w.input, coarse, o));
    }

    void profileOfAFailingOutput() {
        // Classes {y0, y0, y0, y0} and {y1, y2} for (0.5, 2): ψ = 0.5, 1, 1. The first class has
        // F = 1, 1, 1 (fails at k = 1); the second F = 0.5, 1, 1 (holds).
        World w;
        const Code top = 0;
        LocalRecoding out;
        out.saNode = w.input.baseSa;
        out.classes.push_back({{0, 2}, {w.code(0, "b0"), top}, {0, 1, 4, 5}});
        out.classes.push_back({{0, 2}, {w.code(0, "b1"), top}, {2, 3}});
        QVERIFY(checkTau(w.input, out, 0.5, 2).valid);
        const TauProfile p = profileRecoding(w.input, out, 0.5, 2);
        QCOMPARE(p.classes, std::size_t(2));
        QCOMPARE(p.failingClasses, std::size_t(1));
        QCOMPARE(p.psi, (std::vector<double>{0.5, 1, 1}));
        QCOMPARE(p.maxF, (std::vector<double>{1, 1, 1}));
        QCOMPARE(p.exceeding, (std::vector<std::size_t>{1, 0, 0}));
    }
};

QTEST_APPLESS_MAIN(TestId3)
#include "test_id3.moc"
