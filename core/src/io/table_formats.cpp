// Choosing the reader or writer by extension, and the writers of xlsx (libxlsxwriter) and
// Stata/SPSS files (ReadStat).
#include "ldiv/io/table_formats.h"

#include <readstat.h>
#include <unistd.h>
#include <xlsxwriter.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "io/record_table_builder.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

namespace detail {

std::string numberText(double value) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    return std::string(buf, r.ptr);
}

std::string isoDate(long long days, double secondsOfDay) {
    // Howard Hinnant's civil_from_days: the proleptic Gregorian calendar.
    const long long z = days + 719468;
    const long long era = (z >= 0 ? z : z - 146096) / 146097;
    const long long doe = z - era * 146097;
    const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const long long mp = (5 * doy + 2) / 153;
    const long long d = doy - (153 * mp + 2) / 5 + 1;
    const long long m = mp < 10 ? mp + 3 : mp - 9;
    const long long y = yoe + era * 400 + (m <= 2);
    char buf[160];
    if (secondsOfDay < 0) {
        std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lld", y, m, d);
    } else {
        const long long s = (long long)std::llround(secondsOfDay);
        std::snprintf(buf, sizeof buf, "%04lld-%02lld-%02lld %02lld:%02lld:%02lld", y, m, d,
                      s / 3600 % 24, s / 60 % 60, s % 60);
    }
    return buf;
}

}  // namespace detail

namespace {

std::string lowerExtension(std::string_view path) {
    const std::string ext = std::filesystem::path(std::string(path)).extension().string();
    std::string out;
    for (const char c : ext) out += char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return out;
}

bool isNumber(const std::string& text, double& value) {
    if (text.empty()) return false;
    const char* begin = text.data();
    const char* end = begin + text.size();
    if (*begin == '+') return false;  // "+1" would not read back as itself
    const auto r = std::from_chars(begin, end, value);
    return r.ec == std::errc() && r.ptr == end && std::isfinite(value);
}

}  // namespace

TableFormat tableFormatOf(std::string_view path) {
    const std::string ext = lowerExtension(path);
    if (ext == ".xlsx" || ext == ".xlsm") return TableFormat::Xlsx;
    if (ext == ".dta") return TableFormat::Stata;
    if (ext == ".sav" || ext == ".zsav") return TableFormat::Spss;
    if (ext == ".sas7bdat") return TableFormat::Sas;
    return TableFormat::Csv;
}

std::string_view formatName(TableFormat format) {
    switch (format) {
        case TableFormat::Xlsx:
            return "xlsx";
        case TableFormat::Stata:
            return "dta";
        case TableFormat::Spss:
            return "sav";
        case TableFormat::Sas:
            return "sas7bdat";
        case TableFormat::Csv:
            break;
    }
    return "csv";
}

const ColumnLabels* TableMetadata::find(std::string_view column) const {
    for (const ColumnLabels& c : columns)
        if (c.column == column) return &c;
    return nullptr;
}

Table readTableFile(const std::string& path, const CsvOptions& options, CsvReport* report,
                    Feedback* feedback, TableMetadata* metadata) {
    if (metadata) *metadata = {};
    const TableFormat format = tableFormatOf(path);
    switch (format) {
        case TableFormat::Csv:
            return readCsv(path, options, report, feedback);
        case TableFormat::Xlsx:
            return readXlsx(path, options, report);
        default:
            return readStatFile(path, format, options, report, metadata);
    }
}

// ---------------------------------------------------------------------------------- xlsx --

