// File dialogs remember their folder per kind (data, hierarchy, project, export) in
// QSettings, and hierarchy files are imported several at once, matched to attributes by
// their names (issue 18, item 3).
#include <QComboBox>
#include <QFileDialog>
#include <QLineEdit>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <QtTest>

#include "hierarchy/hierarchyimportdialog.h"
#include "hierarchy/hierarchyperspective.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "project/project.h"
#include "ui_fixtures.h"
#include "widgets/filedialogs.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;
namespace fd = ldv::ui::filedialogs;

namespace {
const QString kHospital = LDIV_RESOURCES "/examples/hospital";
const QString kAdult = LDIV_RESOURCES "/examples/adult";
}  // namespace

class TestFolders : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void rememberedPerKind() {
        QDir(m_dir.path()).mkpath("data");
        QDir(m_dir.path()).mkpath("out");
        // Before any use: the home folder.
        QCOMPARE(fd::lastFolder(fd::Kind::Export), QDir::homePath());
        fd::remember(fd::Kind::Data, m_dir.filePath("data/table.csv"));
        fd::remember(fd::Kind::Export, m_dir.filePath("out"));  // a folder is remembered itself
        QCOMPARE(fd::lastFolder(fd::Kind::Data), m_dir.filePath("data"));
        QCOMPARE(fd::lastFolder(fd::Kind::Export), m_dir.filePath("out"));
        QCOMPARE(fd::lastFolder(fd::Kind::Hierarchy), QDir::homePath());  // kinds are separate
        QCOMPARE(fd::startPath(fd::Kind::Export, "published.csv"),
                 m_dir.filePath("out/published.csv"));
        QCOMPARE(fd::startPath(fd::Kind::Export, "/elsewhere/x.csv"),
                 QStringLiteral("/elsewhere/x.csv"));
        // A folder that has gone away falls back to home.
        fd::remember(fd::Kind::Project, m_dir.filePath("gone/p.ldiv.json"));
        QCOMPARE(fd::lastFolder(fd::Kind::Project), QDir::homePath());
        QVERIFY(!fd::hasFolder(fd::Kind::Project));
        QVERIFY(fd::hasFolder(fd::Kind::Data));
        // With a project open, a kind not used yet starts in the project's folder; a
        // remembered folder still wins.
        fd::setFallbackFolder(m_dir.filePath("data"));
        QCOMPARE(fd::lastFolder(fd::Kind::Hierarchy), m_dir.filePath("data"));
        QCOMPARE(fd::lastFolder(fd::Kind::Export), m_dir.filePath("out"));
        QVERIFY(!fd::hasFolder(fd::Kind::Hierarchy));
        fd::setFallbackFolder({});
        QCOMPARE(fd::lastFolder(fd::Kind::Hierarchy), QDir::homePath());
    }

    void dialogOpensInTheRememberedFolder() {
        QDir(m_dir.path()).mkpath("reports");
        fd::remember(fd::Kind::Export, m_dir.filePath("reports"));
        QString seenFolder, seenName;
        // Answer the real (non-native) dialog the workbench shows.
        QTimer::singleShot(200, this, [&] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            seenFolder = dialog->directory().absolutePath();
            seenName = dialog->selectedFiles().value(0);
            QDir(m_dir.path()).mkpath("elsewhere");
            // What a user types in the file name field.
            dialog->findChild<QLineEdit*>("fileNameEdit")
                ->setText(m_dir.filePath("elsewhere/mine.html"));
            static_cast<QDialog*>(dialog)->accept();
        });
        const QString path = fd::saveFile(nullptr, fd::Kind::Export, "Export report", "report.html",
                                          "HTML (*.html)");
        QCOMPARE(seenFolder, m_dir.filePath("reports"));
        QCOMPARE(seenName, m_dir.filePath("reports/report.html"));
        QCOMPARE(path, m_dir.filePath("elsewhere/mine.html"));
        // The next export dialog starts where this one ended.
        QCOMPARE(fd::lastFolder(fd::Kind::Export), m_dir.filePath("elsewhere"));
    }

    void matchByName_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("attribute");
        QTest::newRow("ARX prefix") << "adult_hierarchy_age.csv"
                                    << "age";
        QTest::newRow("dash in name") << "/x/adult_hierarchy_marital-status.csv"
                                      << "marital-status";
        QTest::newRow("plain") << "hierarchy_native-country.csv"
                               << "native-country";
        QTest::newRow("case") << "hierarchy_AGE.CSV"
                              << "age";
        QTest::newRow("attribute name") << "education.csv"
                                        << "education";
        QTest::newRow("underscore attribute") << "nursery_hierarchy_has_nurs.csv"
                                              << "has_nurs";
        QTest::newRow("no marker") << "ages.csv"
                                   << "";
        QTest::newRow("marker inside a word") << "myhierarchy_age.csv"
                                              << "";
        QTest::newRow("unknown attribute") << "hierarchy_salary.csv"
                                           << "";
    }

    void matchByName() {
        QFETCH(QString, file);
        QFETCH(QString, attribute);
        const QStringList attributes{"age",      "education",  "marital-status", "native-country",
                                     "has_nurs", "hierarchy_x"};
        QCOMPARE(matchHierarchyFile(file, attributes), attribute);
    }

    void bulkImportIsOneUndoStep() {
        MainWindow window;
        Project* project = test::openProject(window, "hospital", 20000);
        QVERIFY(project);
        for (const char* a : {"age", "zip", "nationality"})
            project->setHierarchy(a, std::nullopt, QStringLiteral("remove %1").arg(a));
        const int before = project->undoStack()->index();

        const QStringList files{kHospital + "/hierarchy_age.csv", kHospital + "/hierarchy_zip.csv",
                                kHospital + "/hierarchy_nationality.csv",
                                kHospital + "/hospital.csv"};
        QStringList attributes;
        for (int c = 0; c < project->columnCount(); ++c) attributes << project->columnName(c);
        HierarchyImportDialog dialog(files, attributes, "age");
        // The dialog shows the match of each file; the data file matches nothing.
        auto shown = [&](int row) {
            return static_cast<QComboBox*>(dialog.table()->cellWidget(row, 1))->currentText();
        };
        QCOMPARE(shown(0), QStringLiteral("age"));
        QCOMPARE(shown(1), QStringLiteral("zip"));
        QCOMPARE(shown(2), QStringLiteral("nationality"));
        QCOMPARE(dialog.matches().size(), 3);
        // The user un-assigns nationality.
        dialog.setAttribute(2, QString());
        const auto matches = dialog.matches();
        QCOMPARE(matches.size(), 2);

        const QStringList errors = window.hierarchyPerspective()->importHierarchies(matches);
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        const Hierarchy age = readHierarchy((kHospital + "/hierarchy_age.csv").toStdString());
        const Hierarchy zip = readHierarchy((kHospital + "/hierarchy_zip.csv").toStdString());
        QVERIFY(project->hierarchy("age") && project->hierarchy("zip"));
        QCOMPARE(project->hierarchy("age")->height(), age.height());
        QCOMPARE(project->hierarchy("zip")->height(), zip.height());
        QCOMPARE(project->hierarchy("age")->baseCount(), age.baseCount());
        QVERIFY(!project->hierarchy("nationality"));
        QCOMPARE(project->undoStack()->index(), before + 1);
        project->undoStack()->undo();
        QVERIFY(!project->hierarchy("age") && !project->hierarchy("zip"));

        // A file that does not read is named in the error; the others are imported.
        QFile bad(m_dir.filePath("hierarchy_age.csv"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("30;3*\n31\n");  // ragged
        bad.close();
        const QStringList partly = window.hierarchyPerspective()->importHierarchies(
            {{bad.fileName(), "age"}, {kHospital + "/hierarchy_zip.csv", "zip"}});
        QCOMPARE(partly.size(), 1);
        QVERIFY2(partly.first().contains("hierarchy_age.csv"), qPrintable(partly.first()));
        QVERIFY(!project->hierarchy("age") && project->hierarchy("zip"));
    }

    void singleUnmatchedFileGoesToTheSelectedAttribute() {
        const HierarchyImportDialog dialog({"/x/ages.csv"}, {"age", "zip"}, "zip");
        QCOMPARE(dialog.matches().size(), 1);
        QCOMPARE(dialog.matches().first().second, QStringLiteral("zip"));
    }
};

QTEST_MAIN(TestFolders)
#include "test_folders.moc"
