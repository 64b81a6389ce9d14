// The Explain panel, the frontier chart and the release record of the workbench (offscreen):
// the panel shows exactly the core's explainNode figures for the selected node and its raise
// fixes select their nodes; the frontier's points equal the core frontier and clicking one
// selects its optimum in the lattice; the table export writes a release record that
// `verifyRelease` accepts, and the report shows its hashes, the risk figures and real
// citations.
#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPageSize>
#include <QPdfWriter>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QTreeWidget>
#include <QtTest>

#include <qcustomplot.h>

#include "export/exportperspective.h"
#include "lattice/explainpanel.h"
#include "lattice/frontierpanel.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/nodedetailspanel.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/publish/explanation.h"
#include "ldiv/release/release_record.h"
#include "ldiv/risk/risk_analysis.h"
#include "ldiv/search/frontier_result.h"
#include "report/reportdata.h"
#include "report/reportwriter.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "widgets/plural.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QString kHospital = LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json";

QString text(const Levels& levels) {
    return QString::fromStdString(formatLevels(levels));
}
}  // namespace

class TestExplain : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void panelEqualsCoreExplain() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        QVERIFY(window.showPerspective("lattice"));
        LatticePerspective* lp = window.latticePerspective();
        ExplainPanel* panel = lp->explainPanel();
        const Lattice& lattice = outcome->data->dataset().lattice();
        int failing = 0;
        // The bottom (fails the hospital's requirement), the optimum and the top.
        for (NodeId id : {lattice.bottom(), *outcome->result.optimum, lattice.top()}) {
            lp->view()->selectNode(id);
            QTRY_VERIFY_WITH_TIMEOUT(
                panel->explanation() && panel->explanation()->metrics.levels == lattice.levels(id),
                20000);
            const Explanation e =
                explainNode(outcome->data->dataset(), outcome->config, lattice.levels(id));
            failing += e.satisfies ? 0 : 1;
            QVERIFY(panel->summary()->text().contains(text(e.metrics.levels)));
            QVERIFY(panel->summary()->text().contains(e.satisfies ? "satisfies" : "fails"));
            QTreeWidget* tree = panel->criteriaTree();
            QCOMPARE(tree->topLevelItemCount(), int(e.criteria.size()));
            for (std::size_t c = 0; c < e.criteria.size(); ++c) {
                const CriterionExplanation& ce = e.criteria[c];
                const QTreeWidgetItem* item = tree->topLevelItem(int(c));
                QCOMPARE(item->data(0, Qt::UserRole).toString(),
                         QString::fromStdString(ce.verdict.spec));
                QVERIFY(item->text(0).startsWith(QString::fromStdString(ce.verdict.spec) + " — "));
                QCOMPARE(item->text(0).endsWith("holds"), ce.verdict.holds);
                if (!ce.verdict.holds)
                    QVERIFY(item->text(0).contains(QString("%1 (%2)").arg(
                        countOf(ce.verdict.failingClasses, "class", "classes"),
                        countOf(ce.verdict.failingRows, "row", "rows"))));
                // A node that holds has no failing classes.
                QCOMPARE(item->childCount(),
                         int(ce.failingClasses.size()) +
                             (ce.failingClasses.size() < ce.verdict.failingClasses ? 1 : 0));
                for (std::size_t k = 0; k < ce.failingClasses.size(); ++k) {
                    const FailingClass& f = ce.failingClasses[k];
                    const QTreeWidgetItem* child = item->child(int(k));
                    QStringList values;
                    for (const std::string& v : f.qiValues) values << QString::fromStdString(v);
                    QCOMPARE(child->text(0), "[" + values.join(", ") + "]");
                    QCOMPARE(child->text(1), countOf(f.size, "row", "rows"));
                    QVERIFY(child->text(2).startsWith(QString::number(f.distance, 'g', 6)));
                    QStringList rows;
                    for (std::uint32_t r : f.rows) rows << QString::number(r + 1);
                    QVERIFY(child->text(4).startsWith(rows.join(", ")));
                    if (!f.dominatingValue.empty())
                        QVERIFY(
                            child->text(3).startsWith(QString::fromStdString(f.dominatingValue)));
                }
            }
            // The tree is not cut at 1366×768: the class values get at least a third of the
            // view, and size, short-by and dominating value fit beside them.
            lp->details()->tabs()->setCurrentWidget(panel);
            QCoreApplication::processEvents();
            QTRY_VERIFY2(
                tree->columnWidth(0) >= tree->viewport()->width() / 3,
                qPrintable(
                    QString("%1 of %2").arg(tree->columnWidth(0)).arg(tree->viewport()->width())));
            const int width = tree->viewport()->width();
            if (!e.satisfies)
                QVERIFY2(tree->columnWidth(0) + tree->columnWidth(1) + tree->columnWidth(2) +
                                 tree->columnWidth(3) <=
                             width,
                         qPrintable(QString("%1+%2+%3+%4 > %5")
                                        .arg(tree->columnWidth(0))
                                        .arg(tree->columnWidth(1))
                                        .arg(tree->columnWidth(2))
                                        .arg(tree->columnWidth(3))
                                        .arg(width)));
            // Fixes: the raises in the core's ranking, then suppression, then the strongest.
            QTableWidget* fixes = panel->fixesTable();
            const int expectedRows =
                int(e.raises.size()) + (e.suppress.rows > 0 ? 1 : 0) + int(e.criteria.size());
            QCOMPARE(fixes->rowCount(), expectedRows);
            for (std::size_t r = 0; r < e.raises.size(); ++r) {
                QCOMPARE(fixes->item(int(r), 0)->data(Qt::UserRole).toString(),
                         text(e.raises[r].levels));
                QVERIFY(fixes->item(int(r), 2)->text().endsWith(e.raises[r].satisfies ? "satisfies"
                                                                                      : "fails"));
                QCOMPARE(fixes->item(int(r), 1)->text(),
                         QString::number(e.raises[r].utility, 'g', 6));
            }
            if (e.suppress.rows > 0)
                QCOMPARE(fixes->item(int(e.raises.size()), 2)->text().startsWith("within"),
                         e.suppress.withinLimit);
            for (std::size_t c = 0; c < e.criteria.size(); ++c) {
                const QString strongest =
                    fixes->item(expectedRows - int(e.criteria.size()) + int(c), 2)->text();
                QCOMPARE(strongest, e.criteria[c].strongestSpec.empty()
                                        ? QString("none holds")
                                        : QString::fromStdString(e.criteria[c].strongestSpec));
            }
        }
        QVERIFY(failing >= 1);
    }

    void clickingARaiseFixSelectsItsNode() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        QVERIFY(window.showPerspective("lattice"));
        LatticePerspective* lp = window.latticePerspective();
        ExplainPanel* panel = lp->explainPanel();
        const Lattice& lattice = outcome->data->dataset().lattice();
        lp->view()->selectNode(lattice.bottom());
        QTRY_VERIFY_WITH_TIMEOUT(panel->explanation() && !panel->isRunning(), 20000);
        lp->details()->tabs()->setCurrentWidget(panel);
        const Levels raised = panel->explanation()->raises.at(0).levels;
        QTableWidget* fixes = panel->fixesTable();
        QTest::mouseClick(fixes->viewport(), Qt::LeftButton, {},
                          fixes->visualItemRect(fixes->item(0, 0)).center());
        QCOMPARE(lp->view()->selection(), std::vector<NodeId>{lattice.id(raised)});
        // The panel follows: it now explains the raised node, and stays the open tab.
        QTRY_VERIFY_WITH_TIMEOUT(
            panel->explanation() && panel->explanation()->metrics.levels == raised, 20000);
        QTRY_VERIFY_WITH_TIMEOUT(!lp->isLoadingDetails(), 20000);
        QCOMPARE(lp->details()->tabs()->currentWidget(), panel);
    }

    void frontierPointsEqualCoreAndClickSelects() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome);
        QVERIFY(window.showPerspective("lattice"));
        LatticePerspective* lp = window.latticePerspective();
        FrontierPanel* fp = lp->frontierPanel();
        auto* tabs = qobject_cast<QTabWidget*>(fp->parentWidget()->parentWidget());
        QVERIFY(tabs);
        tabs->setCurrentWidget(fp);
        fp->gridEdit()->setText("k=2..5");
        fp->suppressionEdit()->setText("0, 25");
        fp->keepOthersBox()->setChecked(false);
        QVERIFY2(fp->run(), qPrintable(fp->status()->text()));
        QTRY_VERIFY_WITH_TIMEOUT(!fp->isRunning() && fp->result(), 60000);
        const std::shared_ptr<const FrontierResult> first = fp->result();
        const FrontierResult& r = *first;

        FrontierConfig config;
        config.grids = {expandCriteriaGrid("k=2..5")};
        config.suppressions = {0, 0.25};
        config.metric = outcome->config.metric;
        const FrontierResult expected = frontier(outcome->data->dataset(), config);
        QCOMPARE(r.points.size(), expected.points.size());
        for (std::size_t i = 0; i < r.points.size(); ++i) {
            QCOMPARE(r.points[i].optimum, expected.points[i].optimum);
            QCOMPARE(r.points[i].riskValue, expected.points[i].riskValue);
            QCOMPARE(r.points[i].utility, expected.points[i].utility);
        }
        QCOMPARE(r.pareto, expected.pareto);
        QCOMPARE(fp->table()->rowCount(), int(r.points.size()));
        QVERIFY(!r.pareto.empty());

        // Clicking each Pareto point selects its optimum in the lattice.
        const Lattice& lattice = outcome->data->dataset().lattice();
        for (std::size_t i : r.pareto) {
            lp->view()->clearSelection();
            QTest::mouseClick(fp->plot(), Qt::LeftButton, {}, fp->pointPixel(i));
            QCOMPARE(lp->view()->selection(),
                     std::vector<NodeId>{lattice.id(*r.points[i].optimum)});
        }
        // Exportable like every chart, and as CSV.
        const QString png = m_dir.filePath("frontier.png"), csv = m_dir.filePath("frontier.csv");
        QVERIFY(fp->exportTo(png));
        QVERIFY(QImage(png).width() >= 800);
        QVERIFY(fp->exportTo(csv));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll().count('\n'), qsizetype(r.points.size() + 1));

        // Keeping the project's other criteria: each requirement is the grid's k plus them.
        std::vector<std::string> others;
        for (const std::string& spec : window.controller()->project()->searchSettings().criteria)
            if (parseCriterionSpec(spec).kind != CriterionKind::KAnonymity) others.push_back(spec);
        QVERIFY(!others.empty());
        fp->keepOthersBox()->setChecked(true);
        QVERIFY(fp->run());
        QTRY_VERIFY_WITH_TIMEOUT(!fp->isRunning() && fp->result() && fp->result() != first, 60000);
        config.fixed = others;
        const FrontierResult withOthers = frontier(outcome->data->dataset(), config);
        QCOMPARE(fp->result()->points.size(), withOthers.points.size());
        for (std::size_t i = 0; i < withOthers.points.size(); ++i) {
            QCOMPARE(fp->result()->points[i].criteria, withOthers.points[i].criteria);
            QCOMPARE(fp->result()->points[i].optimum, withOthers.points[i].optimum);
        }

        // A bad grid is refused with the core's message; nothing runs.
        fp->gridEdit()->setText("k=5..2");
        QVERIFY(!fp->run());
        QVERIFY(!fp->status()->text().isEmpty());
    }

    void releaseRecordAndRiskInReport() {
        MainWindow window;
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome && outcome->result.optimum);
        QVERIFY(window.showPerspective("export"));
        ExportPerspective* ep = window.exportPerspective();
        ep->setPopulationSize("1000");
        QTRY_VERIFY_WITH_TIMEOUT(!ep->isPreparing() && ep->report(), 60000);
        const QString csv = m_dir.filePath("published.csv");
        ep->setWriteRelease(true);
        QVERIFY2(ep->exportTable(csv), qPrintable(ep->lastError()));
        QVERIFY(ep->release());
        QCOMPARE(ep->releasePath(), m_dir.filePath("published.ldiv-release.json"));
        QVERIFY(QFile::exists(ep->releasePath()));
        // The record is the core's: it verifies against the files, hashes included.
        const ReleaseRecord record = [&] {
            QFile f(ep->releasePath());
            f.open(QIODevice::ReadOnly);
            return parseRelease(f.readAll().toStdString(), "record");
        }();
        QCOMPARE(record.publishedSha, ep->release()->publishedSha);
        const Verification v = verifyRelease(record, csv.toStdString(), record.originalPath);
        for (const ClaimVerdict& c : v.claims)
            QVERIFY2(!c.checked || c.holds, (c.claim + ": " + c.detail).c_str());
        QVERIFY(v.allHold());

        const QString html = m_dir.filePath("report.html");
        QVERIFY2(ep->exportReport(html), qPrintable(ep->lastError()));
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString report = QString::fromUtf8(file.readAll());
        for (const std::string& sha :
             {record.originalSha, record.configurationSha, record.publishedSha})
            QVERIFY(report.contains(QString::fromStdString(sha)));
        QVERIFY(report.contains(QString::fromStdString(record.ldivVersion)));
        for (const ReleaseCriterion& c : record.criteria)
            QVERIFY(report.contains(QString::fromStdString(c.measure)));

        // Risk figures of the published classes, computed independently.
        const Levels levels = parseLevels(ep->nodeText().toStdString());
        const NodeJudgement j = judgeNode(outcome->data->dataset(), outcome->config, levels);
        std::vector<std::uint32_t> sizes;
        for (std::size_t c = 0; c < j.classes.count(); ++c)
            if (j.suppressed.empty() || !j.suppressed[c]) sizes.push_back(j.classes.sizes[c]);
        std::uint32_t smallest = *std::min_element(sizes.begin(), sizes.end());
        const RiskAnalysis& risk = ep->report()->reidentification;
        QCOMPARE(risk.prosecutor.highest, 1.0 / smallest);
        QCOMPARE(risk.marketer, double(sizes.size()) / double(record.publishedRows));
        QVERIFY(risk.journalist && risk.populationUniques);
        QVERIFY(report.contains("Re-identification risk"));
        QVERIFY(report.contains("Journalist"));
        QVERIFY(report.contains(QString::number(risk.prosecutor.highest, 'g', 4)));
        // Real citations, no internal labels.
        QVERIFY(report.contains("Journal of the American Medical Informatics Association"));
        QVERIFY(report.contains("ACM Transactions on Knowledge Discovery from Data"));
        QVERIFY(!report.contains(QString::fromUtf8("000 §")));
        QVERIFY(!report.contains(QString::fromUtf8("002 §")));

        const QString pdf = m_dir.filePath("report.pdf");
        QVERIFY2(ep->exportReport(pdf), qPrintable(ep->lastError()));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.read(5) == "%PDF-");

        // Another node has no record yet.
        QVERIFY(ep->setNode(QString::fromStdString(formatLevels(
            outcome->data->dataset().lattice().levels(outcome->data->dataset().lattice().top())))));
        QVERIFY(!ep->release());
    }

    void pdfChartsAtTextWidthWithTheirCaptions() {
        // Six charts after a real report: each caption is on the page of its chart, and each
        // chart spans the text width between 2 cm margins (170 mm on A4).
        MainWindow window;
        const auto outcome = test::openAndSearch(window, kHospital);
        QVERIFY(outcome && outcome->result.optimum);
        const ReportData data =
            buildReportData(*outcome, *outcome->result.optimum, "hospital", "optimum", 1000.0);
        std::vector<ReportChart> charts;
        for (int i = 0; i < 6; ++i) {
            QImage image(2 * kReportChartWidth, 2 * kReportChartHeight, QImage::Format_RGB32);
            image.fill(Qt::white);
            charts.push_back(
                {QString("Chart %1").arg(i), i % 2 ? QString("note %1").arg(i) : QString(), image});
        }
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        setUpReportPdf(writer);
        QTextDocument document;
        layoutReportPdf(document, writer, data, charts);
        const qreal pageHeight = document.pageSize().height();
        const qreal textWidth = writer.width() - 2 * (2.0 / 2.54 * writer.logicalDpiX());
        QAbstractTextDocumentLayout* layout = document.documentLayout();
        int found = 0;
        for (QTextBlock b = document.begin(); b.isValid(); b = b.next()) {
            bool heading = false;
            for (auto it = b.begin(); !it.atEnd(); ++it)
                heading |= it.fragment().charFormat().anchorNames().value(0).startsWith("chart-");
            if (!heading) continue;
            ++found;
            const QTextBlock image = b.next();
            const int headingPage = int(layout->blockBoundingRect(b).top() / pageHeight);
            // With the tenth of a page that printing may take earlier (reportwriter.cpp).
            const int imagePage =
                int((layout->blockBoundingRect(image).bottom() + 0.1 * pageHeight) / pageHeight);
            QCOMPARE(headingPage, imagePage);
            QVERIFY(image.layout()->lineCount() >= 1);
            const qreal width = image.layout()->lineAt(0).naturalTextWidth();
            QVERIFY2(width > 0.95 * textWidth && width <= 1.001 * textWidth,
                     qPrintable(QString("%1 of %2").arg(width).arg(textWidth)));
            // The text area is that wide too (the caption's line): the chart is not wider than
            // the text, and the margins are 2 cm, not more.
            const qreal line = b.layout()->lineAt(0).width();
            QVERIFY2(std::abs(line - textWidth) < 0.01 * textWidth,
                     qPrintable(QString("text width %1, expected %2").arg(line).arg(textWidth)));
        }
        QCOMPARE(found, 6);
        QVERIFY(document.pageCount() >= 4);
    }
};

QTEST_MAIN(TestExplain)
#include "test_explain.moc"
