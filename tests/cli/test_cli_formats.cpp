// `ldiv search` and `ldiv generalize` on xlsx, Stata and SPSS files: the search result is the
// one of the CSV the file was made from (Adult, and a small table with missing values, dates
// and value labels), published tables in those formats read back as the CSV output, and bad
// files are refused naming the sheet, cell or variable.
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "format_fixtures.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_formats.h"
#include "test_paths.h"

using namespace ldv;

namespace {

/// The JSON without what depends on the run or on the file read: times, threads, and the
/// search's work counters (checked nodes, classes read and built, …), which differ between
/// two runs on the same CSV file (39 and 41 checked nodes on Adult). The result — lattice,
/// minimal nodes, optimum with its metrics, satisfying count, rows — is compared whole.
QJsonValue stable(const QJsonValue& v) {
    if (v.isObject()) {
        QJsonObject o;
        const QJsonObject in = v.toObject();
        for (auto it = in.begin(); it != in.end(); ++it) {
            const QString& k = it.key();
            static const QStringList work{
                "threads",          "source",         "data",
                "checked_nodes",    "classes_read",   "classes_built",
                "measured_nodes",   "bound_decided",  "bound_entries_read",
                "distinct_decided", "threads_detail", "critical_path"};
            if (k.endsWith("_ms") || work.contains(k)) continue;
            o[k] = stable(it.value());
        }
        return o;
    }
    if (v.isArray()) {
        QJsonArray a;
        for (const QJsonValue& x : v.toArray()) a.append(stable(x));
        return a;
    }
    return v;
}

/// Adult with Stata-legal names (marital_status, …), so that one set of options serves all.
QString adultWithUnderscores(const QTemporaryDir& dir) {
    QFile in(QString::fromStdString(test::example("adult/adult.csv")));
    in.open(QIODevice::ReadOnly);
    QByteArray text = in.readAll();
    const qsizetype eol = text.indexOf('\n');
    text.replace(0, eol, text.left(eol).replace('-', '_'));
    const QString path = dir.filePath("adult.csv");
    QFile out(path);
    out.open(QIODevice::WriteOnly);
    out.write(text);
    return path;
}

QStringList adultArgs(const QString& data) {
    QStringList args{
        data,           "--qi",          "sex,age,race,marital_status,education", "--sensitive",
        "salary_class", "--insensitive", "native_country,workclass,occupation"};
    const QString dir = QString::fromStdString(test::example("adult/"));
    for (const char* a : {"sex", "age", "race", "marital-status", "education"})
        args << "--hierarchy"
             << QString("%1=%2").arg(QString(a).replace('-', '_'),
                                     dir + "adult_hierarchy_" + a + ".csv");
    return args;
}

/// A hierarchy has no empty value, so the rows with missing values are dropped: the same
/// rows must be dropped whichever file they came from.
QStringList smallArgs(const QString& data) {
    return QStringList{data, "--qi", "age,sex", "--sensitive", "city"} +
           QStringList{"--insensitive", "id,born,score", "--missing", "drop"} +
           QStringList{"--hierarchy", "age=intervals:10,20", "--hierarchy", "sex=suppress"};
}

}  // namespace

class TestCliFormats : public QObject {
    Q_OBJECT
private slots:
    void adultSearchIsTheSameInEveryFormat() {
        QTemporaryDir dir;
        const QString csv = adultWithUnderscores(dir);
        // xlsx and dta by openpyxl and pandas when present; the sav by ReadStat's writer.
        const bool python = test::makeFixtures(csv, dir.path(), {"--sep", ";"});
        const Table table = readCsv(csv.toStdString());
        const std::string sav = dir.filePath("adult.sav").toStdString();
        test::writeBytes(sav, formatTableFor(sav, table, ',', false));
        if (!python) {
            for (const char* ext : {"xlsx", "dta"}) {
                const std::string p = dir.filePath(QString("adult.") + ext).toStdString();
                test::writeBytes(p, formatTableFor(p, table, ',', false));
            }
        }
        const QStringList search{"search",      "--criterion",  "k=5",
                                 "--criterion", "distinct-l=2", "--json"};
        const auto base = test::runCli(search + adultArgs(csv));
        QCOMPARE(base.exitCode, 0);
        QVERIFY(base.json()["satisfying_count"].toInt() > 0);  // a real search, not empty
        for (const char* ext : {"xlsx", "dta", "sav"}) {
            const auto r = test::runCli(search + adultArgs(dir.filePath(QString("adult.") + ext)));
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QCOMPARE(stable(r.json()), stable(base.json()));
        }
    }

