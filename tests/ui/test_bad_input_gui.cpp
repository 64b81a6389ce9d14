// The bad-input corpus (tests/data/bad/) in the workbench. Every file of the corpus is fed to
// the GUI through the path a user would take: data CSVs through File > Import / Open
// (ProjectController::openCsv), hierarchy CSVs through the Hierarchies perspective's
// "Import CSV…" (and the taxonomy builder's "Load edges…"), project files through File > Open.
// For each, the test asserts the exact message the user sees (the core's message, as
// tests/cli/test_cli_bad_input.cpp asserts it for `ldiv`, with the corpus folder cut from
// paths), that the GUI neither crashes nor blocks, and that the project that was open is
// untouched: in memory (same project, rows, hierarchies, settings, nothing to undo, not dirty)
// and on disk (every file of its folder byte-identical, nothing added).
// Also: impossible parameters in the Privacy perspective's criterion editor are refused with
// a message naming the parameter, attribute and values, and nothing is added.
#include <QDirIterator>
#include <QDoubleSpinBox>
#include <QListWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QUndoStack>
#include <QtTest>

#include "hierarchy/builderpanel.h"
#include "hierarchy/buildersettings.h"
#include "hierarchy/hierarchyperspective.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"
#include "privacy/criterioneditor.h"
#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "test_paths.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

Q_DECLARE_METATYPE(ldv::CsvOptions)

namespace {

const QString kBad = QString::fromStdString(test::fixture("bad"));

QString bad(const QString& name) {
    return kBad + "/" + name;
}

/// Paths in messages are shown relative to the corpus folder (as in test_cli_bad_input).
QString relative(QString message) {
    return message.replace(kBad + "/", QString());
}

/// Every file under `dir` with its bytes.
QMap<QString, QByteArray> filesOf(const QString& dir) {
    QMap<QString, QByteArray> files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        if (f.open(QIODevice::ReadOnly))
            files.insert(QDir(dir).relativeFilePath(f.fileName()), f.readAll());
    }
    return files;
}

/// A copy of the hospital example opened in a window; remembers what must not change.
class OpenProject {
public:
    OpenProject() {
        for (const char* name : {"hospital.ldiv.json", "hospital.csv", "hierarchy_zip.csv",
                                 "hierarchy_age.csv", "hierarchy_nationality.csv"})
            QFile::copy(QString::fromStdString(test::example(std::string("hospital/") + name)),
                        m_dir.filePath(name));
        window.show();
        controller()->setInteractive(false);
        controller()->openProjectFile(m_dir.filePath("hospital.ldiv.json"));
        loaded = QTest::qWaitFor([&] { return controller()->project() && !controller()->isBusy(); },
                                 10000);
        if (!loaded) return;
        project = controller()->project();
        m_path = project->filePath();
        m_rows = project->table().rowCount();
        m_config = formatProject(project->configForSave(m_path, false));
        m_files = filesOf(m_dir.path());
    }
    ProjectController* controller() const { return window.controller(); }

    /// Empty when the open project is as it was, in memory and on disk.
    QString changes() const {
        if (controller()->project() != project) return "another project is open";
        if (project->filePath() != m_path)
            return "the project's path changed to " + project->filePath();
        if (project->table().rowCount() != m_rows) return "the row count changed";
        if (project->undoStack()->canUndo())
            return "there is an edit to undo: " + project->undoStack()->undoText();
        if (project->isDirty()) return "the project is dirty";
        if (formatProject(project->configForSave(m_path, false)) != m_config)
            return "the project's settings changed";
        return diskChanges();
    }
    QString diskChanges() const {
        const auto now = filesOf(m_dir.path());
        if (now.keys() != m_files.keys()) return "files changed: " + now.keys().join(", ");
        for (auto it = m_files.begin(); it != m_files.end(); ++it)
            if (now.value(it.key()) != it.value()) return it.key() + " changed on disk";
        return {};
    }

    MainWindow window;
    bool loaded = false;
    Project* project = nullptr;

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::size_t m_rows = 0;
    std::string m_config;
    QMap<QString, QByteArray> m_files;
};

/// Opens `path` (a project or a CSV) and returns what loadFailed showed ("" when it loaded).
QString openAndWait(OpenProject& open, const QString& path, const CsvOptions* csv) {
    ProjectController* controller = open.controller();
    QSignalSpy failed(controller, &ProjectController::loadFailed);
    QSignalSpy changed(controller, &ProjectController::projectChanged);
    if (csv)
        controller->openCsv(path, *csv);
    else
        controller->openProjectFile(path);
    if (!QTest::qWaitFor([&] { return !failed.isEmpty() || !changed.isEmpty(); }, 10000))
        return "(no answer)";
    // The event loop is alive and the load job has ended.
    if (!QTest::qWaitFor([&] { return !controller->isBusy(); }, 5000)) return "(still busy)";
    return failed.isEmpty() ? QString() : relative(failed.first().first().toString());
}

