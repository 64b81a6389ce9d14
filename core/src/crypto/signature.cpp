#include "ldiv/crypto/signature.h"

#include <fcntl.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"

namespace ldv {
namespace {

struct PkeyDeleter {
    void operator()(EVP_PKEY* k) const { EVP_PKEY_free(k); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyDeleter>;
struct MdCtxDeleter {
    void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxDeleter>;
struct BioDeleter {
    void operator()(BIO* b) const { BIO_free(b); }
};
using Bio = std::unique_ptr<BIO, BioDeleter>;

bool fromHex(std::string_view hex, std::vector<unsigned char>& out) {
    if (hex.size() % 2) return false;
    auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        return -1;  // lower case only: one spelling per signature
    };
    out.clear();
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
        if (hi < 0 || lo < 0) return false;
        out.push_back(static_cast<unsigned char>(hi * 16 + lo));
    }
    return true;
}

Bio openFile(const std::string& path) {
    Bio bio(BIO_new_file(path.c_str(), "r"));
    if (!bio) throw InputError(path, 0, 0, std::string("cannot be read: ") + std::strerror(errno));
    return bio;
}

Pkey readPrivate(const std::string& path) {
    Bio bio = openFile(path);
    Pkey key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
    if (!key || EVP_PKEY_id(key.get()) != EVP_PKEY_ED25519)
        throw InputError(path, 0, 0,
                         "is not an Ed25519 private key in PEM (make one with 'ldiv keygen')");
    return key;
}

Pkey readPublic(const std::string& path) {
    Bio bio = openFile(path);
    Pkey key(PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr));
    if (!key || EVP_PKEY_id(key.get()) != EVP_PKEY_ED25519)
        throw InputError(
            path, 0, 0, "is not an Ed25519 public key in PEM (the --public file of 'ldiv keygen')");
    return key;
}

/// Writes `bytes` to a new file with `mode`; refuses to replace an existing one, so that a
/// key is never overwritten and the private key is never readable by others, not even briefly.
void writeNew(const std::string& path, const std::string& bytes, mode_t mode) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
    if (fd < 0)
        throw InputError(path, 0, 0,
                         errno == EEXIST
                             ? std::string("already exists; a key is never replaced")
                             : std::string("cannot be created: ") + std::strerror(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(path.c_str());
            throw InputError(path, 0, 0, "cannot be written: " + why);
        }
        done += std::size_t(n);
    }
    ::fchmod(fd, mode);  // the umask may have narrowed it; never widened beyond `mode`
    if (::close(fd) != 0) throw InputError(path, 0, 0, "cannot be written");
}

std::string pem(const std::function<int(BIO*)>& write) {
    Bio bio(BIO_new(BIO_s_mem()));
    if (!bio || write(bio.get()) != 1) throw std::runtime_error("a key could not be encoded");
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, std::size_t(size));
}

}  // namespace

void generateSigningKey(const std::string& privatePath, const std::string& publicPath) {
    EVP_PKEY* raw = EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519");
    if (!raw) throw std::runtime_error("Ed25519 is not available from libcrypto");
    const Pkey key(raw);
    const std::string privatePem = pem([&](BIO* b) {
        return PEM_write_bio_PrivateKey(b, key.get(), nullptr, nullptr, 0, nullptr, nullptr);
    });
    const std::string publicPem = pem([&](BIO* b) { return PEM_write_bio_PUBKEY(b, key.get()); });
    writeNew(privatePath, privatePem, S_IRUSR | S_IWUSR);
    try {
        writeNew(publicPath, publicPem, S_IRUSR | S_IWUSR | S_IRGRP | S_IROTH);
    } catch (...) {
        ::unlink(privatePath.c_str());  // half a key pair is of no use
        throw;
    }
}

std::string signEd25519(const std::string& privatePath, std::string_view message) {
    const Pkey key = readPrivate(privatePath);
    MdCtx ctx(EVP_MD_CTX_new());
    std::array<unsigned char, 64> sig{};
    std::size_t size = sig.size();
    // Ed25519 is a one-shot signature over the whole message (no separate digest).
    if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1 ||
        EVP_DigestSign(ctx.get(), sig.data(), &size,
                       reinterpret_cast<const unsigned char*>(message.data()), message.size()) != 1)
        throw std::runtime_error("the Ed25519 signature could not be made");
    return toHex(sig.data(), size);
}

bool verifyEd25519(const std::string& publicPath, std::string_view message,
                   std::string_view signatureHex) {
    const Pkey key = readPublic(publicPath);
    std::vector<unsigned char> sig;
    if (!fromHex(signatureHex, sig) || sig.size() != 64) return false;
    MdCtx ctx(EVP_MD_CTX_new());
    if (!ctx || EVP_DigestVerifyInit(ctx.get(), nullptr, nullptr, nullptr, key.get()) != 1)
        throw std::runtime_error("Ed25519 is not available from libcrypto");
    return EVP_DigestVerify(ctx.get(), sig.data(), sig.size(),
                            reinterpret_cast<const unsigned char*>(message.data()),
                            message.size()) == 1;
}

namespace {

std::string fingerprint(const Pkey& key, const std::string& path) {
    std::array<unsigned char, 32> raw{};
    std::size_t size = raw.size();
    if (EVP_PKEY_get_raw_public_key(key.get(), raw.data(), &size) != 1)
        throw InputError(path, 0, 0, "is not an Ed25519 key");
    return sha256Hex(std::string_view(reinterpret_cast<const char*>(raw.data()), size));
}

}  // namespace

std::string publicKeyFingerprint(const std::string& publicPath) {
    return fingerprint(readPublic(publicPath), publicPath);
}

std::string privateKeyFingerprint(const std::string& privatePath) {
    return fingerprint(readPrivate(privatePath), privatePath);
}

}  // namespace ldv
