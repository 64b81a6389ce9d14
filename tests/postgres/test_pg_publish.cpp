// Publishing inside the database (issue 38, docs/database.md): `ldiv generalize` from a
// PostgreSQL table into a table of the same database runs one INSERT … SELECT in the server.
// The published table must hold exactly the rows of the CSV path's published file (Adult, and
// random tables with quotes in names and values, missing values, --missing drop), with the
// same rows suppressed (removed or masked, k-anonymity and distinct-l), and the client must
// receive no row: only the base groups (the process's COPY counter, rows_fetched, and the
// statements it sent). Runs under scripts/with-postgres.sh; skipped without PGHOST.
#include <QtTest>

#include <algorithm>
#include <random>

#include "cli_adult.h"
#include "cli_runner.h"
#include "pg_test_server.h"
#include "test_paths.h"

using namespace ldv;
using namespace ldv::test::pgshort;

namespace {

using Rows = std::vector<std::vector<QString>>;

// RFC 4180 records (quotes doubled, separators and newlines inside quotes), written here
// rather than with ldiv's reader so that the comparison does not trust the code under test.
Rows parseCsv(const QString& text, QChar sep) {
    Rows rows;
    std::vector<QString> row;
    QString field;
    bool quoted = false, any = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                field += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == '"') {
            quoted = true;
            any = true;
        } else if (c == sep) {
            row.push_back(field);
            field.clear();
            any = true;
        } else if (c == '\n') {
            row.push_back(field);
            rows.push_back(row);
            row.clear();
            field.clear();
            any = false;
        } else if (c != '\r') {
            field += c;
            any = true;
        }
    }
    if (any) {
        row.push_back(field);
        rows.push_back(row);
    }
    return rows;
}

QString readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

// The published file's rows, header first, the rest in canonical (sorted) order.
Rows csvRows(const QString& path, QChar sep) {
    Rows rows = parseCsv(readFile(path), sep);
    if (!rows.empty()) std::sort(rows.begin() + 1, rows.end());
    return rows;
}

// The table's rows as psql exports them (NULL and '' both read as ""), header first, sorted.
Rows tableRows(const QString& quotedTable) {
    const QString header = psql("COPY (SELECT * FROM " + quotedTable +
                                " LIMIT 0) TO STDOUT WITH (FORMAT csv, HEADER true)");
    Rows rows = parseCsv(
        header + psql("COPY (SELECT * FROM " + quotedTable + ") TO STDOUT WITH (FORMAT csv)"), ',');
    if (!rows.empty()) std::sort(rows.begin() + 1, rows.end());
    return rows;
}

// Runs the CSV path (file in, file out, source order kept) and the in-database path on the
// same data and options; returns both JSON reports after checking the rows agree.
struct Pair {
    QJsonObject csv, db;
};

Pair publishBoth(const QStringList& csvArgs, const QStringList& dbArgs, const QStringList& options,
                 const QString& outParams, const QString& quotedOut, QChar csvSep) {
    QTemporaryDir dir;
    const QString file = dir.filePath("published.csv");
    const auto c = test::runCli(QStringList{"generalize"} + csvArgs + options +
                                QStringList{"--keep-order", "--output", file, "--json"});
    if (c.exitCode != 0) qWarning("CSV path: %s", c.err.constData());
    const auto d = test::runCli(QStringList{"generalize"} + dbArgs + options +
                                QStringList{"--output", uri(outParams), "--replace", "--json"});
    if (d.exitCode != 0) qWarning("database path: %s", d.err.constData());
    Pair out{c.json(), d.json()};
    if (c.exitCode != 0 || d.exitCode != 0) return {};
    const Rows fromCsv = csvRows(file, csvSep);
    const Rows fromDb = tableRows(quotedOut);
    if (fromCsv != fromDb) {
        qWarning("CSV %zu rows, table %zu rows", fromCsv.size(), fromDb.size());
        for (std::size_t r = 0; r < std::min(fromCsv.size(), fromDb.size()); ++r)
            if (fromCsv[r] != fromDb[r]) {
                qWarning("first difference at sorted row %zu: %s | %s", r,
                         qPrintable(QStringList(fromCsv[r].begin(), fromCsv[r].end()).join(',')),
                         qPrintable(QStringList(fromDb[r].begin(), fromDb[r].end()).join(',')));
                break;
            }
        return {};
    }
    return out;
}

// No row reached the client: only the base groups (and their header) came through COPY, and
// no statement sent copies rows out.
void checkNoRowsTravelled(const QJsonObject& db, qint64 tableRows) {
    QVERIFY(db["in_database"].toBool());
    const qint64 groups = db["base_groups"].toInteger();
    QVERIFY(groups > 0);
    QVERIFY2(db["rows_fetched"].toInteger() <= groups + 1,
             qPrintable(QString("rows_fetched %1, base groups %2")
                            .arg(db["rows_fetched"].toInteger())
                            .arg(groups)));
    QVERIFY(db["rows_fetched"].toInteger() < tableRows);
    bool inserted = false;
    for (const auto& s : db["statements"].toArray()) {
        QVERIFY2(!s.toString().contains("TO STDOUT"), qPrintable(s.toString()));
        inserted = inserted || s.toString().contains(" AS SELECT ");
    }
    QVERIFY(inserted);
}

}  // namespace

