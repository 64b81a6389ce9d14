#pragma once
// Cryptographic digests used for release records (SHA-256 of the files a release is made
// of) and keyed pseudonyms (HMAC-SHA-256 with a user secret). Backed by OpenSSL's libcrypto
// (Debian libssl-dev): a well-kept, audited implementation rather than hand-written code.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace ldv {

/// Lower-case hex SHA-256 of a byte string.
/// Lower-case hexadecimal of `size` bytes (digests, key fingerprints).
std::string toHex(const unsigned char* data, std::size_t size);
std::string sha256Hex(std::string_view bytes);

/// Lower-case hex SHA-256 of a file's bytes, read in blocks. Throws InputError naming the
/// file when it cannot be read.
std::string sha256FileHex(const std::string& path);

/// SHA-256 fed piece by piece, for what is streamed rather than held: a database table's
/// canonical export arrives row by row (docs/database.md, "Release records of a table").
class Sha256 {
public:
    Sha256();
    ~Sha256();
    Sha256(const Sha256&) = delete;
    Sha256& operator=(const Sha256&) = delete;
    void update(std::string_view bytes);
    /// Lower-case hex of everything fed so far; the object is spent afterwards.
    std::string hex();

private:
    struct State;
    std::unique_ptr<State> m_state;
};

/// Lower-case hex HMAC-SHA-256 of `message` under `key` (RFC 2104).
std::string hmacSha256Hex(std::string_view key, std::string_view message);

}  // namespace ldv
