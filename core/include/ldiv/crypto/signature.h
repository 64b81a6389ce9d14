#pragma once
// Ed25519 signatures (RFC 8032) of release records, from OpenSSL's libcrypto like the digests
// (digest.h). Keys are files in PEM: the private key as PKCS #8, the public key as
// SubjectPublicKeyInfo, so that `openssl pkey` reads both. A signature is lower-case hex.
#include <string>
#include <string_view>

namespace ldv {

/// Creates a key pair: the private key written to `privatePath` with mode 0600 (created
/// exclusively: an existing file is refused, InputError), the public key to `publicPath`.
void generateSigningKey(const std::string& privatePath, const std::string& publicPath);

/// The Ed25519 signature of `message` (hex) with the PEM private key in `privatePath`.
/// InputError naming the file when it cannot be read or is not an Ed25519 private key.
std::string signEd25519(const std::string& privatePath, std::string_view message);

/// Whether `signatureHex` is a valid Ed25519 signature of `message` under the PEM public
/// key in `publicPath` (InputError naming the file when it is not an Ed25519 public key).
bool verifyEd25519(const std::string& publicPath, std::string_view message,
                   std::string_view signatureHex);

/// The SHA-256 (hex) of the raw public key of `publicPath`: a short name for the key.
std::string publicKeyFingerprint(const std::string& publicPath);
/// The same name, of the public half of the private key in `privatePath`.
std::string privateKeyFingerprint(const std::string& privatePath);

}  // namespace ldv
