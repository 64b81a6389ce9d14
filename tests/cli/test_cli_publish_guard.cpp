// Nothing published that was not asked for (issue 32, items 4, 5, 6, 10, 11 and 12): columns
// without a role are refused, masked rows form a class that meets the criteria or is removed,
// masked pseudonyms hide half of each value, audit fails with exit 3, the value mapping and
// the pseudonym map give no one away, short HMAC keys are refused, synth never leaves a
// partial file, errors name what is at fault, and published rows are shuffled with a recorded
// seed. Slot names start with the item's number.
#include <sys/stat.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "fault_injection.h"
#include "file_fixtures.h"

using namespace ldv;

namespace {

/// 9 rows at node 0,0: two classes of 4 with flu and cold, and one row with hiv alone.
const QByteArray kLoneHiv =
    "zip,age,disease\n1000,30,flu\n1000,30,cold\n1000,30,flu\n1000,30,cold\n"
    "2000,40,flu\n2000,40,cold\n2000,40,flu\n2000,40,cold\n3000,50,hiv\n";
/// kLoneHiv's two classes and four single rows, which together are 4 rows with 3 values.
const QByteArray kFourSingles =
    "zip,age,disease\n1000,30,flu\n1000,30,cold\n1000,30,flu\n1000,30,cold\n"
    "2000,40,flu\n2000,40,cold\n2000,40,flu\n2000,40,cold\n"
    "3000,50,hiv\n3001,51,flu\n3002,52,cold\n3003,53,hiv\n";

QList<QByteArray> lines(const QByteArray& text) {
    QList<QByteArray> out = text.split('\n');
    if (!out.isEmpty() && out.back().isEmpty()) out.pop_back();
    return out;
}

}  // namespace

