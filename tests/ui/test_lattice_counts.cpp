// Counting lattice nodes by height without enumerating them (LevelCounts) and the layout built
// on it (issue 24: large lattices open without allocating per node). Every count, rank and
// position is checked against brute-force enumeration on small lattices, and row sizes of
// 25 and 32 attributes of height 2 against the closed form Σ_j C(d,j)·C(d−j, h−2j) (j
// attributes at level 2, h−2j at level 1).
#include <QtTest>
#include <map>
#include <random>

#include "lattice/latticelayout.h"
#include "ldiv/lattice/level_counts.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
long double binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    long double r = 1;
    for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
    return r;
}
}  // namespace

class TestLatticeCounts : public QObject {
    Q_OBJECT
private slots:
    void countsRanksAndUnranksAgreeWithEnumeration() {
        std::mt19937 random(11);
        for (int round = 0; round < 30; ++round) {
            std::vector<int> heights(1 + random() % 5);
            for (int& h : heights) h = int(random() % 4);
            std::vector<std::pair<int, int>> ranges;
            for (int h : heights) {
                const int a = int(random() % (h + 1)), b = int(random() % (h + 1));
                ranges.emplace_back(std::min(a, b), std::max(a, b));
            }
            const Lattice lattice(heights);
            const LevelCounts full(heights), filtered(heights, ranges);
            // Brute force: per height, nodes in id order, and those inside the ranges.
            std::map<int, std::vector<NodeId>> rows, inRanges;
            for (NodeId id = 0; id < lattice.size(); ++id) {
                const Levels l = lattice.levels(id);
                rows[lattice.height(id)].push_back(id);
                bool in = true;
                for (std::size_t i = 0; i < l.size(); ++i)
                    in = in && l[i] >= ranges[i].first && l[i] <= ranges[i].second;
                if (in) inRanges[lattice.height(id)].push_back(id);
            }
            QCOMPARE(full.total(), lattice.size());
            for (int h = 0; h <= lattice.maxHeight(); ++h) {
                QCOMPARE(full.rowSize(h), std::uint64_t(rows[h].size()));
                QCOMPARE(filtered.rowSize(h), std::uint64_t(inRanges[h].size()));
                for (std::size_t r = 0; r < rows[h].size(); ++r) {
                    QCOMPARE(full.rank(lattice.levels(rows[h][r])), std::uint64_t(r));
                    QCOMPARE(full.unrank(h, r), lattice.levels(rows[h][r]));
                }
                std::uint64_t first = 0, last = 0;
                QCOMPARE(filtered.rankSpan(h, full, &first, &last), !inRanges[h].empty());
                if (!inRanges[h].empty()) {
                    QCOMPARE(first, full.rank(lattice.levels(inRanges[h].front())));
                    QCOMPARE(last, full.rank(lattice.levels(inRanges[h].back())));
                }
            }
            QCOMPARE(full.rowSize(-1), std::uint64_t(0));
            QCOMPARE(full.rowSize(lattice.maxHeight() + 1), std::uint64_t(0));
        }
    }

    void layoutFindsExactlyTheNodesInARectangle() {
        const Lattice lattice(std::vector<int>{3, 2, 2, 1, 4});
        const LatticeLayout layout(lattice);
        // Rows in id order, centred, kDx apart: the layout the view has always had.
        std::map<int, std::vector<NodeId>> rows;
        for (NodeId id = 0; id < lattice.size(); ++id) rows[lattice.height(id)].push_back(id);
        for (const auto& [h, ids] : rows)
            for (std::size_t i = 0; i < ids.size(); ++i) {
                const QPointF p = layout.position(ids[i]);
                QCOMPARE(p.x(), (double(i) - (double(ids.size()) - 1) / 2) * LatticeLayout::kDx);
                QCOMPARE(p.y(), -h * layout.rowDistance());
            }
        std::mt19937 random(5);
        const QRectF b = layout.bounds();
        for (int round = 0; round < 200; ++round) {
            const double x = b.left() + b.width() * (random() % 1000) / 1000.0;
            const double y = b.top() + b.height() * (random() % 1000) / 1000.0;
            const QRectF rect(x, y, 5 + random() % 300, 5 + random() % 300);
            std::vector<NodeId> expected;
            for (const auto& [h, ids] : rows)
                for (NodeId id : ids) {
                    const QPointF p = layout.position(id);
                    const double r = LatticeLayout::kRadius;
                    if (rect.intersects(QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r)))
                        expected.push_back(id);
                }
            std::vector<NodeId> found = layout.nodesIn(rect);
            std::sort(found.begin(), found.end());
            std::sort(expected.begin(), expected.end());
            QCOMPARE(found, expected);
            QCOMPARE(layout.countIn(rect), std::uint64_t(expected.size()));
        }
        for (NodeId id = 0; id < lattice.size(); ++id)
            QCOMPARE(layout.nodeAt(layout.position(id)), std::optional<NodeId>(id));
    }

    void hugeLatticesAreCountedNotEnumerated_data() {
        QTest::addColumn<int>("attributes");
        QTest::newRow("25 QIs of height 2 (3^25 nodes)") << 25;
        QTest::newRow("32 QIs of height 2 (3^32 nodes)") << 32;
    }
    void hugeLatticesAreCountedNotEnumerated() {
        QFETCH(int, attributes);
        const Lattice lattice(std::vector<int>(std::size_t(attributes), 2));
        QElapsedTimer clock;
        clock.start();
        const LatticeLayout layout(lattice);
        QVERIFY(clock.elapsed() < 100);
        long double total = 0;
        for (int h = 0; h <= 2 * attributes; ++h) {
            long double closed = 0;
            for (int j = 0; 2 * j <= h; ++j)
                closed += binomial(attributes, j) * binomial(attributes - j, h - 2 * j);
            QCOMPARE((long double)layout.rowSize(h), closed);
            total += closed;
        }
        QCOMPARE((long double)lattice.size(), total);
        // The widest row is the middle one; the scene stays within its cap.
        QCOMPARE(layout.widestRow(), layout.rowSize(attributes));
        QVERIFY(layout.bounds().width() <= LatticeLayout::kMaxSceneWidth + 4 * LatticeLayout::kDx);
        // A zoomed-in window materialises only its own nodes, and each is where it should be.
        const QPointF centre = layout.position(attributes, layout.rowSize(attributes) / 2);
        // (Rows this wide are compressed: neighbours are columnDistance() apart.)
        const double dx = layout.columnDistance();
        QVERIFY(dx < LatticeLayout::kDx);
        const QRectF window(centre.x() - 10 * dx, centre.y() - 50, 20 * dx, 100);
        const std::vector<NodeId> nodes = layout.nodesIn(window, 1000);
        QCOMPARE(layout.countIn(window), std::uint64_t(nodes.size()));
        QVERIFY(nodes.size() >= 20 && nodes.size() < 1000);
        for (NodeId id : nodes) {
            QCOMPARE(lattice.height(id), attributes);
            QVERIFY(window
                        .adjusted(-LatticeLayout::kRadius, -LatticeLayout::kRadius,
                                  LatticeLayout::kRadius, LatticeLayout::kRadius)
                        .contains(layout.position(id)));
        }
        // Bottom and top are alone in their rows, at the centre line.
        QCOMPARE(layout.position(lattice.bottom()), QPointF(0, 0));
        QCOMPARE(layout.position(lattice.top()).x(), 0.0);
    }
};

QTEST_MAIN(TestLatticeCounts)
#include "test_lattice_counts.moc"