    void smallTableSearchIsTheSame() {
        const QString dir = QString::fromStdString(test::fixture("formats/"));
        const QStringList search{"search", "--criterion", "k=2", "--threads", "1", "--json"};
        const auto base = test::runCli(search + smallArgs(dir + "small.csv"));
        QVERIFY2(base.exitCode == 0, base.err.constData());
        for (const char* file : {"small.xlsx", "small.dta"}) {
            const auto r = test::runCli(search + smallArgs(dir + file));
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QCOMPARE(stable(r.json()), stable(base.json()));
        }
    }

    void publishedInEveryFormatReadsBack() {
        QTemporaryDir dir;
        const QString csv = adultWithUnderscores(dir);
        const QStringList gen{"generalize",   "--criterion", "k=5",
                              "--keep-order", "--node",      "optimum"};
        const QString outCsv = dir.filePath("out.csv");
        const auto base = test::runCli(gen + adultArgs(csv) + QStringList{"-o", outCsv});
        QVERIFY2(base.exitCode == 0, base.err.constData());
        const Table expected = readCsv(outCsv.toStdString());
        for (const char* ext : {"xlsx", "dta", "sav"}) {
            const QString out = dir.filePath(QString("out.") + ext);
            const auto r = test::runCli(gen + adultArgs(csv) + QStringList{"-o", out});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            std::string why;
            QVERIFY2(test::sameTable(expected, readTableFile(out.toStdString()), why), why.c_str());
        }
        const auto release = test::runCli(
            gen + adultArgs(csv) +
            QStringList{"-o", dir.filePath("x.xlsx"), "--release", dir.filePath("r.json")});
        QVERIFY(release.exitCode != 0);
        QVERIFY2(release.err.contains("--release records the SHA-256 of the published CSV"),
                 release.err.constData());
    }

    void badFilesAreNamed() {
        const QString dir = QString::fromStdString(test::fixture("formats/"));
        // DATA first: --criterion takes every word up to the next option.
        const QStringList search{"--criterion", "k=2"};
        const auto pw =
            test::runCli(QStringList{"search"} + smallArgs(dir + "password.xlsx") + search);
        QVERIFY(pw.exitCode != 0);
        QVERIFY2(pw.err.contains("password.xlsx") && pw.err.contains("password-protected"),
                 pw.err.constData());
        const auto cell =
            test::runCli(QStringList{"search", dir + "errorcell.xlsx", "--qi", "a", "--hierarchy",
                                     "a=suppress", "--criterion", "k=2"});
        QVERIFY(cell.exitCode != 0);
        QVERIFY2(cell.err.contains("sheet Sheet1, cell C7"), cell.err.constData());
        const auto sheet = test::runCli(QStringList{"search"} + smallArgs(dir + "small.xlsx") +
                                        search + QStringList{"--sheet", "Data"});
        QVERIFY2(sheet.exitCode == 0, sheet.err.constData());
        const auto noSheet = test::runCli(QStringList{"search"} + smallArgs(dir + "small.xlsx") +
                                          search + QStringList{"--sheet", "Other"});
        QVERIFY(noSheet.exitCode != 0);
        QVERIFY2(noSheet.err.contains("no sheet 'Other'"), noSheet.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliFormats)
#include "test_cli_formats.moc"
