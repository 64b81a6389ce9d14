// The transformations behind one call (transform/transformation.h) and the figures that
// compare publications (workflow/publication_figures.h), on Machanavajjhala et al. 2007's
// hospital table worked by hand (test_local_recoding.cpp derives its local recoding at k=5):
// full-domain publishes one class of 12 at [4,3,1] (DM 144), local recoding two classes of 6
// (Americans | the rest; DM 36 + 36 = 72).
#include <QtTest>

#include <memory>
#include <numeric>

#include "ldiv/data/error.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/transform/local_recoding.h"
#include "ldiv/workflow/publication_figures.h"
#include "ldiv/workflow/requirement.h"
#include "ldiv/workflow/risk_report.h"
#include "test_paths.h"

using namespace ldv;

namespace {

std::unique_ptr<Workspace> hospital() {
    return std::make_unique<Workspace>(loadProject(test::example("hospital/hospital.ldiv.json")),
                                       test::example("hospital"));
}

Requirement requirementOf(const Workspace& ws, std::vector<std::string> criteria,
                          double suppression = 0) {
    SearchSettings s;
    s.criteria = std::move(criteria);
    s.suppressionLimit = suppression;
    return prepareRequirement(ws, s);
}

TransformationSpec spec(std::string model) {
    TransformationSpec s;
    s.model = std::move(model);
    return s;
}

}  // namespace

class TestPublicationFigures : public QObject {
    Q_OBJECT

private slots:
    void fullDomainAgainstLocalByHand() {
        const auto ws = hospital();
        const Requirement r = requirementOf(*ws, {"k=5"});
        const Levels top{4, 3, 1};
        const NodeJudgement node = judgeRequirement(r, top);
        QVERIFY(node.satisfies);
        const std::vector<std::uint32_t> sizes = releasedClassSizes(*ws, r.config, node);
        const PublicationFigures full = nodeFigures(sizes, 0, 12);
        QCOMPARE(full.model, std::string("full-domain"));
        QCOMPARE(full.classes, std::uint64_t(1));
        QCOMPARE(full.smallestClass, std::uint64_t(12));
        QCOMPARE(full.publishedRows, std::uint64_t(12));
        QCOMPARE(full.discernibility, 144.0);
        QCOMPARE(full.highestRisk, 1.0 / 12);
        QCOMPARE(full.averageRisk, 1.0 / 12);
        const PublicationFigures judged = nodePublicationFigures(*ws, r.config, top);
        QCOMPARE(judged.discernibility, full.discernibility);
        QCOMPARE(judged.inputRows, std::uint64_t(12));

        const TransformationOutcome local =
            runTransformation(*ws, *r.data, r.config, spec("local"));
        const PublicationFigures f = transformationFigures(local, 12);
        QCOMPARE(f.model, std::string("local"));
        QCOMPARE(f.classes, std::uint64_t(2));
        QCOMPARE(f.smallestClass, std::uint64_t(6));
        QCOMPARE(f.averageClassSize, 6.0);
        QCOMPARE(f.discernibility, 72.0);
        QCOMPARE(f.suppressedRecords, std::uint64_t(0));
        QCOMPARE(f.highestRisk, 1.0 / 6);
        QCOMPARE(f.averageRisk, 2.0 / 12);
        // The same discernibility as local recoding's own count (Σ|E|² + n·suppressed).
        QCOMPARE(f.discernibility, localRecoding(*r.data, r.config).discernibility);
    }

    // The risk report of a published table that is no node has the same "after" side as the
    // node's own report when given the node's table and classes: both go through one path.
    void publishedRiskReportAgreesWithTheNodes() {
        const auto ws = hospital();
        const Requirement r = requirementOf(*ws, {"k=2"}, 0.5);
        const Levels node{0, 1, 1};
        const RiskReport viaNode = computeRiskReport(*ws, &r.config, &node, {}, nullptr);
        const PublishedNode published = publishNode(*ws, r.config, node);
        const RiskReport viaTable = computePublishedRiskReport(
            *ws, published.table, releasedClassSizes(*ws, r.config, published.judgement),
            published.suppressedRows, {}, nullptr);
        QVERIFY(viaNode.after && viaTable.after);
        QCOMPARE(viaTable.after->analysis.classes, viaNode.after->analysis.classes);
        QCOMPARE(viaTable.after->analysis.classes, std::size_t(6));
        QCOMPARE(viaTable.after->analysis.prosecutor.highest, 0.5);
        QCOMPARE(viaTable.after->analysis.marketer, viaNode.after->analysis.marketer);
        QCOMPARE(viaTable.after->combinations.size(), viaNode.after->combinations.size());
        QCOMPARE(viaTable.before.analysis.classes, viaNode.before.analysis.classes);
        QVERIFY(viaTable.levels.empty());
    }

