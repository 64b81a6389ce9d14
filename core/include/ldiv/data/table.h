#pragma once
// Dictionary-encoded column store: per column a vector of integer codes and a dictionary.
// Hot paths (grouping, criteria) only ever see the codes.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace ldv {

using Code = std::uint32_t;

enum class ColumnType { Integer, Decimal, Date, Text };
enum class Role { Identifying, QuasiIdentifying, Sensitive, Insensitive };

std::string_view toString(ColumnType type);
std::string_view toString(Role role);
std::optional<ColumnType> columnTypeFromString(std::string_view text);
/// Accepts "identifying", "quasi-identifying" (or "qi"), "sensitive", "insensitive".
std::optional<Role> roleFromString(std::string_view text);

/// A string-keyed hash map that can be queried with a string_view without allocating.
struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using StringIndex = std::unordered_map<std::string, Code, StringHash, std::equal_to<>>;

/// The values of one column, dictionary-encoded in order of first appearance.
class Column {
public:
    explicit Column(std::string name = {});

    const std::string& name() const { return m_name; }
    void setName(std::string name) { m_name = std::move(name); }
    ColumnType type() const { return m_type; }
    void setType(ColumnType type) { m_type = type; }

    std::size_t size() const { return m_codes.size(); }
    std::size_t domainSize() const { return m_dictionary.size(); }
    Code code(std::size_t row) const { return m_codes[row]; }
    std::span<const Code> codes() const { return m_codes; }
    const std::string& value(Code code) const { return m_dictionary[code]; }
    const std::vector<std::string>& dictionary() const { return m_dictionary; }
    std::optional<Code> find(std::string_view value) const;

    /// Values are held in Unicode normalisation form C: a label written decomposed (NFD) is
    /// the same value as its composed form. find() accepts either form.
    /// Appends a row, adding the value to the dictionary if it is new.
    Code append(std::string_view value);
    /// Adds a value to the dictionary without a row (used when rows are copied by code).
    Code intern(std::string_view value);
    void appendCode(Code code) { m_codes.push_back(code); }
    void reserve(std::size_t rows) { m_codes.reserve(rows); }
    void truncate(std::size_t rows) { m_codes.resize(rows); }
    /// Keeps only the rows whose flag is true (used by the drop-missing policy).
    void keepRows(const std::vector<bool>& keep);

    /// Number of rows whose value is one of the missing tokens (set by the reader).
    std::size_t missingCount() const { return m_missing; }
    void setMissingCount(std::size_t count) { m_missing = count; }
    /// Distinct spellings that were not in normalisation form C and were read as their NFC
    /// form (the first one as written, for a warning).
    std::size_t normalizedCount() const { return m_normalized; }
    const std::string& normalizedExample() const { return m_normalizedExample; }

private:
    std::string m_name;
    ColumnType m_type = ColumnType::Text;
    std::vector<Code> m_codes;
    std::vector<std::string> m_dictionary;
    StringIndex m_index;
    std::size_t m_missing = 0;
    std::size_t m_normalized = 0;
    std::string m_normalizedExample;
};

class Table {
public:
    Table() = default;
    explicit Table(std::vector<Column> columns);

    std::size_t rowCount() const { return m_columns.empty() ? 0 : m_columns.front().size(); }
    std::size_t columnCount() const { return m_columns.size(); }
    const Column& column(std::size_t index) const { return m_columns[index]; }
    Column& column(std::size_t index) { return m_columns[index]; }
    const std::vector<Column>& columns() const { return m_columns; }
    /// The loaded column of that name; nullopt also for a column a projected load skipped.
    std::optional<std::size_t> columnIndex(std::string_view name) const;
    /// Like columnIndex but throws a ParameterError that lists the file's columns, or, for a
    /// column a projected load skipped, one that says it was not loaded.
    std::size_t requireColumn(std::string_view name) const;
    /// A projected load (CsvOptions::columns) holds only the columns a command uses: the
    /// reader records here every column of the file, in file order, so that a skipped column
    /// is named as skipped (not as absent, and never read as another column's data).
    void setFileColumns(std::vector<std::string> names) { m_fileColumns = std::move(names); }
    /// The file's columns, skipped ones included (columnNames() when nothing was skipped).
    std::vector<std::string> fileColumnNames() const;
    /// True when a projected load left out the column of that name.
    bool isSkipped(std::string_view name) const;
    const std::string& value(std::size_t row, std::size_t column) const {
        const Column& c = m_columns[column];
        return c.value(c.code(row));
    }
    std::vector<std::string> columnNames() const;

private:
    std::vector<Column> m_columns;
    std::vector<std::string> m_fileColumns;  // empty: every column was loaded
};

}  // namespace ldv
