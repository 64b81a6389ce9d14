// `ldiv diagnose`: the JSON contract of docs/diagnosis.md on Adult and hospital, the default
// attribute list, and exit codes for misplaced parameters.
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}
const QString kPaper = "age,workclass,education,marital-status,occupation,race,sex,native-country";
QStringList adult(const QStringList& more) {
    return QStringList{"diagnose", ex("adult/adult.csv"), "--json"} + more;
}
QStringList names(const QJsonValue& v) {
    QStringList out;
    for (const QJsonValue& x : v.toArray()) out << x.toString();
    return out;
}
}  // namespace

class TestCliDiagnose : public QObject {
    Q_OBJECT
private slots:
    void question3Contract() {
        const auto r = test::runCli(adult({"--question", "3", "--k", "2", "--attributes", kPaper}));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        QCOMPARE(j["question"].toInt(), 3);
        QCOMPARE(j["calls"].toInt(), 23);  // The privacy-diagnosis paper Fig. 1 at k = 2
        QCOMPARE(j["naive_calls"].toInt(), 256);
        QVERIFY(j.contains("elapsed_ms"));
        const QJsonArray answers = j["answers"].toArray();
        QVERIFY(!answers.isEmpty());
        for (const QJsonValue& a : answers) {
            QVERIFY(a.toObject()["k"].toInt() >= 2);
            QVERIFY(!names(a.toObject()["attributes"]).isEmpty());
            QVERIFY(!a.toObject().contains("delta"));  // no suppression in question 3
        }
    }
    void riskySetsAtMost() {
        const auto r = test::runCli(
            adult({"--question", "3", "--k", "1", "--at-most", "--attributes", kPaper}));
        QCOMPARE(r.exitCode, 0);
        const QJsonArray answers = r.json()["answers"].toArray();
        QVERIFY(!answers.isEmpty());
        QCOMPARE(names(answers[0].toObject()["attributes"]).size(), 1);  // smallest sets first
        for (const QJsonValue& a : answers) {
            QCOMPARE(a.toObject()["k"].toInt(), 1);
            QVERIFY(a.toObject()["exposed_rows"].toInt() >= 1);
        }
    }
    void suppressionRows() {
        const auto r = test::runCli(adult(
            {"--question", "6", "--delta", "0.01", "--attributes", "age,race,sex", "--rows"}));
        QCOMPARE(r.exitCode, 0);
        const QJsonObject a = r.json()["answers"].toArray()[0].toObject();
        QVERIFY(a["k"].toInt() > 1);
        QCOMPARE(a["delta"].toDouble(), 0.01);
        QVERIFY(a["suppressed_rows"].toInt() <= 302);  // ⌈0.01 · 30162⌉
        QCOMPARE(r.json()["rows_to_suppress"].toArray().size(), a["suppressed_rows"].toInt());
        // Question 9 gives back the δ that reaches that k.
        const auto back =
            test::runCli(adult({"--question", "9", "--k", QString::number(a["k"].toInt()),
                                "--attributes", "age,race,sex"}));
        QVERIFY(back.json()["answers"].toArray()[0].toObject()["delta"].toDouble() <= 0.01);
    }
    void isAnonymousOnHospital() {
        const auto r =
            test::runCli({"diagnose", ex("hospital/hospital_fig2_4anonymous.csv"), "--json",
                          "--question", "1", "--k", "4", "--attributes", "zip,age,nationality"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["holds"].toBool(), true);
        QCOMPARE(r.json()["answers"].toArray()[0].toObject()["k"].toInt(), 4);
    }
    void defaultAttributes() {
        // Every column without roles (Adult's 9), the quasi-identifiers with them.
        auto r = test::runCli(adult({"--question", "4", "--compact"}));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["naive_calls"].toInt(), 512);
        r = test::runCli(adult({"--question", "4", "--qi", "sex,race,age"}));
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["naive_calls"].toInt(), 8);
        QCOMPARE(r.json()["answers"].toArray().size(), 7);  // every non-empty subset listed
    }
    void humanReport() {
        const auto r = test::runCli(
            {"diagnose", ex("adult/adult.csv"), "--question", "2", "--attributes", "sex,race"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("k = 87"));
        QVERIFY(r.out.contains("k computations (naive: 4)"));
    }
    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("k on question 2")
            << QStringList{"--question", "2", "--k", "3"} << "does not take one";
        QTest::newRow("missing k") << QStringList{"--question", "3"} << "needs k";
        QTest::newRow("delta on 3") << QStringList{"--question", "3", "--k", "2", "--delta", "0.1"}
                                    << "does not take delta";
        QTest::newRow("bad delta") << QStringList{"--question", "6", "--delta", "2"} << "delta";
        QTest::newRow("unknown attribute")
            << QStringList{"--question", "2", "--attributes", "nope"} << "nope";
        QTest::newRow("question 13") << QStringList{"--question", "13"} << "question";
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = test::runCli(QStringList{"diagnose", ex("adult/adult.csv")} + args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(QString(r.err).contains(message), r.err.constData());
    }
};

QTEST_APPLESS_MAIN(TestCliDiagnose)
#include "test_cli_diagnose.moc"
