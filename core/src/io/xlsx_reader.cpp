// .xlsx workbooks (ECMA-376 SpreadsheetML): libzip opens the package, expat streams the
// sheet's XML, the shared strings and the styles (for which cells hold dates).
#include <expat.h>
#include <zip.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <unordered_set>

#include "io/record_table_builder.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_formats.h"

namespace ldv {
namespace {

/// The OLE compound file signature: an encrypted xlsx (ECMA-376 agile encryption) and a
/// legacy .xls both start with it; a plain xlsx is a zip ("PK").
constexpr unsigned char kOleMagic[8] = {0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1};

std::string cellName(std::size_t row, std::size_t col) {
    std::string letters;
    for (std::size_t c = col + 1; c > 0; c = (c - 1) / 26)
        letters.insert(letters.begin(), char('A' + (c - 1) % 26));
    return letters + std::to_string(row + 1);
}

/// "C7" → row 6, column 2 (0-based); false when it is not a cell reference.
bool parseCellRef(std::string_view ref, std::size_t& row, std::size_t& col) {
    std::size_t i = 0, c = 0, r = 0;
    while (i < ref.size() && ref[i] >= 'A' && ref[i] <= 'Z')
        c = c * 26 + std::size_t(ref[i++] - 'A' + 1);
    if (i == 0 || i == ref.size() || c > 16384) return false;
    for (; i < ref.size(); ++i) {
        if (ref[i] < '0' || ref[i] > '9') return false;
        r = r * 10 + std::size_t(ref[i] - '0');
        if (r > 1048576) return false;
    }
    if (r == 0) return false;
    row = r - 1;
    col = c - 1;
    return true;
}

const char* attr(const XML_Char** atts, const char* name) {
    for (int i = 0; atts[i]; i += 2)
        if (std::strcmp(atts[i], name) == 0) return atts[i + 1];
    return nullptr;
}
/// Element name without its namespace prefix ("x:row" → "row"; strict files use prefixes).
std::string_view local(const XML_Char* name) {
    std::string_view n(name);
    const auto colon = n.rfind(':');
    return colon == std::string_view::npos ? n : n.substr(colon + 1);
}

class Package {
public:
    explicit Package(const std::string& path) : m_path(path) {
        if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
            unsigned char head[8] = {};
            const std::size_t n = std::fread(head, 1, 8, f);
            std::fclose(f);
            if (n == 8 && std::memcmp(head, kOleMagic, 8) == 0)
                throw InputError(path, 0, 0,
                                 "the workbook is password-protected (an encrypted .xlsx is an "
                                 "OLE compound file, not a zip) or an old .xls; save it in Excel "
                                 "as an .xlsx without a password");
        }
        int err = 0;
        m_zip = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err);
        if (!m_zip) {
            zip_error_t ze;
            zip_error_init_with_code(&ze, err);
            const std::string why = zip_error_strerror(&ze);
            zip_error_fini(&ze);
            const bool noZip = err == ZIP_ER_NOZIP || err == ZIP_ER_INCONS || err == ZIP_ER_EOF;
            throw InputError(path, 0, 0,
                             noZip ? "not a readable .xlsx workbook: the file is truncated or is "
                                     "not a zip package (" +
                                         why + ")"
                                   : "cannot open the workbook: " + why);
        }
    }
    ~Package() {
        if (m_zip) zip_discard(m_zip);
    }
    Package(const Package&) = delete;
    Package& operator=(const Package&) = delete;

    bool has(const std::string& member) const {
        return zip_name_locate(m_zip, member.c_str(), 0) >= 0;
    }

