#include "ldiv/io/table_digest.h"

#include <algorithm>
#include <map>
#include <numeric>

#include "ldiv/data/error.h"
#include "ldiv/io/table_source.h"

namespace ldv {
namespace {

std::map<std::string, TableDigest>& digests() {
    static std::map<std::string, TableDigest> d;
    return d;
}

std::string schemeOf(const std::string& location) {
    const auto colon = location.find("://");
    return colon == std::string::npos ? std::string() : location.substr(0, colon);
}

// PostgreSQL's CopyAttributeOutCSV (PostgreSQL 15): NULL is the empty unquoted field; a
// value is quoted when it is the empty string (it would read as NULL), holds the delimiter,
// a quote, CR or LF, or is "\." alone on its line (the end-of-data marker).
void putField(std::string& out, std::string_view value, bool null, bool singleColumn) {
    if (null) return;
    const bool quote = value.empty() || (singleColumn && value == "\\.") ||
                       value.find_first_of(",\"\r\n") != std::string_view::npos;
    if (!quote) {
        out.append(value);
        return;
    }
    out += '"';
    for (char c : value) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

constexpr std::size_t kChunkBytes = std::size_t(1) << 16;

}  // namespace

void registerTableDigest(const std::string& scheme, TableDigest digest) {
    digests()[scheme] = std::move(digest);
}

std::string artefactKind(const std::string& location) {
    const std::string scheme = schemeOf(location);
    return isSourceUri(location) && (scheme == "postgresql" || scheme == "postgres")
               ? kPostgresTableKind
               : "";
}

std::string tableSha256(const std::string& uri) {
    const auto it = digests().find(schemeOf(uri));
    if (it == digests().end())
        throw ParameterError("cannot hash " + uri + ": this ldiv was built without '" +
                             schemeOf(uri) + "' support");
    return it->second(uri);
}

void writeCanonicalCsv(const Table& table, const std::function<void(std::string_view)>& sink) {
    const std::size_t columns = table.columnCount();
    const bool single = columns == 1;
    std::string out;
    const std::vector<std::string> names = table.columnNames();
    for (std::size_t c = 0; c < columns; ++c) {
        if (c) out += ',';
        putField(out, names[c], false, single);
    }
    out += '\n';
    // std::string compares as unsigned bytes (char_traits<char>), as COLLATE "C" does; an
    // empty value is NULL in the table, and NULLS FIRST puts it where "" sorts anyway.
    std::vector<std::size_t> order(table.rowCount());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        for (std::size_t c = 0; c < columns; ++c) {
            const int cmp = table.value(a, c).compare(table.value(b, c));
            if (cmp != 0) return cmp < 0;
        }
        return false;
    });
    for (std::size_t r : order) {
        for (std::size_t c = 0; c < columns; ++c) {
            if (c) out += ',';
            const std::string& v = table.value(r, c);
            putField(out, v, v.empty(), single);
        }
        out += '\n';
        if (out.size() >= kChunkBytes) {
            sink(out);
            out.clear();
        }
    }
    if (!out.empty()) sink(out);
}

}  // namespace ldv
