// Issue 18, walking the workbench at 1366×768, item 5: after an export the status bar's
// "Open folder" button sat at the far right of a maximized window, 1,000 pixels away from the
// path it opens. It now follows the message.
#include <QLabel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestStatusFolder : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void openFolderFollowsThePath() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(test::openProject(window, "hospital", 20000));
        const QString path = m_dir.filePath("published.csv");
        window.showWritten(path);
        QLabel* status = window.statusLabel();
        QToolButton* button = window.openFolderButton();
        QTRY_VERIFY(button->isVisible());
        QCOMPARE(status->text(), QString("Wrote %1").arg(QDir::toNativeSeparators(path)));
        QTRY_VERIFY(status->width() >= status->sizeHint().width());  // the whole path shows
        const int gap = button->geometry().left() - status->geometry().right();
        QVERIFY2(gap >= 0 && gap < 24, qPrintable(QString::number(gap)));
        // Far from the right end of the 1,366-pixel bar.
        QVERIFY2(button->geometry().right() < window.statusBar()->width() - 300,
                 qPrintable(QString::number(button->geometry().right())));
        // Another message takes the button away.
        emit window.controller()->message(QStringLiteral("Loading cancelled."));
        QVERIFY(button->isHidden());
    }
};

QTEST_MAIN(TestStatusFolder)
#include "test_status_folder.moc"
