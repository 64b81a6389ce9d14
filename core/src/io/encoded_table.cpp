#include "ldiv/io/encoded_table.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "data/type_inference.h"
#include "io/csv_fast_reader.h"

namespace ldv {
namespace {

bool isBlank(char c) {
    return c == ' ' || c == '\t';
}

/// Whether the CSV reader takes this field's text as it is: acceptable text, and nothing it
/// would trim from an unquoted field.
bool takenAsIs(std::string_view text, bool quoted, const CsvOptions& options) {
    if (!detail::acceptableText(text)) return false;
    if (!quoted && options.trim && !text.empty() && (isBlank(text.front()) || isBlank(text.back())))
        return false;
    return true;
}

bool isMissingToken(std::string_view text, bool quoted, const CsvOptions& options) {
    if (quoted) return false;  // a quoted "?" is data (csv_fast_reader.cpp)
    return std::find(options.missingTokens.begin(), options.missingTokens.end(), text) !=
           options.missingTokens.end();
}

}  // namespace

std::optional<Table> tableFromEncoded(const std::vector<EncodedColumn>& columns,
                                      const CsvOptions& options, CsvReport* report) {
    if (columns.empty() || !options.header || columns.size() > options.maxColumns)
        return std::nullopt;
    const std::size_t rows = columns.front().codes.size();
    std::unordered_set<std::string_view> names;
    // Per column and spelling: missing token or not.
    std::vector<std::vector<unsigned char>> missing(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const EncodedColumn& col = columns[c];
        if (col.codes.size() != rows || col.quoted.size() != col.spellings.size())
            return std::nullopt;
        if (!takenAsIs(col.name, col.nameQuoted, options)) return std::nullopt;
        // One column: an unquoted empty name or cell is a blank line, which the reader skips.
        if (columns.size() == 1 && col.name.empty() && !col.nameQuoted) return std::nullopt;
        if (!col.name.empty() && !names.insert(col.name).second) return std::nullopt;
        for (std::size_t s = 0; s < col.spellings.size(); ++s) {
            const std::string& text = col.spellings[s];
            if (!takenAsIs(text, col.quoted[s], options)) return std::nullopt;
            if (columns.size() == 1 && text.empty() && !col.quoted[s]) return std::nullopt;
            missing[c].push_back(isMissingToken(text, col.quoted[s], options));
        }
        for (const std::uint32_t code : col.codes)
            if (code >= col.spellings.size()) return std::nullopt;
    }
    // Generated names ("columnN") can meet a given one; the reader compares them all.
    std::vector<std::string> given;
    for (std::size_t c = 0; c < columns.size(); ++c)
        given.push_back(columns[c].name.empty() ? "column" + std::to_string(c + 1)
                                                : columns[c].name);
    if (std::unordered_set<std::string>(given.begin(), given.end()).size() != given.size())
        return std::nullopt;

    std::vector<bool> keep(rows, true);
    std::size_t dropped = 0;
    if (options.missing == MissingPolicy::Drop) {
        for (std::size_t r = 0; r < rows; ++r) {
            for (std::size_t c = 0; c < columns.size() && keep[r]; ++c)
                keep[r] = !missing[c][columns[c].codes[r]];
            dropped += !keep[r];
        }
    }
    std::vector<Column> out;
    out.reserve(columns.size());
    for (std::size_t c = 0; c < columns.size(); ++c) {
        const EncodedColumn& col = columns[c];
        Column& column = out.emplace_back(given[c]);
        column.reserve(rows - dropped);
        // Interned on first use among the kept rows: the dictionary's order of first
        // appearance, and a spelling only in dropped rows never enters it.
        constexpr Code kUnseen = Code(-1);
        std::vector<Code> code(col.spellings.size(), kUnseen);
        std::size_t missingCount = 0;
        for (std::size_t r = 0; r < rows; ++r) {
            if (!keep[r]) continue;
            const std::uint32_t s = col.codes[r];
            if (code[s] == kUnseen) code[s] = column.intern(col.spellings[s]);
            column.appendCode(code[s]);
            missingCount += missing[c][s];
        }
        column.setMissingCount(missingCount);
        if (options.inferTypes)
            column.setType(detail::inferColumnType(column, options.missingTokens));
    }
    if (report) {
        report->separator = ',';
        report->rowsRead = rows;
        report->rowsDropped = dropped;
        report->hadBom = false;
    }
    return Table(std::move(out));
}

}  // namespace ldv