class TestCliPublishGuard : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const QString& name) const { return m_dir.filePath(name); }

    /// generalize of `data` at node 0,0 (suppress hierarchies), with k=4 and distinct-2.
    test::CliResult generalizeNode00(const QString& data, const QString& output, double limit,
                                     const QStringList& extra = {}) const {
        QStringList args{"generalize",  data,           "--qi",          "zip,age",
                         "--sensitive", "disease",      "--hierarchy",   "zip=suppress",
                         "--hierarchy", "age=suppress", "--criterion",   "k=4",
                         "--criterion", "distinct-l=2", "--suppression", QString::number(limit),
                         "--node",      "0,0",          "--keep-order",  "-o",
                         output,        "--json"};
        return test::runCli(args + extra);
    }

    test::CliResult auditK4(const QString& published) const {
        return test::runCli({"audit", published, "--qi", "zip,age", "--sensitive", "disease",
                             "--criterion", "k=4", "--criterion", "distinct-l=2", "--json"});
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        test::writeFile(path("lone.csv"), kLoneHiv);
        test::writeFile(path("singles.csv"), kFourSingles);
        test::writeFile(path("people.csv"),
                        "id,name,email,zip,disease\n7,Al,al@x.org,13053,flu\n"
                        "42,Bo,bo@x.org,13053,cold\n7,Al,al@x.org,13068,flu\n"
                        "1234,Anna,anna@x.org,13068,cold\n");
        // Without the email column: every column has a role with --qi, --sensitive and
        // --identifying alone (the cases below run on main's options too).
        test::writeFile(path("ids.csv"),
                        "id,name,zip,disease\n7,Al,13053,flu\n42,Bo,13053,cold\n7,Al,13068,flu\n"
                        "1234,Anna,13068,cold\n");
    }

    // Item 4: a column without a role is refused, naming it; a role, insensitive included,
    // lets it through.
    void item04_unroledColumnRefused() {
        const QStringList base{"generalize",  path("people.csv"), "--qi",          "zip",
                               "--sensitive", "disease",          "--identifying", "id,name",
                               "--hierarchy", "zip=suppress",     "--node",        "1"};
        const auto r = test::runCli(base + QStringList{"-o", path("p4.csv")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("email") && r.err.contains("no role"), r.err.constData());
        QVERIFY(!QFile::exists(path("p4.csv")));

        const auto insensitive =
            test::runCli(base + QStringList{"--insensitive", "email", "-o", path("p4.csv")});
        QCOMPARE(insensitive.exitCode, 0);
        QVERIFY(test::readFile(path("p4.csv")).contains("al@x.org"));
        const auto identifying =
            test::runCli(base + QStringList{"--identifying", "email", "-o", path("p4b.csv")});
        QCOMPARE(identifying.exitCode, 0);
        QVERIFY(!test::readFile(path("p4b.csv")).contains("@"));

        // A project: an attribute without "role" (or without an entry) has none; "role":
        // "insensitive" is one.
        const QString project = path("p4.ldiv.json");
        auto writeProject = [&](const char* email) {
            test::writeFile(
                project,
                QByteArray("{\"format\":\"ldiv-project\",\"version\":1,\"data\":{\"path\":\"") +
                    path("people.csv").toUtf8() +
                    "\"},\"attributes\":[{\"name\":\"id\",\"role\":\"identifying\"},"
                    "{\"name\":\"name\",\"role\":\"identifying\"},"
                    "{\"name\":\"zip\",\"role\":\"quasi-identifying\",\"hierarchy\":"
                    "{\"builder\":\"suppress\"}},{\"name\":\"disease\",\"role\":\"sensitive\"}" +
                    email + "]}");
        };
        writeProject("");
        const auto missing = test::runCli(
            {"generalize", "--project", project, "--node", "1", "-o", path("p4c.csv")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY2(missing.err.contains("email"), missing.err.constData());
        writeProject(",{\"name\":\"email\",\"type\":\"text\"}");
        QCOMPARE(
            test::runCli({"generalize", "--project", project, "--node", "1", "-o", path("p4c.csv")})
                .exitCode,
            1);
        writeProject(",{\"name\":\"email\",\"role\":\"insensitive\"}");
        QCOMPARE(
            test::runCli({"generalize", "--project", project, "--node", "1", "-o", path("p4c.csv")})
                .exitCode,
            0);
    }

    // Item 5: masked rows that would form a failing class are removed, and the record says so;
    // audit agrees with the record either way.
    void item05_maskedClassMeetsCriteriaOrIsRemoved() {
        const QString out = path("p5.csv"), release = path("p5.json");
        const auto r = generalizeNode00(path("lone.csv"), out, 0.2,
                                        {"--suppressed", "mask", "--release", release});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["masked_rows_removed"].toBool(), true);
        QCOMPARE(r.json()["suppressed"].toString(), QString("removed"));
        QCOMPARE(r.json()["rows"].toInt(), 8);
        QVERIFY(!test::readFile(out).contains("hiv"));
        const QJsonObject record = QJsonDocument::fromJson(test::readFile(release)).object();
        const QJsonObject configuration = record["configuration"].toObject();
        QCOMPARE(configuration["suppressed"].toString(), QString("removed"));
        QCOMPARE(configuration["masked_class"].toObject()["removed"].toBool(), true);
        QCOMPARE(configuration["masked_class"].toObject()["rows"].toInt(), 1);
        QCOMPARE(auditK4(out).exitCode, 0);
        // Strict verify: exit 0 needs --original (the record claims its original's hash).
        const auto v =
            test::runCli({"verify", release, "--published", out, "--original", path("lone.csv")});
        QVERIFY2(v.exitCode == 0, qPrintable(v.out + v.err));

        // Four masked rows with three values meet k=4 and distinct-2: they stay masked.
        const QString kept = path("p5k.csv");
        const auto k = generalizeNode00(path("singles.csv"), kept, 0.4, {"--suppressed", "mask"});
        QCOMPARE(k.exitCode, 0);
        QCOMPARE(k.json()["masked_rows_removed"].toBool(), false);
        QCOMPARE(k.json()["suppressed"].toString(), QString("masked"));
        QCOMPARE(test::readFile(kept).count("*,*,"), 4);
        const auto audit = auditK4(kept);
        QCOMPARE(audit.exitCode, 0);
        QCOMPARE(audit.json()["k"].toInt(), 4);
    }

    // Item 6: a mask that keeps more than half of a value is refused, naming column and value.
    void item06_maskHidesHalfOfEachValue() {
        const QStringList base{"generalize",  path("ids.csv"), "--qi",          "zip",
                               "--sensitive", "disease",       "--identifying", "id,name",
                               "--hierarchy", "zip=suppress",  "--node",        "1",
                               "-o",          path("p6.csv")};
        const QList<std::pair<QString, QByteArray>> cases{
            {"id=mask:-4", "'7'"}, {"id=mask:3", "'7'"}, {"name=mask:1000", "'Al'"}};
        for (const auto& [spec, value] : cases) {
            const auto r = test::runCli(base + QStringList{"--pseudonymize", spec});
            QVERIFY2(r.exitCode == 2, qPrintable(spec + ": " + r.err));
            const QByteArray column = spec.section('=', 0, 0).toUtf8();
            QVERIFY2(r.err.contains("column '" + column + "'") && r.err.contains(value),
                     r.err.constData());
            QVERIFY(!QFile::exists(path("p6.csv")));
        }
        // mask:1 hides 1 of "Al"'s 2 characters: half, allowed.
        const auto ok = test::runCli(base + QStringList{"--pseudonymize", "name=mask:1"});
        QCOMPARE(ok.exitCode, 0);
        const QByteArray published = test::readFile(path("p6.csv"));
        QVERIFY(published.contains("A*") && !published.contains("Al,") &&
                published.contains("A***"));
    }

    // Item 10: audit exits 3 on a failing criterion.
    void item10_auditFailsWithExit3() {
        const auto r = auditK4(path("lone.csv"));
        QCOMPARE(r.exitCode, 3);
        QCOMPARE(r.json()["criteria"].toArray()[0].toObject()["holds"].toBool(), false);
        const auto text = test::runCli({"audit", path("lone.csv"), "--qi", "zip,age", "--sensitive",
                                        "disease", "--criterion", "k=4"});
        QCOMPARE(text.exitCode, 3);
        QVERIFY(text.out.contains("FAILS"));
    }

    // Item 10: the value mapping lists only published rows' values and counts.
    void item10_mappingHidesSuppressedPeople() {
        const QString mapping = path("p10map.csv");
        const auto r =
            generalizeNode00(path("lone.csv"), path("p10.csv"), 0.2, {"--mapping", mapping});
        QCOMPARE(r.exitCode, 0);
        const QByteArray text = test::readFile(mapping);
        QVERIFY2(!text.contains("3000") && !text.contains(",50,"), text.constData());
        int zipRows = 0;
        for (const QByteArray& line : lines(text).mid(1)) {
            const QList<QByteArray> cells = line.split(',');
            if (cells[0] == "zip") zipRows += cells[4].toInt();
        }
        QCOMPARE(zipRows, 8);
    }

    // Item 10: the random pseudonym map is readable by its owner only.
    void item10_pseudonymMapOwnerOnly() {
        const QString map = path("p10pmap.csv");
        const auto r = test::runCli({"generalize", path("ids.csv"), "--qi", "zip", "--sensitive",
                                     "disease", "--identifying", "id,name", "--hierarchy",
                                     "zip=suppress", "--node", "1", "--pseudonymize", "name=random",
                                     "--pseudonym-map", map, "-o", path("p10p.csv")});
        QCOMPARE(r.exitCode, 0);
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(map).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
    }

    // Item 10: an HMAC key under 16 bytes is refused.
    void item10_shortHmacKeyRefused() {
        const QStringList base{"generalize",
                               path("ids.csv"),
                               "--qi",
                               "zip",
                               "--sensitive",
                               "disease",
                               "--identifying",
                               "id,name",
                               "--hierarchy",
                               "zip=suppress",
                               "--node",
                               "1",
                               "--pseudonymize",
                               "name",
                               "-o",
                               path("p10h.csv"),
                               "--secret-file"};
        for (const QByteArray& key : {QByteArray("k"), QByteArray("fifteen-bytes-k")}) {
            test::writeFile(path("short.key"), key + "\n");
            const auto r = test::runCli(base + QStringList{path("short.key")});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("at least 16"), r.err.constData());
        }
        test::writeFile(path("good.key"), "sixteen-bytes-k!\n");
        QCOMPARE(test::runCli(base + QStringList{path("good.key")}).exitCode, 0);
    }

    // Item 10: synth stops at a write error, keeps the old output and leaves no partial file;
    // a row count that cannot fit the disk is refused before writing.
    void item10_synthNeverLeavesPartialFile() {
        QDir dir(path("synth"));
        QVERIFY(dir.mkpath("."));
        const QString out = dir.filePath("out.csv");
        test::writeFile(out, "old\n");
        QProcess p;
        test::limitChildFileSize(p, 4096);
        p.start(QStringLiteral(LDIV_CLI_PATH),
                {"synth", path("lone.csv"), "--rows", "100000", "--output", out});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        QCOMPARE(test::readFile(out), QByteArray("old\n"));
        QCOMPARE(dir.entryList(QDir::Files), QStringList{"out.csv"});

        const auto huge =
            test::runCli({"synth", path("lone.csv"), "--rows", "1000000000000", "--output", out});
        QCOMPARE(huge.exitCode, 2);
        QVERIFY2(huge.err.contains("free"), huge.err.constData());
        QCOMPARE(test::readFile(out), QByteArray("old\n"));
        QCOMPARE(dir.entryList(QDir::Files), QStringList{"out.csv"});
    }

    // Item 11: errors name what is at fault.
    void item11_errorsNameTheirCause() {
        // risk: the project's suppression_limit, not --suppression.
        const QString project = path("p11.ldiv.json");
        test::writeFile(
            project,
            QByteArray("{\"format\":\"ldiv-project\",\"version\":1,\"data\":{\"path\":\"") +
                path("lone.csv").toUtf8() +
                "\"},\"attributes\":[{\"name\":\"zip\",\"role\":\"quasi-identifying\","
                "\"hierarchy\":{\"builder\":\"suppress\"}},{\"name\":\"age\",\"role\":"
                "\"quasi-identifying\",\"hierarchy\":{\"builder\":\"suppress\"}},"
                "{\"name\":\"disease\",\"role\":\"sensitive\"}],\"criteria\":[\"k=2\"],"
                "\"suppression_limit\":5}");
        const auto risk = test::runCli({"risk", "--project", project, "--node", "0,0"});
        QCOMPARE(risk.exitCode, 1);
        QVERIFY2(risk.err.contains("suppression_limit") && !risk.err.contains("--suppression"),
                 risk.err.constData());

        // A line break as the project's separator.
        const QString newline = path("p11sep.ldiv.json");
        test::writeFile(
            newline,
            QByteArray("{\"format\":\"ldiv-project\",\"version\":1,\"data\":{\"path\":\"") +
                path("lone.csv").toUtf8() + "\",\"separator\":\"\\n\"}}");
        const auto sep = test::runCli({"inspect", "--project", newline});
        QCOMPARE(sep.exitCode, 2);
        QVERIFY2(sep.err.contains("separator") && !sep.err.contains("no data rows"),
                 sep.err.constData());

        // An empty cell kept as a value (--missing keep) and a hierarchy without it.
        test::writeFile(path("gap.csv"), "zip,disease\n1000,flu\n,cold\n2000,flu\n");
        test::writeFile(path("zip_h.csv"), "1000;1***;*\n2000;2***;*\n");
        const auto gap = test::runCli({"generalize", path("gap.csv"), "--qi", "zip", "--sensitive",
                                       "disease", "--hierarchy", "zip=" + path("zip_h.csv"),
                                       "--node", "2", "-o", path("p11gap.csv")});
        QCOMPARE(gap.exitCode, 2);
        QVERIFY2(gap.err.contains("zip") && gap.err.contains("missing") &&
                     gap.err.contains("--missing drop"),
                 gap.err.constData());
    }

    // Item 12: rows are shuffled by default, with the seed in the output and the record; the
    // seed reproduces the file (verify --original too); --keep-order keeps the source's order.
    void item12_rowsShuffledWithRecordedSeed() {
        QByteArray sorted = "id,zip,disease\n";
        for (int i = 0; i < 60; ++i)
            sorted += QByteArray::number(1000 + i) + "," + QByteArray::number(13000 + i % 3) + "," +
                      (i % 2 ? "flu" : "cold") + "\n";
        test::writeFile(path("sorted.csv"), sorted);
        const QStringList base{"generalize",  path("sorted.csv"), "--qi",          "zip",
                               "--sensitive", "disease",          "--identifying", "id",
                               "--hierarchy", "zip=suppress",     "--node",        "0",
                               "--json"};
        const auto a = test::runCli(
            base + QStringList{"-o", path("p12a.csv"), "--release", path("p12a.json")});
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(a.json()["shuffled"].toBool(), true);
        const QString seed = QString::number(qint64(a.json()["seed"].toDouble()));
        const QByteArray shuffled = test::readFile(path("p12a.csv"));
        QCOMPARE(lines(shuffled).size(), 61);
        const QJsonObject record =
            QJsonDocument::fromJson(test::readFile(path("p12a.json"))).object();
        const QJsonObject order = record["configuration"].toObject()["row_order"].toObject();
        QCOMPARE(order["shuffled"].toBool(), true);
        QCOMPARE(QString::number(qint64(order["seed"].toDouble())), seed);
        const auto verify = test::runCli({"verify", path("p12a.json"), "--published",
                                          path("p12a.csv"), "--original", path("sorted.csv")});
        QVERIFY2(verify.exitCode == 0, verify.out.constData());

        const auto again = test::runCli(base + QStringList{"-o", path("p12b.csv"), "--seed", seed});
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(test::readFile(path("p12b.csv")), shuffled);

        const auto kept = test::runCli(base + QStringList{"-o", path("p12c.csv"), "--keep-order",
                                                          "--release", path("p12c.json")});
        QCOMPARE(kept.exitCode, 0);
        QCOMPARE(kept.json()["shuffled"].toBool(), false);
        const QByteArray inOrder = test::readFile(path("p12c.csv"));
        QVERIFY(inOrder != shuffled);
        QList<QByteArray> x = lines(inOrder), y = lines(shuffled);
        std::sort(x.begin(), x.end());
        std::sort(y.begin(), y.end());
        QCOMPARE(x, y);  // the same rows
        QCOMPARE(lines(inOrder)[1], QByteArray("13000,cold"));
        const QJsonObject keptRecord =
            QJsonDocument::fromJson(test::readFile(path("p12c.json"))).object();
        QCOMPARE(keptRecord["configuration"].toObject()["row_order"].toObject()["shuffled"],
                 QJsonValue(false));
        QCOMPARE(
            test::runCli(base + QStringList{"-o", path("p12d.csv"), "--keep-order", "--seed", "3"})
                .exitCode,
            1);
    }

    // Item 12: a per-release HMAC key makes the same person's pseudonyms differ between
    // releases (they cannot be joined), with no key file.
    void item12_perReleaseKeyUnlinksReleases() {
        const QStringList base{"generalize",
                               path("ids.csv"),
                               "--qi",
                               "zip",
                               "--sensitive",
                               "disease",
                               "--identifying",
                               "id,name",
                               "--hierarchy",
                               "zip=suppress",
                               "--node",
                               "1",
                               "--keep-order",
                               "--pseudonymize",
                               "name",
                               "--pseudonym-key-per-release",
                               "-o"};
        QCOMPARE(test::runCli(base + QStringList{path("p12k1.csv")}).exitCode, 0);
        QCOMPARE(test::runCli(base + QStringList{path("p12k2.csv")}).exitCode, 0);
        const QList<QByteArray> one = lines(test::readFile(path("p12k1.csv")));
        const QList<QByteArray> two = lines(test::readFile(path("p12k2.csv")));
        QCOMPARE(one.size(), 5);
        const QByteArray first = one[1].split(',')[0], second = two[1].split(',')[0];
        QCOMPARE(first.size(), 32);
        QVERIFY(first != second);
        QCOMPARE(one[3].split(',')[0], first);  // Al twice, one pseudonym within a release
    }
};

QTEST_GUILESS_MAIN(TestCliPublishGuard)
#include "test_cli_publish_guard.moc"
