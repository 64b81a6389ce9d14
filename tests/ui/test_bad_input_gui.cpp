// The bad-input corpus (tests/data/bad/) in the workbench: every malformed file reaches the
// user as the core's precise message (loadFailed), the GUI does not crash or block, and the
// project that was open stays open and unchanged.
#include <QSignalSpy>
#include <QUndoStack>
#include <QStandardPaths>
#include <QtTest>

#include "app/mainwindow.h"
#include "app/projectcontroller.h"
#include "project/project.h"
#include "test_paths.h"

using namespace ldv;
using namespace ldv::ui;

class TestBadInputGui : public QObject {
    Q_OBJECT
    QString bad(const QString& name) { return QString::fromStdString(test::fixture("bad/")) + name; }

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void corpus_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("ragged") << "ragged_short.csv" << "ragged_short.csv:3:9: expected 3 fields";
        QTest::newRow("quote") << "unterminated_quote.csv" << "unterminated_quote.csv:2:7: unterminated quote";
        QTest::newRow("utf8") << "invalid_utf8.csv" << "invalid_utf8.csv:2:12: invalid UTF-8";
        QTest::newRow("empty") << "empty.csv" << "empty.csv: the file is empty (0 bytes)";
        QTest::newRow("duplicate header") << "duplicate_header.csv" << "duplicate column name 'zip'";
        QTest::newRow("binary") << "binary.csv" << "binary.csv:1:1: invalid UTF-8";
        QTest::newRow("crlf") << "crlf_ragged.csv" << "crlf_ragged.csv:4:9: expected 3 fields";
        QTest::newRow("future project") << "project_future_version.ldiv.json"
                                        << "project file version 99 is newer than this ldiv understands";
        QTest::newRow("missing data") << "project_missing_data.ldiv.json"
                                      << "no_such_table.csv: cannot open the file for reading";
        QTest::newRow("malformed project") << "project_malformed.ldiv.json" << "project_malformed.ldiv.json:5:1: malformed JSON";
        QTest::newRow("not a project") << "project_not_ldiv.json" << "not an ldiv project file";
        QTest::newRow("bad role") << "project_bad_role.ldiv.json" << "unknown role 'secret'";
        QTest::newRow("unknown column") << "project_unknown_column.ldiv.json" << "no column named 'zipcode'";
    }
    void corpus() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        MainWindow window;
        window.show();
        ProjectController* controller = window.controller();
        controller->setInteractive(false);
        controller->open(QStringLiteral(LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json"));
        QVERIFY(QTest::qWaitFor([&] { return controller->project() != nullptr && !controller->isBusy(); }, 10000));
        Project* before = controller->project();
        const QString path = before->filePath();
        const std::size_t rows = before->table().rowCount();

        QSignalSpy failed(controller, &ProjectController::loadFailed);
        if (file.endsWith(".json")) controller->openProjectFile(bad(file));
        else controller->openCsv(bad(file), CsvOptions{});
        QVERIFY(failed.wait(10000));
        const QString shown = failed.first().first().toString();
        QVERIFY2(shown.contains(message), qPrintable(shown));
        // The open project is untouched and the event loop is alive.
        QVERIFY(QTest::qWaitFor([&] { return !controller->isBusy(); }, 5000));
        QCOMPARE(controller->project(), before);
        QCOMPARE(before->filePath(), path);
        QCOMPARE(before->table().rowCount(), rows);
        QVERIFY(!before->undoStack()->canUndo());
    }
};

QTEST_MAIN(TestBadInputGui)
#include "test_bad_input_gui.moc"
