// Crash recovery for real: a separate workbench process (autosave_session.cpp) opens a copy
// of the hospital project, edits it and autosaves, and is killed with SIGKILL; a new window
// then offers the recovery at start-up, restores the edit as unsaved changes to the original
// project, and the project file on disk is untouched. A session that ends cleanly leaves no
// recovery file.
#include <signal.h>

#include <QAbstractButton>
#include <QMessageBox>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "fault_injection.h"
#include "project/project.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

class TestAutosaveKill : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project;
    QByteArray m_projectBytes;

    // Starts a session and waits (up to 60 s) for its "autosaved" line; "" when it never came.
    QByteArray startSession(QProcess& session, const QString& mode, const QString& recoveryDir) {
        session.start(QStringLiteral(LDIV_AUTOSAVE_SESSION), {mode, m_project, recoveryDir});
        QByteArray out;
        QDeadlineTimer deadline(60000);
        while (!out.contains("autosaved\n") && !deadline.hasExpired() &&
               session.state() != QProcess::NotRunning) {
            session.waitForReadyRead(int(std::max<qint64>(1, deadline.remainingTime())));
            out += session.readAllStandardOutput();
        }
        return out;
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        const QString examples = LDIV_RESOURCES "/examples/hospital";
        for (const QString& name : QDir(examples).entryList(QDir::Files))
            QVERIFY(QFile::copy(examples + "/" + name, m_dir.filePath(name)));
        m_project = m_dir.filePath("hospital.ldiv.json");
        m_projectBytes = test::fileBytes(m_project);
        QVERIFY(!m_projectBytes.isEmpty());
    }

    void killedSessionIsRecovered() {
        const QString recovery = m_dir.filePath("recovery-killed");
        QProcess session;
        const QByteArray out = startSession(session, "crash", recovery);
        QVERIFY2(out == "edited\nautosaved\n", out + session.readAllStandardError());
        QVERIFY(::kill(pid_t(session.processId()), SIGKILL) == 0);
        QVERIFY(session.waitForFinished(10000));
        QCOMPARE(session.exitStatus(), QProcess::CrashExit);

        // Start-up the way the app does it without a project argument: offerRecovery().
        Autosave::setDirectory(recovery);
        QVERIFY(Autosave::hasRecovery());
        QCOMPARE(Autosave::recoveredOriginalPath(), QFileInfo(m_project).absoluteFilePath());
        MainWindow window;
        window.controller()->setInteractive(false);
        QString offer;
        QTimer answer;  // answers the modal question offerRecovery() asks
        connect(&answer, &QTimer::timeout, this, [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box) return;
            offer = box->text();
            box->button(QMessageBox::Yes)->click();
        });
        answer.start(10);
        window.offerRecovery();
        answer.stop();
        QCOMPARE(
            offer,
            QStringLiteral("The last session ended without saving its changes to %1. Restore them?")
                .arg(QFileInfo(m_project).absoluteFilePath()));
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project(), 30000);
        Project* restored = window.controller()->project();
        QVERIFY(restored->role(restored->columnIndex("nationality")) ==
                Role::Insensitive);  // the edit
        QVERIFY(restored->isDirty());
        QCOMPARE(restored->filePath(), QFileInfo(m_project).absoluteFilePath());
        QCOMPARE(test::fileBytes(m_project), m_projectBytes);  // the original file is untouched
        QVERIFY(test::leftoverTempFiles(m_dir.path()).isEmpty());
    }

    void cleanExitLeavesNoRecovery() {
        const QString recovery = m_dir.filePath("recovery-clean");
        QProcess session;
        const QByteArray out = startSession(session, "clean", recovery);
        QVERIFY2(out == "edited\nautosaved\n", out + session.readAllStandardError());  // it existed
        QVERIFY(session.waitForFinished(30000));
        QCOMPARE(session.exitStatus(), QProcess::NormalExit);
        QCOMPARE(session.exitCode(), 0);
        Autosave::setDirectory(recovery);
        QVERIFY(!Autosave::hasRecovery());
        QVERIFY(QDir(recovery).entryList(QDir::Files | QDir::Hidden).isEmpty());
        QCOMPARE(test::fileBytes(m_project), m_projectBytes);
    }
};

QTEST_MAIN(TestAutosaveKill)
#include "test_autosave_kill.moc"
