// Issue 18, walking the workbench at 1366×768, item 7: counts of one read "1 groups",
// "1 nodes", "1 classes", "1 attributes". Where a count can be one, the noun is singular;
// checked on what the user sees in each perspective.
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>

#include <qcustomplot.h>

#include "charts/barchart.h"
#include "export/exportperspective.h"
#include "hierarchy/hierarchyperspective.h"
#include "lattice/latticeitem.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "ldiv/lattice/lattice.h"
#include "report/reportdata.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "widgets/plural.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
// "1 groups", "1 nodes", … (but not "1 of 24 nodes" or "21 rows").
const QRegularExpression kOnePlural(QStringLiteral(
    "(^|[^0-9.,])1 (groups|nodes|classes|rows|attributes|columns|values|records|suppressed rows)"));
}  // namespace

class TestPlurals : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void countOfPicksTheNoun() {
        QCOMPARE(countOf(1, "group", "groups"), QString("1 group"));
        QCOMPARE(countOf(0, "group", "groups"), QString("0 groups"));
        QCOMPARE(countOf(2, "group", "groups"), QString("2 groups"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QCOMPARE(countOfL(30162, "row", "rows"), QString("30,162 rows"));
        QCOMPARE(countOfL(1, "row", "rows"), QString("1 row"));
        QLocale::setDefault(QLocale::c());
    }

    void oneIsSingularOnScreen() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        const auto outcome = test::openAndSearch(window, "hospital");
        QVERIFY(outcome);

        // Hierarchies: the top level of a hierarchy is one group.
        window.showPerspective(MainWindow::Hierarchies);
        QVERIFY(window.selectAttribute("age"));
        auto* level =
            window.hierarchyPerspective()->findChild<QSpinBox*>("hierarchyHistogramLevel");
        QVERIFY(level);
        level->setValue(level->maximum());
        BarChart* histogram = window.hierarchyPerspective()->histogram();
        QTRY_COMPARE(histogram->barCount(), 1);
        const auto* title =
            qobject_cast<QCPTextElement*>(histogram->plot()->plotLayout()->element(0, 0));
        QVERIFY(title);
        QCOMPARE(title->text(), QString("Level %1: 1 group").arg(level->maximum()));

        // Lattice: the bottom and the top are heights with one node each.
        LatticeItem* item = window.latticePerspective()->view()->item();
        QVERIFY(item);
        QVERIFY2(item->rowSummary(0).startsWith("<b>Height 0</b>: 1 node"),
                 qPrintable(item->rowSummary(0)));
        QVERIFY(!kOnePlural.match(item->rowSummary(0)).hasMatch());

        // Export: the top node publishes one class.
        const Lattice& lattice = outcome->data->dataset().lattice();
        ExportPerspective* exporter = window.exportPerspective();
        exporter->chooseNode(lattice.top());
        QTRY_VERIFY_WITH_TIMEOUT(exporter->report() && !exporter->isPreparing(), 20000);
        QCOMPARE(qulonglong(exporter->report()->node.metrics.classes), 1ull);
        const QString info = exporter->findChild<QLabel*>("nodeInfo")->text();
        QVERIFY2(info.contains(" · 1 class · "), qPrintable(info));
        QVERIFY2(!kOnePlural.match(info).hasMatch(), qPrintable(info));
        const QString report = exporter->findChild<QTextBrowser*>("reportPreview")->toPlainText();
        QVERIFY2(report.contains(" in 1 class "), qPrintable(report.left(2000)));
        QVERIFY2(!kOnePlural.match(report).hasMatch(),
                 qPrintable(kOnePlural.match(report).captured(0)));
    }

    void oneAttributeProject() {
        const QString csv = m_dir.filePath("one.csv");
        {
            QFile f(csv);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("zip\n13053\n13068\n14850\n");
        }
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->openCsv(csv, CsvOptions{});
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project(), 20000);
        QTRY_COMPARE(window.statusLabel()->text(), QString("one.csv: 3 rows, 1 attribute"));
    }
};

QTEST_MAIN(TestPlurals)
#include "test_plurals.moc"
