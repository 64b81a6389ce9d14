// The implicit classifier's antichain index (core/src/lattice/dominance_index.h) against the
// definitions: anyBelow, anyAbove and the collect calls against a scan of the stored nodes, on
// random sets with erased and reused slots, past one 64-slot word; anyBelowRaised against
// "some stored node below x with x's level in i", and the witnesses it finds; holdsBelow; up to 70
// attributes (past the fixed array of rows a query keeps on the stack).
#include <QtTest>
#include <random>

#include "lattice/dominance_index.h"

using ldv::detail::DominanceIndex;
using ldv::detail::LevelCode;

namespace {

using Node = std::vector<LevelCode>;

bool leq(const Node& a, const Node& b) {
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] > b[i]) return false;
    return true;
}

Node randomNode(const std::vector<int>& heights, std::mt19937& rng) {
    Node n(heights.size());
    for (std::size_t i = 0; i < heights.size(); ++i)
        n[i] = LevelCode(std::uniform_int_distribution<int>(0, heights[i])(rng));
    return n;
}

}  // namespace

class TestDominanceIndex : public QObject {
    Q_OBJECT
private slots:
    void agreesWithDefinitions() {
        std::mt19937 rng(38);
        std::size_t someBelow = 0, noneBelow = 0, someAt = 0, noneAt = 0;
        for (int round = 0; round < 300; ++round) {
            const std::size_t d = round % 10 == 9
                                      ? std::uniform_int_distribution<std::size_t>(60, 70)(rng)
                                      : std::uniform_int_distribution<std::size_t>(1, 12)(rng);
            std::vector<int> heights(d);
            for (int& h : heights) h = std::uniform_int_distribution<int>(1, 5)(rng);
            DominanceIndex index(heights);
            std::map<std::size_t, Node> stored;  // slot -> levels
            const int operations = std::uniform_int_distribution<int>(0, 200)(rng);
            for (int op = 0; op < operations; ++op) {
                if (!stored.empty() && rng() % 4 == 0) {
                    auto it = stored.begin();
                    std::advance(it, rng() % stored.size());
                    index.erase(it->first);
                    stored.erase(it);
                } else {
                    const Node n = randomNode(heights, rng);
                    const std::size_t slot = index.insert(n);
                    QVERIFY(!stored.count(slot));
                    stored[slot] = n;
                }
            }
            QCOMPARE(index.size(), stored.size());
            for (int q = 0; q < 40; ++q) {
                const Node x = randomNode(heights, rng);
                std::vector<std::size_t> below, above, gotBelow, gotAbove;
                for (const auto& [slot, n] : stored) {
                    if (leq(n, x)) below.push_back(slot);
                    if (leq(x, n)) above.push_back(slot);
                }
                index.collectBelow(x, gotBelow);
                index.collectAbove(x, gotAbove);
                QCOMPARE(gotBelow, below);
                QCOMPARE(gotAbove, above);
                QCOMPARE(index.anyBelow(x), !below.empty());
                QCOMPARE(index.anyAbove(x), !above.empty());

                ++(below.empty() ? noneBelow : someBelow);
                for (std::size_t i = 0; i < d; ++i) {
                    const bool at = std::any_of(below.begin(), below.end(), [&](std::size_t s) {
                        return stored[s][i] == x[i];
                    });
                    QCOMPARE(index.anyBelowRaised(x, i), at);
                    ++(at ? someAt : noneAt);
                    // The witness found is such a node.
                    if (const std::size_t w = index.findBelowRaised(x, i);
                        w != DominanceIndex::kNone) {
                        QVERIFY(stored.count(w) && leq(stored[w], x) && stored[w][i] == x[i]);
                    }
                }
                // holdsBelow: live slots below x, and nothing for erased or unused slots.
                for (std::size_t slot = 0; slot < stored.size() + 70; ++slot) {
                    const auto it = stored.find(slot);
                    QCOMPARE(index.holdsBelow(slot, x), it != stored.end() && leq(it->second, x));
                }
            }
        }
        // Both answers occur often enough for the comparison to mean something.
        QVERIFY2(someBelow > 1000 && noneBelow > 1000,
                 qPrintable(QString("%1 with, %2 without").arg(someBelow).arg(noneBelow)));
        QVERIFY2(someAt > 1000 && noneAt > 1000,
                 qPrintable(QString("%1 with, %2 without").arg(someAt).arg(noneAt)));
    }
};

QTEST_GUILESS_MAIN(TestDominanceIndex)
#include "test_dominance_index.moc"
