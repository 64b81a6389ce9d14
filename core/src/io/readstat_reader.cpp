// Stata, SPSS and SAS files through ReadStat (Miller 2023): values as text in the Table
// that readCsv builds for the same data, value labels in place of their codes.
#include <fcntl.h>
#include <readstat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <system_error>

#include <charconv>
#include <cmath>
#include <map>
#include <unordered_map>

#include "io/record_table_builder.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_formats.h"

namespace ldv {
namespace {

enum class DateKind { None, Days1960, Millis1960, Seconds1960, SpssDate, SpssDateTime };

std::string upperLetters(const char* format) {
    std::string out;
    if (!format) return out;
    for (const char* p = format; *p; ++p) {
        const char c = *p;
        if (c >= 'a' && c <= 'z')
            out += char(c - 'a' + 'A');
        else if ((c >= 'A' && c <= 'Z') || c == '%')
            out += c;
        else
            break;  // the width ("DATE11", "%td" has none)
    }
    return out;
}

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.rfind(prefix, 0) == 0;
}

/// Which numbers are dates, by the variable's display format.
DateKind dateKind(TableFormat format, const char* fmt) {
    const std::string f = upperLetters(fmt);
    if (f.empty()) return DateKind::None;
    if (format == TableFormat::Stata) {
        // %td (and the old %d) count days from 1960-01-01; %tc/%tC milliseconds.
        if (startsWith(f, "%TD") || f == "%D" || startsWith(f, "%D")) return DateKind::Days1960;
        if (startsWith(f, "%TC")) return DateKind::Millis1960;
        return DateKind::None;
    }
    if (format == TableFormat::Spss) {
        // Seconds from 1582-10-14, the start of the Gregorian calendar.
        if (f == "DATETIME" || f == "YMDHMS") return DateKind::SpssDateTime;
        if (f == "DATE" || f == "ADATE" || f == "EDATE" || f == "SDATE" || f == "JDATE")
            return DateKind::SpssDate;
        return DateKind::None;
    }
    // SAS: days from 1960-01-01 for date formats, seconds for datetime formats.
    for (const char* dt : {"DATETIME", "E8601DT", "IS8601DT", "B8601DT"})
        if (f == dt) return DateKind::Seconds1960;
    for (const char* d : {"DATE", "MMDDYY", "DDMMYY", "YYMMDD", "E8601DA", "IS8601DA", "B8601DA",
                          "WORDDATE", "WEEKDATE", "MONYY", "YYMMDDN", "NLDATE"})
        if (f == d) return DateKind::Days1960;
    return DateKind::None;
}

constexpr long long kDays1960 = -3653;             // 1960-01-01 from 1970-01-01
constexpr long long kSeconds1582 = 12219379200LL;  // 1582-10-14 to 1970-01-01

// A date beyond ±100 million days (±270,000 years) is no calendar date: the value is kept as
// its number, and a file cannot make the conversion to an integer overflow (fuzz_readstat).
constexpr double kMaxDays = 1e8;

std::string dateText(DateKind kind, double v) {
    const auto datable = [](double days) {
        return std::isfinite(days) && std::abs(days) < kMaxDays;
    };
    auto split = [&](double seconds, long long offsetDays) -> std::optional<std::string> {
        const double days = std::floor(seconds / 86400.0);
        if (!datable(days)) return std::nullopt;
        const double rest = seconds - days * 86400.0;
        return detail::isoDate((long long)days + offsetDays, rest);
    };
    auto day = [&](double days, long long offsetDays) -> std::optional<std::string> {
        days = std::floor(days);
        if (!datable(days)) return std::nullopt;
        return detail::isoDate((long long)days + offsetDays);
    };
    std::optional<std::string> text;
    switch (kind) {
        case DateKind::Days1960:
            text = day(v, kDays1960);
            break;
        case DateKind::Millis1960:
            text = split(v / 1000.0, kDays1960);
            break;
        case DateKind::Seconds1960:
            text = split(v, kDays1960);
            break;
        case DateKind::SpssDate:
            text = day((v - double(kSeconds1582)) / 86400.0, 0);
            break;
        case DateKind::SpssDateTime:
            text = split(v - double(kSeconds1582), 0);
            break;
        case DateKind::None:
            break;
    }
    return text ? *text : detail::numberText(v);
}

/// A value's text: integers as integers, reals as their shortest text, strings as they are.
std::string valueText(readstat_value_t value) {
    switch (readstat_value_type(value)) {
        case READSTAT_TYPE_STRING:
        case READSTAT_TYPE_STRING_REF: {
            const char* s = readstat_string_value(value);
            return s ? s : "";
        }
        case READSTAT_TYPE_INT8:
            return std::to_string(int(readstat_int8_value(value)));
        case READSTAT_TYPE_INT16:
            return std::to_string(readstat_int16_value(value));
        case READSTAT_TYPE_INT32:
            return std::to_string(readstat_int32_value(value));
        case READSTAT_TYPE_FLOAT: {
            char buf[32];
            const auto r = std::to_chars(buf, buf + sizeof buf, readstat_float_value(value));
            return std::string(buf, r.ptr);
        }
        case READSTAT_TYPE_DOUBLE:
            return detail::numberText(readstat_double_value(value));
    }
    return {};
}

struct Variable {
    std::string name;
    std::string label;
    std::string labelSet;
    DateKind date = DateKind::None;
};

/// A column's recent values and their codes in a small direct-mapped table: a category
/// column has few values, and finding them here costs a cheap hash and one comparison
/// instead of the dictionary's full string hash and lookup.
struct ValueCache {
    static constexpr std::size_t kSlots = 256;
    struct Slot {
        std::string text;
        Code code = 0;
        bool valid = false;
    };
    std::vector<Slot> slots;
    /// Codes of the small whole numbers (ages, counts, category codes) by value, + 1 (0 = not
    /// seen yet): such a number needs neither its text nor a lookup after the first time.
    std::vector<Code> smallInts;
    Code code = 0;  ///< of the value appended last
};
constexpr int kSmallInts = 4096;

std::size_t cheapHash(std::string_view text) {
    std::uint64_t head = 0, tail = 0;
    // An empty view may have a null data(), which memcpy must not get even for 0 bytes.
    if (!text.empty()) std::memcpy(&head, text.data(), std::min<std::size_t>(8, text.size()));
    if (text.size() > 8)
        std::memcpy(&tail, text.data() + text.size() - std::min<std::size_t>(8, text.size() - 8),
                    std::min<std::size_t>(8, text.size() - 8));
    const std::uint64_t h =
        (head * 0x9E3779B97F4A7C15ULL) ^ (tail * 0xC2B2AE3D27D4EB4FULL) ^ text.size();
    return std::size_t(h >> 56);
}

void appendCached(Column& column, ValueCache& cache, std::string_view text) {
    if (cache.slots.empty()) cache.slots.resize(ValueCache::kSlots);
    ValueCache::Slot& slot = cache.slots[cheapHash(text)];
    if (slot.valid && std::string_view(slot.text) == text) {
        column.appendCode(slot.code);
        cache.code = slot.code;
        return;
    }
    cache.code = column.append(text);
    slot.text.assign(text);
    slot.code = cache.code;
    slot.valid = true;
}

struct ParseState {
    TableFormat format;
    std::vector<ValueCache> last;
    std::size_t maxColumns;
    std::vector<Variable> vars;
    std::vector<Column> columns;
    std::map<std::string, std::vector<std::pair<std::string, std::string>>> labelSets;
    std::string errorMessage;  ///< from ReadStat's error handler
    std::string tooMany;
    long rowHint = -1;  ///< rows the header claims, bounded by the file's bytes (onMetadata)
    std::uintmax_t fileBytes = 0;  ///< the file's size (0: unknown)
    int fileVersion = 0;           ///< the format's version (Stata's 104-119), from the metadata
    int currentRow = -1;
    int currentVar = -1;
};

int onMetadata(readstat_metadata_t* metadata, void* ctx) {
    auto* s = static_cast<ParseState*>(ctx);
    // The header's row count only sizes the columns' first allocation, and a crafted header
    // can claim billions of rows in a file of a few kilobytes (fuzz_readstat: a 2,303-byte
    // Stata file asked for 2 GB per column). Every row takes at least a byte of the file in
    // these formats, so the file's size bounds the hint; a hint that is too small only costs
    // the vectors' growth.
    const long claimed = readstat_get_row_count(metadata);
    s->rowHint =
        claimed > 0 && std::uintmax_t(claimed) > s->fileBytes ? long(s->fileBytes) : claimed;
    s->fileVersion = readstat_get_file_format_version(metadata);
    const int vars = readstat_get_var_count(metadata);
    if (vars > 0 && std::size_t(vars) > s->maxColumns) {
        s->tooMany = "the file has " + std::to_string(vars) + " variables; ldiv reads at most " +
                     std::to_string(s->maxColumns);
        return READSTAT_HANDLER_ABORT;
    }
    return READSTAT_HANDLER_OK;
}

int onVariable(int index, readstat_variable_t* variable, const char* valLabels, void* ctx) {
    auto* s = static_cast<ParseState*>(ctx);
    if (std::size_t(index) != s->vars.size()) return READSTAT_HANDLER_ABORT;
    Variable v;
    const char* name = readstat_variable_get_name(variable);
    v.name = name && *name ? name : "column" + std::to_string(index + 1);
    if (const char* l = readstat_variable_get_label(variable)) v.label = l;
    if (valLabels) {
        // A Stata file's value-label name is handed over as read: a fixed-width entry (9, 33
        // or 129 bytes by version) that a crafted file need not end with a NUL, so it is read
        // no further than its entry (ReadStat 1.1.8; found by fuzz_readstat).
        const std::size_t entry = s->format != TableFormat::Stata ? std::string::npos
                                  : s->fileVersion < 110          ? 9
                                  : s->fileVersion < 118          ? 33
                                                                  : 129;
        v.labelSet = entry == std::string::npos ? std::string(valLabels)
                                                : std::string(valLabels, strnlen(valLabels, entry));
    }
    if (readstat_variable_get_type_class(variable) == READSTAT_TYPE_CLASS_NUMERIC)
        v.date = dateKind(s->format, readstat_variable_get_format(variable));
    s->columns.emplace_back(v.name);
    s->last.emplace_back();
    if (s->rowHint > 0) s->columns.back().reserve(std::size_t(s->rowHint));
    s->vars.push_back(std::move(v));
    return READSTAT_HANDLER_OK;
}

int onValue(int obsIndex, readstat_variable_t* variable, readstat_value_t value, void* ctx) {
    auto* s = static_cast<ParseState*>(ctx);
    const int index = readstat_variable_get_index(variable);
    s->currentRow = obsIndex;
    s->currentVar = index;
    Column& column = s->columns[std::size_t(index)];
    ValueCache& last = s->last[std::size_t(index)];
    const readstat_type_t type = readstat_value_type(value);
    if (type == READSTAT_TYPE_STRING) {
        // Strings have no missing values but ""; the hot path of a text column.
        const char* text = readstat_string_value(value);
        appendCached(column, last, text ? std::string_view(text) : std::string_view());
        return READSTAT_HANDLER_OK;
    }
    if (readstat_value_is_missing(value, variable)) {
        appendCached(column, last, {});
        return READSTAT_HANDLER_OK;
    }
    const DateKind date = s->vars[std::size_t(index)].date;
    if (date != DateKind::None) {
        appendCached(column, last, dateText(date, readstat_double_value(value)));
        return READSTAT_HANDLER_OK;
    }
    double number = 0;
    switch (type) {
        case READSTAT_TYPE_DOUBLE:
            number = readstat_double_value(value);
            break;
        case READSTAT_TYPE_FLOAT:
            number = double(readstat_float_value(value));
            break;
        default:
            number = double(readstat_int32_value(value));
            break;
    }
    const bool small = number >= 0 && number < kSmallInts && number == std::floor(number) &&
                       !(number == 0 && std::signbit(number));
    if (small) {
        if (last.smallInts.empty()) last.smallInts.assign(kSmallInts, 0);
        if (const Code known = last.smallInts[std::size_t(number)]) {
            column.appendCode(known - 1);
            return READSTAT_HANDLER_OK;
        }
    }
    // Numbers without allocating: the shortest text, in a buffer on the stack.
    char buf[32];
    std::to_chars_result r{buf, std::errc()};
    switch (type) {
        case READSTAT_TYPE_DOUBLE:
            r = std::to_chars(buf, buf + sizeof buf, readstat_double_value(value));
            break;
        case READSTAT_TYPE_FLOAT:
            r = std::to_chars(buf, buf + sizeof buf, readstat_float_value(value));
            break;
        case READSTAT_TYPE_INT8:
        case READSTAT_TYPE_INT16:
        case READSTAT_TYPE_INT32:
            r = std::to_chars(buf, buf + sizeof buf, readstat_int32_value(value));
            break;
        default:
            appendCached(column, last, valueText(value));
            return READSTAT_HANDLER_OK;
    }
    appendCached(column, last, std::string_view(buf, std::size_t(r.ptr - buf)));
    if (small) last.smallInts[std::size_t(number)] = last.code + 1;
    return READSTAT_HANDLER_OK;
}

int onValueLabel(const char* set, readstat_value_t value, const char* label, void* ctx) {
    auto* s = static_cast<ParseState*>(ctx);
    if (readstat_value_is_tagged_missing(value)) return READSTAT_HANDLER_OK;  // .a, .b: missing
    s->labelSets[set ? set : ""].emplace_back(valueText(value), label ? label : "");
    return READSTAT_HANDLER_OK;
}

void onError(const char* message, void* ctx) {
    auto* s = static_cast<ParseState*>(ctx);
    if (s->errorMessage.empty() && message) {
        s->errorMessage = message;
        while (!s->errorMessage.empty() &&
               (s->errorMessage.back() == '\n' || s->errorMessage.back() == ' '))
            s->errorMessage.pop_back();
    }
}

/// ReadStat reads a .dta or .sav row by row, one read(2) per row by default: a buffer of
/// 1 MiB makes that a memcpy (a million-row file: a million system calls fewer).
struct BufferedFile {
    int fd = -1;
    std::vector<char> buffer = std::vector<char>(std::size_t(1) << 20);
    std::size_t begin = 0, end = 0;  ///< the buffered bytes not yet read
    off_t position = 0;              ///< file offset of buffer[end]

