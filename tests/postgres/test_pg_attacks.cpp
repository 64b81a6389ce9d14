// Issue #32, items 1, 7 and 8: what a crafted project file or URI must not make ldiv do to a
// database or to its user. The parts that need a server run under scripts/with-postgres.sh
// (PGHOST set) and skip otherwise; the password tests use a fake server of their own, so they
// always run.
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "cli_runner.h"
#include "ldiv/data/error.h"
#include "ldiv/postgres.h"
#include "ldiv/postgres_catalog.h"
#include "pg_test_server.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QString env(const char* name) {
    return qEnvironmentVariable(name);
}

QString uri(const QString& params, const QString& user = {}) {
    return test::pgUri(params, user);
}

QString psql(const QString& sql) {
    return test::runPsql(sql, {}, 120000).out.trimmed();
}

void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// A project whose data is `dataUri`, with `token` as a missing token and missing rows
// dropped (the path that puts the tokens into SQL).
QByteArray project(const QString& dataUri, const QString& token) {
    const QJsonObject data{
        {"path", dataUri}, {"missing_tokens", QJsonArray{token}}, {"missing_policy", "drop"}};
    const QJsonObject o{
        {"format", "ldiv-project"},
        {"version", 1},
        {"data", data},
        {"attributes", QJsonArray{QJsonObject{{"name", "zip"},
                                              {"role", "quasi-identifying"},
                                              {"hierarchy", QJsonObject{{"builder", "mask"}}}},
                                  QJsonObject{{"name", "condition"}, {"role", "sensitive"}}}},
        {"qi_order", QJsonArray{"zip"}},
        {"criteria", QJsonArray{"k=2"}}};
    return QJsonDocument(o).toJson();
}

// A fake PostgreSQL server on loopback: it refuses SSL and GSS encryption, asks for a
// clear-text password (AuthenticationCleartextPassword) and records what the client sends.
class FakeServer {
public:
    FakeServer() {
        m_listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = 0;
        ::bind(m_listener, reinterpret_cast<sockaddr*>(&a), sizeof a);
        ::listen(m_listener, 8);
        socklen_t len = sizeof a;
        ::getsockname(m_listener, reinterpret_cast<sockaddr*>(&a), &len);
        m_port = ntohs(a.sin_port);
        m_thread = std::thread([this] { serve(); });
    }
    ~FakeServer() {
        m_stop = true;
        ::shutdown(m_listener, SHUT_RDWR);
        ::close(m_listener);
        m_thread.join();
    }
    int port() const { return m_port; }
    QByteArray received() {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_received;
    }

private:
    static bool readAll(int fd, char* buffer, std::size_t n) {
        while (n > 0) {
            const ssize_t r = ::read(fd, buffer, n);
            if (r <= 0) return false;
            buffer += r;
            n -= std::size_t(r);
        }
        return true;
    }
    static std::uint32_t be32(const char* p) {
        return (std::uint32_t(std::uint8_t(p[0])) << 24) |
               (std::uint32_t(std::uint8_t(p[1])) << 16) |
               (std::uint32_t(std::uint8_t(p[2])) << 8) | std::uint32_t(std::uint8_t(p[3]));
    }
    void serve() {
        while (!m_stop) {
            const int fd = ::accept(m_listener, nullptr, nullptr);
            if (fd < 0) return;
            handle(fd);
            ::close(fd);
        }
    }
    void handle(int fd) {
        for (;;) {
            char head[8];
            if (!readAll(fd, head, 8)) return;
            const std::uint32_t length = be32(head), code = be32(head + 4);
            if (length < 8 || length > 10000) return;
            std::string rest(length - 8, '\0');
            if (!readAll(fd, rest.data(), rest.size())) return;
            if (code == 80877103 || code == 80877104) {  // SSLRequest, GSSENCRequest
                if (::write(fd, "N", 1) != 1) return;
                continue;
            }
            break;  // the startup message
        }
        const char ask[] = {'R', 0, 0, 0, 8, 0, 0, 0, 3};  // AuthenticationCleartextPassword
        if (::write(fd, ask, sizeof ask) != ssize_t(sizeof ask)) return;
        char head[5];
        if (!readAll(fd, head, 5) || head[0] != 'p') return;
        const std::uint32_t length = be32(head + 1);
        if (length < 4 || length > 10000) return;
        std::string password(length - 4, '\0');
        if (!readAll(fd, password.data(), password.size())) return;
        const std::lock_guard<std::mutex> lock(m_mutex);
        m_received += QByteArray::fromStdString(password);
    }

