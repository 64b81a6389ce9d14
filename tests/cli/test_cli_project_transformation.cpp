// A project's "transformation" (issue 34: Privacy ▸ Transformation saves it): `ldiv generalize
// --project` publishes with it when --transform is not given, byte for byte what the same
// model and aggregate give on the command line; --transform overrides it; a model the file
// names wrongly is refused as an input error (exit 2) naming the file and the key.
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "hospital_copy.h"
#include "test_paths.h"

using namespace ldv;

class TestCliProjectTransformation : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString hospital(const QString& name, const QByteArray& transformation) {
        return test::hospitalK5Copy(m_dir.filePath(name), transformation);
    }

    static QByteArray bytes(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

private slots:
    void projectChoiceIsTheCommandLines() {
        const QString chosen =
            hospital("chosen", R"({"model": "microaggregation+local", "aggregate": "median"})");
        const QString plain = hospital("plain", {});
        QVERIFY(!chosen.isEmpty() && !plain.isEmpty());
        const QString a = m_dir.filePath("from_project.csv");
        const QString b = m_dir.filePath("from_options.csv");
        const auto r1 =
            test::runCli({"generalize", "--project", chosen, "--seed", "7", "-o", a, "--json"});
        QVERIFY2(r1.exitCode == 0, r1.err.constData());
        QCOMPARE(r1.json()["transform"].toString(), QString("microaggregation+local"));
        // zip and age are the numeric quasi-identifiers; nationality is only recoded.
        const auto r2 = test::runCli({"generalize", "--project", plain, "--seed", "7", "-o", b,
                                      "--transform", "microaggregation+local", "--aggregate",
                                      "zip=median", "--aggregate", "age=median", "--json"});
        QVERIFY2(r2.exitCode == 0, r2.err.constData());
        QVERIFY(!bytes(a).isEmpty());
        QCOMPARE(bytes(a), bytes(b));
        QCOMPARE(r1.json()["aggregates"].toObject()["age"].toString(), QString("median"));
        QCOMPARE(r1.json()["aggregates"].toObject()["nationality"].toString(), QString(""));
    }

    void commandLineOverridesTheProject() {
        const QString chosen = hospital("override", R"({"model": "mondrian"})");
        const auto r =
            test::runCli({"generalize", "--project", chosen, "--transform", "full-domain", "--node",
                          "optimum", "-o", m_dir.filePath("full.csv"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(!r.json().contains("transform") ||
                r.json()["transform"].toString() == "full-domain");
        QVERIFY(r.json().contains("node"));
    }

    void badChoiceNamesTheFile() {
        const QString bad = hospital("bad", R"({"model": "local+mondrian"})");
        const auto r =
            test::runCli({"generalize", "--project", bad, "-o", m_dir.filePath("never.csv")});
        QCOMPARE(r.exitCode, 2);  // an input error: the file is at fault
        QVERIFY2(r.err.contains("hospital.ldiv.json") && r.err.contains("\"transformation\"") &&
                     r.err.contains("Mondrian and local recoding"),
                 r.err.constData());
        QVERIFY(!QFile::exists(m_dir.filePath("never.csv")));
    }
};

QTEST_GUILESS_MAIN(TestCliProjectTransformation)
#include "test_cli_project_transformation.moc"
