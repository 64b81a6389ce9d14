// `ldiv generalize --pseudonymize`: identifying columns published as pseudonyms instead of
// being dropped (pseudonymize.h). Same input and secret give the same file, another secret
// another one; the secret's bytes appear in no written file (output, mapping, release record,
// project); the random mapping leads back to every original value; mask keeps UTF-8
// characters; exact messages (exit 1) for the missing secret, map and role.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <algorithm>
#include <map>

#include "cli_runner.h"
#include "file_fixtures.h"

using namespace ldv;

namespace {

QList<QByteArray> column(const QByteArray& csv, int index) {
    QList<QByteArray> out;
    const QList<QByteArray> lines = csv.trimmed().split('\n');
    for (int i = 1; i < lines.size(); ++i) out.push_back(lines[i].trimmed().split(',')[index]);
    return out;
}

}  // namespace

class TestCliPseudonymize : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        test::writeFile(path("people.csv"),
                        "name,zip,disease\nAnna,13053,flu\nBen,13053,cold\nZoë Ångström,13068,flu\n"
                        "Anna,13068,cold\n");
        test::writeFile(path("secret"), "s3cr3t-Key-7f9Q-2026\n");  // 16 bytes or more
        test::writeFile(path("other"), "another-key-0000\n");
    }
    void hmacIsStableAndKeyed() {
        const auto a = generalize("a.csv", {"--pseudonymize", "name", "--secret-file",
                                            path("secret"), "--release", path("a.json")});
        QCOMPARE(a.exitCode, 0);
        const auto b =
            generalize("b.csv", {"--pseudonymize", "name=hmac", "--secret-file", path("secret")});
        QCOMPARE(b.exitCode, 0);
        QCOMPARE(test::readFile(path("a.csv")), test::readFile(path("b.csv")));
        const QList<QByteArray> names = column(test::readFile(path("a.csv")), 0);
        QCOMPARE(names.size(), 4);
        QCOMPARE(names[0], names[3]);  // Anna twice: one pseudonym
        QVERIFY(names[0] != names[1]);
        for (const QByteArray& n : names) {
            QCOMPARE(n.size(), 32);
            QVERIFY(QByteArray::fromHex(n).toHex() == n);
        }
        QVERIFY(test::readFile(path("a.csv")).startsWith("name,zip,disease\n"));
        const auto c =
            generalize("c.csv", {"--pseudonymize", "name", "--secret-file", path("other")});
        QCOMPARE(c.exitCode, 0);
        const QList<QByteArray> others = column(test::readFile(path("c.csv")), 0);
        for (int i = 0; i < 4; ++i) QVERIFY(others[i] != names[i]);
        // The JSON names the pseudonymized column and removes nothing.
        QCOMPARE(a.json()["pseudonymized_columns"].toArray()[0].toString(), QString("name"));
        QVERIFY(a.json()["removed_columns"].toArray().isEmpty());
        // The secret's bytes are in no written file, nor in the outputs.
        for (const char* file : {"a.csv", "b.csv", "a.json"})
            QVERIFY2(!test::readFile(path(file)).contains("s3cr3t-Key-7f9Q-2026"), file);
        QVERIFY(!a.out.contains("s3cr3t") && !a.err.contains("s3cr3t"));
    }
    void projectRole() {
        // "pseudonymize": "hmac" on the identifying attribute; the secret comes at publishing.
        test::writeFile(
            path("p.ldiv.json"),
            "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"people.csv\"},"
            " \"attributes\": [{\"name\": \"name\", \"role\": \"identifying\", "
            "\"pseudonymize\": \"hmac\"}, {\"name\": \"zip\", \"role\": \"quasi-identifying\"},"
            " {\"name\": \"disease\", \"role\": \"sensitive\"}], \"criteria\": [\"k=1\"]}\n");
        const auto r =
            test::runCli({"generalize", "--project", path("p.ldiv.json"), "--node", "0",
                          "--keep-order", "-o", path("p.csv"), "--secret-file", path("secret")});
        QCOMPARE(r.exitCode, 0);
        const auto a =
            generalize("a2.csv", {"--pseudonymize", "name", "--secret-file", path("secret")});
        QCOMPARE(column(test::readFile(path("p.csv")), 0),
                 column(test::readFile(path("a2.csv")), 0));
        QVERIFY(!test::readFile(path("p.ldiv.json")).contains("s3cr3t"));
        const auto missing = test::runCli(
            {"generalize", "--project", path("p.ldiv.json"), "--node", "0", "-o", path("q.csv")});
        QCOMPARE(missing.exitCode, 1);
        QCOMPARE(missing.err.trimmed(),
                 QByteArray("ldiv: error: hmac pseudonyms need a secret: give --secret-file FILE "
                            "(the key is read from it and never written)"));
    }
    void randomMappingRoundTrips() {
        const auto r = generalize(
            "r.csv", {"--pseudonymize", "name=random", "--pseudonym-map", path("map.csv")});
        QCOMPARE(r.exitCode, 0);
        std::map<QByteArray, QByteArray> back;
        const QList<QByteArray> lines = test::readFile(path("map.csv")).trimmed().split('\n');
        QCOMPARE(lines[0].trimmed(), QByteArray("attribute,value,pseudonym"));
        for (int i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> f = lines[i].trimmed().split(',');
            QCOMPARE(f[0], QByteArray("name"));
            QVERIFY(back.emplace(f[2], f[1]).second);  // pseudonyms are distinct
        }
        QCOMPARE(back.size(), std::size_t(3));
        const QList<QByteArray> published = column(test::readFile(path("r.csv")), 0);
        const QList<QByteArray> original{"Anna", "Ben", "Zoë Ångström", "Anna"};
        for (int i = 0; i < 4; ++i) QCOMPARE(back.at(published[i]), original[i]);
    }
    void randomMappingListsThePublishedOnly() {
        // The mapping leads back to the published people only: not to those outside
        // δ-presence's research subset, nor to suppressed rows that were removed (masked ones
        // are published with their pseudonym, so they stay).
        auto names = [&](const char* file) {
            QList<QByteArray> out = column(test::readFile(path(file)), 1);
            std::sort(out.begin(), out.end());
            return out;
        };
        // The research subset disease=flu: Anna (13053) and Zoë are published, Ben and the
        // second Anna (13068, cold) are not.
        const auto subset = test::runCli(
            people("generalize") +
            QStringList{"--node", "0", "--keep-order", "-c", "delta-presence=0,1",
                        "--research-subset", "disease=flu", "-o", path("sub.csv"), "--pseudonymize",
                        "name=random", "--pseudonym-map", path("sub-map.csv")});
        QVERIFY2(subset.exitCode == 0, subset.err.constData());
        QCOMPARE(column(test::readFile(path("sub.csv")), 1), (QList<QByteArray>{"13053", "13068"}));
        QCOMPARE(names("sub-map.csv"), (QList<QByteArray>{"Anna", "Zoë Ångström"}));
        // k=2 with 1 row of suppression (⌊0.4·3⌋): Cleo's class of 1 is suppressed.
        test::writeFile(path("three.csv"), "name,zip\nAnna,1\nBen,1\nCleo,2\n");
        for (const char* suppressed : {"remove", "mask"}) {
            const QString out = path("three-out.csv"), map = path("three-map.csv");
            const auto r = test::runCli({"generalize",
                                         path("three.csv"),
                                         "--identifying",
                                         "name",
                                         "--qi",
                                         "zip",
                                         "--node",
                                         "0",
                                         "-c",
                                         "k=2",
                                         "--suppression",
                                         "0.4",
                                         "--suppressed",
                                         suppressed,
                                         "-o",
                                         out,
                                         "--pseudonymize",
                                         "name=random",
                                         "--pseudonym-map",
                                         map,
                                         "--json"});
            QVERIFY2(r.exitCode == 0, r.err.constData());
            QCOMPARE(r.json()["suppressed_rows"].toInt(), 1);
            const bool masked = QByteArray(suppressed) == "mask";
            // Masked, Cleo would be a class of 1 (failing k=2) in the published file: the masked
            // row is removed instead (masked_class.h), so the mapping leaves Cleo out either way.
            QCOMPARE(r.json()["masked_rows_removed"].toBool(), masked);
            QCOMPARE(names("three-map.csv"), (QList<QByteArray>{"Anna", "Ben"}));
            // Every pseudonym of the published file is in the mapping, and only those.
            QList<QByteArray> published = column(test::readFile(out), 0),
                              mapped = column(test::readFile(map), 2);
            std::sort(published.begin(), published.end());
            std::sort(mapped.begin(), mapped.end());
            QCOMPARE(published, mapped);
        }
    }
    void maskKeepsCharacters() {
        // At least half of every value is hidden (Ben: 1 of 3 characters kept).
        const auto first = generalize("m.csv", {"--pseudonymize", "name=mask:1"});
        QCOMPARE(first.exitCode, 0);
        QCOMPARE(column(test::readFile(path("m.csv")), 0),
                 (QList<QByteArray>{"A***", "B**", "Z***********", "A***"}));
        const auto last = generalize("l.csv", {"--pseudonymize", "name=mask:-1"});
        QCOMPARE(last.exitCode, 0);
        QCOMPARE(column(test::readFile(path("l.csv")), 0)[2], QByteArray("***********m"));
    }
    void sweepPublishesPseudonymsToo() {
        // `ldiv sweep -o` keeps every row in input order: the hmac names equal generalize's.
        test::writeFile(path("zip.csv"), "13053;130**;*\n13068;130**;*\n");
        test::writeFile(path("disease.csv"), "flu;*\ncold;*\n");
        QCOMPARE(generalize("g.csv", {"--pseudonymize", "name", "--secret-file", path("secret")})
                     .exitCode,
                 0);
        const auto r = test::runCli(
            people("sweep") + QStringList{"--hierarchy", "zip=" + path("zip.csv"),
                                          "--sensitive-hierarchy", path("disease.csv"), "--tau",
                                          "0.5", "--l", "2", "-o", path("s.csv"), "--pseudonymize",
                                          "name", "--secret-file", path("secret")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(test::readFile(path("s.csv")).startsWith("name,zip,disease\n"));
        QCOMPARE(column(test::readFile(path("s.csv")), 0),
                 column(test::readFile(path("g.csv")), 0));
        QVERIFY(!test::readFile(path("s.csv")).contains("s3cr3t"));
    }
    void errors_data() {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("random without map")
            << QStringList{"--pseudonymize", "name=random"}
            << QByteArray(
                   "ldiv: error: random pseudonyms can only be traced back through their "
                   "mapping: give --pseudonym-map FILE (and keep it apart from the "
                   "published data)");
        QTest::newRow("map is the output")
            << QStringList{"--pseudonymize", "name=random", "--pseudonym-map", path("e.csv")}
            << QByteArray("ldiv: error: --pseudonym-map '" + path("e.csv").toUtf8() +
                          "' is also --output: one would overwrite the other; choose another "
                          "file");
        QTest::newRow("not identifying")
            << QStringList{"--pseudonymize", "disease=hmac", "--secret-file", path("secret")}
            << QByteArray(
                   "ldiv: error: --pseudonymize 'disease': only identifying attributes "
                   "are pseudonymized (give it the identifying role, e.g. --identifying "
                   "disease)");
        QTest::newRow("bad method")
            << QStringList{"--pseudonymize", "name=sha1"}
            << QByteArray(
                   "ldiv: error: pseudonymize 'name=sha1': unknown method 'sha1'; write "
                   "COL, COL=hmac, COL=random or COL=mask:N (N ≠ 0 characters kept, "
                   "negative from the end)");
        QTest::newRow("map without random")
            << QStringList{"--pseudonymize", "name=mask:1", "--pseudonym-map", path("x.csv")}
            << QByteArray(
                   "ldiv: error: --pseudonym-map is written for COL=random pseudonyms "
                   "only");
    }
    void errors() {
        QFETCH(QStringList, extra);
        QFETCH(QByteArray, message);
        const auto r = generalize("e.csv", extra);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err.trimmed(), message);
    }

private:
    QString path(const char* name) const { return m_dir.filePath(name); }
    /// `COMMAND people.csv` with its roles: name identifying, zip the QI, disease sensitive.
    QStringList people(const char* command) const {
        return {command, path("people.csv"), "--identifying", "name", "--qi",
                "zip",   "--sensitive",      "disease"};
    }
    test::CliResult generalize(const char* output, const QStringList& extra) {
        return test::runCli(
            people("generalize") +
            // In the source's order: the tests compare rows by position.
            QStringList{"--node", "0", "-c", "k=1", "--keep-order", "-o", path(output), "--json"} +
            extra);
    }
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliPseudonymize)
#include "test_cli_pseudonymize.moc"
