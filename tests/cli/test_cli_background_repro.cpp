// Issue 22 item 2 through `ldiv experiment background`: negative disclosures count the
// sensitive values absent from a class (Machanavajjhala et al. 2007 §3.2), worked by hand on
// the hospital's published Fig. 2.
#include <QJsonArray>
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

class TestCliBackgroundRepro : public QObject {
    Q_OBJECT
private slots:
    // Fig. 2's classes: rows 1–4 (Heart Disease, Viral Infection: Cancer absent → 1 negative
    // value each), rows 5–8 (all three conditions → none), rows 9–12 (Cancer only → Heart
    // Disease and Viral Infection absent, 2 each). So 8 rows with a negative disclosure and
    // Umeko (row 3) among them, before any knowledge.
    void negativeDisclosuresBeforeKnowledge() {
        const auto r = test::runCli(
            {"experiment", "background", "--project",
             QString::fromStdString(test::example("hospital/hospital.ldiv.json")), "--published",
             QString::fromStdString(test::example("hospital/hospital_fig2_4anonymous.csv")),
             "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject total = r.json()["total"].toObject();
        QCOMPARE(total["negative_before"].toInt(), 8);
        QCOMPARE(total["negative_after"].toInt(), 8);
        const QJsonArray rows = r.json()["rows"].toArray();
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0].toObject()["negative_before"].toInt(), 4);
        QCOMPARE(rows[1].toObject()["negative_before"].toInt(), 0);
        QCOMPARE(rows[2].toObject()["negative_before"].toInt(), 4);
        int umeko = -1, last = -1;
        for (const auto& v : r.json()["individuals"].toArray()) {
            const QJsonObject i = v.toObject();
            if (i["row"].toInt() == 3) umeko = i["negative_before"].toInt();
            if (i["row"].toInt() == 12) last = i["negative_before"].toInt();
        }
        QCOMPARE(umeko, 1);
        QCOMPARE(last, 2);
    }
};

QTEST_APPLESS_MAIN(TestCliBackgroundRepro)
#include "test_cli_background_repro.moc"