std::string formatTableXlsx(const Table& table, const std::string& sheetName) {
    constexpr std::size_t kMaxRows = 1048576;
    if (table.rowCount() + 1 > kMaxRows)
        throw InputError("xlsx", 0, 0,
                         std::to_string(table.rowCount()) +
                             " rows do not fit an Excel sheet (1,048,575 rows below the header); "
                             "publish as CSV");
    if (table.columnCount() > 16384)
        throw InputError("xlsx", 0, 0, "more than 16,384 columns do not fit an Excel sheet");
    // libxlsxwriter writes to a file: a private temporary one, read back and removed, so the
    // caller installs the bytes atomically like every other output.
    std::string tmp = (std::filesystem::temp_directory_path() / "ldiv-xlsx-XXXXXX").string();
    const int fd = mkstemp(tmp.data());
    if (fd < 0) throw InputError(tmp, 0, 0, "cannot create a temporary file for the workbook");
    close(fd);
    struct Remove {
        std::string path;
        ~Remove() { std::remove(path.c_str()); }
    } remove{tmp};
    lxw_workbook* wb = workbook_new(tmp.c_str());
    if (!wb) throw InputError(tmp, 0, 0, "libxlsxwriter cannot start a workbook");
    lxw_worksheet* ws = workbook_add_worksheet(wb, sheetName.c_str());
    std::string failure;
    auto check = [&](lxw_error e, std::size_t row, std::size_t col) {
        if (e != LXW_NO_ERROR && failure.empty()) {
            std::string letters;
            for (std::size_t c = col + 1; c > 0; c = (c - 1) / 26)
                letters.insert(letters.begin(), char('A' + (c - 1) % 26));
            failure = "sheet " + sheetName + ", cell " + letters + std::to_string(row + 1) + ": " +
                      lxw_strerror(e);
        }
    };
    for (std::size_t c = 0; c < table.columnCount(); ++c)
        check(worksheet_write_string(ws, 0, lxw_col_t(c), table.column(c).name().c_str(), nullptr),
              0, c);
    for (std::size_t c = 0; c < table.columnCount() && failure.empty(); ++c) {
        const Column& column = table.column(c);
        const bool numeric =
            column.type() == ColumnType::Integer || column.type() == ColumnType::Decimal;
        for (std::size_t r = 0; r < table.rowCount(); ++r) {
            const std::string& v = column.value(column.code(r));
            if (v.empty()) continue;  // an empty cell: missing when read back
            double d = 0;
            if (numeric && isNumber(v, d) && detail::numberText(d) == v)
                check(worksheet_write_number(ws, lxw_row_t(r + 1), lxw_col_t(c), d, nullptr), r + 1,
                      c);
            else
                check(
                    worksheet_write_string(ws, lxw_row_t(r + 1), lxw_col_t(c), v.c_str(), nullptr),
                    r + 1, c);
        }
    }
    const lxw_error closed = workbook_close(wb);
    if (!failure.empty()) throw InputError("xlsx", 0, 0, failure);
    if (closed != LXW_NO_ERROR)
        throw InputError(tmp, 0, 0,
                         std::string("cannot write the workbook: ") + lxw_strerror(closed));
    std::ifstream in(tmp, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

// ------------------------------------------------------------------------ Stata and SPSS --

namespace {

/// A name the format accepts: letters, digits and _ (and not starting with a digit), at most
/// 32 bytes in Stata and 64 in SPSS; others are rewritten and the original kept as the label.
std::string legalName(const std::string& name, TableFormat format, std::set<std::string>& used) {
    std::string out;
    for (const char c : name) {
        const bool ok =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        out += ok ? c : '_';
    }
    if (out.empty() || (out[0] >= '0' && out[0] <= '9') ||
        (format == TableFormat::Spss && out[0] == '_'))
        out = "v" + out;
    const std::size_t limit = format == TableFormat::Stata ? 32 : 64;
    if (out.size() > limit) out.resize(limit);
    std::string unique = out;
    for (int k = 2; used.count(unique); ++k) {
        const std::string suffix = "_" + std::to_string(k);
        unique = out.substr(0, std::min(out.size(), limit - suffix.size())) + suffix;
    }
    used.insert(unique);
    return unique;
}

struct PlannedColumn {
    enum Kind { Number, Labelled, String } kind = String;
    std::string name;
    std::string label;
    std::size_t width = 1;                            // strings
    std::vector<double> numbers;                      // by dictionary code (Number, Labelled)
    std::vector<bool> missing;                        // by dictionary code
    std::vector<std::pair<int, std::string>> labels;  // Labelled
    std::string labelSet;
};

PlannedColumn plan(const Column& column, TableFormat format, const std::string& destination,
                   const ColumnLabels* labels, std::set<std::string>& used) {
    PlannedColumn p;
    p.name = legalName(column.name(), format, used);
    p.label = labels && !labels->label.empty() ? labels->label
                                               : (p.name != column.name() ? column.name() : "");
    const std::size_t n = column.domainSize();
    p.missing.assign(n, false);
    p.numbers.assign(n, 0);
    for (Code k = 0; k < n; ++k) p.missing[k] = column.value(k).empty();

    // Value labels come back where the published value is a label; other values get codes of
    // their own above the largest, labelled with themselves.
    if (labels && !labels->valueLabels.empty()) {
        std::map<std::string, int> codeOf;
        int next = 0;
        bool integral = true;
        for (const auto& [code, label] : labels->valueLabels) {
            double d = 0;
            if (!isNumber(code, d) || d != std::floor(d) || std::fabs(d) > 2e9)
                integral = false;
            else {
                codeOf.emplace(label, int(d));
                next = std::max(next, int(d) + 1);
            }
        }
        if (integral) {
            p.kind = PlannedColumn::Labelled;
            p.labelSet = labels->labelSet.empty() ? p.name : labels->labelSet;
            for (Code k = 0; k < n; ++k) {
                if (p.missing[k]) continue;
                const std::string& v = column.value(k);
                auto it = codeOf.find(v);
                if (it == codeOf.end()) it = codeOf.emplace(v, next++).first;
                p.numbers[k] = it->second;
            }
            for (const auto& [label, code] : codeOf) p.labels.emplace_back(code, label);
            return p;
        }
    }
    bool allNumbers = n > 0;
    for (Code k = 0; k < n && allNumbers; ++k) {
        if (p.missing[k]) continue;
        double d = 0;
        // Only values that read back as themselves: "007" or "1.50" stay text.
        allNumbers = isNumber(column.value(k), d) && detail::numberText(d) == column.value(k);
        p.numbers[k] = d;
    }
    if (allNumbers && column.type() != ColumnType::Text) {
        p.kind = PlannedColumn::Number;
        return p;
    }
    p.kind = PlannedColumn::String;
    const std::size_t limit = format == TableFormat::Stata ? 2045 : 32767;
    for (Code k = 0; k < n; ++k) {
        const std::size_t len = column.value(k).size();
        if (len > limit)
            throw InputError(
                destination, 0, 0,
                "variable '" + column.name() + "': the value '" + column.value(k).substr(0, 40) +
                    "…' is " + std::to_string(len) + " bytes long; " +
                    (format == TableFormat::Stata ? "Stata" : "SPSS") + " strings hold at most " +
                    std::to_string(limit) + " (publish as CSV or xlsx)");
        p.width = std::max(p.width, len);
    }
    return p;
}

ssize_t appendBytes(const void* data, size_t len, void* ctx) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), len);
    return ssize_t(len);
}

}  // namespace