    /// Streams `member` through an expat parser whose handlers are set by `setup`.
    void parse(const std::string& member, const std::string& where,
               const std::function<void(XML_Parser)>& setup) {
        zip_file_t* file = zip_fopen(m_zip, member.c_str(), 0);
        if (!file)
            throw InputError(
                m_path, 0, 0,
                where + ": the workbook has no part " + member + " (" + zip_strerror(m_zip) + ")");
        std::unique_ptr<zip_file_t, int (*)(zip_file_t*)> guard(file, zip_fclose);
        std::unique_ptr<std::remove_pointer_t<XML_Parser>, void (*)(XML_Parser)> parser(
            XML_ParserCreate("UTF-8"), XML_ParserFree);
        setup(parser.get());
        std::vector<char> buffer(1 << 16);
        for (;;) {
            const zip_int64_t n = zip_fread(file, buffer.data(), buffer.size());
            if (n < 0)
                throw InputError(m_path, 0, 0,
                                 where + ": the workbook is truncated or damaged: cannot read " +
                                     member + " (" + zip_file_strerror(file) + ")");
            if (XML_Parse(parser.get(), buffer.data(), int(n), n == 0) == XML_STATUS_ERROR) {
                if (!m_pending.empty()) throw InputError(m_path, 0, 0, m_pending);
                throw InputError(m_path, 0, 0,
                                 where + ": malformed XML in " + member + " at line " +
                                     std::to_string(XML_GetCurrentLineNumber(parser.get())) + ": " +
                                     XML_ErrorString(XML_GetErrorCode(parser.get())));
            }
            if (n == 0) break;
        }
    }
    /// A handler's error, thrown after expat unwinds (exceptions must not cross C frames).
    void fail(XML_Parser p, std::string message) {
        m_pending = std::move(message);
        XML_StopParser(p, XML_FALSE);
    }

private:
    std::string m_path;
    zip_t* m_zip = nullptr;
    std::string m_pending;
};

struct SheetRef {
    std::string name;
    std::string relId;
    std::string part;  ///< e.g. xl/worksheets/sheet1.xml
};

struct Workbook {
    std::vector<SheetRef> sheets;
    bool date1904 = false;
    std::vector<std::string> shared;
    std::vector<bool> dateStyle;  ///< by cell style index (the c element's s)
};

bool isDateFormatCode(std::string_view code) {
    // A format is a date when it has date or time letters outside quotes, brackets and
    // escapes ("yyyy-mm-dd", "[$-409]d/m/yy"); "0.00", "General" and "@" are not.
    bool quoted = false;
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char c = code[i];
        if (c == '"') quoted = !quoted;
        if (quoted) continue;
        if (c == '\\' || c == '_' || c == '*') {
            ++i;
            continue;
        }
        if (c == '[') {
            const auto end = code.find(']', i);
            if (end == std::string_view::npos) return false;
            i = end;
            continue;
        }
        switch (c) {
            case 'd':
            case 'D':
            case 'm':
            case 'M':
            case 'y':
            case 'Y':
            case 'h':
            case 'H':
            case 's':
            case 'S':
                return code != "General" && code != "general";
            default:
                break;
        }
    }
    return false;
}

bool isBuiltinDateFormat(int id) {
    return (id >= 14 && id <= 22) || (id >= 45 && id <= 47) || (id >= 27 && id <= 36) ||
           (id >= 50 && id <= 58);
}

struct XmlText {
    std::string text;
    bool collecting = false;
    static void onText(void* data, const XML_Char* s, int len) {
        auto* t = static_cast<XmlText*>(data);
        if (t->collecting) t->text.append(s, std::size_t(len));
    }
};

std::string joinPart(const std::string& target) {
    if (!target.empty() && target[0] == '/') return target.substr(1);
    return "xl/" + target;
}

