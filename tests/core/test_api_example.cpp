// docs/api.md's example (built from the page by tests/CMakeLists.txt as `api_example`) on the
// hospital table of Machanavajjhala et al. 2007 (Fig. 1) with distinct 3-diversity: the
// front door must give what the command line gives, and the numbers of their Fig. 4.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>

#include "cli_runner.h"

using ldv::test::runCli;

class TestApiExample : public QObject {
    Q_OBJECT
private slots:
    void exampleMatchesTheCommandLine() {
        const QString project =
            QStringLiteral(LDIV_RESOURCES) + "/examples/hospital/hospital.ldiv.json";
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ours = dir.filePath("api.csv"), cli = dir.filePath("cli.csv");

        QProcess p;
        p.start(QStringLiteral(LDIV_API_EXAMPLE), {project, ours});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 0);
        // By hand: Fig. 4 has three classes of four rows, so discernibility is 3 * 4^2 = 48;
        // the optimum is zip to 3 digits (level 1), age to '*' (level 2), nationality '*' (1).
        QCOMPARE(
            QString::fromUtf8(p.readAllStandardOutput()),
            QStringLiteral("optimum 1,2,1: 3 classes, discernibility 48, 0 rows suppressed\n"));

        // `ldiv search` finds the same optimum ...
        const auto search = runCli({"search", "--project", project, "--json"});
        QCOMPARE(search.exitCode, 0);
        const QJsonArray levels = search.json()["optimum"].toObject()["levels"].toArray();
        QCOMPARE(levels, (QJsonArray{1, 2, 1}));
        // ... and `ldiv generalize` publishes the same table, byte for byte (in the source's
        // order: the example does not shuffle, the command line does unless --keep-order).
        const auto generalize = runCli({"generalize", "--project", project, "--node", "1,2,1",
                                        "--keep-order", "--output", cli});
        QCOMPARE(generalize.exitCode, 0);
        QFile a(ours), b(cli);
        QVERIFY(a.open(QIODevice::ReadOnly));
        QVERIFY(b.open(QIODevice::ReadOnly));
        const QByteArray published = a.readAll();
        QCOMPARE(published, b.readAll());
        QCOMPARE(published.count('\n'), 13);  // header + the 12 patients, none suppressed
    }

    void badProjectIsAnInputError() {
        QProcess p;
        p.start(QStringLiteral(LDIV_API_EXAMPLE), {"/nonexistent/p.ldiv.json", "/tmp/x.csv"});
        QVERIFY(p.waitForFinished(120000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(p.readAllStandardError().contains("/nonexistent/p.ldiv.json"));
    }
};

QTEST_APPLESS_MAIN(TestApiExample)
#include "test_api_example.moc"
