// Issue 18, walking the workbench at 1366×768, item 12: the import preview's scroll bar was
// reported mid-way. Not reproduced on this build (the preview is rebuilt from an empty table,
// which puts both scroll bars at 0), also not in an Xvfb window with three tables; this pins
// the behaviour: a preview, new or rebuilt (another option), starts at its top-left, also
// when the user had scrolled or a type box in the middle of the old preview had the focus.
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QScrollBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "data/importdialog.h"
#include "ui_fixtures.h"

using namespace ldv;
using namespace ldv::ui;

class TestImportScroll : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    /// 40 columns, 150 rows: the preview scrolls both ways in a 1366×768 screen.
    QString wideCsv() {
        const QString path = m_dir.filePath("wide.csv");
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) return {};
        QStringList header;
        for (int c = 0; c < 40; ++c) header << QStringLiteral("attribute_%1").arg(c);
        f.write((header.join(';') + '\n').toUtf8());
        for (int r = 0; r < 150; ++r) {
            QStringList row;
            for (int c = 0; c < 40; ++c) row << QStringLiteral("value_%1_%2").arg(r).arg(c % 7);
            f.write((row.join(';') + '\n').toUtf8());
        }
        return path;
    }

    static bool atHome(QTableWidget* preview) {
        return preview->horizontalScrollBar()->value() == 0 &&
               preview->verticalScrollBar()->value() == 0;
    }

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void previewStartsTopLeft() {
        const QString csv = wideCsv();
        QVERIFY(!csv.isEmpty());
        ImportDialog dialog;
        dialog.resize(820, 640);
        dialog.setPath(csv);  // filled before it shows, as File ▸ New with a path does
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* preview = dialog.findChild<QTableWidget*>("importPreview");
        QVERIFY(preview);
        QTRY_COMPARE(preview->columnCount(), 40);
        QVERIFY(preview->horizontalScrollBar()->maximum() > 0);
        QVERIFY(preview->verticalScrollBar()->maximum() > 0);
        QTRY_VERIFY(atHome(preview));

        // Scrolled to the middle, the focus in a type box there; then another option.
        preview->horizontalScrollBar()->setValue(preview->horizontalScrollBar()->maximum() / 2);
        preview->verticalScrollBar()->setValue(preview->verticalScrollBar()->maximum() / 2);
        auto* middle = qobject_cast<QComboBox*>(preview->cellWidget(0, 20));
        QVERIFY(middle);
        middle->setFocus();
        QCheckBox* trim = nullptr;
        for (QCheckBox* box : dialog.findChildren<QCheckBox*>())
            if (box->text().contains("Trim")) trim = box;
        QVERIFY(trim);
        const bool trimmed = trim->isChecked();
        trim->click();
        QCOMPARE(trim->isChecked(), !trimmed);
        QTRY_VERIFY(preview->cellWidget(0, 20) != middle);
        QTRY_COMPARE(preview->columnCount(), 40);
        QTest::qWait(50);
        QVERIFY2(atHome(preview), qPrintable(QString("%1, %2")
                                                 .arg(preview->horizontalScrollBar()->value())
                                                 .arg(preview->verticalScrollBar()->value())));
        // Rebuilt while a type box of the preview has the focus.
        preview->horizontalScrollBar()->setValue(preview->horizontalScrollBar()->maximum());
        auto* last = qobject_cast<QComboBox*>(preview->cellWidget(0, 30));
        QVERIFY(last);
        last->setFocus();
        dialog.updatePreview();
        QTest::qWait(50);
        QVERIFY2(atHome(preview), qPrintable(QString("%1, %2")
                                                 .arg(preview->horizontalScrollBar()->value())
                                                 .arg(preview->verticalScrollBar()->value())));
    }
};

QTEST_MAIN(TestImportScroll)
#include "test_import_scroll.moc"