Workbook readWorkbook(Package& pkg, const std::string& path) {
    Workbook wb;
    struct Ctx {
        Workbook* wb;
        std::vector<std::pair<std::string, std::string>> rels;  // id → target
    } ctx{&wb, {}};
    pkg.parse("xl/workbook.xml", "workbook", [&](XML_Parser p) {
        XML_SetUserData(p, &ctx);
        XML_SetStartElementHandler(p, [](void* d, const XML_Char* name, const XML_Char** atts) {
            auto* c = static_cast<Ctx*>(d);
            const std::string_view n = local(name);
            if (n == "sheet") {
                SheetRef s;
                if (const char* v = attr(atts, "name")) s.name = v;
                for (int i = 0; atts[i]; i += 2)
                    if (local(atts[i]) == "id") s.relId = atts[i + 1];
                c->wb->sheets.push_back(std::move(s));
            } else if (n == "workbookPr") {
                const char* v = attr(atts, "date1904");
                c->wb->date1904 = v && (std::strcmp(v, "1") == 0 || std::strcmp(v, "true") == 0);
            }
        });
    });
    pkg.parse("xl/_rels/workbook.xml.rels", "workbook", [&](XML_Parser p) {
        XML_SetUserData(p, &ctx);
        XML_SetStartElementHandler(p, [](void* d, const XML_Char* name, const XML_Char** atts) {
            auto* c = static_cast<Ctx*>(d);
            if (local(name) != "Relationship") return;
            const char* id = attr(atts, "Id");
            const char* target = attr(atts, "Target");
            if (id && target) c->rels.emplace_back(id, target);
        });
    });
    for (SheetRef& s : wb.sheets)
        for (const auto& [id, target] : ctx.rels)
            if (id == s.relId) s.part = joinPart(target);
    if (wb.sheets.empty()) throw InputError(path, 0, 0, "the workbook has no sheets");

    if (pkg.has("xl/sharedStrings.xml")) {
        struct SCtx {
            std::vector<std::string>* out;
            XmlText t;
            int phonetic = 0;
        } sc{&wb.shared, {}, 0};
        pkg.parse("xl/sharedStrings.xml", "shared strings", [&](XML_Parser p) {
            XML_SetUserData(p, &sc);
            XML_SetStartElementHandler(p, [](void* d, const XML_Char* name, const XML_Char**) {
                auto* c = static_cast<SCtx*>(d);
                const std::string_view n = local(name);
                if (n == "si") c->t.text.clear();
                if (n == "rPh") ++c->phonetic;  // phonetic guides are not the cell's text
                if (n == "t") c->t.collecting = c->phonetic == 0;
            });
            XML_SetEndElementHandler(p, [](void* d, const XML_Char* name) {
                auto* c = static_cast<SCtx*>(d);
                const std::string_view n = local(name);
                if (n == "t") c->t.collecting = false;
                if (n == "rPh") --c->phonetic;
                if (n == "si") c->out->push_back(c->t.text);
            });
            XML_SetCharacterDataHandler(p, [](void* d, const XML_Char* s, int len) {
                XmlText::onText(&static_cast<SCtx*>(d)->t, s, len);
            });
        });
    }
    if (pkg.has("xl/styles.xml")) {
        struct StCtx {
            std::vector<std::pair<int, bool>> custom;  // numFmtId → is a date
            std::vector<int> xfFormats;
            bool inCellXfs = false;
        } st;
        pkg.parse("xl/styles.xml", "styles", [&](XML_Parser p) {
            XML_SetUserData(p, &st);
            XML_SetStartElementHandler(p, [](void* d, const XML_Char* name, const XML_Char** atts) {
                auto* c = static_cast<StCtx*>(d);
                const std::string_view n = local(name);
                if (n == "numFmt") {
                    const char* id = attr(atts, "numFmtId");
                    const char* code = attr(atts, "formatCode");
                    if (id && code) c->custom.emplace_back(std::atoi(id), isDateFormatCode(code));
                } else if (n == "cellXfs") {
                    c->inCellXfs = true;
                } else if (n == "xf" && c->inCellXfs) {
                    const char* id = attr(atts, "numFmtId");
                    c->xfFormats.push_back(id ? std::atoi(id) : 0);
                }
            });
            XML_SetEndElementHandler(p, [](void* d, const XML_Char* name) {
                if (local(name) == "cellXfs") static_cast<StCtx*>(d)->inCellXfs = false;
            });
        });
        for (int id : st.xfFormats) {
            bool date = isBuiltinDateFormat(id);
            for (const auto& [cid, cdate] : st.custom)
                if (cid == id) date = cdate;
            wb.dateStyle.push_back(date);
        }
    }
    return wb;
}

/// An Excel serial date (days since 1899-12-30, or since 1904-01-01) as ISO text.
std::string serialDate(double serial, bool date1904) {
    // Serial 60 is the 29 February 1900 that Lotus counted and Excel keeps; serials from 61
    // on are right against 1899-12-30.
    double days = std::floor(serial);
    double seconds = std::round((serial - days) * 86400.0);
    if (seconds >= 86400) {
        days += 1;
        seconds = 0;
    }
    long long fromUnix = (long long)days + (date1904 ? -24107 : -25569);
    if (!date1904 && days < 61) fromUnix += 1;
    return detail::isoDate(fromUnix, seconds > 0 ? seconds : -1);
}

/// Streams one sheet into rows of (column, text) cells.
class SheetReader {
public:
    using RowFn =
        std::function<void(std::size_t row, std::vector<std::pair<std::size_t, std::string>>&)>;

    SheetReader(Package& pkg, const Workbook& wb, const std::string& path, const SheetRef& sheet,
                RowFn onRow)
        : m_pkg(pkg), m_wb(wb), m_path(path), m_sheet(sheet), m_onRow(std::move(onRow)) {}

