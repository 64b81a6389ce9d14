// Issue 32: `ldiv verify` checks everything it prints. A record is input from anyone, who can
// recompute its hashes (item 2: emptied quasi-identifiers; item 3: claims never checked, record
// paths opened), correct releases verify (item 9: distribution criteria with suppression,
// masked rows at the top node, a don't-care value only suppressed rows had; a seeded property
// test of random small publications), and signed records cannot be forged.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include "cli_runner.h"
#include "file_fixtures.h"
#include "release_verdicts.h"
#include "test_paths.h"

using namespace ldv;
using test::failing;
using test::verdict;

namespace {

QString ex(const char* path) {
    return QString::fromStdString(test::example(path));
}

using test::readJson;
using test::writeAll;

QByteArray readAll(const QString& path) {
    return test::readFile(path);
}
QString sha256(const QByteArray& bytes) {
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

/// What an attacker does after editing a record: the configuration hash made to match again
/// (sorted keys, compact: the bytes ldiv hashes).
QJsonObject rehashed(QJsonObject record) {
    const QJsonObject c = record["configuration"].toObject();
    QJsonObject h = record["hashes"].toObject();
    h["configuration"] = sha256(QJsonDocument(c).toJson(QJsonDocument::Compact));
    record["hashes"] = h;
    return record;
}

// Verify without --original: every claim it could recompute holds, the ones that need the
// original are named as not checked, and that fails the verdict (exit 3): "verified" means
// every claim was recomputed.
bool holdsButNeedsOriginal(const test::CliResult& r) {
    const QJsonObject j = r.json();
    bool unchecked = false;
    for (const QJsonValue& c : j["claims"].toArray()) {
        const QString v = c["verdict"].toString();
        if (v == "fails") return false;
        unchecked = unchecked || v == "not checked";
    }
    return r.exitCode == 3 && unchecked && !j["verified"].toBool() &&
           j["not_checked"].toArray().contains(QJsonValue("original file hash"));
}

}  // namespace

class TestCliVerifyClaims : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_published, m_release;

