// A sharded PostgreSQL cluster (scripts/with-pg-cluster.sh: a coordinator and 3 postgres_fdw
// shards, partitionwise aggregation on) must give exactly the answers of the same data as a
// CSV, for search, audit, risk, explain and frontier, which read only the groups (risk and
// explain fetch rows only for their per-row outputs); and the plans (--explain-sql) must show
// the aggregates running on the shards, for a partition key inside the GROUP BY (hash on age)
// and outside it (list on native-country: one GROUP BY per partition). Skipped without
// LDIV_CLUSTER_URI. Age is partitioned on and generalized, so classes span shards.
#include <QtTest>

#include "cli_runner.h"
#include "db_answers.h"
#include "test_paths.h"

using namespace ldv;

namespace {

QString env(const char* name) {
    return qEnvironmentVariable(name);
}
QString adult(const QString& file) {
    return QString::fromStdString(test::example("adult/" + file.toStdString()));
}
QString script(const char* name) {
    return QString::fromStdString(test::resource("../scripts/")) + name;
}

bool run(const QString& program, const QStringList& args, QString* err = nullptr) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(1200000);
    if (err) *err = QString::fromUtf8(p.readAllStandardError());
    return p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// Loads FILE into the cluster as TABLE partitioned by KEY (hash or list); age is an integer.
void load(const QString& file, const QString& table, const QString& key, const QString& kind,
          const QString& sep) {
    QString err;
    QVERIFY2(run("bash", {script("pg-cluster-load.sh"), file, table, key, kind, sep, "age=integer"},
                 &err),
             qPrintable(err));
}

const QStringList kQi{"sex", "age", "race", "marital-status", "education"};

QStringList roles(const QString& data, const QString& sep) {
    QStringList args{data, "--qi", kQi.join(','), "--sensitive", "salary-class"};
    if (!sep.isEmpty()) args << "--sep" << sep;
    for (const QString& a : kQi)
        args << "--hierarchy" << QString("%1=%2").arg(a, adult("adult_hierarchy_" + a + ".csv"));
    return args;
}

QString clusterUri(const QString& table) {
    return env("LDIV_CLUSTER_URI") + "?table=" + table;
}

}  // namespace

class TestPgCluster : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_synth;

