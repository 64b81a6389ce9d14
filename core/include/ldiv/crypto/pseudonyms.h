#pragma once
// Pseudonymization of identifying columns instead of dropping them (issue 19 item 5):
//  - hmac: HMAC-SHA-256(secret, value), first 32 hex digits (128 bits): the same value and
//    secret give the same pseudonym in every release; without the secret it cannot be
//    recomputed (RFC 2104; OpenSSL through ldiv/crypto/digest.h);
//  - random: a fresh random identifier per distinct value; the value → identifier mapping is
//    returned so the caller can write it to a file kept apart from the data;
//  - mask:N keeps the first N characters (mask:-N the last N) and replaces the others by '*'.
// The secret is only an argument: nothing here stores or returns it.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

enum class PseudonymMethod { Hmac, Random, Mask };

struct PseudonymSpec {
    std::string column;
    PseudonymMethod method = PseudonymMethod::Hmac;
    int keep = 0;  ///< mask: characters kept, > 0 from the start, < 0 from the end
};

/// "COL", "COL=hmac", "COL=random", "COL=mask:N" (N a non-zero whole number). Throws
/// ParameterError naming what is wrong and the allowed forms.
PseudonymSpec parsePseudonymSpec(std::string_view text);

/// The column with every value replaced (missing/empty values stay empty). `secret` is
/// needed (non-empty) for hmac only; `mapping` (optional) receives (value, pseudonym) per
/// distinct value for random. Throws ParameterError for hmac without a secret or with one
/// shorter than kMinHmacSecretBytes, and InputError (naming the column and the value) for a
/// mask that would keep more than half of a value.
Column pseudonymizeColumn(const Column& column, const PseudonymSpec& spec, std::string_view secret,
                          std::vector<std::pair<std::string, std::string>>* mapping = nullptr);

/// The identifying columns of `table` named by `specs`, pseudonymized (for
/// GeneralizeOptions::pseudonyms), and for random ones the mapping as a table with the
/// columns attribute, value, pseudonym. Throws ParameterError for a column that does not
/// exist or is not identifying, a column named twice, and hmac without a secret.
struct Pseudonyms {
    std::vector<std::pair<std::size_t, Column>> columns;
    Table mapping;
    bool hasMapping = false;  ///< a random method was used
};
Pseudonyms pseudonymizeIdentifying(const Table& table, const std::vector<std::size_t>& identifying,
                                   const std::vector<PseudonymSpec>& specs,
                                   std::string_view secret);

/// The rows of `mapping` (Pseudonyms::mapping: attribute, value, pseudonym) whose pseudonym
/// appears in the column named `attribute` of `published`, the table that is released. The
/// mapping is written for the people who are published only: the rows left out of a release
/// (outside δ-presence's research subset, suppressed and removed) are not in it, and their
/// values would otherwise reach whoever holds the mapping. Masked suppressed rows keep their
/// pseudonyms, so their values stay.
Table publishedMapping(const Table& mapping, const Table& published);

/// The fewest bytes an HMAC secret may have. A short key is found by trying them all (a 1-byte
/// key gave every name back after 256 tries); 16 bytes (128 bits) put that out of reach when
/// the bytes are random — `head -c 32 /dev/urandom > key` makes a good one.
inline constexpr std::size_t kMinHmacSecretBytes = 16;

/// The secret of a secret file: its bytes without one trailing line end. Throws InputError
/// when it cannot be read, is empty or shorter than kMinHmacSecretBytes.
std::string readSecretFile(const std::string& path);

}  // namespace ldv
