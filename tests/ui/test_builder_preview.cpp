// Issue 18, walking the workbench at 1366×768, item 8: the hierarchy builder's preview
// showed about two of its rows (the rest scrolled out of the Build panel with the settings).
// Maximized at 1366×768, the preview of the age's five levels is on screen whole.
#include <QHeaderView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "hierarchy/builderpanel.h"
#include "hierarchy/hierarchyperspective.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestBuilderPreview : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void previewShowsEveryLevel() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::openProject(window, LDIV_RESOURCES "/examples/adult/adult.ldiv.json", 30000));
        window.showPerspective(MainWindow::Hierarchies);
        QVERIFY(window.selectAttribute("age"));
        auto* table =
            window.hierarchyPerspective()->builder()->findChild<QTableWidget*>("builderPreview");
        QVERIFY(table);
        // Intervals 5,10,20 and the top: base and four levels above it.
        QTRY_COMPARE(table->rowCount(), 5);
        QTest::qWait(50);
        const int last = table->rowCount() - 1;
        const int bottom = table->rowViewportPosition(last) + table->rowHeight(last);
        QVERIFY2(table->rowViewportPosition(0) >= 0, "the first level scrolled away");
        QVERIFY2(bottom <= table->viewport()->height(),
                 qPrintable(QString("rows end at %1, the view at %2")
                                .arg(bottom)
                                .arg(table->viewport()->height())));
        // The whole table is on screen: not clipped by a scrolling panel around it.
        const QRect visible = table->visibleRegion().boundingRect();
        QCOMPARE(visible.height(), table->height());
        QVERIFY(window.rect().contains(QRect(table->mapTo(&window, QPoint(0, 0)), table->size())));
    }
};

QTEST_MAIN(TestBuilderPreview)
#include "test_builder_preview.moc"
