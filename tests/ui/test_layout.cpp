// The workbench fits a 1366×768 laptop screen: with the adult example open (the most
// attributes, the largest lattice), every perspective's minimum size, and so the main
// window's, leaves room for a taskbar and a title bar. Run at 100 % and, in a child process
// of this same test, at 200 % (QT_SCALE_FACTOR=2 on a 2732×1536 panel: 1366×768 logical).
#include <QAbstractScrollArea>
#include <QProcess>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "hierarchy/builderpanel.h"
#include "hierarchy/hierarchyperspective.h"
#include "project/project.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv::ui;

namespace {
// 1366×768 minus a 40 px taskbar and a 30 px title bar, in logical pixels.
constexpr int kWidth = 1366;
constexpr int kHeight = 768 - 40 - 30;
}  // namespace

class TestLayout : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(ldv::test::isolateWorkbench(m_dir)); }

    void everyPerspectiveFits_data() {
        QTest::addColumn<QString>("example");
        QTest::newRow("hospital") << "hospital";
        QTest::newRow("adult") << "adult";
    }

    void everyPerspectiveFits() {
        QFETCH(QString, example);
        MainWindow window;
        window.resize(kWidth, kHeight);
        window.show();
        QVERIFY(ldv::test::openProject(window, example, 30000));
        // With a search result, so the lattice, analysis and export perspectives show
        // everything they can.
        window.searchSession()->run();
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.searchSession()->isRunning() && window.searchSession()->outcome(), 120000);
        for (const QString& name : MainWindow::perspectiveNames()) {
            QVERIFY(window.showPerspective(name));
            QCoreApplication::processEvents();
            const QSize hint = window.minimumSizeHint().expandedTo(window.minimumSize());
            const QString what = QStringLiteral("%1 at scale %2: minimum %3×%4, available %5×%6")
                                     .arg(name, qEnvironmentVariable("QT_SCALE_FACTOR", "1"))
                                     .arg(hint.width())
                                     .arg(hint.height())
                                     .arg(kWidth)
                                     .arg(kHeight);
            qInfo().noquote() << what;
            QVERIFY2(hint.width() <= kWidth && hint.height() <= kHeight, qPrintable(what));
            // And the window really gets that small: nothing pushes it taller.
            window.resize(kWidth, kHeight);
            QCoreApplication::processEvents();
            QVERIFY2(window.height() <= kHeight, qPrintable(what));
            if (name == "hierarchies") {
                // The builder's Apply button is below its scrolling settings: wholly in view.
                QPushButton* apply =
                    window.hierarchyPerspective()->findChild<BuilderPanel*>()->applyButton();
                QVERIFY(apply->isVisible());
                QCOMPARE(apply->visibleRegion().boundingRect(), apply->rect());
                for (QWidget* w = apply->parentWidget(); w; w = w->parentWidget())
                    QVERIFY2(!qobject_cast<QAbstractScrollArea*>(w), "Apply scrolls away");
            }
        }
    }

    void atDoubleScale() {
        if (qEnvironmentVariableIsSet("QT_SCALE_FACTOR")) QSKIP("already the child at 200 %");
        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("QT_SCALE_FACTOR", "2");
        env.insert("QT_QPA_PLATFORM", "offscreen");
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::ForwardedChannels);
        child.start(QCoreApplication::applicationFilePath(), {"everyPerspectiveFits"});
        QVERIFY(child.waitForFinished(300000));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 0);
    }
};

QTEST_MAIN(TestLayout)
#include "test_layout.moc"