std::string formatTableStat(const Table& table, TableFormat format, const std::string& destination,
                            const TableMetadata* metadata) {
    if (format != TableFormat::Stata && format != TableFormat::Spss)
        throw InputError(destination, 0, 0,
                         "ldiv writes Stata (.dta) and SPSS (.sav) files, not " +
                             std::string(formatName(format)));
    std::set<std::string> used;
    std::vector<PlannedColumn> plans;
    for (const Column& c : table.columns())
        plans.push_back(
            plan(c, format, destination, metadata ? metadata->find(c.name()) : nullptr, used));

    std::string bytes;
    std::unique_ptr<readstat_writer_t, void (*)(readstat_writer_t*)> writer(readstat_writer_init(),
                                                                            readstat_writer_free);
    readstat_set_data_writer(writer.get(), appendBytes);
    std::vector<readstat_variable_t*> vars;
    for (const PlannedColumn& p : plans) {
        readstat_variable_t* v = nullptr;
        if (p.kind == PlannedColumn::String) {
            v = readstat_add_variable(writer.get(), p.name.c_str(), READSTAT_TYPE_STRING, p.width);
        } else if (p.kind == PlannedColumn::Labelled) {
            v = readstat_add_variable(writer.get(), p.name.c_str(), READSTAT_TYPE_INT32, 0);
            readstat_label_set_t* set =
                readstat_add_label_set(writer.get(), READSTAT_TYPE_INT32, p.labelSet.c_str());
            for (const auto& [code, label] : p.labels)
                readstat_label_int32_value(set, code, label.c_str());
            readstat_variable_set_label_set(v, set);
        } else {
            v = readstat_add_variable(writer.get(), p.name.c_str(), READSTAT_TYPE_DOUBLE, 0);
        }
        if (!p.label.empty()) readstat_variable_set_label(v, p.label.c_str());
        vars.push_back(v);
    }
    const long rows = long(table.rowCount());
    readstat_error_t e = format == TableFormat::Stata
                             ? readstat_begin_writing_dta(writer.get(), &bytes, rows)
                             : readstat_begin_writing_sav(writer.get(), &bytes, rows);
    auto fail = [&](readstat_error_t err, const std::string& where) {
        throw InputError(destination, 0, 0, where + ": " + readstat_error_message(err));
    };
    if (e != READSTAT_OK) fail(e, "cannot start the file");
    for (std::size_t i = 0; i < vars.size(); ++i)
        if ((e = readstat_validate_variable(writer.get(), vars[i])) != READSTAT_OK)
            fail(e, "variable '" + plans[i].name + "'");
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        if ((e = readstat_begin_row(writer.get())) != READSTAT_OK)
            fail(e, "row " + std::to_string(r + 1));
        for (std::size_t c = 0; c < vars.size(); ++c) {
            const Column& column = table.column(c);
            const Code k = column.code(r);
            const PlannedColumn& p = plans[c];
            if (p.kind == PlannedColumn::String)
                e = readstat_insert_string_value(writer.get(), vars[c], column.value(k).c_str());
            else if (p.missing[k])
                e = readstat_insert_missing_value(writer.get(), vars[c]);
            else if (p.kind == PlannedColumn::Labelled)
                e = readstat_insert_int32_value(writer.get(), vars[c], int32_t(p.numbers[k]));
            else
                e = readstat_insert_double_value(writer.get(), vars[c], p.numbers[k]);
            if (e != READSTAT_OK)
                fail(e, "variable '" + column.name() + "', row " + std::to_string(r + 1));
        }
        if ((e = readstat_end_row(writer.get())) != READSTAT_OK)
            fail(e, "row " + std::to_string(r + 1));
    }
    if ((e = readstat_end_writing(writer.get())) != READSTAT_OK) fail(e, "cannot finish the file");
    return bytes;
}

std::string formatTableFor(const std::string& path, const Table& table, char separator,
                           bool neutralize, const TableMetadata* metadata) {
    const TableFormat format = tableFormatOf(path);
    switch (format) {
        case TableFormat::Csv:
            return formatTableCsv(table, separator, neutralize);
        case TableFormat::Xlsx:
            try {
                return formatTableXlsx(table);
            } catch (const InputError& e) {
                throw InputError(path, 0, 0, e.detail());
            }
        case TableFormat::Sas:
            throw InputError(path, 0, 0,
                             "ldiv does not write SAS files (ReadStat's .sas7bdat writer makes "
                             "files SAS may refuse); publish as .dta, .sav, .xlsx or CSV");
        default:
            return formatTableStat(table, format, path, metadata);
    }
}

}  // namespace ldv
