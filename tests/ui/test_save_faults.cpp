// No lost work in the workbench: saving the project (File > Save, through ProjectController)
// and writing the report (HTML and PDF) into a read-only folder or past a
// file-size limit (a full disk) fail with a message naming the file and the reason, keep the
// old file byte for byte, leave no temporary file and leave the project unsaved (dirty).
// Real under root too: the read-only cases act as nobody (fault_injection.h).
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "fault_injection.h"
#include "project/project.h"
#include "report/reportdata.h"
#include "report/reportwriter.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

class TestSaveFaults : public QObject {
    Q_OBJECT
    QTemporaryDir m_root;
    QString m_folder;  // a copy of the hospital example; read-only in some tests

    // The folder holds exactly its starting files: no temporary file of any writer is left.
    QStringList folderFiles() const {
        return QDir(m_folder).entryList(QDir::Files | QDir::Hidden, QDir::Name);
    }
    QStringList m_startFiles;

    Project* openEdited(MainWindow& window) {
        window.controller()->setInteractive(false);
        window.controller()->open(m_folder + "/hospital.ldiv.json");
        if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 30000))
            return nullptr;
        Project* p = window.controller()->project();
        p->setRole(p->columnIndex("nationality"), Role::Insensitive);  // an undoable edit
        return p;
    }
    // Saves through the controller as File > Save does; returns its status-bar message.
    static QString save(MainWindow& window, bool* ok) {
        QSignalSpy messages(window.controller(), &ProjectController::message);
        *ok = window.controller()->save();
        return messages.isEmpty() ? QString() : messages.last().first().toString();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_root.isValid());
        QVERIFY(test::openToEveryone(m_root.path()));
        Autosave::setDirectory(m_root.filePath("recovery"));
    }
    void init() {
        m_folder = m_root.filePath(QString(QTest::currentTestFunction()) + QTest::currentDataTag());
        QVERIFY(QDir().mkpath(m_folder));
        const QString examples = LDIV_RESOURCES "/examples/hospital";
        for (const QString& name : QDir(examples).entryList(QDir::Files)) {
            QVERIFY(QFile::copy(examples + "/" + name, m_folder + "/" + name));
            QVERIFY(test::openToEveryone(m_folder + "/" + name));
        }
        m_startFiles = folderFiles();
    }
    void cleanup() { test::setFolderReadOnly(m_folder, false); }

    void projectSaveIntoReadOnlyFolderKeepsOldFile() {
        MainWindow window;
        Project* project = openEdited(window);
        QVERIFY(project);
        const QString path = m_folder + "/hospital.ldiv.json";
        const QByteArray old = test::fileBytes(path);
        QVERIFY(test::setFolderReadOnly(m_folder, true));
        bool ok = true;
        QString message;
        {
            test::ScopedUnprivileged nobody;
            message = save(window, &ok);
        }
        QVERIFY(!ok);
        QCOMPARE(message,
                 "Saving failed: " + path +
                     ": cannot write into its folder: Permission denied; the old file is kept");
        QVERIFY(project->isDirty());
        QCOMPARE(test::fileBytes(path), old);
        QCOMPARE(folderFiles(), m_startFiles);
        // Writable again, the same save goes through.
        QVERIFY(test::setFolderReadOnly(m_folder, false));
        QCOMPARE(save(window, &ok), "Saved " + path);
        QVERIFY(ok && !project->isDirty());
    }

    void projectSavePastFileSizeLimitKeepsOldFile() {
        MainWindow window;
        Project* project = openEdited(window);
        QVERIFY(project);
        const QString path = m_folder + "/hospital.ldiv.json";
        const QByteArray old = test::fileBytes(path);
        bool ok = true;
        QString message;
        {
            test::ScopedFileSizeLimit limit(
                256);  // the saved project embeds its hierarchies: > 1 KB
            message = save(window, &ok);
        }
        QVERIFY(!ok);
        QCOMPARE(message,
                 "Saving failed: " + path +
                     ": cannot write the whole file: File too large; the old file is kept");
        QVERIFY(project->isDirty());
        QCOMPARE(test::fileBytes(path), old);
        QCOMPARE(folderFiles(), m_startFiles);
    }

    void reportIntoReadOnlyFolderKeepsOldFile() {
        const QString path = m_folder + "/report.html";
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("<html>old</html>");
        f.close();
        QVERIFY(test::openToEveryone(path));
        m_startFiles = folderFiles();
        QVERIFY(test::setFolderReadOnly(m_folder, true));
        ReportData data;
        data.projectName = "hospital";
        QString error;
        bool ok = true;
        {
            test::ScopedUnprivileged nobody;
            ok = writeReport(data, {}, path, &error);
        }
        QVERIFY(!ok);
        QCOMPARE(error,
                 path + ": cannot write into its folder: Permission denied; the old file is kept");
        QCOMPARE(test::fileBytes(path), QByteArray("<html>old</html>"));
        QCOMPARE(folderFiles(), m_startFiles);
    }

    void reportPastFileSizeLimitKeepsOldFile_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("html") << "report.html";
        QTest::newRow("pdf") << "report.pdf";
    }
    void reportPastFileSizeLimitKeepsOldFile() {
        QFETCH(QString, name);
        const QString path = m_folder + "/" + name;
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old");
        f.close();
        m_startFiles = folderFiles();
        ReportData data;
        data.projectName = "hospital";
        QVERIFY(reportHtml(data, {}).toUtf8().size() > 256);
        QString error;
        bool ok = true;
        {
            test::ScopedFileSizeLimit limit(256);
            ok = writeReport(data, {}, path, &error);
        }
        QVERIFY(!ok);
        QCOMPARE(error,
                 path + ": cannot write the whole file: File too large; the old file is kept");
        QCOMPARE(test::fileBytes(path), QByteArray("old"));
        QCOMPARE(folderFiles(), m_startFiles);
        // Without the limit the same call writes the report.
        QVERIFY2(writeReport(data, {}, path, &error), qPrintable(error));
        QVERIFY(test::fileBytes(path).size() > 256);
    }
};

QTEST_MAIN(TestSaveFaults)
#include "test_save_faults.moc"
