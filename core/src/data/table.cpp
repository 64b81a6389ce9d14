#include "ldiv/data/table.h"

#include <algorithm>

#include "data/text_util.h"
#include "data/unicode_nfc.h"

#include "ldiv/data/error.h"

namespace ldv {

std::string_view toString(ColumnType type) {
    switch (type) {
        case ColumnType::Integer:
            return "integer";
        case ColumnType::Decimal:
            return "decimal";
        case ColumnType::Date:
            return "date";
        case ColumnType::Text:
            return "text";
    }
    return "text";
}

std::string_view toString(Role role) {
    switch (role) {
        case Role::Identifying:
            return "identifying";
        case Role::QuasiIdentifying:
            return "quasi-identifying";
        case Role::Sensitive:
            return "sensitive";
        case Role::Insensitive:
            return "insensitive";
    }
    return "insensitive";
}

std::optional<ColumnType> columnTypeFromString(std::string_view text) {
    for (ColumnType t :
         {ColumnType::Integer, ColumnType::Decimal, ColumnType::Date, ColumnType::Text})
        if (toString(t) == text) return t;
    return std::nullopt;
}

std::optional<Role> roleFromString(std::string_view text) {
    if (text == "qi" || text == "quasi-identifier") return Role::QuasiIdentifying;
    for (Role r : {Role::Identifying, Role::QuasiIdentifying, Role::Sensitive, Role::Insensitive})
        if (toString(r) == text) return r;
    return std::nullopt;
}

Column::Column(std::string name) : m_name(std::move(name)) {}

std::optional<Code> Column::find(std::string_view value) const {
    auto it = m_index.find(value);
    if (it == m_index.end() && !detail::isAscii(value)) it = m_index.find(detail::toNfc(value));
    if (it == m_index.end()) return std::nullopt;
    return it->second;
}

Code Column::intern(std::string_view value) {
    auto it = m_index.find(value);
    if (it != m_index.end()) return it->second;
    // A label in another normalisation form than one already seen ("Jose" + U+0301 and "José")
    // is the same label: the dictionary holds its NFC form, and the form as written becomes a
    // second key of the same code, so the next occurrence is found without normalising.
    if (!detail::isAscii(value)) {
        const std::string nfc = detail::toNfc(value);
        if (nfc != value) {
            const Code code = intern(nfc);
            m_index.emplace(std::string(value), code);
            if (m_normalized++ == 0) m_normalizedExample = std::string(value);
            return code;
        }
    }
    const Code code = static_cast<Code>(m_dictionary.size());
    m_dictionary.emplace_back(value);
    m_index.emplace(m_dictionary.back(), code);
    return code;
}

Code Column::append(std::string_view value) {
    const Code code = intern(value);
    m_codes.push_back(code);
    return code;
}

void Column::keepRows(const std::vector<bool>& keep) {
    std::size_t out = 0;
    for (std::size_t i = 0; i < m_codes.size(); ++i)
        if (keep[i]) m_codes[out++] = m_codes[i];
    m_codes.resize(out);
}

Table::Table(std::vector<Column> columns) : m_columns(std::move(columns)) {}

std::optional<std::size_t> Table::columnIndex(std::string_view name) const {
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].name() == name) return i;
    return std::nullopt;
}

std::size_t Table::requireColumn(std::string_view name) const {
    if (auto index = columnIndex(name)) return *index;
    if (isSkipped(name))
        throw ParameterError("column '" + detail::clip(name) +
                             "' was not loaded: this command reads only the columns it uses "
                             "(a column projection); name it with a role to have it read");
    // A few characters of each name and at most ten names: the header may be a line of a file
    // that is not a table at all.
    const std::vector<std::string> names = fileColumnNames();
    std::string list;
    for (std::size_t i = 0; i < names.size() && i < 10; ++i)
        list += (list.empty() ? "" : ", ") + detail::clip(names[i]);
    if (names.size() > 10) list += ", … (" + std::to_string(names.size()) + " columns)";
    std::string hint;
    if (names.size() == 1 && names[0].find_first_of(",;\t|") != std::string::npos)
        hint = " (the file was read as a single column: is the separator right? see --sep)";
    throw ParameterError("no column named '" + detail::clip(name) + "'; the columns are: " + list +
                         hint);
}

std::vector<std::string> Table::fileColumnNames() const {
    return m_fileColumns.empty() ? columnNames() : m_fileColumns;
}

bool Table::isSkipped(std::string_view name) const {
    return !columnIndex(name) &&
           std::find(m_fileColumns.begin(), m_fileColumns.end(), name) != m_fileColumns.end();
}

std::vector<std::string> Table::columnNames() const {
    std::vector<std::string> names;
    for (const Column& c : m_columns) names.push_back(c.name());
    return names;
}

}  // namespace ldv
