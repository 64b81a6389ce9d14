// The PostgreSQL module without a server: URI parsing and its errors, identifier quoting,
// the exact statements ldiv sends, and a check that they stay within what Citus
// (distributed PostgreSQL) runs on its workers. Citus is not packaged for Debian bookworm,
// so this test checks the statements' shape against Citus's documented limits instead of
// running them on a cluster (docs/database.md).
#include <QtTest>

#include <regex>
#include <set>

#include "cli_runner.h"
#include "ldiv/data/error.h"
#include "ldiv/postgres.h"
#include "ldiv/postgres_catalog.h"
#include "ldiv/postgres_table_hash.h"

using namespace ldv;

namespace {

// What libpq's PQescapeIdentifier / PQescapeLiteral return on a server with
// standard_conforming_strings on (their documented output), so that the statements' exact
// text can be checked without a server; the server tests (test_pg_server) use the real ones.
class LibpqLikeQuoter : public pg::Quoter {
public:
    std::string identifier(const std::string& name) const override {
        std::string out = "\"";
        for (char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
        return out + "\"";
    }
    std::string literal(const std::string& value) const override {
        const bool backslash = value.find('\\') != std::string::npos;
        std::string out = backslash ? " E'" : "'";
        for (char c : value) {
            if (c == '\'' || c == '\\') out += c;
            out += c;
        }
        return out + "'";
    }
};
const LibpqLikeQuoter q;

// The text outside quoted identifiers and string literals, where keywords and function
// names live (a column named "count(" or a literal 'JOIN' must not trip the check).
std::string unquoted(const std::string& sql) {
    std::string out;
    char quote = 0;
    for (char c : sql) {
        if (quote) {
            if (c == quote) quote = 0;
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            out += ' ';
            continue;
        }
        out += char(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

// What Citus distributes (Citus docs, "SQL support and workarounds"): single-table SELECT
// with GROUP BY and the count aggregate (computed per shard, summed by the coordinator),
// COPY (SELECT …) TO STDOUT, COPY … FROM STDIN, CREATE/DROP TABLE in a transaction. It
// does not push down joins of local temporary tables with distributed ones, and
// functions outside its list would run on the coordinator; so the statements may call no
// function but count, join nothing, and create nothing temporary.
QStringList citusProblems(const std::string& sql) {
    QStringList problems;
    const std::string text = unquoted(sql);
    for (const char* banned : {" join ", " temp ", " temporary ", " recursive ", " over ",
                               " lateral ", "nextval", " into ", " unlogged ", " window "})
        if ((" " + text + " ").find(banned) != std::string::npos)
            problems << QString("uses%1").arg(banned);
    static const std::set<std::string> keywords{"copy",  "in",    "with",   "from",
                                                "count", "table", "exists", "values"};
    static const std::regex call(R"(([a-z_][a-z0-9_]*)\s*\()");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), call);
         it != std::sregex_iterator(); ++it) {
        const std::string name = (*it)[1];
        if (!keywords.count(name)) problems << QString::fromStdString("calls " + name + "()");
    }
    // One relation per statement: a second FROM would be a subquery or join.
    std::size_t froms = 0;
    for (std::size_t p = text.find(" from "); p != std::string::npos;
         p = text.find(" from ", p + 1))
        ++froms;
    if (froms > 1) problems << "reads more than one relation";
    return problems;
}

}  // namespace

class TestPgStatements : public QObject {
    Q_OBJECT
private slots:
    void parsesTableAndQuery() {
        const pg::Location t = pg::parseLocation(
            "postgresql://ldiv@127.0.0.1:55432/db?table=public.adult&sslmode=disable");
        QCOMPARE(t.table, std::string("public.adult"));
        QCOMPARE(t.conninfo, std::string("postgresql://ldiv@127.0.0.1:55432/db?sslmode=disable"));
        QVERIFY(t.query.empty());
        // query= takes the rest, with & and = inside; %HH decoded, a lone % kept.
        const pg::Location q = pg::parseLocation(
            "postgres://u@h/db?query=SELECT a FROM t WHERE b = 'x&y' AND c LIKE '5%'%3B");
        QCOMPARE(q.query, std::string("SELECT a FROM t WHERE b = 'x&y' AND c LIKE '5%';"));
        QCOMPARE(q.conninfo, std::string("postgres://u@h/db"));
    }

