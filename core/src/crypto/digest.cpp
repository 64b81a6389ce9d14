#include "ldiv/crypto/digest.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>

#include "ldiv/data/error.h"

namespace ldv {
namespace {

struct MdCtxDeleter {
    void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
};
using MdCtx = std::unique_ptr<EVP_MD_CTX, MdCtxDeleter>;

MdCtx newSha256() {
    MdCtx ctx(EVP_MD_CTX_new());
    if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 is not available from libcrypto");
    return ctx;
}

std::string finish(EVP_MD_CTX* ctx) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(ctx, md.data(), &size) != 1)
        throw std::runtime_error("SHA-256 could not be finished");
    return toHex(md.data(), size);
}

}  // namespace

std::string toHex(const unsigned char* data, std::size_t size) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out(size * 2, '0');
    for (std::size_t i = 0; i < size; ++i) {
        out[2 * i] = digits[data[i] >> 4];
        out[2 * i + 1] = digits[data[i] & 0x0f];
    }
    return out;
}

std::string sha256Hex(std::string_view bytes) {
    MdCtx ctx = newSha256();
    EVP_DigestUpdate(ctx.get(), bytes.data(), bytes.size());
    return finish(ctx.get());
}

std::string sha256FileHex(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError(path, 0, 0, std::string("cannot be read: ") + std::strerror(errno));
    MdCtx ctx = newSha256();
    std::array<char, 1 << 16> buffer{};
    while (in) {
        in.read(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        const std::streamsize got = in.gcount();
        if (got > 0) EVP_DigestUpdate(ctx.get(), buffer.data(), static_cast<std::size_t>(got));
    }
    if (in.bad()) throw InputError(path, 0, 0, "read error while hashing");
    return finish(ctx.get());
}

struct Sha256::State {
    MdCtx ctx = newSha256();
};

Sha256::Sha256() : m_state(std::make_unique<State>()) {}
Sha256::~Sha256() = default;

void Sha256::update(std::string_view bytes) {
    EVP_DigestUpdate(m_state->ctx.get(), bytes.data(), bytes.size());
}

std::string Sha256::hex() {
    return finish(m_state->ctx.get());
}

std::string hmacSha256Hex(std::string_view key, std::string_view message) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
    unsigned int size = 0;
    if (!HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
              reinterpret_cast<const unsigned char*>(message.data()), message.size(), md.data(),
              &size))
        throw std::runtime_error("HMAC-SHA-256 is not available from libcrypto");
    return toHex(md.data(), size);
}

}  // namespace ldv
