#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "ldiv/csv.h"
#include "ldiv/error.h"

namespace ldv {

void writeCsvField(std::ostream& out, std::string_view field, char separator) {
    const bool needsQuotes = field.find_first_of(std::string{separator, '"', '\r', '\n'}) !=
                                 std::string_view::npos ||
                             (!field.empty() && (field.front() == ' ' || field.back() == ' '));
    if (!needsQuotes) {
        out << field;
        return;
    }
    out << '"';
    for (char c : field) {
        if (c == '"') out << '"';
        out << c;
    }
    out << '"';
}

void writeCsvRecord(std::ostream& out, const std::vector<std::string>& fields, char separator) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) out << separator;
        writeCsvField(out, fields[i], separator);
    }
    out << '\n';
}

void writeFileAtomically(const std::string& path, std::string_view text) {
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path temp = target.parent_path() / (target.filename().string() + ".ldiv-tmp");
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw InputError(path, 0, 0, "cannot write: the folder is missing or read-only");
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
        out.flush();
        if (!out) {
            out.close();
            std::error_code ignored;
            fs::remove(temp, ignored);
            throw InputError(path, 0, 0, "cannot write the whole file (disk full?); the old file is kept");
        }
    }
    std::error_code ec;
    fs::rename(temp, target, ec);
    if (ec) {
        fs::remove(temp, ec);
        throw InputError(path, 0, 0, "cannot replace the file: " + ec.message());
    }
}

}  // namespace ldv