    static int open(const char* path, void* ctx) {
        auto* f = static_cast<BufferedFile*>(ctx);
        f->fd = ::open(path, O_RDONLY | O_CLOEXEC);
        f->begin = f->end = 0;
        f->position = 0;
        return f->fd;
    }
    static int close(void* ctx) {
        auto* f = static_cast<BufferedFile*>(ctx);
        const int r = f->fd >= 0 ? ::close(f->fd) : 0;
        f->fd = -1;
        return r;
    }
    static readstat_off_t seek(readstat_off_t offset, readstat_io_flags_t whence, void* ctx) {
        auto* f = static_cast<BufferedFile*>(ctx);
        const int how = whence == READSTAT_SEEK_SET   ? SEEK_SET
                        : whence == READSTAT_SEEK_CUR ? SEEK_CUR
                                                      : SEEK_END;
        // The logical position is behind the file's by the unread buffered bytes.
        if (how == SEEK_CUR) offset -= readstat_off_t(f->end - f->begin);
        f->begin = f->end = 0;
        const off_t r = ::lseek(f->fd, offset, how);
        if (r >= 0) f->position = r;
        return r;
    }
    static ssize_t read(void* out, size_t n, void* ctx) {
        auto* f = static_cast<BufferedFile*>(ctx);
        char* dst = static_cast<char*>(out);
        std::size_t done = 0;
        while (done < n) {
            if (f->begin == f->end) {
                if (n - done >= f->buffer.size()) {  // a large read goes straight through
                    const ssize_t r = ::read(f->fd, dst + done, n - done);
                    if (r < 0) return done ? ssize_t(done) : r;
                    if (r == 0) break;
                    f->position += r;
                    done += std::size_t(r);
                    continue;
                }
                const ssize_t r = ::read(f->fd, f->buffer.data(), f->buffer.size());
                if (r < 0) return done ? ssize_t(done) : r;
                if (r == 0) break;
                f->position += r;
                f->begin = 0;
                f->end = std::size_t(r);
            }
            const std::size_t k = std::min(n - done, f->end - f->begin);
            std::memcpy(dst + done, f->buffer.data() + f->begin, k);
            f->begin += k;
            done += k;
        }
        return ssize_t(done);
    }
    static readstat_error_t update(long, readstat_progress_handler, void*, void*) {
        return READSTAT_OK;
    }
};

std::string_view formatTitle(TableFormat format) {
    switch (format) {
        case TableFormat::Stata:
            return "Stata";
        case TableFormat::Spss:
            return "SPSS";
        case TableFormat::Sas:
            return "SAS";
        default:
            return "statistics";
    }
}

/// The column with its codes replaced by their labels; dictionary order (first appearance)
/// is kept, so the Table equals the one of a CSV holding the labels.
Column relabel(const Column& column,
               const std::vector<std::pair<std::string, std::string>>& labels) {
    std::unordered_map<std::string_view, std::string_view> byCode;
    for (const auto& [code, label] : labels) byCode.emplace(code, label);
    Column out(column.name());
    std::vector<Code> map(column.domainSize());
    for (Code c = 0; c < column.domainSize(); ++c) {
        const auto it = byCode.find(column.value(c));
        map[c] = out.intern(it == byCode.end() ? std::string_view(column.value(c)) : it->second);
    }
    out.reserve(column.size());
    for (const Code c : column.codes()) out.appendCode(map[c]);
    return out;
}

}  // namespace