    test::CliResult verify(const QString& release, const QString& published,
                           const QStringList& more = {}) {
        return test::runCli(QStringList{"verify", release, "--published", published, "--json"} +
                            more);
    }
    QString save(const QString& name, const QJsonObject& record) {
        const QString path = m_dir.filePath(name);
        writeAll(path, QJsonDocument(record).toJson());
        return path;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_published = m_dir.filePath("hospital-out.csv");
        m_release = m_dir.filePath("hospital.ldiv-release.json");
        const auto r =
            test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                          "optimum", "-o", m_published, "--release", m_release});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const auto v = verify(m_release, m_published, {"--original", ex("hospital/hospital.csv")});
        QVERIFY2(v.exitCode == 0, v.out.constData());
    }

    // Item 2: the record's quasi-identifiers emptied, the original passed off as the
    // published file, every figure rewritten to what the original shows with no QI.
    void item02_emptiedQuasiIdentifiersDoNotCertifyTheOriginal_data() {
        QTest::addColumn<bool>("projectToo");
        QTest::newRow("configuration only") << false;
        QTest::newRow("configuration and project") << true;
    }
    void item02_emptiedQuasiIdentifiersDoNotCertifyTheOriginal() {
        QFETCH(bool, projectToo);
        const QString original = ex("hospital/hospital.csv");
        QJsonObject record = readJson(m_release);
        QJsonObject c = record["configuration"].toObject();
        c["quasi_identifiers"] = QJsonArray();
        c["node"] = QJsonArray{0, 0, 0};
        if (projectToo) {
            QJsonObject project = c["project"].toObject();
            QJsonArray attributes = project["attributes"].toArray();
            for (int i = 0; i < attributes.size(); ++i) {
                QJsonObject a = attributes[i].toObject();
                if (a["role"].toString() == "quasi-identifying") a["role"] = "insensitive";
                attributes[i] = a;
            }
            project["attributes"] = attributes;
            project.remove("qi_order");
            c["project"] = project;
        }
        record["configuration"] = c;
        record["node"] = QJsonArray{0, 0, 0};
        QJsonObject h = record["hashes"].toObject();
        h["published"] = sha256(readAll(original));
        record["hashes"] = h;
        record["rows"] = QJsonObject{{"original", 12}, {"published", 12}, {"suppressed", 0}};
        QJsonArray criteria = record["criteria"].toArray();
        QJsonObject d = criteria[0].toObject();
        d["measured"] = 3;
        d["holds"] = true;
        criteria[0] = d;
        record["criteria"] = criteria;
        record["risk"] =
            QJsonObject{{"model", "prosecutor"}, {"highest", 1.0 / 12}, {"average", 1.0 / 12}};
        record["satisfies"] = true;
        const QString forged = save("item02.json", rehashed(record));
        const auto r = verify(forged, original, {"--original", original});
        QVERIFY2(r.exitCode == 3, r.out.constData());
        QCOMPARE(verdict(r.json(), "configuration hash"), QString("holds"));
        QCOMPARE(verdict(r.json(), "configuration"), QString("fails"));
        QVERIFY(r.json()["verified"] == false);
        // Without --original too.
        QCOMPARE(verify(forged, original).exitCode, 3);
    }

    // Item 3: every field is recomputed or fails.
    void item03_everyClaimIsChecked_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("claim");
        QTest::newRow("extra criterion k=100") << "extra k"
                                               << "criteria listed";
        QTest::newRow("extra t-closeness=0.01") << "extra t"
                                                << "criteria listed";
        QTest::newRow("threshold") << "threshold"
                                   << "criterion distinct-l=3";
        QTest::newRow("description") << "description"
                                     << "criterion distinct-l=3";
        QTest::newRow("measure name") << "measure"
                                      << "criterion distinct-l=3";
        QTest::newRow("rows.original") << "rows.original"
                                       << "original rows";
        QTest::newRow("rows.suppressed") << "rows.suppressed"
                                         << "suppressed rows";
        QTest::newRow("top-level node") << "node"
                                        << "configuration";
        QTest::newRow("risk.model") << "risk.model"
                                    << "record format";
        QTest::newRow("hashes.algorithm") << "hashes.algorithm"
                                          << "record format";
        QTest::newRow("version 0") << "version"
                                   << "record format";
        QTest::newRow("unknown key") << "unknown"
                                     << "record format";
        QTest::newRow("unknown criterion key") << "unknown criterion key"
                                               << "record format";
        QTest::newRow("configuration.kind") << "kind"
                                            << "configuration";
        QTest::newRow("configuration.kind sweep") << "kind sweep"
                                                  << "configuration";
        QTest::newRow("no configuration.output") << "no output"
                                                 << "configuration";
        QTest::newRow("configuration unknown key") << "config key"
                                                   << "configuration";
        QTest::newRow("suppression limit") << "limit"
                                           << "configuration";
    }
    void item03_everyClaimIsChecked() {
        QFETCH(QString, what);
        QFETCH(QString, claim);
        QJsonObject record = readJson(m_release);
        QJsonObject c = record["configuration"].toObject();
        QJsonArray criteria = record["criteria"].toArray();
        QJsonObject first = criteria[0].toObject();
        auto extra = [&](const QString& spec, const QString& measure) {
            criteria.append(QJsonObject{{"spec", spec},
                                        {"description", spec},
                                        {"measure", measure},
                                        {"measured", 1},
                                        {"threshold", 1},
                                        {"higher_is_better", true},
                                        {"holds", true}});
        };
        if (what == "extra k") extra("k=100", "min_class_size");
        if (what == "extra t") extra("t-closeness=0.01", "max_emd");
        if (what == "threshold") first["threshold"] = 2;
        if (what == "description") first["description"] = "perfectly anonymous";
        if (what == "measure") first["measure"] = "min_class_size";
        if (what == "unknown criterion key") first["certified_by"] = "a regulator";
        criteria[0] = first;
        record["criteria"] = criteria;
        QJsonObject rows = record["rows"].toObject();
        if (what == "rows.original") rows["original"] = rows["original"].toInt() + 1;
        if (what == "rows.suppressed") rows["suppressed"] = 1;
        record["rows"] = rows;
        if (what == "node") record["node"] = QJsonArray{0, 0, 0};
        QJsonObject risk = record["risk"].toObject();
        if (what == "risk.model") risk["model"] = "journalist";
        record["risk"] = risk;
        QJsonObject h = record["hashes"].toObject();
        if (what == "hashes.algorithm") h["algorithm"] = "md5";
        record["hashes"] = h;
        if (what == "version") record["version"] = 0;
        if (what == "unknown") record["certified"] = true;
        if (what == "kind") c["kind"] = "other";
        if (what == "kind sweep") c["kind"] = "sweep";
        if (what == "no output") c.remove("output");
        if (what == "config key") c["extra"] = 1;
        if (what == "limit") c["suppression_limit"] = 0.5;
        record["configuration"] = c;
        const QString forged = save("item03.json", rehashed(record));
        for (const bool withOriginal : {true, false}) {
            const auto r =
                verify(forged, m_published,
                       withOriginal ? QStringList{"--original", ex("hospital/hospital.csv")}
                                    : QStringList{});
            if (!withOriginal && what == "rows.original") {
                // Without the original, rows.original is reported as needing it, and the
                // verdict fails.
                QCOMPARE(verdict(r.json(), claim), QString("not checked"));
                QCOMPARE(r.exitCode, 3);
                continue;
            }
            QVERIFY2(r.exitCode == 3, r.out.constData());
            QVERIFY2(failing(r.json()).contains(claim), r.out.constData());
            QCOMPARE(verdict(r.json(), "configuration hash"), QString("holds"));
            // Nothing is skipped silently: every verdict is "holds", "fails" or "not checked"
            // with a reason, and nothing "not checked" when the original is given but labels
            // and the signature (which are information for an unsigned record).
            for (const QJsonValue& v : r.json()["claims"].toArray())
                if (withOriginal && v["verdict"].toString() == "not checked")
                    QVERIFY2(false, qPrintable(v["claim"].toString()));
        }
    }

    // Item 3: a hierarchy path in the record is never opened, even with --original.
    void item03_recordPathsAreNeverOpened() {
        const QString secret = m_dir.filePath("secret.csv");
        QVERIFY(writeAll(secret, "13053;TOPSECRET;*\n"));
        QJsonObject record = readJson(m_release);
        QJsonObject c = record["configuration"].toObject();
        QJsonObject project = c["project"].toObject();
        QJsonArray attributes = project["attributes"].toArray();
        QJsonObject zip = attributes[0].toObject();
        zip["hierarchy"] = QJsonObject{{"file", secret}};
        attributes[0] = zip;
        project["attributes"] = attributes;
        c["project"] = project;
        record["configuration"] = c;
        const QString forged = save("paths.json", rehashed(record));
        const auto r = verify(forged, m_published, {"--original", ex("hospital/hospital.csv")});
        QCOMPARE(r.exitCode, 3);
        QVERIFY(!r.out.contains("TOPSECRET"));
        QVERIFY(!r.err.contains("TOPSECRET"));
        QCOMPARE(verdict(r.json(), "published file reproduces from the original"),
                 QString("fails"));
        // A record that names its hierarchy files (as records did before they embedded them)
        // reproduces when the command line gives the file.
        QJsonObject named = readJson(m_release);
        QJsonObject nc = named["configuration"].toObject();
        QJsonObject np = nc["project"].toObject();
        QJsonArray na = np["attributes"].toArray();
        QJsonObject nz = na[0].toObject();
        nz["hierarchy"] = QJsonObject{{"file", "/somewhere/else/hierarchy_zip.csv"}};
        na[0] = nz;
        np["attributes"] = na;
        nc["project"] = np;
        named["configuration"] = nc;
        const QString old = save("named.json", rehashed(named));
        const auto given = verify(old, m_published,
                                  {"--original", ex("hospital/hospital.csv"), "--hierarchy",
                                   "zip=" + ex("hospital/hierarchy_zip.csv")});
        QVERIFY2(given.exitCode == 0, given.out.constData());
        // A fresh record embeds its hierarchies: no path of the publisher's is needed.
        const QJsonObject freshConfig = readJson(m_release)["configuration"].toObject();
        const QJsonArray fresh = freshConfig["project"].toObject()["attributes"].toArray();
        for (const QJsonValue& a : fresh) QVERIFY(!a["hierarchy"].toObject().contains("file"));
    }

    // Item 3: the crafted records of tests/data/bad/cli/ are refused, each naming its claim.
    void item03_badRecordCorpus_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("hierarchy /etc/passwd")
            << "release_hierarchy_etc_passwd" << 3
            << "FAIL published file reproduces from the original: cannot be reproduced: the "
               "hierarchy of 'zip' is a file named in the record";
        QTest::newRow("emptied QIs") << "release_emptied_qi" << 3
                                     << "FAIL configuration: quasi_identifiers [] are not the "
                                        "project's [\"zip\",\"age\",\"nationality\"]";
        QTest::newRow("extra criterion")
            << "release_extra_criterion" << 3
            << "FAIL criteria listed: the record lists [distinct-l=3, k=100]";
        QTest::newRow("unknown kind")
            << "release_unknown_kind" << 3 << "FAIL configuration: \"kind\" is \"other\"";
        QTest::newRow("future version")
            << "release_future_version" << 2
            << "release record version 2 is not one this ldiv reads (1)";
    }
    void item03_badRecordCorpus() {
        QFETCH(QString, file);
        QFETCH(int, code);
        QFETCH(QString, message);
        const QString dir = QString::fromStdString(test::fixture("bad/cli/"));
        const auto r = test::runCli({"verify", dir + file + ".ldiv-release.json", "--published",
                                     dir + "release_published.csv", "--original",
                                     ex("hospital/hospital.csv")});
        QCOMPARE(r.exitCode, code);
        QVERIFY2(QString::fromUtf8(r.out + r.err).contains(message), r.out.constData());
        QVERIFY(!r.out.contains("root:"));
    }

    // Found by fuzz_release: a number beyond a double is an input error (exit 2), not a crash.
    void item03_numberOverflowIsAnInputError() {
        QByteArray record = readAll(m_release);
        record.replace("\"version\": 1", "\"version\": 1e999999");
        const QString path = m_dir.filePath("overflow.json");
        QVERIFY(writeAll(path, record));
        const auto r = verify(path, m_published);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("overflow.json: malformed JSON"), r.err.constData());
    }

    // Item 11: a key given twice in a record is refused, not silently won by the last one.
    void item11_duplicateKeyInRecordRefused() {
        QByteArray record = readAll(m_release);
        record.replace(record.indexOf('{'), 1, "{\"version\": 0,");
        const QString path = m_dir.filePath("duplicate.json");
        QVERIFY(writeAll(path, record));
        const auto r = verify(path, m_published);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("the key \"version\" appears twice in the same object"),
                 r.err.constData());
    }

    // Item 9: distribution criteria with suppression are judged against the table before
    // suppression by both generalize and verify.
    void item09_distributionCriteriaWithSuppressionVerify_data() {
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<QString>("suppressed");
        for (const char* c : {"t-closeness=0.3", "delta-disclosure=1.2", "beta-likeness=1"})
            for (const char* s : {"remove", "mask"})
                QTest::newRow(qPrintable(QString(c) + " " + s)) << QString(c) << QString(s);
    }
    void item09_distributionCriteriaWithSuppressionVerify() {
        QFETCH(QString, criterion);
        QFETCH(QString, suppressed);
        // 1* has 3 flu, 3 cold, 2 hiv; 2* 2 hiv: far from p = (.3, .3, .4), it is suppressed.
        // The published rows' distribution is 1*'s own: judged against it, 1* would measure 0.
        const QString data = m_dir.filePath("dist.csv");
        QVERIFY(writeAll(data,
                         "zip,disease\n10,flu\n11,cold\n12,hiv\n13,flu\n14,cold\n"
                         "15,hiv\n16,flu\n17,cold\n20,hiv\n21,hiv\n"));
        const QString hier = m_dir.filePath("dist-zip.csv");
        QVERIFY(writeAll(hier,
                         "10,1*,*\n11,1*,*\n12,1*,*\n13,1*,*\n14,1*,*\n15,1*,*\n"
                         "16,1*,*\n17,1*,*\n20,2*,*\n21,2*,*\n"));
        const QString out = m_dir.filePath("dist-out-" + suppressed + ".csv");
        const QString rel = m_dir.filePath("dist-" + suppressed + ".json");
        const auto g = test::runCli({"generalize",  data,      "--qi",          "zip",
                                     "--sensitive", "disease", "--hierarchy",   "zip=" + hier,
                                     "-c",          criterion, "--suppression", "0.2",
                                     "--node",      "1",       "--suppressed",  suppressed,
                                     "-o",          out,       "--release",     rel,
                                     "--json"});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY(g.json()["suppressed_rows"].toInt() > 0);
        const auto v = verify(rel, out, {"--original", data});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdict(v.json(), "criterion " + criterion), QString("holds"));
        // Without the original a removed row's value is unknown: needs --original, which
        // fails the verdict without any claim failing.
        const auto alone = verify(rel, out);
        QVERIFY2(holdsButNeedsOriginal(alone), alone.out.constData());
    }

    // Item 9: masked rows at the top node are not all suppressed rows.
    void item09_maskedTopNodeVerifies() {
        const QString out = m_dir.filePath("top.csv"), rel = m_dir.filePath("top.json");
        const auto g =
            test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                          "4,3,1", "--suppressed", "mask", "-o", out, "--release", rel, "--json"});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QCOMPARE(g.json()["suppressed_rows"].toInt(), 0);
        const auto alone = verify(rel, out);
        QVERIFY2(holdsButNeedsOriginal(alone), alone.out.constData());
        QCOMPARE(verdict(alone.json(), "suppressed rows"), QString("holds"));
        const auto v = verify(rel, out, {"--original", ex("hospital/hospital.csv")});
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdict(v.json(), "suppressed rows"), QString("holds"));
    }

    // Item 9: a don't-care value only suppressed rows have still binds.
    void item09_dontCareOnlyInSuppressedRows() {
        // 2* (hiv, flu) fails k=3 and is suppressed: hiv is left in no published row.
        const QString data = m_dir.filePath("dc.csv");
        QVERIFY(writeAll(data,
                         "zip,disease\n10,flu\n11,cold\n12,flu\n13,cold\n14,flu\n15,cold\n"
                         "20,hiv\n21,flu\n"));
        const QString hier = m_dir.filePath("dc-zip.csv");
        QVERIFY(writeAll(hier,
                         "10,1*,*\n11,1*,*\n12,1*,*\n13,1*,*\n14,1*,*\n15,1*,*\n20,2*,*\n"
                         "21,2*,*\n"));
        for (const QString suppressed : {"remove", "mask"}) {
            const QString out = m_dir.filePath("dc-out.csv"), rel = m_dir.filePath("dc.json");
            const auto g = test::runCli({"generalize",
                                         data,
                                         "--qi",
                                         "zip",
                                         "--sensitive",
                                         "disease",
                                         "--hierarchy",
                                         "zip=" + hier,
                                         "-c",
                                         "k=3",
                                         "-c",
                                         "pd-recursive-cl=3,2;dontcare=hiv",
                                         "--suppression",
                                         "0.25",
                                         "--node",
                                         "1",
                                         "--suppressed",
                                         suppressed,
                                         "-o",
                                         out,
                                         "--release",
                                         rel,
                                         "--json"});
            QVERIFY2(g.exitCode == 0, g.err.constData());
            QCOMPARE(g.json()["suppressed_rows"].toInt(), 2);
            const auto v = verify(rel, out);
            QVERIFY2(holdsButNeedsOriginal(v), v.out.constData());
            QCOMPARE(verdict(v.json(), "criterion pd-recursive-cl=3,2;dontcare=hiv"),
                     QString("holds"));
            QCOMPARE(verify(rel, out, {"--original", data}).exitCode, 0);
        }
    }

    // Item 9: many random small publications (criteria, suppression, mask/remove, missing
    // values), seeded: every one generalize writes must verify.
    void item09_randomPublicationsVerify() {
        QRandomGenerator rng(32);
        const QString hierA = m_dir.filePath("rand-a.csv"), hierB = m_dir.filePath("rand-b.csv");
        QVERIFY(writeAll(hierA, "a0,g0,*\na1,g0,*\na2,g1,*\na3,g1,*\na4,g2,*\na5,g2,*\n?,?,*\n"));
        QVERIFY(writeAll(hierB, "b0,*\nb1,*\nb2,*\n?,*\n"));
        const QStringList criteria{"k=2",
                                   "k=3",
                                   "distinct-l=2",
                                   "entropy-l=1.5",
                                   "recursive-cl=3,2",
                                   "t-closeness=0.3",
                                   "t-closeness=0.5",
                                   "delta-disclosure=1.5",
                                   "beta-likeness=1",
                                   "beta-likeness=2:enhanced",
                                   "pd-recursive-cl=3,2;dontcare=s0",
                                   "average-risk=0.5",
                                   "sample-uniqueness=0.2"};
        int published = 0;
        for (int t = 0; t < 60; ++t) {
            const int rows = 6 + int(rng.bounded(14));
            QByteArray csv = "a,b,s\n";
            for (int r = 0; r < rows; ++r) {
                auto cell = [&](const char* prefix, int domain) {
                    if (rng.bounded(12) == 0) return QByteArray("?");
                    return QByteArray(prefix) + QByteArray::number(int(rng.bounded(domain)));
                };
                QByteArray s = cell("s", 4);
                if (s == "?") s = "s0";
                csv += cell("a", 6) + "," + cell("b", 3) + "," + s + "\n";
            }
            const QString data = m_dir.filePath(QString("rand%1.csv").arg(t));
            QVERIFY(writeAll(data, csv));
            QStringList args{"generalize",  data,         "--qi",        "a,b",
                             "--sensitive", "s",          "--hierarchy", "a=" + hierA,
                             "--hierarchy", "b=" + hierB, "--node",      "optimum"};
            const int n = 1 + int(rng.bounded(2));
            for (int i = 0; i < n; ++i)
                args << "-c" << criteria[int(rng.bounded(quint32(criteria.size())))];
            const double limits[] = {0, 0.1, 0.25, 0.5};
            args << "--suppression" << QString::number(limits[rng.bounded(4)]);
            args << "--suppressed" << (rng.bounded(2) ? "mask" : "remove");
            const QString out = m_dir.filePath(QString("rand%1-out.csv").arg(t));
            const QString rel = m_dir.filePath(QString("rand%1.json").arg(t));
            const auto g = test::runCli(args + QStringList{"-o", out, "--release", rel});
            if (g.exitCode == 3) continue;  // no node satisfies: nothing published
            QVERIFY2(g.exitCode == 0, qPrintable(args.join(' ') + "\n" + g.err));
            ++published;
            for (const bool withOriginal : {false, true}) {
                const auto v = verify(
                    rel, out, withOriginal ? QStringList{"--original", data} : QStringList{});
                QVERIFY2(withOriginal ? v.exitCode == 0 : holdsButNeedsOriginal(v),
                         qPrintable(args.join(' ') + "\n" + QString::fromUtf8(csv) + "\n" +
                                    QString::fromUtf8(v.out)));
            }
        }
        QVERIFY2(published >= 30, qPrintable(QString::number(published)));
    }

    // Signed releases.
    void signed_releaseVerifiesAndForgeriesFail() {
        const QString key = m_dir.filePath("publisher.key"), pub = m_dir.filePath("publisher.pub");
        const auto k = test::runCli({"keygen", "--private", key, "--public", pub});
        QVERIFY2(k.exitCode == 0, k.err.constData());
        struct stat st {};
        QCOMPARE(::stat(key.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        // A key is never replaced.
        QCOMPARE(test::runCli({"keygen", "--private", key, "--public", pub}).exitCode, 2);

        const QString out = m_dir.filePath("signed.csv"), rel = m_dir.filePath("signed.json");
        const auto g =
            test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"), "--node",
                          "optimum", "-o", out, "--release", rel, "--sign", key});
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QVERIFY(readJson(rel).contains("signature"));
        // The signature holds; without the original its hash still is not checked (a
        // signature proves who wrote the claims, not that they are true).
        const auto ok = verify(rel, out, {"--public-key", pub});
        QVERIFY2(holdsButNeedsOriginal(ok), ok.out.constData());
        QCOMPARE(verdict(ok.json(), "signature"), QString("holds"));
        QCOMPARE(verdict(ok.json(), "labels"), QString("holds"));
        QCOMPARE(verify(rel, out, {"--public-key", pub, "--original", ex("hospital/hospital.csv")})
                     .exitCode,
                 0);

        // Forged: a field changed and the configuration hash recomputed.
        QJsonObject record = readJson(rel);
        QJsonObject c = record["configuration"].toObject();
        c["mask_token"] = "#";
        record["configuration"] = c;
        const QString forged = save("signed-forged.json", rehashed(record));
        const auto f = verify(forged, out, {"--public-key", pub});
        QCOMPARE(f.exitCode, 3);
        QCOMPARE(failing(f.json()), QStringList{"signature"});
        // A label too is covered.
        QJsonObject label = readJson(rel);
        label["ldiv_version"] = "99";
        QCOMPARE(verify(save("signed-label.json", label), out, {"--public-key", pub}).exitCode, 3);
        // No signature at all.
        QJsonObject bare = readJson(rel);
        bare.remove("signature");
        const auto b = verify(save("signed-bare.json", rehashed(bare)), out, {"--public-key", pub});
        QCOMPARE(b.exitCode, 3);
        QCOMPARE(failing(b.json()), QStringList{"signature"});
        // Another key.
        const QString key2 = m_dir.filePath("other.key"), pub2 = m_dir.filePath("other.pub");
        QCOMPARE(test::runCli({"keygen", "--private", key2, "--public", pub2}).exitCode, 0);
        QCOMPARE(verify(rel, out, {"--public-key", pub2}).exitCode, 3);
        // --sign without --release, or with a file that is not a key: nothing is written.
        const QString none = m_dir.filePath("none.csv");
        QCOMPARE(test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"),
                               "--node", "optimum", "-o", none, "--sign", key})
                     .exitCode,
                 1);
        QCOMPARE(test::runCli({"generalize", "--project", ex("hospital/hospital.ldiv.json"),
                               "--node", "optimum", "-o", none, "--release",
                               m_dir.filePath("none.json"), "--sign", pub})
                     .exitCode,
                 2);
        QVERIFY(!QFile::exists(none));
    }
};

QTEST_GUILESS_MAIN(TestCliVerifyClaims)
#include "test_cli_verify_claims.moc"
