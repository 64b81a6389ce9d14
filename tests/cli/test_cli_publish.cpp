// `ldiv generalize` as the headless re-run of a workbench configuration (issue 9): the node
// is judged against the project's requirement, so the rows of failing classes are removed
// (or masked) exactly as the search suppressed them, `--node optimum` finds the node on a new
// table of the same schema, and the written table audits as satisfying the criteria.
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <QtTest>

#include "cli_runner.h"
#include "file_fixtures.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
const QString kQi = "sex,age,race,marital-status,education,native-country,workclass";

// `ldiv audit` of a published table at its own level 0, with the Adult project's criteria.
QJsonObject auditPublished(const QString& csv) {
    const auto r = test::runCli({"audit", csv, "--qi", kQi, "--sensitive", "occupation",
                                 "--criterion", "k=5", "--criterion", "entropy-l=3", "--json"});
    return r.exitCode == 0 ? r.json() : QJsonObject{{"error", QString(r.err)}};
}

bool allCriteriaHold(const QJsonObject& audit) {
    const QJsonArray criteria = audit["criteria"].toArray();
    if (criteria.size() != 2) return false;
    for (const QJsonValue& c : criteria)
        if (!c["holds"].toBool() || c["failing_classes"].toInt() != 0) return false;
    return true;
}
}  // namespace

class TestCliPublish : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void optimumOfProjectIsPublishedWithSuppression() {
        const auto search =
            test::runCli({"search", "--project", ex("adult/adult.ldiv.json"), "--json"});
        QCOMPARE(search.exitCode, 0);
        const QJsonObject optimum = search.json()["optimum"].toObject();
        const int suppressed = optimum["suppressed_rows"].toInt();
        QVERIFY(suppressed > 0);  // the 2 % limit is used: the test is about suppression