Table readStatFile(const std::string& path, TableFormat format, const CsvOptions& options,
                   CsvReport* report, TableMetadata* metadata) {
    ParseState state;
    state.format = format;
    std::error_code sizeError;
    state.fileBytes = std::filesystem::file_size(path, sizeError);
    if (sizeError) state.fileBytes = 0;
    state.maxColumns = options.maxColumns;
    BufferedFile file;  // outlives the parser, which reads through it
    std::unique_ptr<readstat_parser_t, void (*)(readstat_parser_t*)> parser(readstat_parser_init(),
                                                                            readstat_parser_free);
    readstat_set_metadata_handler(parser.get(), onMetadata);
    readstat_set_variable_handler(parser.get(), onVariable);
    readstat_set_value_handler(parser.get(), onValue);
    readstat_set_value_label_handler(parser.get(), onValueLabel);
    readstat_set_error_handler(parser.get(), onError);
    readstat_set_open_handler(parser.get(), BufferedFile::open);
    readstat_set_close_handler(parser.get(), BufferedFile::close);
    readstat_set_seek_handler(parser.get(), BufferedFile::seek);
    readstat_set_read_handler(parser.get(), BufferedFile::read);
    readstat_set_update_handler(parser.get(), BufferedFile::update);
    readstat_set_io_ctx(parser.get(), &file);
    readstat_error_t error = READSTAT_OK;
    switch (format) {
        case TableFormat::Stata:
            error = readstat_parse_dta(parser.get(), path.c_str(), &state);
            break;
        case TableFormat::Spss:
            error = readstat_parse_sav(parser.get(), path.c_str(), &state);
            break;
        case TableFormat::Sas:
            error = readstat_parse_sas7bdat(parser.get(), path.c_str(), &state);
            break;
        default:
            throw InputError(path, 0, 0, "not a Stata, SPSS or SAS file");
    }
    if (!state.tooMany.empty()) throw InputError(path, 0, 0, state.tooMany);
    if (error != READSTAT_OK) {
        std::string message = "cannot read the " + std::string(formatTitle(format)) +
                              " file: " + readstat_error_message(error);
        if (!state.errorMessage.empty()) message += " (" + state.errorMessage + ")";
        if (state.currentVar >= 0 && std::size_t(state.currentVar) < state.vars.size())
            message += "; the last value read was variable '" +
                       state.vars[std::size_t(state.currentVar)].name + "' of row " +
                       std::to_string(state.currentRow + 1);
        else if (error == READSTAT_ERROR_PARSE || error == READSTAT_ERROR_READ)
            message += "; the file is damaged or truncated before its first row";
        throw InputError(path, 0, 0, message);
    }
    if (state.columns.empty()) throw InputError(path, 0, 0, "the file has no variables");
    const std::size_t rows = state.columns.front().size();
    for (const Column& c : state.columns)
        if (c.size() != rows)
            throw InputError(path, 0, 0,
                             "variable '" + c.name() + "' has " + std::to_string(c.size()) +
                                 " values, the first one " + std::to_string(rows) +
                                 ": the file is damaged");

    TableMetadata meta;
    for (std::size_t i = 0; i < state.vars.size(); ++i) {
        const Variable& v = state.vars[i];
        ColumnLabels labels{v.name, v.label, v.labelSet, {}};
        if (!v.labelSet.empty())
            if (auto it = state.labelSets.find(v.labelSet); it != state.labelSets.end()) {
                labels.valueLabels = it->second;
                state.columns[i] = relabel(state.columns[i], labels.valueLabels);
            }
        if (!labels.label.empty() || !labels.valueLabels.empty()) meta.columns.push_back(labels);
    }
    if (metadata) *metadata = std::move(meta);

    // The missing-value policy and the types, as readCsv applies them (record_table_builder.h):
    // with rows to drop, the rows are replayed through the builder so that each dictionary
    // holds only kept values in the order they first appear.
    detail::RecordTableBuilder builder(options);
    std::vector<std::vector<bool>> missingCode(state.columns.size());
    bool anyMissing = false;
    for (std::size_t i = 0; i < state.columns.size(); ++i) {
        const Column& c = state.columns[i];
        missingCode[i].resize(c.domainSize());
        for (Code k = 0; k < c.domainSize(); ++k)
            anyMissing |= (missingCode[i][k] = builder.isMissing(c.value(k)));
    }
    if (anyMissing && options.missing == MissingPolicy::Drop) {
        std::vector<std::string> names;
        for (const Column& c : state.columns) names.push_back(c.name());
        builder.setColumns(names);
        std::vector<std::string> row(names.size());
        for (std::size_t r = 0; r < rows; ++r) {
            for (std::size_t i = 0; i < row.size(); ++i)
                row[i] = state.columns[i].value(state.columns[i].code(r));
            builder.addRow(row);
        }
        return builder.finish(report);
    }
    for (std::size_t i = 0; i < state.columns.size(); ++i) {
        Column& c = state.columns[i];
        std::size_t missing = 0;
        if (anyMissing)
            for (const Code k : c.codes()) missing += missingCode[i][k];
        c.setMissingCount(missing);
        if (options.inferTypes) c.setType(detail::inferColumnType(c, options.missingTokens));
    }
    if (report) {
        report->separator = ',';
        report->rowsRead = rows;
        report->rowsDropped = 0;
        report->hadBom = false;
    }
    return Table(std::move(state.columns));
}

}  // namespace ldv
