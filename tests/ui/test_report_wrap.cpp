// Issue 18, walking the workbench at 1366×768, item 2: the report's table headers broke in
// the middle of words ("Discerni|bility", "Satisfie|s") in the Export perspective's preview
// and in the PDF. Lines now break between words only; the long metric names are abbreviated
// in the header (full name in its title and in a legend under the table).
#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QPageSize>
#include <QPdfWriter>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>
#include <QtTest>
#include <functional>

#include "export/exportperspective.h"
#include "report/reportdata.h"
#include "report/reportwriter.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
/// Every place where a line of a table cell ends inside a word ("Discerni|bility"), as
/// "cell text @ position"; the document is laid out first.
QStringList midWordBreaks(QTextDocument& document) {
    document.documentLayout()->documentSize();  // lays the whole document out
    QStringList out;
    int tables = 0;
    std::function<void(QTextFrame*)> visit = [&](QTextFrame* frame) {
        for (QTextFrame* child : frame->childFrames()) {
            if (auto* table = qobject_cast<QTextTable*>(child)) {
                ++tables;
                for (int r = 0; r < table->rows(); ++r)
                    for (int c = 0; c < table->columns(); ++c) {
                        const QTextTableCell cell = table->cellAt(r, c);
                        for (QTextFrame::iterator it = cell.begin(); !it.atEnd(); ++it) {
                            const QTextBlock block = it.currentBlock();
                            const QTextLayout* layout = block.layout();
                            const QString text = block.text();
                            for (int i = 0; i + 1 < layout->lineCount(); ++i) {
                                const QTextLine line = layout->lineAt(i);
                                const int end = line.textStart() + line.textLength();
                                if (end <= 0 || end >= text.size()) continue;
                                // Between words: after a space, a hyphen or the
                                // zero-width space between a node's levels.
                                const QChar before = text[end - 1];
                                if (!(before.isSpace() || before == '-' ||
                                      before == QChar(0x200B) || text[end].isSpace()))
                                    out << QStringLiteral("%1 @ %2").arg(text).arg(end);
                            }
                        }
                    }
            }
            visit(child);
        }
    };
    visit(document.rootFrame());
    if (tables == 0) out << "no table";
    return out;
}
}  // namespace

class TestReportWrap : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void headersBreakBetweenWords() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The adult example: seven quasi-identifiers, the widest node column.
        QVERIFY(test::openAndSearch(window, LDIV_RESOURCES "/examples/adult/adult.ldiv.json"));
        window.showPerspective(MainWindow::Export);
        ExportPerspective* exporter = window.exportPerspective();
        QTRY_VERIFY_WITH_TIMEOUT(exporter->report() && !exporter->isPreparing(), 30000);
        auto* preview = exporter->findChild<QTextBrowser*>("reportPreview");
        QVERIFY(preview);
        const QString html = preview->toHtml();
        // Abbreviated headers, the full names in the legend.
        for (const char* s :
             {"DM: Discernibility", "KL: KL-divergence", "um(G): Information um(G)"})
            QVERIFY2(preview->toPlainText().contains(s), s);
        // The preview as the user sees it at 1366×768 ...
        QStringList breaks = midWordBreaks(*preview->document());
        QVERIFY2(breaks.isEmpty(), qPrintable(breaks.join(" | ")));
        // ... fits its width (no table wider than the view) ...
        QVERIFY2(preview->document()->size().width() <= preview->viewport()->width() + 1,
                 qPrintable(QString("document %1 px, view %2 px")
                                .arg(preview->document()->size().width())
                                .arg(preview->viewport()->width())));
        // ... and in a preview squeezed to half of it, words still stay whole.
        preview->resize(preview->width() / 2, preview->height());
        breaks = midWordBreaks(*preview->document());
        QVERIFY2(breaks.isEmpty(), qPrintable(breaks.join(" | ")));

        // The PDF's layout on A4, as writeReport makes it, fitting the text width.
        QByteArray bytes;
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        setUpReportPdf(writer);
        QTextDocument document;
        layoutReportPdf(document, writer, *exporter->report(), {});
        breaks = midWordBreaks(document);
        QVERIFY2(breaks.isEmpty(), qPrintable(breaks.join(" | ")));
        QVERIFY2(
            document.size().width() <= document.pageSize().width() + 1,
            qPrintable(
                QString("%1 > %2").arg(document.size().width()).arg(document.pageSize().width())));
    }
};

QTEST_MAIN(TestReportWrap)
#include "test_report_wrap.moc"