private slots:
    void initTestCase() {
        if (env("LDIV_CLUSTER_URI").isEmpty())
            QSKIP("no PostgreSQL cluster: run under scripts/with-pg-cluster.sh");
        load(adult("adult.csv"), "adult_hash", "age", "hash", ";");
        load(adult("adult.csv"), "adult_list", "native-country", "list", ";");
        // A synthetic table of Adult's shape, 1 M rows (the whole suite takes about a minute
        // on 2 cores, the cluster's start included).
        m_synth = m_dir.filePath("synth.csv");
        const auto synth = test::runCli({"synth", adult("adult.csv"), "--sep", ";", "--rows",
                                         "1000000", "--seed", "7", "--output", m_synth});
        QVERIFY2(synth.exitCode == 0, synth.err.constData());
        // synth writes with the input's separator.
        load(m_synth, "synth_hash", "age", "hash", ";");
        load(m_synth, "synth_list", "native-country", "list", ";");
    }

    void answersEqualCsv_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QStringList>("command");
        const QList<QPair<QString, QStringList>> commands{
            {"search", {"search", "--criterion", "k=5", "--suppression", "0.02"}},
            {"search-l", {"search", "--criterion", "entropy-l=1.5"}},
            {"audit", {"audit", "--criterion", "k=5", "--node", "1,1,1,1,1"}},
            {"risk", {"risk", "--node", "1,2,1,1,1"}},
            {"risk-population",
             {"risk", "--node", "0,1,0,1,1", "--criterion", "k=3", "--suppression", "0.05",
              "--population-size", "40000000"}},
            // Rows listed: the groups, then the rows for the row indices.
            {"explain",
             {"explain", "--criterion", "k=5", "--node", "0,2,1,1,1", "--max-classes", "100000"}},
            // No row listed: the groups only; the default cap of 100 classes cuts among tied
            // classes, which must be the same ones as the CSV's.
            {"explain-groups",
             {"explain", "--criterion", "k=5", "--criterion", "entropy-l=1.2", "--node",
              "0,1,1,1,1", "--max-rows", "0"}},
            {"frontier", {"frontier", "--criteria-grid", "k=2,5", "--suppression", "0,0.02"}},
            {"frontier-l",
             {"frontier", "--criteria-grid", "entropy-l=1.2,1.5", "--suppression", "0.02", "--risk",
              "journalist", "--population-size", "40000000"}},
        };
        for (const char* table : {"adult_hash", "adult_list", "synth_hash", "synth_list"})
            for (const auto& c : commands)
                QTest::newRow(qPrintable(QString("%1 %2").arg(table, c.first)))
                    << QString(table) << c.second;
    }
    void answersEqualCsv() {
        QFETCH(QString, table);
        QFETCH(QStringList, command);
        const bool synthetic = table.startsWith("synth");
        const QString file = synthetic ? m_synth : adult("adult.csv");
        const auto csv = test::runCli(QStringList{command.first()} + roles(file, ";") +
                                      command.mid(1) + QStringList{"--json"});
        const auto db = test::runCli(QStringList{command.first()} + roles(clusterUri(table), {}) +
                                     command.mid(1) + QStringList{"--json"});
        // 3: a criterion does not hold at the node (audit, explain), the same for both.
        QVERIFY2(csv.exitCode == 0 || csv.exitCode == 3, csv.err.constData());
        QVERIFY2(db.exitCode == csv.exitCode, db.err.constData());
        QVERIFY(!csv.json().isEmpty());
        const QString d = test::answerDifference(db.json(), csv.json());
        QVERIFY2(d.isEmpty(), qPrintable(d));
    }

    // With the key (age) among the GROUP BY columns, partitionwise aggregation pushes the
    // whole GROUP BY to each shard; without it (native-country), ldiv sends one GROUP BY per
    // partition, and each is again a remote aggregate. Either way no row travels.
    void plansAggregateOnTheShards_data() {
        QTest::addColumn<QString>("table");
        QTest::newRow("hash on a QI") << "synth_hash";
        QTest::newRow("list on another column") << "synth_list";
    }
    void plansAggregateOnTheShards() {
        QFETCH(QString, table);
        const auto db = test::runCli(QStringList{"search"} + roles(clusterUri(table), {}) +
                                     QStringList{"--criterion", "k=5", "--json", "--explain-sql"});
        QVERIFY2(db.exitCode == 0, db.err.constData());
        const QString plan = QString::fromUtf8(db.err);
        for (int shard = 1; shard <= 3; ++shard) {
            const QString part = QString("%1_p%2").arg(table).arg(shard);
            QVERIFY2(plan.contains(QRegularExpression("Relations: Aggregate on \\(.*" + part)),
                     qPrintable(plan));
            QVERIFY2(plan.contains(QRegularExpression("Remote SQL: SELECT .* FROM public\\." +
                                                      part + ".* GROUP BY ")),
                     qPrintable(plan));
        }
        // No shard ships its rows for a coordinator-side aggregate.
        QVERIFY2(!plan.contains("Partial HashAggregate"), qPrintable(plan));
        QVERIFY2(plan.contains("Async Foreign Scan"), qPrintable(plan));
    }

    // risk, explain (no row index to list) and frontier send one GROUP BY and nothing else:
    // no row leaves the database, and the plans show each shard aggregating. An explain that
    // lists row indices fetches the rows after the groups (docs/database.md).
    void rowsStayInTheDatabase_data() {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QStringList>("command");
        QTest::addColumn<bool>("rowsFetched");
        const QList<QPair<QStringList, bool>> commands{
            {{"risk", "--node", "1,2,1,1,1", "--population-size", "40000000"}, false},
            {{"explain", "--criterion", "k=5", "--node", "0,2,1,1,1", "--max-rows", "0"}, false},
            {{"explain", "--criterion", "k=1", "--node", "0,0,0,0,0"}, false},
            {{"frontier", "--criteria-grid", "k=2,5", "--suppression", "0,0.02"}, false},
            {{"explain", "--criterion", "k=5", "--node", "0,2,1,1,1"}, true},
            {{"risk", "--node", "1,2,1,1,1", "--attribute-combinations"}, true},
        };
        for (const char* table : {"synth_hash", "synth_list"})
            for (const auto& c : commands)
                QTest::newRow(qPrintable(QString("%1 %2").arg(table, c.first.join(' '))))
                    << QString(table) << c.first << c.second;
    }
    void rowsStayInTheDatabase() {
        QFETCH(QString, table);
        QFETCH(QStringList, command);
        QFETCH(bool, rowsFetched);
        const auto db = test::runCli(QStringList{command.first()} + roles(clusterUri(table), {}) +
                                     command.mid(1) + QStringList{"--json", "--explain-sql"});
        QVERIFY2(db.exitCode == 0 || db.exitCode == 3, db.err.constData());
        const QStringList sent = test::statementsSent(db.err);
        const QString plan = QString::fromUtf8(db.err);
        if (!rowsFetched) {
            QVERIFY2(test::onlyGroupsSent(sent), qPrintable(plan));
            QCOMPARE(sent.size(), 1);
        } else {
            // The rows' COPY is the last statement, after the GROUP BY when explain had one.
            QVERIFY2(sent.last().startsWith("COPY (SELECT * FROM"), qPrintable(plan));
        }
        if (test::onlyGroupsSent({sent.first()}))
            for (int shard = 1; shard <= 3; ++shard) {
                const QString part = QString("%1_p%2").arg(table).arg(shard);
                QVERIFY2(plan.contains(QRegularExpression("Remote SQL: SELECT .* FROM public\\." +
                                                          part + ".* GROUP BY ")),
                         qPrintable(plan));
            }
    }

    // Local partitions (on the coordinator itself): the plain GROUP BY, whose partial
    // aggregation the server runs as well as any rewrite; the answer is the CSV's.
    void localPartitionsKeepThePlainStatement() {
        QString err;
        const QString psql = env("LDIV_PSQL").isEmpty() ? QString("psql") : env("LDIV_PSQL");
        for (const QString& sql :
             {QString("DROP TABLE IF EXISTS adult_local"),
              QString("CREATE TABLE adult_local (LIKE adult_hash) PARTITION BY LIST (workclass)"),
              QString("CREATE TABLE adult_local_a PARTITION OF adult_local FOR VALUES IN "
                      "('Private')"),
              QString("CREATE TABLE adult_local_b PARTITION OF adult_local DEFAULT"),
              QString("INSERT INTO adult_local SELECT * FROM adult_hash")})
            QVERIFY2(run(psql, {"-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", sql}, &err),
                     qPrintable(err));
        const QStringList search{"--criterion", "k=5", "--json"};
        const auto csv =
            test::runCli(QStringList{"search"} + roles(adult("adult.csv"), ";") + search);
        const auto db = test::runCli(QStringList{"search"} + roles(clusterUri("adult_local"), {}) +
                                     search + QStringList{"--explain-sql"});
        QVERIFY2(db.exitCode == 0, db.err.constData());
        const QString d = test::answerDifference(db.json(), csv.json());
        QVERIFY2(d.isEmpty(), qPrintable(d));
        const QString plan = QString::fromUtf8(db.err);
        QVERIFY2(plan.startsWith("-- COPY (SELECT") && !plan.contains("UNION ALL"),
                 qPrintable(plan));
    }
};

QTEST_GUILESS_MAIN(TestPgCluster)
#include "test_pg_cluster.moc"
