// Pseudonymization of a column (pseudonymize.h).
#include "ldiv/crypto/pseudonyms.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <set>

#include "ldiv/crypto/digest.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

namespace {

constexpr const char* Forms =
    "write COL, COL=hmac, COL=random or COL=mask:N (N ≠ 0 characters kept, negative "
    "from the end)";

// UTF-8: positions where a character starts (continuation bytes are 10xxxxxx).
std::vector<std::size_t> characterStarts(const std::string& s) {
    std::vector<std::size_t> starts;
    for (std::size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
    return starts;
}

std::string masked(const std::string& value, int keep) {
    const std::vector<std::size_t> starts = characterStarts(value);
    const std::size_t n = starts.size(), k = std::size_t(keep > 0 ? keep : -keep);
    if (k >= n) return value;
    if (keep > 0) return value.substr(0, starts[k]) + std::string(n - k, '*');
    return std::string(n - k, '*') + value.substr(starts[n - k]);
}

}  // namespace

PseudonymSpec parsePseudonymSpec(std::string_view text) {
    PseudonymSpec spec;
    const std::size_t eq = text.find('=');
    spec.column = std::string(text.substr(0, eq));
    if (spec.column.empty())
        throw ParameterError("pseudonymize '" + std::string(text) + "': no column; " + Forms);
    if (eq == std::string_view::npos) return spec;
    const std::string_view method = text.substr(eq + 1);
    if (method == "hmac") return spec;
    if (method == "random") {
        spec.method = PseudonymMethod::Random;
        return spec;
    }
    if (method.substr(0, 5) == "mask:") {
        const std::string_view number = method.substr(5);
        int keep = 0;
        const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), keep);
        if (ec == std::errc() && end == number.data() + number.size() && keep != 0 &&
            !number.empty()) {
            spec.method = PseudonymMethod::Mask;
            spec.keep = keep;
            return spec;
        }
    }
    throw ParameterError("pseudonymize '" + std::string(text) + "': unknown method '" +
                         std::string(method) + "'; " + Forms);
}

Column pseudonymizeColumn(const Column& column, const PseudonymSpec& spec, std::string_view secret,
                          std::vector<std::pair<std::string, std::string>>* mapping) {
    if (spec.method == PseudonymMethod::Hmac && secret.empty())
        throw ParameterError("pseudonymizing '" + spec.column +
                             "' with hmac needs a secret (--secret-file)");
    if (spec.method == PseudonymMethod::Hmac && secret.size() < kMinHmacSecretBytes)
        throw ParameterError("pseudonymizing '" + spec.column + "' with hmac needs a secret of " +
                             std::to_string(kMinHmacSecretBytes) + " bytes or more, not " +
                             std::to_string(secret.size()));
    // One pseudonym per dictionary value, then the codes are rewritten.
    std::vector<std::string> pseudonym(column.domainSize());
    std::random_device device;
    std::mt19937_64 rng((std::uint64_t(device()) << 32) ^ device());
    std::set<std::string> used;
    for (std::size_t c = 0; c < column.domainSize(); ++c) {
        const std::string& value = column.value(Code(c));
        if (value.empty()) continue;
        switch (spec.method) {
            case PseudonymMethod::Hmac:
                pseudonym[c] = hmacSha256Hex(secret, value).substr(0, 32);
                break;
            case PseudonymMethod::Random: {
                std::string id;
                do {
                    char buffer[17];
                    std::snprintf(buffer, sizeof buffer, "%016llx", (unsigned long long)rng());
                    id = buffer;
                } while (!used.insert(id).second);
                pseudonym[c] = id;
                if (mapping) mapping->emplace_back(value, id);
                break;
            }
            case PseudonymMethod::Mask: {
                // A mask that keeps most of a value publishes the identifier (ids 7 and 42,
                // names Al and Bo came out whole): at least half of every value is hidden.
                const std::size_t n = characterStarts(value).size();
                const std::size_t k = std::size_t(spec.keep > 0 ? spec.keep : -spec.keep);
                const std::size_t hidden = n - std::min(n, k);
                if (hidden * 2 < n || hidden == 0)
                    throw InputError("pseudonymize '" + spec.column +
                                     "=mask:" + std::to_string(spec.keep) + "': the value '" +
                                     value + "' of column '" + spec.column + "' would keep " +
                                     std::to_string(n - hidden) + " of its " + std::to_string(n) +
                                     " characters; a masked pseudonym must hide at least half "
                                     "of each value (use a smaller N, or hmac or random)");
                pseudonym[c] = masked(value, spec.keep);
                break;
            }
        }
    }
    Column out(column.name());
    for (std::size_t r = 0; r < column.size(); ++r) out.append(pseudonym[column.code(r)]);
    return out;
}

