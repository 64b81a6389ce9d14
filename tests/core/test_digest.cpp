// SHA-256 and HMAC-SHA-256 against published test vectors: FIPS 180-2 appendix B.1 ("abc")
// and RFC 4231 test case 2 (key "Jefe").
#include <QtTest>

#include <cstdio>
#include <fstream>

#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"

class TestDigest : public QObject {
    Q_OBJECT
private slots:
    void sha256OfKnownStrings() {
        QCOMPARE(
            QString::fromStdString(ldv::sha256Hex("abc")),
            QStringLiteral("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(
            QString::fromStdString(ldv::sha256Hex("")),
            QStringLiteral("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    }
    void sha256OfAFileEqualsItsBytes() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("f.bin").toStdString();
        std::string bytes(200000, '\0');
        for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 + 3);
        std::ofstream(path, std::ios::binary) << bytes;
        QCOMPARE(ldv::sha256FileHex(path), ldv::sha256Hex(bytes));
        QVERIFY_THROWS_EXCEPTION(ldv::InputError, ldv::sha256FileHex(path + ".missing"));
    }
    void hmacOfRfc4231Case2() {
        QCOMPARE(
            QString::fromStdString(ldv::hmacSha256Hex("Jefe", "what do ya want for nothing?")),
            QStringLiteral("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
    }
};

QTEST_GUILESS_MAIN(TestDigest)
#include "test_digest.moc"
