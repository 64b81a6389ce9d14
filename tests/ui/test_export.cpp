// The Export perspective (offscreen): the published table of the chosen node audits as
// satisfying the requirement (re-checked with evaluateCriteria on a Dataset built from the
// exported file), suppressed rows are removed or masked, formula-like cells are neutralised,
// and the report (HTML, PDF) and charts (PNG, PDF, SVG) are written and non-trivial.
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "app/autosave.h"
#include "app/mainwindow.h"
#include "app/projectcontroller.h"
#include "charts/barchart.h"
#include "export/exportperspective.h"
#include "export/reportdata.h"
#include "export/tableexport.h"
#include "ldiv/csv.h"
#include "ldiv/evaluation.h"
#include "search/preparedinput.h"
#include "search/searchsession.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
int pdfPages(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QByteArray bytes = f.readAll();
    return int(QString::fromLatin1(bytes).count(QRegularExpression("/Type\\s*/Page[^s]")));
}
}  // namespace

class TestExport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void neutralizesFormulas() {
        QVERIFY(isFormulaLike("=1+2"));
        QVERIFY(isFormulaLike("@SUM(A1)"));
        QVERIFY(isFormulaLike("+cmd"));
        QVERIFY(isFormulaLike("-x"));
        QVERIFY(!isFormulaLike("-5"));
        QVERIFY(!isFormulaLike("1e3"));
        QVERIFY(!isFormulaLike("a=b"));
        QCOMPARE(neutralizeCell("=HYPERLINK(\"x\")"), std::string("'=HYPERLINK(\"x\")"));
        QCOMPARE(neutralizeCell("20-29"), std::string("20-29"));
    }

    void publishedTableAuditsAndReportIsWritten() {
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open("adult");
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project() != nullptr, 30000);
        SearchSession* session = window.searchSession();
        session->setMeasureNodes(false);
        session->run();
        QTRY_VERIFY_WITH_TIMEOUT(!session->isRunning(), 120000);
        const auto outcome = session->outcome();
        QVERIFY(outcome && outcome->result.optimum);
        QVERIFY(window.showPerspective("export"));
        ExportPerspective* ep = window.exportPerspective();
        QTRY_VERIFY_WITH_TIMEOUT(!ep->isPreparing() && ep->report(), 60000);
        const Levels levels = outcome->data->dataset->lattice().levels(*outcome->result.optimum);
        QCOMPARE(ep->nodeText(), QString::fromStdString(formatLevels(levels)));
        QCOMPARE(ep->report()->node.metrics.classes, outcome->result.optimumMetrics.classes);

        // The table, suppressed rows removed: every published class satisfies every criterion.
        const QString csv = m_dir.filePath("published.csv");
        QVERIFY2(ep->exportTable(csv), qPrintable(ep->lastError()));
        CsvOptions options;
        options.separator = ',';
        options.inferTypes = false;
        const Table published = readCsv(csv.toStdString(), options);
        const std::size_t n = outcome->data->dataset->rowCount();
        QCOMPARE(published.rowCount(), n - outcome->result.optimumMetrics.suppressedRows);
        std::vector<std::size_t> qi, sa;
        std::vector<HierarchyMap> maps;
        for (const std::string& name : outcome->data->qiNames) {
            qi.push_back(published.requireColumn(name));
            maps.emplace_back(published.column(qi.back()));
        }
        for (const std::string& name : outcome->data->sensitiveNames) sa.push_back(published.requireColumn(name));
        const Dataset audit(published, qi, maps, sa);
        const auto criteria = bindCriteria(audit, outcome->settings.criteria);
        const EquivalenceClasses classes = audit.classes(Levels(qi.size(), 0));
        QCOMPARE(classes.count(), outcome->result.optimumMetrics.classes);
        for (const CriterionResult& r : evaluateCriteria(audit, classes, criteria))
            QVERIFY2(r.holds && r.failingClasses == 0, r.spec.c_str());

        // Masked: every row stays; the suppressed ones carry "*" in every QI.
        ep->setMaskSuppressed(true);
        const QString masked = m_dir.filePath("masked.csv");
        QVERIFY(ep->exportTable(masked));
        const Table all = readCsv(masked.toStdString(), options);
        QCOMPARE(all.rowCount(), n);
        std::size_t stars = 0;
        for (std::size_t r = 0; r < all.rowCount(); ++r) {
            bool star = true;
            for (const std::string& name : outcome->data->qiNames) star = star && all.value(r, *all.columnIndex(name)) == "*";
            stars += star ? 1 : 0;
        }
        QCOMPARE(stars, outcome->result.optimumMetrics.suppressedRows);

        // Hierarchies.
        QVERIFY(ep->exportHierarchies(m_dir.path()));
        for (const std::string& name : outcome->data->qiNames)
            QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("hierarchy_%1.csv").arg(QString::fromStdString(name)))));

        // Report: HTML with the configuration and an embedded chart; PDF with pages.
        const QString html = m_dir.filePath("report.html");
        QVERIFY2(ep->exportReport(html), qPrintable(ep->lastError()));
        QFile htmlFile(html);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(htmlFile.readAll());
        QVERIFY(text.contains("5-anonymity"));
        QVERIFY(text.contains(QString::fromStdString(formatLevels(levels))));
        QVERIFY(text.contains("data:image/png;base64,"));
        QVERIFY(text.contains("Homogeneity attack"));
        const QString pdf = m_dir.filePath("report.pdf");
        QVERIFY(ep->exportReport(pdf));
        QVERIFY(QFileInfo(pdf).size() > 10000);
        QVERIFY(pdfPages(pdf) >= 1);

        // The chart in PNG, PDF and SVG.
        BarChart* chart = ep->classChart();
        QVERIFY(chart->barCount() > 0);
        for (const QString suffix : {"png", "pdf", "svg"}) {
            const QString path = m_dir.filePath("chart." + suffix);
            QVERIFY(chart->exportTo(path));
            QVERIFY2(QFileInfo(path).size() > 2000, qPrintable(path));
        }
        QCOMPARE(QImage(m_dir.filePath("chart.png")).isNull(), false);
        QCOMPARE(pdfPages(m_dir.filePath("chart.pdf")), 1);
        QFile svg(m_dir.filePath("chart.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString svgText = QString::fromUtf8(svg.readAll());
        const auto match = QRegularExpression("<svg[^>]*width=\"([0-9.]+)[a-z]*\"[^>]*height=\"([0-9.]+)").match(svgText);
        QVERIFY2(match.hasMatch(), qPrintable(svgText.left(400)));
        QVERIFY(match.captured(1).toDouble() > 50 && match.captured(2).toDouble() > 50);
    }
};

QTEST_MAIN(TestExport)
#include "test_export.moc"