Pseudonyms pseudonymizeIdentifying(const Table& table, const std::vector<std::size_t>& identifying,
                                   const std::vector<PseudonymSpec>& specs,
                                   std::string_view secret) {
    Pseudonyms out;
    Column attribute("attribute"), value("value"), pseudonym("pseudonym");
    for (const PseudonymSpec& spec : specs) {
        const std::optional<std::size_t> column = table.columnIndex(spec.column);
        if (!column) throw ParameterError("--pseudonymize '" + spec.column + "': no such column");
        if (std::find(identifying.begin(), identifying.end(), *column) == identifying.end())
            throw ParameterError("--pseudonymize '" + spec.column +
                                 "': only identifying attributes are pseudonymized (give it the "
                                 "identifying role, e.g. --identifying " +
                                 spec.column + ")");
        for (const auto& [done, unused] : out.columns)
            if (done == *column)
                throw ParameterError("--pseudonymize '" + spec.column + "' is given twice");
        std::vector<std::pair<std::string, std::string>> mapping;
        out.columns.emplace_back(*column,
                                 pseudonymizeColumn(table.column(*column), spec, secret, &mapping));
        for (const auto& [from, to] : mapping) {
            attribute.append(spec.column);
            value.append(from);
            pseudonym.append(to);
        }
        out.hasMapping = out.hasMapping || spec.method == PseudonymMethod::Random;
    }
    out.mapping = Table({attribute, value, pseudonym});
    return out;
}

Table publishedMapping(const Table& mapping, const Table& published) {
    Column attribute("attribute"), value("value"), pseudonym("pseudonym");
    // Per published column, which of its dictionary's values its rows hold.
    std::map<std::string, std::vector<std::uint8_t>> used;
    for (std::size_t r = 0; r < mapping.rowCount(); ++r) {
        const std::string& name = mapping.value(r, 0);
        const std::optional<std::size_t> index = published.columnIndex(name);
        if (!index) continue;
        const Column& column = published.column(*index);
        auto [it, fresh] = used.try_emplace(name);
        if (fresh) {
            it->second.assign(column.domainSize(), 0);
            for (std::size_t row = 0; row < column.size(); ++row) it->second[column.code(row)] = 1;
        }
        const std::optional<Code> code = column.find(mapping.value(r, 2));
        if (!code || !it->second[*code]) continue;
        attribute.append(name);
        value.append(mapping.value(r, 1));
        pseudonym.append(mapping.value(r, 2));
    }
    return Table({attribute, value, pseudonym});
}

std::string readSecretFile(const std::string& path) {
    std::string secret = readFileText(path);
    if (!secret.empty() && secret.back() == '\n') secret.pop_back();
    if (!secret.empty() && secret.back() == '\r') secret.pop_back();
    if (secret.empty())
        throw InputError(path, 0, 0, "the secret file is empty; it must hold the HMAC key");
    if (secret.size() < kMinHmacSecretBytes)
        throw InputError(path, 0, 0,
                         "the HMAC key has " + std::to_string(secret.size()) +
                             " bytes; it needs at least " + std::to_string(kMinHmacSecretBytes) +
                             " (a short key is found by trying every one): make one with "
                             "`head -c 32 /dev/urandom > FILE`");
    return secret;
}

}  // namespace ldv
