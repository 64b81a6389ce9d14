// `ldiv` under write faults: `generalize --output` into a read-only folder or past a
// file-size limit (a full disk) exits 2 with the file and the reason, keeps the old file
// byte for byte and leaves no temporary file; the limit's SIGXFSZ does not kill it; a
// streamed `synth --output /dev/full` reports the full device. Real under root too: the
// read-only case runs ldiv as nobody (fault_injection.h).
#include <fcntl.h>

#include <QTemporaryDir>
#include <QtTest>

#include "fault_injection.h"
#include "test_paths.h"

using namespace ldv;

namespace {
struct Run {
    QProcess::ExitStatus status = QProcess::CrashExit;
    int exitCode = -1;
    QString err;
};
}  // namespace

class TestCliWriteFaults : public QObject {
    Q_OBJECT
    QTemporaryDir m_root;
    QString m_ldiv = QStringLiteral(LDIV_CLI_PATH);
    QString m_project;  // a copy of the hospital example that nobody can read
    QString m_out;      // folder of the output file

    Run run(const QStringList& args, const std::function<void(QProcess&)>& setUp) {
        QProcess p;
        setUp(p);
        p.start(m_ldiv, args);
        if (!p.waitForFinished(60000)) return {};
        return {p.exitStatus(), p.exitCode(),
                QString::fromUtf8(p.readAllStandardError()).trimmed()};
    }
    QStringList generalize(const QString& output) const {
        return {"generalize", "--project", m_project, "--node",
                "1,2,1",      "--output",  output};  // satisfies: no warning
    }

private slots:
    void initTestCase() {
        QVERIFY(m_root.isValid());
        QVERIFY(test::openToEveryone(m_root.path()));
        const QString examples = QString::fromStdString(test::example("hospital"));
        for (const QString& name : QDir(examples).entryList(QDir::Files)) {
            QVERIFY(QFile::copy(examples + "/" + name, m_root.filePath(name)));
            QVERIFY(test::openToEveryone(m_root.filePath(name)));
        }
        m_project = m_root.filePath("hospital.ldiv.json");
        m_out = m_root.filePath("out");
        QVERIFY(QDir().mkpath(m_out));
        // The output folder belongs to whoever runs ldiv, as a user's own folder would.
        if (test::runningAsRoot())
            QVERIFY(::chown(QFile::encodeName(m_out).constData(), test::kNobody, test::kNogroup) ==
                    0);
        if (test::runningAsRoot()) {
            // nobody must be able to run ldiv: a clone under /root is closed to it, so use a
            // copy in the open test folder then (ldiv needs no library from the build tree).
            bool executable = false;
            {
                test::ScopedUnprivileged nobody;
                executable = ::faccessat(AT_FDCWD, QFile::encodeName(m_ldiv).constData(), X_OK,
                                         AT_EACCESS) == 0;
            }
            if (!executable) {
                QVERIFY(QFile::copy(m_ldiv, m_root.filePath("ldiv")));
                m_ldiv = m_root.filePath("ldiv");
                QVERIFY(::chmod(QFile::encodeName(m_ldiv).constData(), 0755) == 0);
            }
        }
    }
    void init() {
        QVERIFY(test::setFolderReadOnly(m_out, false));
        for (const QString& f : QDir(m_out).entryList(QDir::Files | QDir::Hidden))
            QVERIFY(QDir(m_out).remove(f));
    }
    void cleanup() { test::setFolderReadOnly(m_out, false); }

    void generalizeWritesWhenAllowed() {
        // The baseline the fault tests depart from, run as the same user.
        const QString output = m_out + "/published.csv";
        const Run r = run(generalize(output), [](QProcess& p) { test::runChildUnprivileged(p); });
        QCOMPARE(r.err, QString());
        QCOMPARE(r.exitCode, 0);
        QVERIFY(test::fileBytes(output).startsWith("zip,age,nationality,condition\n"));
    }

    void generalizeIntoReadOnlyFolderKeepsOldFile() {
        const QString output = m_out + "/published.csv";
        QFile old(output);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old,table\n1,2\n");
        old.close();
        QVERIFY(test::openToEveryone(output));
        QVERIFY(test::setFolderReadOnly(m_out, true));
        const Run r = run(generalize(output), [](QProcess& p) { test::runChildUnprivileged(p); });
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(r.err,
                 "ldiv: error: " + output +
                     ": cannot write into its folder: Permission denied; the old file is kept");
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(test::fileBytes(output), QByteArray("old,table\n1,2\n"));
        QVERIFY(test::leftoverTempFiles(m_out).isEmpty());
    }

    void generalizePastFileSizeLimitKeepsOldFile() {
        const QString output = m_out + "/published.csv";
        QFile old(output);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old,table\n1,2\n");
        old.close();
        // The 12-row table is about 400 bytes; 64 stops it in the second row.
        const Run r = run(generalize(output), [](QProcess& p) { test::limitChildFileSize(p, 64); });
        QCOMPARE(r.status, QProcess::NormalExit);  // not killed by SIGXFSZ
        QCOMPARE(r.err, "ldiv: error: " + output +
                            ": cannot write the whole file: File too large; the old file is kept");
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(test::fileBytes(output), QByteArray("old,table\n1,2\n"));
        QVERIFY(test::leftoverTempFiles(m_out).isEmpty());
    }

    void synthToFullDeviceFails() {
        // synth streams (its output may exceed memory), so it cannot be atomic; a full device
        // must still be an error, not a silent success.
        const Run r =
            run({"synth", "--project", m_project, "--rows", "1000", "--output", "/dev/full"},
                [](QProcess&) {});
        QCOMPARE(r.status, QProcess::NormalExit);
        QCOMPARE(
            r.err,
            QString(
                "ldiv: error: /dev/full: cannot write the whole file: No space left on device"));
        QCOMPARE(r.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliWriteFaults)
#include "test_cli_write_faults.moc"