CsvOptions separator(char c) {
    CsvOptions o;
    o.separator = c;
    return o;
}

}  // namespace

class TestBadInputGui : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<CsvOptions>();
    }

    // Data files through File > Import (openCsv with the import dialog's options).
    void dataFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<CsvOptions>("options");
        QTest::addColumn<QString>("message");
        auto row = [](const char* file, const char* message, CsvOptions options = {}) {
            QTest::newRow(file) << QString(file) << options << QString(message);
        };
        row("ragged_short.csv",
            "ragged_short.csv:3:9: expected 3 fields (as in the header), found 2");
        row("ragged_long.csv",
            "ragged_long.csv:2:14: expected 3 fields (as in the header), found 4");
        row("unterminated_quote.csv",
            "unterminated_quote.csv:2:7: unterminated quote: the field that starts here has no "
            "closing '\"'");
        row("invalid_utf8.csv",
            "invalid_utf8.csv:2:12: invalid UTF-8 byte sequence in field 3 (save the file as "
            "UTF-8)");
        row("empty.csv", "empty.csv: the file is empty (0 bytes)");
        row("header_only.csv", "header_only.csv: the file has a header but no data rows");
        row("duplicate_header.csv",
            "duplicate_header.csv:1:9: duplicate column name 'zip' in the header (column 3)");
        row("text_after_quote.csv",
            "text_after_quote.csv:2:8: expected a separator or the end of the line after the "
            "closing quote, found 'x'");
        row("binary.csv",
            "binary.csv:1:1: invalid UTF-8 byte sequence in field 1 (save the file as UTF-8)");
        row("crlf_ragged.csv",
            "crlf_ragged.csv:4:9: expected 3 fields (as in the header), found 2");
        row("quoted_newline_ragged.csv",
            "quoted_newline_ragged.csv:4:16: expected 3 fields (as in the header), found 4");
        row("no_such_file.csv",
            "no_such_file.csv: cannot open the file for reading: No such file or directory");
        CsvOptions drop;
        drop.missing = MissingPolicy::Drop;
        row("all_missing.csv",
            "all_missing.csv: all 2 rows have missing values and were dropped (missing policy "
            "'drop'); keep them as a "
            "value instead (--missing keep)",
            drop);
    }
    void dataFiles() {
        QFETCH(QString, file);
        QFETCH(CsvOptions, options);
        QFETCH(QString, message);
        OpenProject open;
        QVERIFY(open.loaded);
        QCOMPARE(openAndWait(open, bad(file), &options), message);
        QCOMPARE(open.changes(), QString());
    }

    // Files of the corpus that are bad only for the command line's options: the workbench
    // opens them as new projects (the old one's files stay as they were).
    void dataFilesTheWorkbenchOpens_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<CsvOptions>("options");
        QTest::addColumn<int>("columns");
        // `ldiv audit one_column.csv --sep , --qi zip` fails: read with ',' it has one column
        // (the import dialog's preview shows that); detected, the separator is ';'.
        QTest::newRow("one_column.csv, detected") << "one_column.csv" << CsvOptions{} << 3;
        QTest::newRow("one_column.csv, comma") << "one_column.csv" << separator(',') << 1;
        // The valid table the corpus' hierarchy cases are checked against.
        QTest::newRow("small.csv") << "small.csv" << CsvOptions{} << 3;
    }
    void dataFilesTheWorkbenchOpens() {
        QFETCH(QString, file);
        QFETCH(CsvOptions, options);
        QFETCH(int, columns);
        OpenProject open;
        QVERIFY(open.loaded);
        QCOMPARE(openAndWait(open, bad(file), &options), QString());
        QVERIFY(open.controller()->project() != open.project);
        QCOMPARE(open.controller()->project()->columnCount(), columns);
        QCOMPARE(open.diskChanges(), QString());
    }

    // Project files through File > Open.
    void projectFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        auto row = [](const char* file, const char* message) {
            QTest::newRow(file) << QString(file) << QString(message);
        };
        row("project_future_version.ldiv.json",
            "project_future_version.ldiv.json: project file version 99 is newer than this ldiv "
            "understands (version 1); "
            "please update ldiv");
        row("project_missing_data.ldiv.json",
            "no_such_table.csv: cannot open the file for reading: No such file or directory");
        row("project_malformed.ldiv.json",
            "project_malformed.ldiv.json:5:1: malformed JSON: parse error at line 5, column 1: "
            "syntax error while parsing "
            "object - unexpected end of input; expected '}'");
        row("project_not_ldiv.json",
            "project_not_ldiv.json: not an ldiv project file (expected \"format\": "
            "\"ldiv-project\")");
        row("project_bad_role.ldiv.json",
            "project_bad_role.ldiv.json: attribute 'zip': unknown role 'secret'");
        row("project_unknown_column.ldiv.json",
            "no column named 'zipcode'; the columns are: zip, age, condition");
        row("project_bad_version_type.ldiv.json",
            "project_bad_version_type.ldiv.json: field 'version' has the wrong type");
        row("no_such_project.ldiv.json", "no_such_project.ldiv.json: no such project file");
    }
    void projectFiles() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        OpenProject open;
        QVERIFY(open.loaded);
        QCOMPARE(openAndWait(open, bad(file), nullptr), message);
        QCOMPARE(open.changes(), QString());
    }
    void projectWithMissingHierarchyOpensWithAWarning() {
        // `ldiv` refuses it; the workbench opens it (the hierarchy editor is where the user
        // fixes it) and says what is missing. The old project's files stay as they were.
        OpenProject open;
        QVERIFY(open.loaded);
        QCOMPARE(openAndWait(open, bad("project_missing_hierarchy.ldiv.json"), nullptr), QString());
        Project* opened = open.controller()->project();
        QVERIFY(opened != open.project);
        QCOMPARE(opened->loadWarnings().size(), 1);
        QCOMPARE(relative(opened->loadWarnings().first()),
                 QString("Hierarchy of 'zip': no_such_hierarchy.csv: cannot open the file for "
                         "reading: No such file or "
                         "directory"));
        QCOMPARE(open.diskChanges(), QString());
    }

    // Hierarchy files through the Hierarchies perspective's "Import CSV…" for 'zip'.
    void hierarchyFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        auto row = [](const char* file, const char* message) {
            QTest::newRow(file) << QString(file) << QString(message);
        };
        row("hier_not_nesting.csv",
            "hier_not_nesting.csv:2:3: level 2 is not a coarsening of level 1: '130**' generalizes "
            "to '1****' (row 1, "
            "'13053') and to '2****' (row 2, '13068')");
        row("hier_ragged.csv",
            "hier_ragged.csv:2: row 2 ('13068') has 2 levels, the first row has 3");
        row("hier_empty_cell.csv", "hier_empty_cell.csv:2:2: empty cell at row 2, level 1");
        row("hier_duplicate_base.csv",
            "hier_duplicate_base.csv:3:1: base value '13053' appears in rows 1 and 3");
        row("hier_empty.csv", "hier_empty.csv: the hierarchy file is empty");
        row("hier_unterminated_quote.csv",
            "hier_unterminated_quote.csv:1:7: unterminated quote: the field that starts here has "
            "no closing '\"'");
        row("no_such_hierarchy.csv",
            "no_such_hierarchy.csv: cannot open the file for reading: No such file or directory");
    }
    void hierarchyFiles() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        OpenProject open;
        QVERIFY(open.loaded);
        HierarchyPerspective* hp = open.window.hierarchyPerspective();
        open.window.showPerspective(MainWindow::Hierarchies);
        QVERIFY(hp->selectAttribute("zip"));
        QCOMPARE(relative(hp->importHierarchy(bad(file))), message);
        QTRY_VERIFY_WITH_TIMEOUT(!hp->isValidating(), 5000);
        QCOMPARE(open.changes(), QString());
    }
    void hierarchyMissingValuesIsImportedAndFlagged() {
        // Structurally valid, so the import takes it (one undoable edit) and the validation
        // names the data values it lacks, as `ldiv` does; undo restores the levels.
        OpenProject open;
        QVERIFY(open.loaded);
        HierarchyPerspective* hp = open.window.hierarchyPerspective();
        open.window.showPerspective(MainWindow::Hierarchies);
        QVERIFY(hp->selectAttribute("zip"));
        QVERIFY(open.project->hierarchy("zip"));
        const Hierarchy zipBefore = *open.project->hierarchy("zip");
        QCOMPARE(hp->importHierarchy(bad("hier_missing_values.csv")), QString());
        QTRY_VERIFY_WITH_TIMEOUT(!hp->isValidating() && !hp->issues().empty(), 5000);
        QStringList shown;
        for (int i = 0; i < hp->issueList()->count(); ++i)
            shown << hp->issueList()->item(i)->text();
        QCOMPARE(shown,
                 QStringList{
                     "2 value(s) of attribute 'zip' are not in the hierarchy: '14853', '14850'"});
        QCOMPARE(open.diskChanges(), QString());
        open.project->undoStack()->undo();
        QVERIFY(!open.project->undoStack()->canUndo());
        QVERIFY(!open.project->isDirty());
        QVERIFY(open.project->hierarchy("zip"));
        QVERIFY(open.project->hierarchy("zip")->rows() == zipBefore.rows());
        QCOMPARE(open.diskChanges(), QString());
        // Undo also gives the hierarchy back its link to hierarchy_zip.csv: a save would not embed
        // it.
        QCOMPARE(open.changes(), QString());
        QVERIFY(open.project->hierarchyOrigin("zip"));
        open.project->undoStack()->redo();
        QVERIFY(!open.project->hierarchyOrigin("zip"));
        open.project->undoStack()->undo();
        QCOMPARE(open.changes(), QString());
    }
    void taxonomyFiles_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("taxonomy_cycle.csv") << "taxonomy_cycle.csv"
                                            << "taxonomy: cycle through 'Resp'";
        QTest::newRow("taxonomy_two_parents.csv")
            << "taxonomy_two_parents.csv"
            << "taxonomy: 'Flu' has two parents, 'Europe' and 'Asia'";
    }
    void taxonomyFiles() {
        // The taxonomy builder's "Load edges…" puts the file's text into the edge list; the
        // builder shows why it cannot build and "Apply" changes nothing.
        QFETCH(QString, file);
        QFETCH(QString, message);
        OpenProject open;
        QVERIFY(open.loaded);
        HierarchyPerspective* hp = open.window.hierarchyPerspective();
        open.window.showPerspective(MainWindow::Hierarchies);
        QVERIFY(hp->selectAttribute("nationality"));
        QFile f(bad(file));
        QVERIFY(f.open(QIODevice::ReadOnly));
        BuilderSettings s;
        s.kind = BuilderSettings::Kind::Taxonomy;
        s.edges = QString::fromUtf8(f.readAll());
        hp->builder()->setSettings(s);
        hp->builder()->updatePreview();
        const QString shown = hp->builder()->errorText().remove(QRegularExpression("<[^>]*>"));
        QCOMPARE(shown, message);
        QVERIFY(!hp->builder()->apply());
        QCOMPARE(open.changes(), QString());
    }
    void everyCorpusFileIsCovered() {
        // A file added to tests/data/bad/ must be added to one of the cases above.
        const QStringList covered{"ragged_short.csv",
                                  "ragged_long.csv",
                                  "unterminated_quote.csv",
                                  "invalid_utf8.csv",
                                  "empty.csv",
                                  "header_only.csv",
                                  "duplicate_header.csv",
                                  "text_after_quote.csv",
                                  "binary.csv",
                                  "crlf_ragged.csv",
                                  "quoted_newline_ragged.csv",
                                  "all_missing.csv",
                                  "one_column.csv",
                                  "small.csv",
                                  "project_future_version.ldiv.json",
                                  "project_missing_data.ldiv.json",
                                  "project_malformed.ldiv.json",
                                  "project_not_ldiv.json",
                                  "project_bad_role.ldiv.json",
                                  "project_unknown_column.ldiv.json",
                                  "project_bad_version_type.ldiv.json",
                                  "project_missing_hierarchy.ldiv.json",
                                  "hier_not_nesting.csv",
                                  "hier_ragged.csv",
                                  "hier_empty_cell.csv",
                                  "hier_duplicate_base.csv",
                                  "hier_empty.csv",
                                  "hier_unterminated_quote.csv",
                                  "hier_missing_values.csv",
                                  "taxonomy_cycle.csv",
                                  "taxonomy_two_parents.csv"};
        const QStringList corpus = QDir(kBad).entryList(QDir::Files);
        QVERIFY(corpus.size() >= 30);
        for (const QString& file : corpus)
            QVERIFY2(covered.contains(file), qPrintable(file + " is not tested in the GUI"));
    }

    // Impossible parameters in the Privacy perspective's criterion editor.
    void impossibleCriteriaAreRefused_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<QString>("message");
        QTest::newRow("negative k")
            << "k=-2"
            << "criterion 'k=-2': k = -2 is not allowed, k must be at least 1";
        QTest::newRow("tau above 1") << "tau-l=1.5,2"
                                     << "criterion 'tau-l=1.5,2': tau = 1.5 is not allowed, tau "
                                        "must be in [1/l, 1) = [0.5, 1)";
        QTest::newRow("tau below 1/l")
            << "tau-l=0.2,3"
            << "criterion 'tau-l=0.2,3': tau = 0.2 is not allowed, tau must be in [1/l, 1) = "
               "[0.3333333333333333, 1)";
        QTest::newRow("l above the values")
            << "distinct-l=4"
            << "criterion 'distinct-l=4': l = 4 is larger than the 3 values of "
               "'condition' (Heart Disease, Viral Infection, Cancer)";
        QTest::newRow("recursive l above the values")
            << "recursive-cl=3,5"
            << "criterion 'recursive-cl=3,5': l = 5 is larger than the 3 values of 'condition' "
               "(Heart Disease, Viral Infection, Cancer)";
        QTest::newRow("tau-l l above the values")
            << "tau-l=0.5,4"
            << "criterion 'tau-l=0.5,4': l = 4 is not allowed for (tau, l)-diversity, l must be in "
               "[2, 3] (m = number of sensitive values); 'condition' has 3 values (Heart Disease, "
               "Viral Infection, Cancer)";
    }
    void impossibleCriteriaAreRefused() {
        QFETCH(QString, spec);
        QFETCH(QString, message);
        OpenProject open;
        QVERIFY(open.loaded);
        open.window.showPerspective(MainWindow::Privacy);
        PrivacyPerspective* pp = open.window.privacyPerspective();
        CriterionEditor* editor = pp->editor();
        const int before = pp->criteriaList()->count();
        // Typed or pasted as a spec: refused, the editor keeps its fields and says why.
        QVERIFY(editor->setSpec("k=3"));
        QVERIFY(!editor->setSpec(spec));
        QCOMPARE(editor->problem(), message);
        QCOMPARE(editor->spec(), QString("k=3"));
        QVERIFY(!pp->addCriterion());  // nothing added while the refusal stands
        QCOMPARE(pp->criteriaList()->count(), before);
        QCOMPARE(open.changes(), QString());
    }
    void impossibleFieldsAreRefused() {
        // The same checks on values entered in the fields.
        OpenProject open;
        QVERIFY(open.loaded);
        open.window.showPerspective(MainWindow::Privacy);
        PrivacyPerspective* pp = open.window.privacyPerspective();
        CriterionEditor* editor = pp->editor();
        const int before = pp->criteriaList()->count();
        QVERIFY(editor->setSpec("distinct-l=3"));
        QCOMPARE(editor->problem(), QString());
        auto* main = editor->findChildren<QDoubleSpinBox*>().value(0);
        QVERIFY(main);
        main->setValue(5);  // ℓ above the 3 values of 'condition'
        QCOMPARE(editor->spec(), QString("distinct-l=5"));
        QCOMPARE(
            editor->problem(),
            QString("criterion 'distinct-l=5': l = 5 is larger than the 3 values of 'condition' "
                    "(Heart Disease, Viral Infection, Cancer)"));
        QVERIFY(!pp->addCriterion());
        QCOMPARE(pp->criteriaList()->count(), before);
        main->setValue(-4);  // the field does not go below 1
        QCOMPARE(main->value(), 1.0);
        // τ below 1/ℓ from the fields: τ = 0.25 with ℓ = 3.
        QVERIFY(editor->setSpec("tau-l=0.5,3"));
        QCOMPARE(editor->problem(), QString());
        const auto spins = editor->findChildren<QDoubleSpinBox*>();
        QDoubleSpinBox* tau = nullptr;
        for (QDoubleSpinBox* s : spins)
            if (s->isEnabled() && s != main && s->maximum() < 1) tau = s;
        QVERIFY(tau);
        tau->setValue(0.25);
        QCOMPARE(editor->spec(), QString("tau-l=0.25,3"));
        QCOMPARE(
            editor->problem(),
            QString("criterion 'tau-l=0.25,3': tau = 0.25 is not allowed, tau must be in [1/l, "
                    "1) = [0.3333333333333333, 1)"));
        QVERIFY(!pp->addCriterion());
        QCOMPARE(pp->criteriaList()->count(), before);
        QCOMPARE(open.changes(), QString());
        // A possible criterion is still added.
        tau->setValue(0.5);
        QCOMPARE(editor->problem(), QString());
        QVERIFY(pp->addCriterion());
        QCOMPARE(pp->criteriaList()->count(), before + 1);
    }
};

QTEST_MAIN(TestBadInputGui)
#include "test_bad_input_gui.moc"
