// A sharded PostgreSQL cluster (scripts/with-pg-cluster.sh: a coordinator and 3 postgres_fdw
// shards, partitionwise aggregation on) must give exactly the answers of the same data as a
// CSV, for search, audit, risk, explain and frontier; and the plans (--explain-sql) must show
// the aggregates running on the shards, for a partition key inside the GROUP BY (hash on age)
// and outside it (list on native-country: one GROUP BY per partition). Skipped without
// LDIV_CLUSTER_URI. Age is partitioned on and generalized, so classes span shards.
#include <QtTest>

#include "cli_runner.h"
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

// The answer without what may differ between a file and a database: timings, how many
// nodes the parallel search happened to check (it varies from run to run), the source's
// statistics and name, row indices (a partitioned table returns its rows partition by
// partition, and an async Append in whichever order the shards answer), and the last bits
// of sums of logarithms added in a different group order (12 significant digits kept).
// Class numbers follow the rows' (or groups') order too, so they are left out (class,
// worst_class: among tied classes the first one numbered), and lists of objects (classes) are
// compared as sets.
QJsonValue essentials(const QJsonValue& v) {
    if (v.isDouble()) return QString::number(v.toDouble(), 'g', 12);
    if (v.isArray()) {
        QList<QJsonValue> items;
        bool objects = true;
        for (const QJsonValue& e : v.toArray()) {
            items.append(essentials(e));
            objects = objects && e.isObject();
        }
        auto text = [](const QJsonValue& e) {
            return QJsonDocument(e.toObject()).toJson(QJsonDocument::Compact);
        };
        if (objects)
            std::sort(items.begin(), items.end(),
                      [&](const QJsonValue& a, const QJsonValue& b) { return text(a) < text(b); });
        QJsonArray out;
        for (const QJsonValue& e : items) out.append(e);
        return out;
    }
    if (!v.isObject()) return v;
    QJsonObject out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString k = it.key();
        if (k.endsWith("_ms") || k == "statistics" || k == "source" || k == "data" ||
            k == "checked_nodes" || k == "class" || k == "worst_class" ||
            (k == "rows" && it.value().isArray()) || k == "threads")
            continue;
        out[k] = essentials(it.value());
    }
    return out;
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
            {"explain",
             {"explain", "--criterion", "k=5", "--node", "0,2,1,1,1", "--max-classes", "100000"}},
            {"frontier", {"frontier", "--criteria-grid", "k=2,5", "--suppression", "0,0.02"}},
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
        QCOMPARE(essentials(db.json()), essentials(csv.json()));
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
        QCOMPARE(essentials(db.json()), essentials(csv.json()));
        const QString plan = QString::fromUtf8(db.err);
        QVERIFY2(plan.startsWith("-- COPY (SELECT") && !plan.contains("UNION ALL"),
                 qPrintable(plan));
    }
};

QTEST_GUILESS_MAIN(TestPgCluster)
#include "test_pg_cluster.moc"