    void run() {
        m_pkg.parse(m_sheet.part, "sheet " + m_sheet.name, [&](XML_Parser p) {
            m_parser = p;
            XML_SetUserData(p, this);
            XML_SetStartElementHandler(p, [](void* d, const XML_Char* n, const XML_Char** a) {
                static_cast<SheetReader*>(d)->start(local(n), a);
            });
            XML_SetEndElementHandler(
                p, [](void* d, const XML_Char* n) { static_cast<SheetReader*>(d)->end(local(n)); });
            XML_SetCharacterDataHandler(p, [](void* d, const XML_Char* s, int len) {
                auto* r = static_cast<SheetReader*>(d);
                if (r->m_collect) r->m_text.append(s, std::size_t(len));
            });
        });
        if (!m_failed.empty()) throw InputError(m_path, 0, 0, m_failed);
    }

private:
    void fail(const std::string& cell, const std::string& what) {
        if (!m_failed.empty()) return;
        m_failed = "sheet " + m_sheet.name + (cell.empty() ? "" : ", cell " + cell) + ": " + what;
        m_pkg.fail(m_parser, m_failed);
    }

    void start(std::string_view n, const XML_Char** atts) {
        if (!m_failed.empty()) return;
        if (n == "row") {
            m_cells.clear();
            const char* r = attr(atts, "r");
            const long long n = r ? std::atoll(r) : 0;
            m_row = n > 0 ? std::size_t(n) - 1 : m_nextRow;
            m_nextCol = 0;
        } else if (n == "c") {
            m_type.clear();
            m_value.clear();
            m_inline.clear();
            m_style = -1;
            if (const char* t = attr(atts, "t")) m_type = t;
            if (const char* s = attr(atts, "s")) m_style = std::atoi(s);
            std::size_t row = m_row, col = m_nextCol;
            if (const char* r = attr(atts, "r")) {
                if (!parseCellRef(r, row, col)) return fail(r, "not a cell reference");
            }
            m_col = col;
        } else if (n == "v") {
            m_collect = true;
            m_text.clear();
        } else if (n == "t" && m_inInline) {
            m_collect = true;
            m_text.clear();
        } else if (n == "is") {
            m_inInline = true;
        }
    }

    void end(std::string_view n) {
        if (!m_failed.empty()) return;
        if (n == "v") {
            m_value = m_text;
            m_collect = false;
        } else if (n == "t" && m_inInline) {
            m_inline += m_text;
            m_collect = false;
        } else if (n == "is") {
            m_inInline = false;
        } else if (n == "c") {
            m_nextCol = m_col + 1;
            std::string text;
            const std::string ref = cellName(m_row, m_col);
            if (m_type == "s") {
                const long long k = std::atoll(m_value.c_str());
                if (m_value.empty() || k < 0 || std::size_t(k) >= m_wb.shared.size())
                    return fail(ref, "shared string " + m_value + " does not exist");
                text = m_wb.shared[std::size_t(k)];
            } else if (m_type == "inlineStr") {
                text = m_inline;
            } else if (m_type == "str") {
                text = m_value;  // a formula's text result
            } else if (m_type == "b") {
                text = m_value == "1" ? "TRUE" : m_value.empty() ? "" : "FALSE";
            } else if (m_type == "e") {
                return fail(ref, "the cell holds the formula error " + m_value +
                                     "; fix or clear it in the workbook");
            } else if (!m_value.empty()) {  // a number ("n", or no type), maybe a date
                char* endp = nullptr;
                const double d = std::strtod(m_value.c_str(), &endp);
                if (endp == m_value.c_str() || *endp != '\0' || !std::isfinite(d))
                    return fail(ref, "'" + m_value + "' is not a number");
                const bool date = m_style >= 0 && std::size_t(m_style) < m_wb.dateStyle.size() &&
                                  m_wb.dateStyle[std::size_t(m_style)];
                if (date && (d < 0 || d > 2958465))
                    return fail(ref, "the date serial " + m_value + " is out of Excel's range");
                text = date ? serialDate(d, m_wb.date1904) : detail::numberText(d);
            }
            if (!text.empty()) m_cells.emplace_back(m_col, std::move(text));
        } else if (n == "row") {
            m_nextRow = m_row + 1;
            if (!m_cells.empty()) {
                // Cells come left to right in files Excel writes; others are sorted here.
                std::stable_sort(m_cells.begin(), m_cells.end(),
                                 [](const auto& a, const auto& b) { return a.first < b.first; });
                m_onRow(m_row, m_cells);
            }
        }
    }

    Package& m_pkg;
    const Workbook& m_wb;
    const std::string& m_path;
    const SheetRef& m_sheet;
    RowFn m_onRow;
    XML_Parser m_parser = nullptr;
    std::string m_failed;
    std::vector<std::pair<std::size_t, std::string>> m_cells;
    std::size_t m_row = 0, m_nextRow = 0, m_col = 0, m_nextCol = 0;
    std::string m_type, m_value, m_inline, m_text;
    int m_style = -1;
    bool m_collect = false, m_inInline = false;
};

