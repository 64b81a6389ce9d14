// The CSV import dialog (#18 item 6): a separator that gives one column or ragged rows is
// explained with what another separator would give, and one click switches to it; any
// character can be the separator; types are set per column in the preview and kept in the
// imported project; the preview reaches every column.
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "data/importdialog.h"
#include "project/projectdata.h"

using namespace ldv;
using namespace ldv::ui;

class TestImportDialog : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& text) {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) return {};
        f.write(text);
        return path;
    }

private slots:
    void oneColumnHintsAtTheRightSeparator() {
        // Eight columns separated by ';': with ',' the reader sees one column.
        const QString path = write("semi.csv",
                                   "a;b;c;d;e;f;g;h\n"
                                   "1;2;3;4;5;6;7;8\n"
                                   "9;10;11;12;13;14;15;16\n");
        ImportDialog dialog;
        dialog.setSeparator(',');
        dialog.setPath(path);
        QVERIFY(dialog.errorText().isEmpty());
        QCOMPARE(dialog.separatorHint(), QString("Found 1 column; ';' gives 8 columns."));
        QCOMPARE(dialog.suggestedSeparator(), ';');
        auto* use = dialog.findChild<QPushButton*>("importUseSuggestedSeparator");
        QVERIFY(use);
        QCOMPARE(use->text(), QString("Use ';'"));
        QTest::mouseClick(use, Qt::LeftButton);
        QCOMPARE(dialog.options().separator, ';');
        QCOMPARE(dialog.findChild<QTableWidget*>("importPreview")->columnCount(), 8);
        QCOMPARE(dialog.previewRows(), 2);
        QCOMPARE(dialog.separatorHint(), QString());
    }

    void raggedRowsHintAtTheRightSeparator() {
        // '|' separates three fields; a comma inside a field makes ',' ragged.
        const QString path = write("pipe.csv",
                                   "name|city|age\n"
                                   "Ann|Paris, France|34\n"
                                   "Bob|Oslo|51\n");
        ImportDialog dialog;
        dialog.setSeparator(',');
        dialog.setPath(path);
        QVERIFY2(dialog.errorText().startsWith(path + ":2"), qPrintable(dialog.errorText()));
        QCOMPARE(dialog.separatorHint(),
                 QString("The rows do not split evenly with this separator; '|' gives 3 columns."));
        dialog.setSeparator('|');
        dialog.updatePreview();
        QVERIFY(dialog.errorText().isEmpty());
        QCOMPARE(dialog.separatorHint(), QString());
        QCOMPARE(dialog.findChild<QTableWidget*>("importPreview")->columnCount(), 3);
    }

    void customSeparator() {
        const QString path = write("colon.csv",
                                   "x:y:z\n"
                                   "1:2:3\n"
                                   "4:5:6\n");
        ImportDialog dialog;
        dialog.setPath(path);
        // Detect knows , ; tab | only: one column, and no usual separator does better.
        QCOMPARE(dialog.findChild<QTableWidget*>("importPreview")->columnCount(), 1);
        QCOMPARE(dialog.separatorHint(), QString());
        auto* custom = dialog.findChild<QLineEdit*>("importCustomSeparator");
        QVERIFY(custom);
        QVERIFY(!custom->isEnabled());
        auto* combo = dialog.findChild<QComboBox*>("importSeparator");
        combo->setCurrentIndex(combo->count() - 1);  // "Other:"
        QVERIFY(custom->isEnabled());
        dialog.updatePreview();
        QVERIFY(!dialog.errorText().isEmpty());  // nothing typed yet
        custom->setText(":");
        dialog.updatePreview();
        QVERIFY2(dialog.errorText().isEmpty(), qPrintable(dialog.errorText()));
        QCOMPARE(dialog.options().separator, ':');
        QCOMPARE(dialog.findChild<QTableWidget*>("importPreview")->columnCount(), 3);
        QCOMPARE(dialog.findChild<QTableWidget*>("importPreview")->item(2, 2)->text(),
                 QString("6"));
    }

    void typesAtImport() {
        // zip looks like an integer; the user imports it as text, and visit as text too.
        const QString path = write("zips.csv",
                                   "zip,visit,age\n"
                                   "10234,2024-03-01,30\n"
                                   "14853,2024-04-02,41\n");
        ImportDialog dialog;
        dialog.setPath(path);
        auto* zip = dialog.findChild<QComboBox*>("importType_zip");
        QVERIFY(zip);
        QCOMPARE(zip->currentText(), QString("integer (detected)"));
        zip->setCurrentIndex(zip->findData("text"));
        QVERIFY(dialog.columnType("zip") == ColumnType::Text);
        // The choice survives a re-read of the preview.
        dialog.updatePreview();
        zip = dialog.findChild<QComboBox*>("importType_zip");
        QCOMPARE(zip->currentData().toString(), QString("text"));
        auto* visit = dialog.findChild<QComboBox*>("importType_visit");
        QVERIFY(visit->currentText().startsWith("date"));
        visit->setCurrentIndex(visit->findData("text"));
        dialog.startImport();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.result(), 10000);
        const auto data = dialog.result();
        QVERIFY(data->table->column(0).type() == ColumnType::Text);
        QVERIFY(data->table->column(1).type() == ColumnType::Text);
        QVERIFY(data->table->column(2).type() == ColumnType::Integer);
        QVERIFY(data->config.attribute("zip")->type == ColumnType::Text);
        QVERIFY(data->inferredTypes[0] == ColumnType::Integer);
        // The attribute entries keep the table's order (the QI order follows it).
        QCOMPARE(data->config.attributes.size(), std::size_t(2));
        QCOMPARE(data->config.attributes[0].name, std::string("zip"));
        QCOMPARE(data->config.attributes[1].name, std::string("visit"));
    }

    void previewReachesEveryColumn() {
        QByteArray text;
        for (int c = 0; c < 14; ++c)
            text +=
                (c ? "," : "") + QByteArray("a_rather_long_column_name_") + QByteArray::number(c);
        text += "\n";
        for (int c = 0; c < 14; ++c) text += (c ? "," : "") + QByteArray::number(c * 1000);
        text += "\n";
        ImportDialog dialog;
        dialog.setPath(write("wide.csv", text));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto* preview = dialog.findChild<QTableWidget*>("importPreview");
        QCOMPARE(preview->columnCount(), 14);
        QScrollBar* bar = preview->horizontalScrollBar();
        QVERIFY(bar->maximum() > 0);
        bar->setValue(bar->maximum());
        QCoreApplication::processEvents();
        const int last = preview->columnCount() - 1;
        const int right = preview->columnViewportPosition(last) + preview->columnWidth(last);
        QVERIFY2(right <= preview->viewport()->width(),
                 qPrintable(QString("last column ends at %1 of %2")
                                .arg(right)
                                .arg(preview->viewport()->width())));
        // Each column is as wide as its name: nothing is cut off.
        for (int c = 0; c <= last; ++c)
            QVERIFY(preview->columnWidth(c) >=
                    preview->horizontalHeader()->fontMetrics().horizontalAdvance(
                        preview->horizontalHeaderItem(c)->text()));
    }
};

QTEST_MAIN(TestImportDialog)
#include "test_import_dialog.moc"
