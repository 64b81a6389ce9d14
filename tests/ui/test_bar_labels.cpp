// Issue 18, walking the workbench at 1366×768, item 3: bar charts named only every other bar
// (labels thinned out when the bars got thin), and the hierarchy histogram of the age at
// level 0 drew 30 bars into one another. Every bar now has its label and room of its own;
// bars that do not fit the chart's height scroll.
#include <QFontMetrics>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <qcustomplot.h>

#include "charts/barchart.h"
#include "hierarchy/hierarchyperspective.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
/// Every bar labelled with its own text, kBarPixels apart, its label no taller than that and
/// the bar itself (70 % of it, plus the pen) not touching the next.
void checkBars(BarChart* chart, const QStringList& labels) {
    QCustomPlot* plot = chart->plot();
    plot->replot();
    const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(plot->yAxis->ticker());
    QVERIFY(ticker);
    QCOMPARE(ticker->ticks().size(), labels.size());
    const int n = int(labels.size());
    for (int i = 0; i < n; ++i) {
        // The first label on top: key n − i.
        const QString label = labels[i].size() > 22 ? labels[i].left(20) + "…" : labels[i];
        QCOMPARE(ticker->ticks().value(double(n - i)), label);
    }
    const double perBar = std::abs(plot->yAxis->coordToPixel(1.0) - plot->yAxis->coordToPixel(2.0));
    QVERIFY2(perBar >= BarChart::kBarPixels - 1, qPrintable(QString::number(perBar)));
    QVERIFY(QFontMetrics(plot->yAxis->tickLabelFont()).height() <= perBar);
    QVERIFY(0.7 * perBar + 2 < perBar);
}
}  // namespace

class TestBarLabels : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void everyBarIsLabelledAndScrolls() {
        BarChart chart;
        chart.resize(420, 220);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QStringList labels;
        QVector<double> values;
        for (int i = 0; i < 30; ++i) {
            labels << QString::number(17 + i);
            values << double((i * 37) % 50 + 1);
        }
        chart.setBars(labels, values, "rows");
        checkBars(&chart, labels);
        // Taller than the chart: it scrolls, starting at the top (the first bars).
        auto* scroll = chart.findChild<QScrollArea*>();
        QVERIFY(scroll);
        QTRY_VERIFY(chart.plot()->height() > chart.height());
        QCOMPARE(chart.plot()->height(), 30 * BarChart::kBarPixels + 70);
        QCOMPARE(scroll->verticalScrollBar()->value(), 0);
        // A few bars fill the chart without scrolling.
        chart.setBars(labels.mid(0, 5), values.mid(0, 5), "rows");
        checkBars(&chart, labels.mid(0, 5));
        QTRY_COMPARE(scroll->verticalScrollBar()->maximum(), 0);
    }

    // The age at level 0 in the adult example: 72 ages, the largest 30 shown.
    void ageLevelZeroHistogram() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(test::openProject(window, LDIV_RESOURCES "/examples/adult/adult.ldiv.json", 30000));
        window.showPerspective(MainWindow::Hierarchies);
        QVERIFY(window.selectAttribute("age"));
        HierarchyPerspective* hierarchies = window.hierarchyPerspective();
        auto* level = hierarchies->findChild<QSpinBox*>("hierarchyHistogramLevel");
        QVERIFY(level);
        level->setValue(0);
        BarChart* chart = hierarchies->histogram();
        QTRY_COMPARE(chart->barCount(), 30);
        checkBars(chart, chart->labels());
    }
};

QTEST_MAIN(TestBarLabels)
#include "test_bar_labels.moc"
