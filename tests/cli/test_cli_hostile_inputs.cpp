// Issue #32, items 10 and 11: files that must neither hang, exhaust nor fool ldiv. Each case
// is refused at once with a message naming the file (and line and column where there is
// one); the FIFO case runs under a deadline so that a regression fails instead of hanging.
#include <QtTest>

#include <sys/stat.h>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QString bad(const char* relative) {
    return QString::fromStdString(test::fixture(std::string("bad/") + relative));
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// Runs ldiv with a deadline: a command that hangs is killed and reported.
test::CliResult runWithin(const QStringList& args, int milliseconds, bool* finished) {
    QProcess p;
    p.start(QStringLiteral(LDIV_CLI_PATH), args);
    *finished = p.waitForFinished(milliseconds);
    if (!*finished) {
        p.kill();
        p.waitForFinished();
    }
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

}  // namespace

class TestCliHostileInputs : public QObject {
    Q_OBJECT
private slots:
    // A FIFO as a project's data path made every subcommand wait for a writer forever.
    void item10_fifoDataPathNeverHangs() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath("data.csv");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        writeFile(dir.filePath("p.ldiv.json"),
                  R"({"format": "ldiv-project", "version": 1, "data": {"path": "data.csv"},
                      "attributes": [{"name": "zip", "role": "quasi-identifying",
                                      "hierarchy": {"builder": "mask"}}]})");
        for (const char* command : {"inspect", "search", "audit", "risk"}) {
            QStringList args{command, "--project", dir.filePath("p.ldiv.json")};
            if (QString(command) == "inspect") args = QStringList{command, fifo};
            bool finished = false;
            const auto r = runWithin(args, 20000, &finished);
            QVERIFY2(finished, command);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("no process was writing to it"), r.err.constData());
        }
    }

    // A wrong separator (or a crafted file) giving a million columns took 1.1 GB.
    void item10_millionColumnsRefused() {
        QTemporaryDir dir;
        QByteArray header;
        header.reserve(4 << 20);
        for (int i = 0; i < 1000000; ++i) header += (i ? ",c" : "c") + QByteArray::number(i);
        writeFile(dir.filePath("wide.csv"), header + "\n" + header + "\n");
        const auto r = test::runCli({"inspect", dir.filePath("wide.csv"), "--sep", ","});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("wide.csv:1:") && r.err.contains("1000000 columns") &&
                     r.err.contains("at most 16384"),
                 r.err.constData());
        // The limit itself is readable.
        QByteArray ok;
        for (int i = 0; i < 16384; ++i) ok += (i ? ",c" : "c") + QByteArray::number(i);
        writeFile(dir.filePath("limit.csv"), ok + "\n" + ok + "\n");
        QCOMPARE(test::runCli({"inspect", dir.filePath("limit.csv"), "--sep", ","}).exitCode, 0);
    }

    // A megabyte-long criterion is refused at once (the workbench froze for minutes), by the
    // command line and in a project file, and the message does not quote it whole.
    void item11_longCriterionRefusedFast() {
        // 100 kB on the command line (an argument of a megabyte exceeds the kernel's limit),
        // a megabyte in a project file.
        const QString typed = "k=" + QString(100000, '9');
        const auto r = test::runCli(
            {"search", bad("small.csv"), "--qi", "zip", "--hierarchy", "zip=mask", "-c", typed});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("a criterion has at most 16384"), r.err.left(300).constData());
        QVERIFY(r.err.size() < 1000);
        QTemporaryDir dir;
        writeFile(dir.filePath("p.ldiv.json"),
                  QString(R"({"format": "ldiv-project", "version": 1, "data": {"path": "%1"},
                      "attributes": [{"name": "zip", "role": "quasi-identifying",
                      "hierarchy": {"builder": "mask"}}], "criteria": ["%2"]})")
                      .arg(bad("small.csv"), "k=" + QString(1 << 20, '9'))
                      .toUtf8());
        const auto p = test::runCli({"search", "--project", dir.filePath("p.ldiv.json")});
        QCOMPARE(p.exitCode, 2);
        QVERIFY2(p.err.contains("criteria[0] is 1048578 bytes long"), p.err.left(300).constData());
        QVERIFY(p.err.size() < 1000);
    }

    // A key given twice silently won: the file said k=3 to a reader and k=1 to ldiv.
    void item11_duplicateJsonKeyRefused() {
        const auto r =
            test::runCli({"search", "--project", bad("cli/project_duplicate_key.ldiv.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("project_duplicate_key.ldiv.json:5:2: the key \"criteria\" appears "
                                "twice in the same object"),
                 r.err.constData());
        // Keys repeated in different objects are fine ("name" in every attribute).
        const QString ok = QString::fromStdString(test::example("hospital/hospital.ldiv.json"));
        // Read (not exit 2); node 1,1,1 fails distinct-3, which audit reports with exit 3.
        QCOMPARE(test::runCli(
                     {"audit", "--project", ok, "--node", "1,1,1", "--criterion", "distinct-l=3"})
                     .exitCode,
                 3);
    }

    // "small.csv\u0000.evil" was opened as small.csv.
    void item11_nulInPathRefused() {
        const auto r =
            test::runCli({"inspect", "--project", bad("cli/project_nul_path.ldiv.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("project_nul_path.ldiv.json: a string contains a NUL character"),
                 r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliHostileInputs)
#include "test_cli_hostile_inputs.moc"