    // A suppressed row costs n in the discernibility and is left out of the classes.
    void suppressedRowsCountOnce() {
        const PublicationFigures f = nodeFigures(std::vector<std::uint32_t>{2, 3}, 1, 6);
        QCOMPARE(f.classes, std::uint64_t(2));
        QCOMPARE(f.publishedRows, std::uint64_t(5));
        QCOMPARE(f.smallestClass, std::uint64_t(2));
        QCOMPARE(f.averageClassSize, 2.5);
        QCOMPARE(f.discernibility, 4.0 + 9.0 + 6.0);
        QCOMPARE(f.suppressedRecords, std::uint64_t(1));
        QCOMPARE(f.highestRisk, 0.5);
        QCOMPARE(f.averageRisk, 2.0 / 5);
    }

    // Nodes judged as the search judges them. At [0,1,1] (zip as it is, age 2*/3*/4*/5*,
    // nationality *) with k=2 the classes are 13053·2* (rows 1, 4), 13068·2* (2, 3), 13053·3*
    // (9, 10), 13068·3* (11, 12), 14853·5* (5, 6) and 14850·4* (7, 8): six of 2, DM 24. With
    // k=3 and half the rows allowed, all six fail, and their 12 rows exceed the limit of 6:
    // nothing is suppressed (the node fails), and the figures count the classes as they are.
    void nodesByHand() {
        const auto ws = hospital();
        const Requirement r = requirementOf(*ws, {"k=2"}, 0.5);
        const PublicationFigures f = nodePublicationFigures(*ws, r.config, Levels{0, 1, 1});
        QCOMPARE(f.classes, std::uint64_t(6));
        QCOMPARE(f.smallestClass, std::uint64_t(2));
        QCOMPARE(f.discernibility, 6 * 4.0);
        QCOMPARE(f.suppressedRecords, std::uint64_t(0));
        // k=4 at [1,2,1] (1305*/1306*/1485*, age <=40 / >40, *): 13053+13068 under 40 are
        // rows 1-4, 9-12 split by zip 1305* {1,4,9,10} and 1306* {2,3,11,12}; 1485* over 40
        // is {5,6,7,8}: three classes of 4.
        const Requirement k4 = requirementOf(*ws, {"k=4"}, 0.5);
        const PublicationFigures g = nodePublicationFigures(*ws, k4.config, Levels{1, 2, 1});
        QCOMPARE(g.classes, std::uint64_t(3));
        QCOMPARE(g.discernibility, 3 * 16.0);
        const Requirement k3 = requirementOf(*ws, {"k=3"}, 0.5);
        const PublicationFigures h = nodePublicationFigures(*ws, k3.config, Levels{0, 1, 1});
        QCOMPARE(h.classes, std::uint64_t(6));
        QCOMPARE(h.suppressedRecords, std::uint64_t(0));
        QCOMPARE(h.discernibility, 24.0);
    }

    // Cell suppression: the smallest figure is a record's frequency with "*" matching every
    // value, and the risk follows it, not the tuples' counts.
    void cellSuppressionUsesFrequencies() {
        const auto ws = hospital();
        const Requirement r = requirementOf(*ws, {"k=2"}, 0.5);
        const TransformationOutcome c =
            runTransformation(*ws, *r.data, r.config, spec("cell-suppression"));
        const PublicationFigures f = transformationFigures(c, 12);
        QVERIFY(c.minFrequency >= 2);
        QCOMPARE(f.smallestClass, c.minFrequency);
        QCOMPARE(f.highestRisk, 1.0 / double(c.minFrequency));
        QCOMPARE(f.suppressedCells, c.suppressedCells);
        QVERIFY(f.suppressedCells > 0);  // the table is not 2-anonymous as it stands
        QCOMPARE(f.publishedRows, std::uint64_t(12));
        const std::uint64_t rows =
            std::accumulate(c.classes.sizes.begin(), c.classes.sizes.end(), std::uint64_t(0));
        QCOMPARE(rows, std::uint64_t(12));
    }

    void refusalsNameTheirCause() {
        const auto ws = hospital();
        const Requirement r = requirementOf(*ws, {"k=13"});
        // Mondrian suppresses nothing: 13-anonymity of 12 rows fails the whole table, and
        // the outcome says so instead of classes.
        const TransformationOutcome none =
            runTransformation(*ws, *r.data, r.config, spec("mondrian"));
        QVERIFY(!none.publishable());
        QCOMPARE(none.classes.tableFails.front(), std::string("k=13"));
        QVERIFY(none.classes.sizes.empty());
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 runTransformation(*ws, *r.data, r.config, spec("shuffle")));
        // Microaggregation needs numeric quasi-identifiers: zip codes are, nationality is not.
        TransformationSpec m = spec("microaggregation");
        m.aggregates = {"mean", "mean", "mean"};
        const Requirement k2 = requirementOf(*ws, {"k=2"});
        QVERIFY_THROWS_EXCEPTION(ParameterError, runTransformation(*ws, *k2.data, k2.config, m));
    }
};

QTEST_APPLESS_MAIN(TestPublicationFigures)
#include "test_publication_figures.moc"