    // The workbench dialog's URIs parse back to exactly the table or query chosen.
    void dialogUrisRoundTrip_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("query");
        QTest::newRow("schema.table") << "public.adult"
                                      << "";
        QTest::newRow("odd table name") << "a&b %41#c"
                                        << "";
        QTest::newRow("query with % and &")
            << ""
            << "SELECT * FROM t WHERE a LIKE '4%' AND b = 'x&y=z' -- #1";
    }
    void dialogUrisRoundTrip() {
        QFETCH(QString, table);
        QFETCH(QString, query);
        pg::ConnectionSettings s;
        s.host = "db.example";
        s.port = 5433;
        s.database = "reg istry";
        s.user = "anna@home";
        const std::string uri = pg::makeUri(s, table.toStdString(), query.toStdString());
        QVERIFY(uri.rfind("postgresql://anna%40home@db.example:5433/reg%20istry?", 0) == 0);
        const pg::Location loc = pg::parseLocation(uri);
        QCOMPARE(QString::fromStdString(loc.table), table);
        QCOMPARE(QString::fromStdString(loc.query), query);
        QCOMPARE(QString::fromStdString(loc.conninfo),
                 QString("postgresql://anna%40home@db.example:5433/reg%20istry"));
    }

    void malformedUris_data() {
        QTest::addColumn<QString>("uri");
        QTest::addColumn<QString>("message");
        QTest::newRow("no table") << "postgresql://u@h/db"
                                  << "no table= or query=";
        QTest::newRow("both") << "postgresql://u@h/db?table=a&query=SELECT 1"
                              << "either table= or query=";
        QTest::newRow("empty table") << "postgresql://u@h/db?table="
                                     << "names no table";
        QTest::newRow("port") << "postgresql://u@h:99999/db?table=a"
                              << "invalid port '99999'";
        QTest::newRow("port text") << "postgresql://u@h:abc/db?table=a"
                                   << "invalid";
        QTest::newRow("libpq param") << "postgresql://u@h/db?table=a&nosuch=1"
                                     << "nosuch";
    }
    void malformedUris() {
        QFETCH(QString, uri);
        QFETCH(QString, message);
        try {
            pg::parseLocation(uri.toStdString());
            QFAIL("accepted");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).contains(message), e.what());
            QVERIFY2(QString(e.what()).contains("malformed PostgreSQL URI"), e.what());
        }
    }

    void refusesPasswordInUri() {
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 pg::parseLocation("postgresql://u:secret@h/db?table=a"));
        // A publication target must be a table.
        QVERIFY_THROWS_EXCEPTION(InputError,
                                 pg::parseLocation("postgresql://u@h/db?query=SELECT 1", true));
    }

    void qualifiesTableNames() {
        QCOMPARE(
            pg::quoteQualified(pg::tableName(pg::parseLocation("postgresql://u@h/d?table=s.t")), q),
            std::string("\"s\".\"t\""));
        QCOMPARE(pg::quoteQualified(
                     pg::tableName(pg::parseLocation("postgresql://u@h/d?table=t&schema=ldiv")), q),
                 std::string("\"ldiv\".\"t\""));
        QCOMPARE(
            pg::quoteQualified(pg::tableName(pg::parseLocation("postgresql://u@h/d?table=t")), q),
            std::string("\"t\""));
    }

    // The exact text, so that docs/database.md can quote it.
    void exactStatements() {
        const pg::Location t = pg::parseLocation("postgresql://u@h/db?table=adult");
        CsvOptions keep;
        QCOMPARE(pg::groupStatement(t, {"sex", "age", "salary-class"}, {}, keep, q),
                 std::string("COPY (SELECT \"sex\", \"age\", \"salary-class\", count(*) AS "
                             "ldiv_rows FROM \"adult\" "
                             "GROUP BY \"sex\", \"age\", \"salary-class\") TO STDOUT WITH (FORMAT "
                             "csv, HEADER true)"));
        CsvOptions drop;
        drop.missing = MissingPolicy::Drop;
        QCOMPARE(pg::groupStatement(t, {"sex"}, {"sex", "age"}, drop, q),
                 std::string("COPY (SELECT \"sex\", count(*) AS ldiv_rows FROM \"adult\" WHERE "
                             "\"sex\" IS NOT NULL AND "
                             "\"sex\"::text NOT IN ('?', '') AND \"age\" IS NOT NULL AND "
                             "\"age\"::text NOT IN ('?', '') "
                             "GROUP BY \"sex\") TO STDOUT WITH (FORMAT csv, HEADER true)"));
        QCOMPARE(pg::describeStatement(t, q), std::string("SELECT * FROM \"adult\""));
        QCOMPARE(pg::previewStatement(t, 20, q),
                 std::string("COPY (SELECT * FROM \"adult\" LIMIT 20) TO STDOUT WITH (FORMAT "
                             "csv, HEADER true)"));
        // The schema is always named (resolved from current_schema() when the URI names none):
        // DROP and CREATE name the same table whatever the search_path.
        const auto publish =
            pg::publishStatements({"public", "published"}, {"sex", "age"}, true, q);
        QCOMPARE(
            publish,
            (std::vector<std::string>{
                "BEGIN", "DROP TABLE IF EXISTS \"public\".\"published\"",
                "CREATE TABLE \"public\".\"published\" (\"sex\" text, \"age\" text)",
                "COPY \"public\".\"published\" (\"sex\", \"age\") FROM STDIN WITH (FORMAT csv)",
                "COMMIT"}));
    }

    // The shape for a partition key outside the GROUP BY: one GROUP BY per leaf partition,
    // the missing-value filter in each, partial counts summed back to a bigint.
    // The canonical export of a release record's table (docs/database.md, "Release records
    // of a table"): every column as text in table order, ordered byte by byte, NULL first;
    // names quoted, a payload in a name stays a name.
    void canonicalExportStatement() {
        QCOMPARE(pg::canonicalExportStatement({"public", "t\"; DROP TABLE x; --"}, {"a", "b c"}, q),
                 std::string("COPY (SELECT \"a\"::text AS \"a\", \"b c\"::text AS \"b c\" FROM "
                             "\"public\".\"t\"\"; DROP TABLE x; --\" ORDER BY \"a\"::text "
                             "COLLATE \"C\" NULLS FIRST, \"b c\"::text COLLATE \"C\" NULLS "
                             "FIRST) TO STDOUT WITH (FORMAT csv, HEADER true)"));
    }

    void partitionStatements() {
        const LibpqLikeQuoter q;
        CsvOptions drop;
        drop.missing = MissingPolicy::Drop;
        drop.missingTokens = {"?"};
        QCOMPARE(pg::partitionGroupStatement({{"public", "t_p1"}, {"s", "t_p2"}}, {"sex", "age"},
                                             {"sex"}, drop, q),
                 std::string("COPY (SELECT \"sex\", \"age\", sum(ldiv_rows)::bigint AS ldiv_rows "
                             "FROM (SELECT \"sex\", \"age\", count(*) AS ldiv_rows FROM "
                             "\"public\".\"t_p1\" WHERE \"sex\" IS NOT NULL AND \"sex\"::text "
                             "NOT IN ('?') GROUP BY \"sex\", \"age\" UNION ALL SELECT \"sex\", "
                             "\"age\", count(*) AS ldiv_rows FROM \"s\".\"t_p2\" WHERE \"sex\" "
                             "IS NOT NULL AND \"sex\"::text NOT IN ('?') GROUP BY \"sex\", "
                             "\"age\") AS ldiv_parts GROUP BY \"sex\", \"age\") TO STDOUT WITH "
                             "(FORMAT csv, HEADER true)"));
        // Covered: every key column grouped (or no key at all); an expression key ("") never.
        QVERIFY(pg::coversPartitionKey({"a", "b"}, {}));
        QVERIFY(pg::coversPartitionKey({"a", "b"}, {"b"}));
        QVERIFY(pg::coversPartitionKey({"a", "b"}, {"b", "a"}));
        QVERIFY(!pg::coversPartitionKey({"a", "b"}, {"c"}));
        QVERIFY(!pg::coversPartitionKey({"a", "b"}, {"a", "c"}));
        QVERIFY(!pg::coversPartitionKey({"a", "b"}, {""}));
        // --explain-sql explains the SELECT inside each COPY, and nothing else.
        QCOMPARE(pg::copiedQuery("COPY (SELECT (1), 2) TO STDOUT WITH (FORMAT csv)"),
                 std::string("SELECT (1), 2"));
        QCOMPARE(pg::copiedQuery("SELECT 1"), std::string());
        QCOMPARE(pg::copiedQuery("COPY \"t\" FROM STDIN"), std::string());
    }

    void statementsStayWithinCitus() {
        const pg::Location t = pg::parseLocation("postgresql://u@h/db?table=adult");
        CsvOptions drop;
        drop.missing = MissingPolicy::Drop;
        const std::vector<std::string> columns{"sex",       "age",         "race", "marital-status",
                                               "education", "salary-class"};
        std::vector<std::string> all = columns;
        all.push_back("join");  // a column named like a keyword stays quoted
        std::vector<std::string> statements{
            pg::describeStatement(t, q), pg::groupStatement(t, columns, all, CsvOptions{}, q),
            pg::groupStatement(t, columns, all, drop, q), pg::rowsStatement(t, q),
            pg::previewStatement(t, 20, q)};
        for (const std::string& s : pg::publishStatements({"public", "p"}, all, true, q))
            statements.push_back(s);
        for (const std::string& s : statements) {
            const QStringList problems = citusProblems(s);
            QVERIFY2(problems.isEmpty(),
                     qPrintable(QString::fromStdString(s) + ": " + problems.join("; ")));
        }
        // The checker itself catches what it is there to catch.
        QVERIFY(!citusProblems("SELECT a FROM t JOIN pg_temp.x USING (a)").isEmpty());
        QVERIFY(!citusProblems("CREATE TEMP TABLE x (a text)").isEmpty());
        QVERIFY(!citusProblems("SELECT a, row_number() OVER () FROM t").isEmpty());
        QVERIFY(!citusProblems("SELECT md5(a) FROM t").isEmpty());
        QVERIFY(citusProblems("SELECT \"md5(\", count(*) FROM t WHERE x = 'JOIN' GROUP BY 1")
                    .isEmpty());
    }

    // Errors that need no server: exit code 2 and a message naming the fault.
    void cliErrorsWithoutServer_data() {
        QTest::addColumn<QString>("uri");
        QTest::addColumn<QString>("message");
        QTest::newRow("malformed") << "postgresql://ldiv@127.0.0.1:70000/ldiv?table=adult"
                                   << "invalid port";
        QTest::newRow("no table") << "postgresql://ldiv@127.0.0.1/ldiv"
                                  << "no table= or query=";
        // Nothing listens on port 1 of the loopback.
        QTest::newRow("refused") << "postgresql://ldiv@127.0.0.1:1/ldiv?table=adult"
                                 << "cannot connect";
    }
    void cliErrorsWithoutServer() {
        QFETCH(QString, uri);
        QFETCH(QString, message);
        const auto r = test::runCli({"search", uri, "--qi", "sex", "--criterion", "k=2"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains(uri.toUtf8()), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPgStatements)
#include "test_pg_statements.moc"