const SheetRef& chooseSheet(const Workbook& wb, const std::string& path, const std::string& name) {
    if (name.empty()) {
        if (wb.sheets.front().part.empty())
            throw InputError(path, 0, 0,
                             "sheet " + wb.sheets.front().name +
                                 ": the workbook does not say "
                                 "where its cells are");
        return wb.sheets.front();
    }
    std::string names;
    for (const SheetRef& s : wb.sheets) {
        if (s.name == name) {
            if (s.part.empty())
                throw InputError(
                    path, 0, 0,
                    "sheet " + name + ": the workbook does not say where its cells are");
            return s;
        }
        names += (names.empty() ? "" : ", ") + s.name;
    }
    throw InputError(path, 0, 0,
                     "the workbook has no sheet '" + name + "' (its sheets: " + names + ")");
}

}  // namespace

Table readXlsx(const std::string& path, const CsvOptions& options, CsvReport* report) {
    Package pkg(path);
    const Workbook wb = readWorkbook(pkg, path);
    const SheetRef& sheet = chooseSheet(wb, path, options.sheet);
    detail::RecordTableBuilder builder(options);
    bool haveHeader = false;
    std::size_t headerRow = 0;
    std::vector<std::string> row;
    const std::string where = "sheet " + sheet.name;
    auto onRow = [&](std::size_t r, std::vector<std::pair<std::size_t, std::string>>& cells) {
        if (!haveHeader) {
            haveHeader = true;
            headerRow = r;
            std::size_t width = cells.back().first + 1;
            if (width > options.maxColumns)
                throw InputError(path, 0, 0,
                                 where + ", cell " + cellName(r, cells.back().first) +
                                     ": the first row has " + std::to_string(width) +
                                     " columns; ldiv reads at most " +
                                     std::to_string(options.maxColumns));
            std::vector<std::string> names(width);
            if (options.header) {
                std::unordered_set<std::string> seen;
                for (auto& [c, text] : cells) names[c] = text;
                for (std::size_t c = 0; c < width; ++c) {
                    if (names[c].empty()) names[c] = "column" + std::to_string(c + 1);
                    if (!seen.insert(names[c]).second)
                        throw InputError(path, 0, 0,
                                         where + ", cell " + cellName(r, c) +
                                             ": duplicate column name '" + names[c] + "'");
                }
            }
            builder.setColumns(names);
            if (options.header) return;
        }
        row.assign(builder.width(), std::string());
        for (auto& [c, text] : cells) {
            if (c >= builder.width())
                throw InputError(path, 0, 0,
                                 where + ", cell " + cellName(r, c) +
                                     ": a value right of the last column of row " +
                                     std::to_string(headerRow + 1) + " ('" + text + "')");
            row[c] = std::move(text);
        }
        builder.addRow(row);
    };
    // Errors thrown from onRow are C++ exceptions crossing expat's C frames; keep them
    // inside: the callback records them and the parse stops.
    std::exception_ptr error;
    SheetReader reader(pkg, wb, path, sheet,
                       [&](std::size_t r, std::vector<std::pair<std::size_t, std::string>>& cells) {
                           if (error) return;
                           try {
                               onRow(r, cells);
                           } catch (...) {
                               error = std::current_exception();
                           }
                       });
    reader.run();
    if (error) std::rethrow_exception(error);
    if (!haveHeader) throw InputError(path, 0, 0, where + ": the sheet is empty");
    return builder.finish(report);
}

std::vector<std::vector<std::string>> readXlsxRecords(const std::string& path,
                                                      const std::string& sheetName) {
    Package pkg(path);
    const Workbook wb = readWorkbook(pkg, path);
    const SheetRef& sheet = chooseSheet(wb, path, sheetName);
    std::vector<std::vector<std::string>> records;
    std::size_t width = 0;
    SheetReader reader(pkg, wb, path, sheet,
                       [&](std::size_t, std::vector<std::pair<std::size_t, std::string>>& cells) {
                           std::vector<std::string> rec(cells.back().first + 1);
                           for (auto& [c, text] : cells) rec[c] = std::move(text);
                           width = std::max(width, rec.size());
                           records.push_back(std::move(rec));
                       });
    reader.run();
    for (auto& r : records) r.resize(width);
    return records;
}

}  // namespace ldv
