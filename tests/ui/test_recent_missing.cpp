// Issue 18, walking the workbench at 1366×768, item 9: a recent project whose file was moved
// or deleted gave no error on the start page. It is listed greyed with "(missing)" and a
// tooltip; a double-click says what happened under the list and offers to remove it.
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "ui_fixtures.h"
#include "workbench/recentprojects.h"
#include "workbench/startpage.h"

using namespace ldv;
using namespace ldv::ui;

class TestRecentMissing : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    static QListWidgetItem* itemOf(QListWidget* list, const QString& path) {
        for (int i = 0; i < list->count(); ++i)
            if (list->item(i)->data(Qt::UserRole).toString() == path) return list->item(i);
        return nullptr;
    }

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void missingProjectIsShownAndCanBeRemoved() {
        const QString present = m_dir.filePath("present.ldiv.json");
        const QString gone = m_dir.filePath("gone.ldiv.json");
        for (const QString& path : {present, gone}) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
        }
        RecentProjects::add(gone);
        RecentProjects::add(present);
        QVERIFY(QFile::remove(gone));
        QCOMPARE(RecentProjects::list(), QStringList{present});
        QCOMPARE(RecentProjects::entries(), (QStringList{present, gone}));

        StartPage page;
        page.resize(1366, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QListWidget* list = page.recentList();
        QCOMPARE(list->count(), 2);
        QListWidgetItem* missing = itemOf(list, gone);
        QListWidgetItem* fine = itemOf(list, present);
        QVERIFY(missing && fine);
        QVERIFY(missing->text().endsWith("(missing)"));
        QVERIFY(!fine->text().endsWith("(missing)"));
        QVERIFY(missing->toolTip().contains("Not found: moved, renamed or deleted"));
        QCOMPARE(missing->foreground().color(),
                 page.palette().color(QPalette::Disabled, QPalette::Text));

        QSignalSpy requested(&page, &StartPage::projectRequested);
        auto* notice = page.findChild<QWidget*>("recentMissing");
        auto* text = page.findChild<QLabel*>("recentMissingText");
        auto* remove = page.findChild<QPushButton*>("recentRemove");
        QVERIFY(notice && text && remove);
        QVERIFY(notice->isHidden());
        // Double-click the missing entry, as the user does.
        const QRect rect = list->visualItemRect(missing);
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, rect.center());
        QTRY_VERIFY(notice->isVisible());
        QCOMPARE(requested.count(), 0);
        QVERIFY2(text->text().startsWith(QString("The project file %1 no longer exists")
                                             .arg(QDir::toNativeSeparators(gone))),
                 qPrintable(text->text()));
        QTest::mouseClick(remove, Qt::LeftButton);
        QCOMPARE(RecentProjects::entries(), QStringList{present});
        QCOMPARE(list->count(), 1);
        QVERIFY(notice->isHidden());
        // The one that exists opens.
        const QPoint first = list->visualItemRect(list->item(0)).center();
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, first);
        QTest::mouseDClick(list->viewport(), Qt::LeftButton, {}, first);
        QTRY_COMPARE(requested.count(), 1);
        QCOMPARE(requested.at(0).at(0).toString(), present);
    }
};

QTEST_MAIN(TestRecentMissing)
#include "test_recent_missing.moc"