    int m_listener = -1;
    int m_port = 0;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
    std::mutex m_mutex;
    QByteArray m_received;
};

QProcessEnvironment withPassword(const QString& password) {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("PGPASSWORD", password);
    e.insert("PGCONNECT_TIMEOUT", "5");
    return e;
}

test::CliResult runWith(const QStringList& args, const QProcessEnvironment& e) {
    QProcess p;
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(LDIV_CLI_PATH), args);
    p.waitForFinished(120000);
    return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
}

// The message of parseLocation's InputError for `uri`; empty when it is accepted.
std::string parseError(const std::string& uri) {
    try {
        pg::parseLocation(uri);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

const char* kPayload = "\\') GROUP BY 1,2) TO STDOUT; DROP TABLE secret_table; --";

}  // namespace

class TestPgAttacks : public QObject {
    Q_OBJECT
private slots:
    // ---- item 1: SQL injection through a project file ----------------------------------

    // options= would have turned standard_conforming_strings off for the session; password=
    // and anything off the allow-list are refused the same way, whatever their %-encoding.
    void item01_uriParametersOnAnAllowList() {
        const std::pair<const char*, const char*> refused[] = {
            {"options=-c%20standard_conforming_strings=off", "options= is refused"},
            {"%6Fptions=-c%20x=y", "options= is refused"},  // libpq decodes keywords too
            {"service=evil", "'service' is not accepted"},
            {"passfile=/etc/passwd", "'passfile' is not accepted"},
            {"hostaddr=10.0.0.1", "'hostaddr' is not accepted"},
            {"dbname=host%3Devil", "not a connection string"}};
        for (const auto& [parameter, message] : refused) {
            const std::string why =
                parseError(std::string("postgresql://u@h/db?table=t&") + parameter);
            QVERIFY2(QString::fromStdString(why).contains(message), parameter);
        }
        for (const char* ok : {"host=h", "port=5433", "dbname=d", "user=u", "sslmode=disable"})
            QVERIFY(!pg::parseLocation(std::string("postgresql://u@h/db?table=t&") + ok)
                         .conninfo.empty());
    }

    // The attack, end to end: the options= project is refused before connecting, and
    // the same payload against a role whose server-side default turns
    // standard_conforming_strings off is quoted by PQescapeLiteral and drops nothing.
    void item01_missingTokenCannotInjectSql() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        psql("DROP TABLE IF EXISTS secret_table, attack_people");
        psql("CREATE TABLE secret_table (x int); INSERT INTO secret_table VALUES (42)");
        psql("CREATE TABLE attack_people (zip text, condition text)");
        psql(
            "INSERT INTO attack_people VALUES ('13053','flu'),('13068','flu'),('13053','hiv'),"
            "('13068','cold'),('?','flu')");
        psql(
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ldiv_scs') THEN "
            "CREATE ROLE ldiv_scs LOGIN; END IF; END $$");
        psql("ALTER ROLE ldiv_scs SET standard_conforming_strings = off");
        psql("GRANT SELECT ON attack_people TO ldiv_scs");
        QTemporaryDir dir;
        const QString withOptions =
            uri("table=attack_people&options=-c%20standard_conforming_strings=off");
        writeFile(dir.filePath("a.ldiv.json"), project(withOptions, kPayload));
        for (const char* command : {"search", "audit"}) {
            const auto r = test::runCli({command, "--project", dir.filePath("a.ldiv.json")});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("options= is refused"), r.err.constData());
        }
        writeFile(dir.filePath("b.ldiv.json"),
                  project(uri("table=attack_people", "ldiv_scs"), kPayload));
        for (const char* command : {"search", "audit"}) {
            const auto r =
                test::runCli({command, "--project", dir.filePath("b.ldiv.json"), "--json"});
            QVERIFY2(r.exitCode == 0 || r.exitCode == 3, r.err.constData());
            QCOMPARE(psql("SELECT x FROM secret_table"), QString("42"));
        }
        // The token is a value, compared as one: a row holding exactly the payload is dropped.
        psql(QString("INSERT INTO attack_people VALUES ('%1', 'flu')")
                 .arg(QString(kPayload).replace("'", "''")));
        const auto r = test::runCli({"search", "--project", dir.filePath("b.ldiv.json"), "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["statistics"].toObject()["rows"].toInt(), 5);
        QCOMPARE(psql("SELECT x FROM secret_table"), QString("42"));
    }

    // ?query= runs in a READ ONLY transaction, one statement only.
    void item01_queryHasNoSideEffects() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        psql("DROP SEQUENCE IF EXISTS attack_seq; CREATE SEQUENCE attack_seq START 100");
        psql("SELECT nextval('attack_seq')");
        psql(
            "DROP TABLE IF EXISTS secret_table; CREATE TABLE secret_table (x int); "
            "INSERT INTO secret_table VALUES (42)");
        const QString setval =
            uri("query=SELECT setval('attack_seq', 1) AS zip, 'flu' AS condition");
        for (const char* command : {"search", "audit", "inspect"}) {
            QStringList args{command, setval};
            if (QString(command) != "inspect")
                args << "--qi"
                     << "zip"
                     << "--hierarchy"
                     << "zip=mask";
            const auto r = test::runCli(args);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("read-only transaction"), r.err.constData());
            QCOMPARE(psql("SELECT last_value FROM attack_seq"), QString("100"));
        }
        const QString twoStatements = uri(
            "query=SELECT 1 AS zip) AS x; DROP TABLE secret_table; SELECT * FROM (SELECT 1 AS zip");
        const auto r = test::runCli({"inspect", twoStatements});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(psql("SELECT x FROM secret_table"), QString("42"));
    }

    // ---- item 7: a project file must not collect the user's password --------------------

    // PGPASSWORD goes to a server named on the command line (the positive control shows the
    // fake server would see it), never to one only a project file names, unless
    // --confirm-server names it.
    void item07_pgpasswordGoesOnlyToConfirmedServers() {
        FakeServer server;
        const QString at =
            QString("postgresql://victim@127.0.0.1:%1/db?table=t").arg(server.port());
        QTemporaryDir dir;
        writeFile(dir.filePath("p.ldiv.json"), project(at, "?"));
        const auto e = withPassword("topsecret-7");
        const auto fromProject = runWith({"search", "--project", dir.filePath("p.ldiv.json")}, e);
        QCOMPARE(fromProject.exitCode, 2);
        QVERIFY2(!server.received().contains("topsecret"), server.received().constData());
        QVERIFY2(fromProject.err.contains("--confirm-server"), fromProject.err.constData());
        QVERIFY(!fromProject.err.contains("topsecret"));

        const auto typed = runWith({"search", at, "--qi", "zip", "--hierarchy", "zip=mask"}, e);
        QCOMPARE(typed.exitCode, 2);
        QVERIFY2(server.received().contains("topsecret-7"), server.received().constData());

        FakeServer second;
        const QString other =
            QString("postgresql://victim@127.0.0.1:%1/db?table=t").arg(second.port());
        writeFile(dir.filePath("q.ldiv.json"), project(other, "?"));
        runWith({"search", "--project", dir.filePath("q.ldiv.json"), "--confirm-server",
                 QString("127.0.0.1:%1").arg(second.port())},
                e);
        QVERIFY2(second.received().contains("topsecret-7"), second.received().constData());
    }

    // A release record of a table names its server: verify reads the table there without
    // PGPASSWORD unless the user confirms that server (docs/database.md, "Release records of
    // a table").
    void item07_verifyWithholdsPasswordFromARecordsServer() {
        QTemporaryDir dir;
        const QString hospital =
            QString::fromStdString(test::example("hospital/hospital.ldiv.json"));
        const auto g = test::runCli({"generalize", "--project", hospital, "--node", "1,1,1",
                                     "--allow-failing", "--output", dir.filePath("out.csv"),
                                     "--release", dir.filePath("r.json")});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        FakeServer server;
        QFile f(dir.filePath("r.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonObject r = QJsonDocument::fromJson(f.readAll()).object();
        f.close();
        QJsonObject files = r["files"].toObject(), hashes = r["hashes"].toObject();
        files["published"] =
            QString("postgresql://victim@127.0.0.1:%1/db?table=t").arg(server.port());
        files["published_kind"] = "postgresql-table";
        hashes["published_method"] = "canonical-csv-v1";
        r["files"] = files;
        r["hashes"] = hashes;
        writeFile(dir.filePath("table.json"), QJsonDocument(r).toJson());
        const auto e = withPassword("topsecret-r");
        const auto v = runWith({"verify", dir.filePath("table.json")}, e);
        QCOMPARE(v.exitCode, 3);
        QVERIFY2(!server.received().contains("topsecret"), server.received().constData());
        QVERIFY2(v.out.contains("--confirm-server"), v.out.constData());
        runWith({"verify", dir.filePath("table.json"), "--confirm-server",
                 QString("127.0.0.1:%1").arg(server.port())},
                e);
        QVERIFY2(server.received().contains("topsecret-r"), server.received().constData());
    }

    // A password typed in the workbench's dialog is bound to the server it was typed for.
    void item07_sessionPasswordBoundToItsServer() {
        FakeServer typedFor, other;
        const pg::ConnectionSettings s{"127.0.0.1", typedFor.port(), "db", "victim"};
        pg::setSessionPassword(s, "typed-secret");
        try {
            pg::previewTable(QString("postgresql://victim@127.0.0.1:%1/db?table=t")
                                 .arg(other.port())
                                 .toStdString());
        } catch (const InputError&) {
        }
        QVERIFY2(!other.received().contains("typed-secret"), other.received().constData());
        try {
            pg::previewTable(pg::makeUri(s, "t"));
        } catch (const InputError&) {
        }
        QVERIFY2(typedFor.received().contains("typed-secret"), typedFor.received().constData());
        pg::setSessionPassword(s, {});
    }

    // password= is refused, and neither the refusal nor any later message echoes it.
    void item07_passwordInUriNeverEchoed() {
        for (const QString& u : {QString("postgresql://u@127.0.0.1:1/db?table=t&password=hunter2"),
                                 QString("postgresql://u@127.0.0.1:1/db?password=hunter2&table=t"),
                                 QString("postgresql://u:hunter2@127.0.0.1:1/db?table=t")}) {
            for (const char* command : {"inspect", "search"}) {
                QStringList args{command, u, "--json"};
                if (QString(command) == "search")
                    args << "--qi"
                         << "zip";
                const auto r = test::runCli(args);
                QCOMPARE(r.exitCode, 1);
                QVERIFY2(r.err.contains("password"), r.err.constData());
                QVERIFY2(!r.err.contains("hunter2") && !r.out.contains("hunter2"),
                         r.err.constData());
            }
        }
        QCOMPARE(QString::fromStdString(pg::redactUri("postgresql://u:pw@h/d?table=t&password=x")),
                 QString("postgresql://u:…@h/d?table=t&password=…"));
    }

    // ---- item 8: data loss and false results when publishing -----------------------------

    // Publishing refuses a temporary schema and names PostgreSQL would cut (no server needed:
    // the statements are refused before any is sent).
    void item08_publishRefusesTemporaryAndLongNames() {
        struct Q : pg::Quoter {
            std::string identifier(const std::string& n) const override { return "\"" + n + "\""; }
            std::string literal(const std::string& v) const override { return "'" + v + "'"; }
        } q;
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 pg::publishStatements({"pg_temp", "x"}, {"a"}, false, q));
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 pg::publishStatements({"pg_temp_3", "x"}, {"a"}, false, q));
        const std::string longName(64, 'n');
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 pg::publishStatements({"public", longName}, {"a"}, false, q));
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 pg::publishStatements({"public", "x"}, {longName}, false, q));
        QCOMPARE(pg::publishStatements({"public", std::string(63, 'n')}, {"a"}, false, q).size(),
                 std::size_t(4));
    }

    // --replace drops exactly the table it creates, whatever the search_path finds first;
    // pg_temp and long names exit 1 and leave nothing; --release with a database source
    // certifies the source table by its canonical hash.
    void item08_replaceDropsTheTableItCreates() {
        if (env("PGHOST").isEmpty())
            QSKIP("no PostgreSQL server: run under scripts/with-postgres.sh");
        const QString user = env("PGUSER");
        psql(QString("DROP SCHEMA IF EXISTS \"%1\" CASCADE").arg(user));
        psql("DROP TABLE IF EXISTS public.published8");
        psql(
            "CREATE TABLE public.published8 (keep text); INSERT INTO public.published8 VALUES "
            "('mine')");
        psql(QString("CREATE SCHEMA \"%1\"").arg(user));  // "$user" now comes first on the path
        const QString hospital =
            QString::fromStdString(test::example("hospital/hospital.ldiv.json"));
        const auto r =
            test::runCli({"generalize", "--project", hospital, "--node", "1,1,1", "--allow-failing",
                          "--output", uri("table=published8"), "--replace"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(psql("SELECT keep FROM public.published8"), QString("mine"));
        QCOMPARE(psql(QString("SELECT count(*) FROM \"%1\".published8").arg(user)), QString("12"));
        psql(QString("DROP SCHEMA \"%1\" CASCADE").arg(user));

        const auto temp = test::runCli({"generalize", "--project", hospital, "--node", "1,1,1",
                                        "--allow-failing", "--output", uri("table=pg_temp.x8")});
        QCOMPARE(temp.exitCode, 1);
        QVERIFY2(temp.err.contains("temporary"), temp.err.constData());
        const QString longName(64, 'n');
        const auto cut = test::runCli({"generalize", "--project", hospital, "--node", "1,1,1",
                                       "--allow-failing", "--output", uri("table=" + longName)});
        QCOMPARE(cut.exitCode, 1);
        QVERIFY2(cut.err.contains("63"), cut.err.constData());
        QCOMPARE(psql(QString("SELECT count(*) FROM pg_class WHERE relname LIKE 'nnnnnnnn%'")),
                 QString("0"));

        psql(
            "DROP TABLE IF EXISTS release_people; CREATE TABLE release_people (zip text, condition "
            "text); "
            "INSERT INTO release_people VALUES ('13053','flu'),('13068','flu')");
        QTemporaryDir dir;
        const auto release = test::runCli({"generalize", uri("table=release_people"), "--qi", "zip",
                                           "--sensitive", "condition", "--hierarchy", "zip=mask",
                                           "--node", "5", "--output", dir.filePath("out.csv"),
                                           "--release", dir.filePath("out.ldiv-release.json")});
        // The record's original is the table, hashed over its canonical export
        // (docs/database.md, "Release records of a table").
        QVERIFY2(release.exitCode == 0, release.err.constData());
        QFile record(dir.filePath("out.ldiv-release.json"));
        QVERIFY(record.open(QIODevice::ReadOnly));
        QVERIFY(record.readAll().contains("\"original_kind\": \"postgresql-table\""));
    }
};

QTEST_GUILESS_MAIN(TestPgAttacks)
#include "test_pg_attacks.moc"
