// Pseudonymization (pseudonymize.h): stable keyed pseudonyms, a different secret gives
// different ones, random identifiers with their mapping, masking, and exact messages.
#include <QtTest>

#include <set>

#include "ldiv/crypto/digest.h"
#include "ldiv/crypto/pseudonyms.h"
#include "ldiv/data/error.h"
#include "ldiv/project/workspace.h"

using namespace ldv;

namespace {
Column names() {
    Column c("name");
    for (const char* v : {"Alice", "Bob", "Alice", "", "Zoë Ångström"}) c.append(v);
    return c;
}
std::vector<std::string> valuesOf(const Column& c) {
    std::vector<std::string> out;
    for (std::size_t r = 0; r < c.size(); ++r) out.push_back(c.value(c.code(r)));
    return out;
}
}  // namespace

class TestPseudonymize : public QObject {
    Q_OBJECT
private slots:
    void hmacIsStableAndKeyed() {
        const PseudonymSpec spec = parsePseudonymSpec("name=hmac");
        const auto a = valuesOf(pseudonymizeColumn(names(), spec, "s3cret-s3cret-16"));
        const auto again = valuesOf(pseudonymizeColumn(names(), spec, "s3cret-s3cret-16"));
        const auto other = valuesOf(pseudonymizeColumn(names(), spec, "another-secret-16"));
        QCOMPARE(a, again);         // same input + secret → same output
        QVERIFY(a[0] != other[0]);  // another secret → different output
        QCOMPARE(a[0], a[2]);       // the same value, the same pseudonym
        QVERIFY(a[0] != a[1]);
        QCOMPARE(a[3], std::string());  // missing stays missing
        // The pseudonym is the first 32 hex digits of HMAC-SHA-256(secret, value) (RFC 4231
        // vectors for hmacSha256Hex are in test_digest).
        QCOMPARE(a[0], hmacSha256Hex("s3cret-s3cret-16", "Alice").substr(0, 32));
        for (const std::string& v : a) QVERIFY(v.find("s3cret-s3cret-16") == std::string::npos);
    }
    void randomWithMapping() {
        std::vector<std::pair<std::string, std::string>> mapping;
        const auto r =
            valuesOf(pseudonymizeColumn(names(), parsePseudonymSpec("name=random"), "", &mapping));
        QCOMPARE(mapping.size(), std::size_t(3));  // Alice, Bob, Zoë (not the empty value)
        QCOMPARE(r[0], r[2]);
        std::set<std::string> ids;
        for (const auto& [value, id] : mapping) {
            ids.insert(id);
            QCOMPARE(id.size(), std::size_t(16));
        }
        QCOMPARE(ids.size(), mapping.size());
        QCOMPARE(r[0], mapping[0].second);
    }
    void masking() {
        // Characters, not bytes: "Zoë Ångström" has 12 characters.
        const auto first =
            valuesOf(pseudonymizeColumn(names(), parsePseudonymSpec("name=mask:1"), ""));
        QCOMPARE(first[0], std::string("A****"));
        QCOMPARE(first[4], std::string("Z***********"));
        const auto last =
            valuesOf(pseudonymizeColumn(names(), parsePseudonymSpec("name=mask:-1"), ""));
        QCOMPARE(last[1], std::string("**b"));
        QCOMPARE(last[4], std::string("***********m"));
        // A mask that keeps more than half of a value is refused, naming column and value
        // (mask:2 keeps 2 of Bob's 3 characters).
        try {
            pseudonymizeColumn(names(), parsePseudonymSpec("name=mask:2"), "");
            QFAIL("mask:2 kept most of 'Bob'");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("'Bob' of column 'name'") != std::string::npos,
                     e.what());
        }
        // A short HMAC key is refused (a 1-byte key was found by trying all 256).
        QVERIFY_THROWS_EXCEPTION(
            ParameterError, pseudonymizeColumn(names(), parsePseudonymSpec("name=hmac"), "short"));
    }
    void errors() {
        try {
            parsePseudonymSpec("name=mask:0");
            QFAIL("expected ParameterError");
        } catch (const ParameterError& e) {
            QCOMPARE(
                std::string(e.what()),
                std::string(
                    "pseudonymize 'name=mask:0': unknown method 'mask:0'; write COL, COL=hmac, "
                    "COL=random or COL=mask:N (N ≠ 0 characters kept, negative from the end)"));
        }
        QVERIFY_THROWS_EXCEPTION(ParameterError,
                                 pseudonymizeColumn(names(), parsePseudonymSpec("name"), ""));
    }
    void projectRoleRoundTrips() {
        // The project keeps the method ("pseudonymize"), never a secret; a bad method names
        // the attribute.
        const std::string text =
            "{\"format\": \"ldiv-project\", \"version\": 1, \"data\": {\"path\": \"x.csv\"}, "
            "\"attributes\": [{\"name\": \"name\", \"role\": \"identifying\", "
            "\"pseudonymize\": \"mask:-2\"}]}";
        const ProjectConfig c = parseProject(text, "p.json");
        QCOMPARE(c.attribute("name")->pseudonymize, std::string("mask:-2"));
        QVERIFY(parseProject(formatProject(c), "again.json") == c);
        std::string bad = text;
        bad.replace(bad.find("mask:-2"), 7, "sha1");
        try {
            parseProject(bad, "p.json");
            QFAIL("expected InputError");
        } catch (const InputError& e) {
            QVERIFY2(std::string(e.what()).find("attribute 'name': pseudonymize 'name=sha1': "
                                                "unknown method 'sha1'") != std::string::npos,
                     e.what());
        }
    }
    void identifyingOnly() {
        const Table table({names()});
        const auto p = pseudonymizeIdentifying(table, {0}, {parsePseudonymSpec("name=random")}, "");
        QVERIFY(p.hasMapping);
        QCOMPARE(p.mapping.columnNames(),
                 (std::vector<std::string>{"attribute", "value", "pseudonym"}));
        QCOMPARE(p.columns.size(), std::size_t(1));
        try {
            pseudonymizeIdentifying(table, {}, {parsePseudonymSpec("name")}, "k");
            QFAIL("expected ParameterError");
        } catch (const ParameterError& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("--pseudonymize 'name': only identifying attributes are "
                                 "pseudonymized (give it the identifying role, e.g. --identifying "
                                 "name)"));
        }
    }
};

QTEST_APPLESS_MAIN(TestPseudonymize)
#include "test_pseudonymize.moc"