        const QString out = m_dir.filePath("adult_optimum.csv");
        const QString mapping = m_dir.filePath("adult_mapping.csv");
        const auto r =
            test::runCli({"generalize", "--project", ex("adult/adult.ldiv.json"), "--node",
                          "optimum", "-o", out, "--mapping", mapping, "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j["node"].toArray(), optimum["levels"].toArray());
        QCOMPARE(j["satisfies"].toBool(), true);
        QCOMPARE(j["suppressed_rows"].toInt(), suppressed);
        QCOMPARE(j["rows"].toInt(), 30162 - suppressed);

        const QJsonObject audit = auditPublished(out);
        QCOMPARE(audit["rows"].toInt(), 30162 - suppressed);
        QCOMPARE(audit["classes"].toInt(), optimum["classes"].toInt());
        QVERIFY2(allCriteriaHold(audit), QJsonDocument(audit).toJson().constData());

        // The mapping: one row per QI value of the data, its generalization at the node's level.
        QFile f(mapping);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QTextStream in(&f);
        QCOMPARE(in.readLine(), QString("attribute;level;value;generalized;rows"));
        const int ageLevel = optimum["levels"].toArray()[1].toInt();
        int rows = 0, ageRows = 0;
        bool sawAge39 = false;
        while (!in.atEnd()) {
            const QStringList cells = in.readLine().split(';');
            QCOMPARE(cells.size(), 5);
            ++rows;
            if (cells[0] != "age") continue;
            ageRows += cells[4].toInt();
            QCOMPARE(cells[1].toInt(), ageLevel);
            if (cells[2] == "39") {
                sawAge39 = true;
                // adult_hierarchy_age.csv: 39 → 35-39 (5-year bands) → 30-39 → 20-39 → *
                const QStringList chain{"39", "35-39", "30-39", "20-39", "*"};
                QCOMPARE(cells[3], chain.value(ageLevel));
            }
        }
        QVERIFY(sawAge39);
        // Published rows only: the suppressed rows' values and counts would give them away.
        QCOMPARE(ageRows, 30162 - suppressed);
        QVERIFY(rows > 100);
    }

    void maskedRowsStayWithStars() {
        const QString out = m_dir.filePath("adult_masked.csv");
        const auto r =
            test::runCli({"generalize", "--project", ex("adult/adult.ldiv.json"), "--node",
                          "optimum", "--suppressed", "mask", "-o", out, "--json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["rows"].toInt(), 30162);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QTextStream in(&f);
        in.readLine();
        int masked = 0;
        while (!in.atEnd())
            if (in.readLine().startsWith("*;*;*;*;*;*;*;")) ++masked;
        QCOMPARE(masked, r.json()["suppressed_rows"].toInt());
    }

    void configurationRerunsOnANewTable() {
        // A new table of the same schema: the first 12,000 rows of Adult.
        const QString part = m_dir.filePath("adult_part.csv");
        QVERIFY(test::writeFirstRows(ex("adult/adult.csv"), part, 12000));
        const QString out = m_dir.filePath("part_published.csv");
        const auto r = test::runCli({"generalize", "--project", ex("adult/adult.ldiv.json"), part,
                                     "--node", "optimum", "-o", out, "--json"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.json()["satisfies"].toBool());
        const auto search =
            test::runCli({"search", "--project", ex("adult/adult.ldiv.json"), part, "--json"});
        QCOMPARE(r.json()["node"].toArray(),
                 search.json()["optimum"].toObject()["levels"].toArray());
        const QJsonObject audit = auditPublished(out);
        QCOMPARE(audit["rows"].toInt(), r.json()["rows"].toInt());
        QVERIFY(audit["rows"].toInt() <= 12000 &&
                audit["rows"].toInt() >= 12000 - 240);  // ≤ ⌊0.02·n⌋ removed
        QVERIFY2(allCriteriaHold(audit), QJsonDocument(audit).toJson().constData());
    }

    void failingNodeIsRefused() {
        // A node failing the requirement is not published by default (exit 3, nothing written).
        const QString out = m_dir.filePath("refused.csv");
        const auto r = test::runCli({"generalize", "--project", ex("adult/adult.ldiv.json"),
                                     "--node", "0,0,0,0,0,0,0", "-o", out, "--json"});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(QString(r.err).trimmed(),
                 QString("ldiv: error: node 0,0,0,0,0,0,0 does not satisfy the criteria, even with "
                         "the suppression "
                         "limit: k=5 fails in 10002 classes (13657 rows); entropy-l=3 fails in "
                         "9903 classes (14305 "
                         "rows); nothing was written (write it anyway with --allow-failing)"));
        QVERIFY(!QFile::exists(out));
    }

    void failingNodeIsWrittenWhenAllowed() {
        const QString out = m_dir.filePath("bottom.csv");
        const auto r =
            test::runCli({"generalize", "--project", ex("adult/adult.ldiv.json"), "--node",
                          "0,0,0,0,0,0,0", "-o", out, "--json", "--allow-failing"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["satisfies"].toBool(), false);
        QCOMPARE(r.json()["allow_failing"].toBool(), true);
        QCOMPARE(r.json()["suppressed_rows"].toInt(), 0);
        QCOMPARE(r.json()["rows"].toInt(), 30162);
        QCOMPARE(QString(r.err).trimmed(),
                 QString("warning: node 0,0,0,0,0,0,0 does not satisfy the criteria, even with the "
                         "suppression "
                         "limit: k=5 fails in 10002 classes (13657 rows); entropy-l=3 fails in "
                         "9903 classes (14305 "
                         "rows); written anyway (--allow-failing), nothing was suppressed"));
        QVERIFY(QFile::exists(out));
    }

    void optimumNeedsCriteria() {
        const auto r =
            test::runCli({"generalize", ex("hospital/hospital.csv"), "--qi", "zip", "--hierarchy",
                          "zip=mask", "--node", "optimum", "-o", m_dir.filePath("x.csv")});
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(QString(r.err).trimmed(),
                 QString("ldiv: error: no criterion: give at least one --criterion (e.g. k=5)"));
    }
};

QTEST_GUILESS_MAIN(TestCliPublish)
#include "test_cli_publish.moc"
