// The Analysis perspective (offscreen): the homogeneity chart plots exactly what
// homogeneityAttack returns (hospital and Adult examples), the utility chart's KL bars end
// with the base bar of utilityComparison, and the chart is exported as non-trivial PNG, PDF,
// SVG and CSV files whose CSV rows are the plotted points.
#include <QFile>
#include <QImage>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "analysis/analyses.h"
#include "analysis/analysisperspective.h"
#include "charts/panelchart.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
qint64 fileSize(const QString& path) {
    return QFileInfo(path).size();
}

int points(const ChartData& d) {
    int n = 0;
    for (const ChartPanel& p : d.panels)
        for (const ChartSeries& s : p.series)
            for (double v : s.values) n += std::isnan(v) ? 0 : 1;
    return n;
}
}  // namespace

class TestAnalysis : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::shared_ptr<Workspace> runIn(MainWindow& window, const QString& example,
                                     const QString& analysis) {
        window.controller()->setInteractive(false);
        window.controller()->open(example);
        if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 60000))
            return nullptr;
        window.showPerspective("analysis");
        AnalysisPerspective* ap = window.analysisPerspective();
        if (!ap->setCurrentAnalysis(analysis)) return nullptr;
        ap->run();
        if (!QTest::qWaitFor([&] { return !ap->isRunning(); }, 300000)) return nullptr;
        return snapshotOf(*window.controller()->project()).prepare();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void csvQuotesAndSkipsGaps() {
        ChartData d;
        ChartPanel p;
        p.kind = ChartPanel::Kind::GroupedBars;
        p.title = "a, b";
        p.categories = {"x", "base"};
        p.series = {{"s\"1", {1.5, NAN}}, {"base", {NAN, 2}}};
        d.panels = {p};
        QCOMPARE(
            chartCsv(d),
            QString("panel,x,series,value\n\"a, b\",x,\"s\"\"1\",1.5\n\"a, b\",base,base,2\n"));
    }

    /// With two sensitive attributes, the one chosen in the perspective is attacked: the chart
    /// equals homogeneityAttack on the second attribute of the project's own order.
    void chosenSensitiveAttributeIsAnalysed() {
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open("adult");
        QVERIFY(QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 60000));
        Project* project = window.controller()->project();
        window.showPerspective("analysis");
        AnalysisPerspective* ap = window.analysisPerspective();
        QCOMPARE(ap->sensitiveAttribute(), QString("occupation"));
        QVERIFY(!ap->setSensitiveAttribute("salary-class"));  // not sensitive yet
        project->setRole(project->columnIndex("salary-class"), Role::Sensitive);
        QCOMPARE(ap->sensitiveAttribute(),
                 QString("occupation"));  // the choice survives the role change
        QVERIFY(ap->setSensitiveAttribute("salary-class"));
        QVERIFY(ap->setCurrentAnalysis("homogeneity"));
        ap->run();
        QVERIFY(QTest::qWaitFor([&] { return !ap->isRunning(); }, 300000));
        QVERIFY2(ap->hasResult(), qPrintable(ap->runError()));

        const auto data = snapshotOf(*project).prepare();
        QCOMPARE(data->sensitiveNames(), (std::vector<std::string>{"occupation", "salary-class"}));
        HomogeneityOptions options;
        options.sensitive = 1;
        options.includeRows = false;
        // The analysis uses the project's suppression limit by default.
        options.suppressionLimit = project->searchSettings().suppressionLimit;
        const HomogeneityResult r = homogeneityAttack(data->dataset(), options);
        options.sensitive = 0;
        const HomogeneityResult occupation = homogeneityAttack(data->dataset(), options);
        const ChartData& chart = ap->chart()->data();
        QVERIFY(chart.note.contains("salary-class"));
        QCOMPARE(r.rows.size(), std::size_t(14));
        bool differs = false;
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            const int k = int(i / 2), s = int(i % 2);
            QCOMPARE(chart.panels[0].series[s].values[k], double(r.rows[i].affectedTables));
            QCOMPARE(chart.panels[2].series[s].values[k], r.rows[i].avgAffectedRows);
            differs = differs || r.rows[i].avgAffectedRows != occupation.rows[i].avgAffectedRows;
        }
        QVERIFY(differs);  // the test would not tell the attributes apart otherwise

        // Removing the role falls back to the remaining attribute.
        project->setRole(project->columnIndex("salary-class"), Role::Insensitive);
        QCOMPARE(ap->sensitiveAttribute(), QString("occupation"));
    }

    void homogeneityChartEqualsEngine_data() {
        QTest::addColumn<QString>("example");
        QTest::newRow("hospital") << "hospital";
        QTest::newRow("adult") << "adult";
    }

    void homogeneityChartEqualsEngine() {
        QFETCH(QString, example);
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        const auto data = runIn(window, example, "homogeneity");
        QVERIFY(data);
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY(ap->hasResult());

        HomogeneityOptions options;
        options.ks = {2, 5, 10, 15, 20, 30, 50};
        options.thresholds = {1.0, 0.95};
        options.includeRows = false;
        // The analysis uses the project's suppression limit by default.
        options.suppressionLimit =
            window.controller()->project()->searchSettings().suppressionLimit;
        const HomogeneityResult r = homogeneityAttack(data->dataset(), options);
        const ChartData& chart = ap->chart()->data();
        QCOMPARE(chart.panels.size(), 3);
        const ChartPanel& tables = chart.panels[0];
        QCOMPARE(tables.x, QVector<double>({2, 5, 10, 15, 20, 30, 50}));
        QCOMPARE(tables.series.size(), 3);  // 100 %, 95 %, all minimal tables
        QCOMPARE(r.rows.size(), std::size_t(14));
        for (std::size_t i = 0; i < r.rows.size(); ++i) {
            const HomogeneityRow& row = r.rows[i];
            const int k = int(i / 2), s = int(i % 2);
            QCOMPARE(tables.x[k], double(row.k));
            QCOMPARE(tables.series[s].values[k], double(row.affectedTables));
            QCOMPARE(tables.series[2].values[k], double(row.totalTables));
            QCOMPARE(chart.panels[1].series[s].values[k], row.avgAffectedClasses);
            QCOMPARE(chart.panels[2].series[s].values[k], row.avgAffectedRows);
        }
        QVERIFY(tables.series[0].name.contains("100"));
        QVERIFY(tables.series[1].name.contains("95"));

        // Exports: the chart as PNG, PDF, SVG; the plotted points as CSV.
        for (const QString suffix : {"png", "pdf", "svg", "csv"}) {
            const QString path = m_dir.filePath(example + "." + suffix);
            QVERIFY2(ap->exportChart(path), qPrintable(ap->lastError()));
            QVERIFY2(fileSize(path) > (suffix == "csv" ? 200 : 3000), qPrintable(path));
        }
        QImage png(m_dir.filePath(example + ".png"));
        QVERIFY(png.width() >= 300 && png.height() >= 200);
        QFile svg(m_dir.filePath(example + ".svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(svg.readAll().contains("<svg"));
        QFile csv(m_dir.filePath(example + ".csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList lines = QString::fromUtf8(csv.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.first(), QString("panel,x,series,value"));
        QCOMPARE(lines.size() - 1, points(chart));
        QCOMPARE(ap->chart()->csv(), chartCsv(chart));
    }

    void utilityChartHasBaseBar() {
        MainWindow window;
        window.resize(1440, 900);
        window.show();
        const auto data = runIn(window, "hospital", "utility");
        QVERIFY(data);
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY2(ap->hasResult(), qPrintable(ap->runError()));
        const UtilityResult r = utilityComparison(data->dataset(), utilityOptions());
        const ChartData& chart = ap->chart()->data();
        QCOMPARE(chart.panels.size(), 4);
        const ChartPanel& kl = chart.panels[3];
        QVERIFY(kl.kind == ChartPanel::Kind::GroupedBars);
        QCOMPARE(kl.categories.last(), QString("base"));
        QCOMPARE(kl.series.last().values.last(), r.baseKl);
        for (const UtilityRow& row : r.rows) {
            const int s = int(row.model),
                      i = int(kl.categories.indexOf(QString::number(row.parameter)));
            QVERIFY(i >= 0);
            if (row.feasible) {
                QCOMPARE(kl.series[s].values[i], row.minKl);
                QCOMPARE(chart.panels[0].series[s].values[i], row.minHeight);
                QCOMPARE(chart.panels[1].series[s].values[i], row.minAverageClassSize);
                QCOMPARE(chart.panels[2].series[s].values[i], row.minDiscernibility);
            } else {
                QVERIFY(std::isnan(kl.series[s].values[i]));
            }
        }
    }

    void exportWithoutResultFails() {
        AnalysisPerspective ap;
        QVERIFY(!ap.hasResult());
        QVERIFY(!ap.exportChart(m_dir.filePath("none.png")));
        QVERIFY(!ap.lastError().isEmpty());
    }
};

QTEST_MAIN(TestAnalysis)
#include "test_analysis.moc"
