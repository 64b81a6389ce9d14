// No lost work in the core writer: a read-only folder and a full disk (a file-size limit)
// make writeFileAtomically, saveProject and writeTableCsv fail with a message naming the
// file and the system's reason, keep the old file byte for byte and leave no temporary
// file. Real under root too (fault_injection.h drops to nobody for the read-only cases).
#include <QTemporaryDir>
#include <QtTest>

#include "fault_injection.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/project/workspace.h"
#include "test_paths.h"

using namespace ldv;

class TestWriteFaults : public QObject {
    Q_OBJECT
    QTemporaryDir m_root;
    QString m_folder;  // holds the file under test; read-only in some tests

    QString target(const char* name) const { return m_folder + "/" + name; }
    void writeOld(const QString& path, const QByteArray& bytes) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    // The InputError message of `write`, or "" when it does not throw.
    template <typename F>
    static QString failure(F write) {
        try {
            write();
        } catch (const InputError& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    }
    static std::string largeText() { return std::string(4096, 'x'); }
    static ProjectConfig hospital() {
        return loadProject(test::example("hospital/hospital.ldiv.json"));
    }

private slots:
    void initTestCase() {
        QVERIFY(m_root.isValid());
        QVERIFY(test::openToEveryone(m_root.path()));  // nobody must reach the folder
    }
    void init() {
        m_folder = m_root.filePath(QTest::currentTestFunction());
        QVERIFY(QDir().mkpath(m_folder));
        QVERIFY(test::setFolderReadOnly(m_folder, false));
    }
    void cleanup() { test::setFolderReadOnly(m_folder, false); }

    void readOnlyFolderKeepsOldFile() {
        const QString path = target("p.txt");
        writeOld(path, "old");
        QVERIFY(test::setFolderReadOnly(m_folder, true));
        QString message;
        {
            test::ScopedUnprivileged nobody;
            message = failure([&] { writeFileAtomically(path.toStdString(), "new"); });
        }
        QCOMPARE(message,
                 path + ": cannot write into its folder: Permission denied; the old file is kept");
        QCOMPARE(test::fileBytes(path), QByteArray("old"));
        QVERIFY(test::leftoverTempFiles(m_folder).isEmpty());
        // Writable again, the same call replaces the file.
        QVERIFY(test::setFolderReadOnly(m_folder, false));
        writeFileAtomically(path.toStdString(), "new");
        QCOMPARE(test::fileBytes(path), QByteArray("new"));
    }

    void readOnlyFolderKeepsOldProject() {
        const QString path = target("hospital.ldiv.json");
        const QByteArray old = "{\"format\": \"ldiv-project\", \"version\": 1}\n";
        writeOld(path, old);
        QVERIFY(test::setFolderReadOnly(m_folder, true));
        const ProjectConfig config = hospital();
        QString message;
        {
            test::ScopedUnprivileged nobody;
            message = failure([&] { saveProject(config, path.toStdString()); });
        }
        QCOMPARE(message,
                 path + ": cannot write into its folder: Permission denied; the old file is kept");
        QCOMPARE(test::fileBytes(path), old);
        QVERIFY(test::leftoverTempFiles(m_folder).isEmpty());
    }

    void fullDiskKeepsOldFile() {
        const QString path = target("p.txt");
        writeOld(path, "old");
        QString message;
        {
            test::ScopedFileSizeLimit limit(1024);  // the new text is 4096 bytes
            message = failure([&] { writeFileAtomically(path.toStdString(), largeText()); });
        }
        QCOMPARE(message,
                 path + ": cannot write the whole file: File too large; the old file is kept");
        QCOMPARE(test::fileBytes(path), QByteArray("old"));
        QVERIFY(test::leftoverTempFiles(m_folder).isEmpty());
    }

    void fullDiskKeepsOldProject() {
        const QString path = target("hospital.ldiv.json");
        const QByteArray old = "{\"format\": \"ldiv-project\", \"version\": 1}\n";
        writeOld(path, old);
        const ProjectConfig config = hospital();  // its embedded hierarchies exceed the limit
        QVERIFY(formatProject(config).size() > 256);
        QString message;
        {
            test::ScopedFileSizeLimit limit(256);
            message = failure([&] { saveProject(config, path.toStdString()); });
        }
        QCOMPARE(message,
                 path + ": cannot write the whole file: File too large; the old file is kept");
        QCOMPARE(test::fileBytes(path), old);
        QVERIFY(test::leftoverTempFiles(m_folder).isEmpty());
    }

    void fullDiskKeepsOldExport() {
        const QString path = target("published.csv");
        writeOld(path, "zip,age\n");
        const Table table = readCsv(test::example("hospital/hospital.csv"));
        QString message;
        {
            test::ScopedFileSizeLimit limit(64);
            message = failure([&] { writeTableCsv(table, path.toStdString(), ','); });
        }
        QCOMPARE(message,
                 path + ": cannot write the whole file: File too large; the old file is kept");
        QCOMPARE(test::fileBytes(path), QByteArray("zip,age\n"));
        QVERIFY(test::leftoverTempFiles(m_folder).isEmpty());
    }

    void failedNewFileLeavesNothing() {
        // Nothing to keep: the message does not promise an old file, and none appears.
        const QString path = target("new.txt");
        QString message;
        {
            test::ScopedFileSizeLimit limit(1024);
            message = failure([&] { writeFileAtomically(path.toStdString(), largeText()); });
        }
        QCOMPARE(message, path + ": cannot write the whole file: File too large");
        QVERIFY(!QFile::exists(path));
        QVERIFY(test::leftoverTempFiles(m_folder).isEmpty());
    }

    void missingFolderIsNamed() {
        const QString path = target("no-such-folder/p.txt");
        QCOMPARE(failure([&] { writeFileAtomically(path.toStdString(), "new"); }),
                 path + ": cannot write into its folder: No such file or directory");
    }
};

QTEST_APPLESS_MAIN(TestWriteFaults)
#include "test_write_faults.moc"