class TestPgPublish : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        psql("DROP TABLE IF EXISTS pub_out");
        QCOMPARE(loadAdult("pub_adult"), QString("30162"));
    }

    // Adult, k=5 at a node with failing classes: the removed (and the masked) rows are the
    // CSV path's, and the rows never left the server.
    void adultEqualsCsv_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<qint64>("suppressed");
        QTest::newRow("k=5 1 % limit")
            << QStringList{"--node", "1,1,1,1,1", "-c", "k=5", "--suppression", "0.01"}
            << qint64(1);
        QTest::newRow("k=5 removed")
            << QStringList{"--node", "0,1,1,1,0", "-c", "k=5", "--suppression", "0.2"} << qint64(1);
        QTest::newRow("k=5 masked")
            << QStringList{"--node",        "0,1,1,1,0", "-c",           "k=5",
                           "--suppression", "0.2",       "--suppressed", "mask"}
            << qint64(1);
        QTest::newRow("distinct-l=2 removed")
            << QStringList{"--node", "0,2,1,1,1", "-c", "distinct-l=2", "--suppression", "0.3"}
            << qint64(1);
        QTest::newRow("optimum k=10")
            << QStringList{"--node", "optimum", "-c", "k=10", "--suppression", "0.02"}
            << qint64(-1);
    }
    void adultEqualsCsv() {
        QFETCH(QStringList, options);
        QFETCH(qint64, suppressed);
        const Pair p = publishBoth(test::adultOptions(ex("adult/adult.csv")),
                                   test::adultOptions(uri("table=pub_adult")), options,
                                   "table=pub_out", "pub_out", ';');
        QVERIFY(!p.db.isEmpty());
        QCOMPARE(p.db["rows"].toInteger(), p.csv["rows"].toInteger());
        QCOMPARE(p.db["suppressed_rows"].toInteger(), p.csv["suppressed_rows"].toInteger());
        QCOMPARE(p.db["suppressed"], p.csv["suppressed"]);
        QCOMPARE(p.db["node"], p.csv["node"]);
        QCOMPARE(p.db["columns"], p.csv["columns"]);
        if (suppressed > 0) QVERIFY(p.csv["suppressed_rows"].toInteger() > 0);
        checkNoRowsTravelled(p.db, 30162);
    }

    // The path that fetches the rows (--fetch-rows) gives the same table, and does fetch them.
    void fetchRowsAgrees() {
        const QStringList options{"--node", "0,1,1,1,0", "-c", "k=5", "--suppression", "0.2"};
        const auto f = test::runCli(QStringList{"generalize"} +
                                    test::adultOptions(uri("table=pub_adult")) + options +
                                    QStringList{"--output", uri("table=pub_fetched"), "--replace",
                                                "--fetch-rows", "--json"});
        QVERIFY2(f.exitCode == 0, f.err.constData());
        QVERIFY(!f.json().contains("in_database"));
        const auto d = test::runCli(
            QStringList{"generalize"} + test::adultOptions(uri("table=pub_adult")) + options +
            QStringList{"--output", uri("table=pub_out"), "--replace", "--json"});
        QVERIFY2(d.exitCode == 0, d.err.constData());
        QCOMPARE(tableRows("pub_out"), tableRows("pub_fetched"));
        // An existing table is refused without --replace, and left as it was.
        const QString before = psql("SELECT count(*) FROM pub_out");
        const auto again =
            test::runCli(QStringList{"generalize"} + test::adultOptions(uri("table=pub_adult")) +
                         options + QStringList{"--output", uri("table=pub_out")});
        QCOMPARE(again.exitCode, 1);
        QVERIFY2(again.err.contains("already exists"), again.err.constData());
        QCOMPARE(psql("SELECT count(*) FROM pub_out"), before);
    }

    // Random tables: names and values with quotes, commas, backslashes and spaces, an integer
    // QI, missing values (NULL and '?'), an identifying column; kept and dropped missing rows;
    // suppression removed and masked. The output table's name has both quotes in it.
    void randomTables() {
        std::mt19937 rng(38);
        const QStringList words{"a",   "O'Brien", "say \"hi\"", "x,y", "back\\slash",
                                "a b", "?",       "Zoë",        "b"};
        const QString qiText = "q \"one\"", qiInt = "it's", sens = "s", ins = "note", id = "id";
        qint64 suppressedTotal = 0, maskedRounds = 0;
        for (int round = 0; round < 6; ++round) {
            QTemporaryDir dir;
            const int rows = 200 + int(rng() % 400);
            // The CSV: names quoted; values quoted only when they must be, because ldiv's
            // reader takes a quoted "?" as the value ?, never as a missing token, while a
            // table has no quoting: its '?' is the token (the --missing drop round).
            const auto q = [](const QString& v) {
                return "\"" + QString(v).replace("\"", "\"\"") + "\"";
            };
            const auto field = [&](const QString& v) {
                return v.contains(',') || v.contains('"') ? q(v) : v;
            };
            QString csv =
                q(id) + "," + q(qiText) + "," + q(qiInt) + "," + q(sens) + "," + q(ins) + "\n";
            std::vector<QString> textValues;
            for (int r = 0; r < rows; ++r) {
                // Missing QI values only where --missing drop drops them: a hierarchy has no
                // empty value.
                const bool holes = round == 4;
                const QString t =
                    holes && rng() % 15 == 0 ? QString() : words[int(rng() % words.size())];
                const QString i =
                    holes && rng() % 20 == 0 ? QString() : QString::number(rng() % 12);
                const QString s = words[int(rng() % 4)];
                const QString n = words[int(rng() % words.size())];
                // An empty field unquoted: NULL in the table, missing "" in the CSV.
                csv += QString::number(r) + "," + field(t) + "," + i + "," + field(s) + "," +
                       field(n) + "\n";
            }
            const QString file = dir.filePath("random.csv");
            {
                QFile f(file);
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(csv.toUtf8());
            }
            // Hierarchies: the text QI by its first character, the integer by tens.
            QString h1;
            for (const QString& w : words) h1 += q(w) + "," + q(w.left(1)) + ",\"*\"\n";
            QString h2;
            for (int v = 0; v < 12; ++v)
                h2 += QString::number(v) + "," + (v < 6 ? "low" : "high") + ",*\n";
            for (const auto& [name, text] : {std::pair{QString("h1.csv"), h1}, {"h2.csv", h2}}) {
                QFile f(dir.filePath(name));
                QVERIFY(f.open(QIODevice::WriteOnly));
                f.write(text.toUtf8());
            }
            psql("DROP TABLE IF EXISTS pub_random");
            psql(
                "CREATE TABLE pub_random (id integer, \"q \"\"one\"\"\" text, \"it's\" integer, s "
                "text, note text)");
            psql(QString("\\copy pub_random FROM '%1' WITH (FORMAT csv, HEADER true)").arg(file));
            QCOMPARE(psql("SELECT count(*) FROM pub_random").trimmed(), QString::number(rows));
            const auto roles = [&](const QString& data) {
                return QStringList{data,
                                   "--qi",
                                   qiText + "," + qiInt,
                                   "--sensitive",
                                   sens,
                                   "--insensitive",
                                   ins,
                                   "--identifying",
                                   id,
                                   "--hierarchy",
                                   qiText + "=" + dir.filePath("h1.csv"),
                                   "--hierarchy",
                                   qiInt + "=" + dir.filePath("h2.csv")};
            };
            QStringList options{"--node",
                                round % 3 == 0 ? "0,0" : (round % 3 == 1 ? "1,0" : "0,1"),
                                "-c",
                                round < 3 ? "k=3" : "distinct-l=2",
                                "--suppression",
                                "0.5"};
            if (round % 2 == 1)
                options << "--suppressed"
                        << "mask";
            if (round == 4)
                options << "--missing"
                        << "drop"
                        << "--missing-token"
                        << "?"
                        << "--missing-token"
                        << "";
            const QString out = "pub%20%22q'uote";
            const Pair p = publishBoth(roles(file), roles(uri("table=pub_random")), options,
                                       "table=" + out, "\"pub \"\"q'uote\"", ',');
            QVERIFY2(!p.db.isEmpty(), qPrintable(QString("round %1").arg(round)));
            QCOMPARE(p.db["suppressed_rows"].toInteger(), p.csv["suppressed_rows"].toInteger());
            QCOMPARE(p.db["removed_columns"].toArray(), QJsonArray{id});
            checkNoRowsTravelled(p.db, rows);
            suppressedTotal += p.csv["suppressed_rows"].toInteger();
            if (p.db["suppressed"].toString() == "masked") ++maskedRounds;
        }
        // The rounds did suppress, and some masked.
        QVERIFY(suppressedTotal > 0);
        QVERIFY(maskedRounds > 0);
    }

    void cleanupTestCase() {
        if (!env("PGHOST").isEmpty())
            psql(
                "DROP TABLE IF EXISTS pub_adult, pub_out, pub_fetched, pub_random, "
                "\"pub \"\"q'uote\"");
    }
};

QTEST_GUILESS_MAIN(TestPgPublish)
#include "test_pg_publish.moc"
