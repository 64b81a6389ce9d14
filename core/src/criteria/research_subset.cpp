// The research subset of δ-presence and the dataset that carries it (research_subset.h).
#include "ldiv/criteria/presence_dataset.h"

#include <deque>
#include <filesystem>
#include <unordered_map>

#include "ldiv/data/error.h"

namespace ldv {

namespace {

std::string columnList(const Table& table) {
    std::string out;
    // The file's columns, those a projected load skipped included: the message is a load's.
    for (const std::string& name : table.fileColumnNames()) out += (out.empty() ? "" : ", ") + name;
    return out;
}

bool looksLikeFile(const std::string& text, const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) return true;
    const bool csv = text.size() >= 4 && (text.compare(text.size() - 4, 4, ".csv") == 0 ||
                                          text.compare(text.size() - 4, 4, ".CSV") == 0);
    return csv || text.find('=') == std::string::npos;
}

std::vector<std::uint8_t> byValue(const Table& table, const std::string& definition, bool grouped) {
    const std::size_t eq = definition.find('=');
    const std::string name = definition.substr(0, eq), value = definition.substr(eq + 1);
    const std::string what = "research subset '" + definition + "'";
    const auto column = table.columnIndex(name);
    if (!column)
        throw ParameterError(what + ": no column '" + name +
                             "'; columns are: " + columnList(table) +
                             (grouped ? " (the data was loaded as groups of the quasi-identifiers "
                                        "and sensitive attributes; load the rows, without "
                                        "--stream)"
                                      : ""));
    const Column& c = table.column(*column);
    const auto code = c.find(value);
    if (!code) throw ParameterError(what + ": no row has " + name + " = '" + value + "'");
    std::vector<std::uint8_t> in(table.rowCount(), 0);
    for (std::size_t r = 0; r < in.size(); ++r) in[r] = c.code(r) == *code;
    return in;
}

std::vector<std::uint8_t> byFile(const Table& table, const std::string& path,
                                 const CsvOptions& dataCsv) {
    CsvOptions csv = dataCsv;
    csv.separator = 0;  // the file's own separator
    csv.missing = MissingPolicy::Keep;
    csv.inferTypes = false;
    csv.columns.clear();  // every column of the file is matched
    const Table file = readCsv(path, csv);
    const std::string what = "research subset file '" + path + "'";
    std::vector<std::size_t> columns;
    for (const Column& fc : file.columns()) {
        const auto c = table.columnIndex(fc.name());
        if (!c)
            throw ParameterError(what + ": column '" + fc.name() +
                                 "' is not in the table; columns are: " + columnList(table));
        columns.push_back(*c);
    }
    // Table rows by their values on the file's columns, in table order.
    auto keyOf = [](auto&& valueAt, std::size_t count) {
        std::string key;
        for (std::size_t i = 0; i < count; ++i) {
            const std::string& v = valueAt(i);
            key += std::to_string(v.size());
            key += ':';
            key += v;
        }
        return key;
    };
    std::unordered_map<std::string, std::deque<std::size_t>> rowsByKey;
    for (std::size_t r = 0; r < table.rowCount(); ++r)
        rowsByKey[keyOf([&](std::size_t i)
                            -> const std::string& { return table.value(r, columns[i]); },
                        columns.size())]
            .push_back(r);
    std::vector<std::uint8_t> in(table.rowCount(), 0);
    for (std::size_t f = 0; f < file.rowCount(); ++f) {
        const std::string key = keyOf(
            [&](std::size_t i) -> const std::string& { return file.value(f, i); }, columns.size());
        auto it = rowsByKey.find(key);
        if (it == rowsByKey.end() || it->second.empty()) {
            std::string shown;
            for (std::size_t i = 0; i < columns.size() && i < 8; ++i)
                shown += (i ? ", " : "") + file.column(i).name() + " = '" + file.value(f, i) + "'";
            throw ParameterError(what + ": data row " + std::to_string(f + 1) + " (" + shown +
                                 ") is not in the table" +
                                 (it == rowsByKey.end() ? "" : " as often as the file lists it"));
        }
        in[it->second.front()] = 1;
        it->second.pop_front();
    }
    return in;
}

}  // namespace

namespace {

std::filesystem::path subsetPath(const std::string& definition, const std::string& baseDir) {
    std::filesystem::path path(definition);
    if (path.is_relative()) path = std::filesystem::path(baseDir.empty() ? "." : baseDir) / path;
    return path;
}

}  // namespace

bool researchSubsetIsFile(const std::string& definition, const std::string& baseDir) {
    return !definition.empty() && looksLikeFile(definition, subsetPath(definition, baseDir));
}

std::vector<std::uint8_t> researchSubsetRows(const Table& table,
                                             std::span<const std::uint32_t> weights,
                                             const std::string& definition,
                                             const std::string& baseDir, const CsvOptions& csv) {
    if (definition.empty())
        throw ParameterError("the research subset is empty: write COL=VALUE or FILE.csv");
    const std::filesystem::path path = subsetPath(definition, baseDir);
    std::vector<std::uint8_t> in;
    if (looksLikeFile(definition, path)) {
        if (!weights.empty())
            throw ParameterError("research subset file '" + definition +
                                 "': matching its rows needs the table's rows, but the data "
                                 "was loaded as groups; load the rows (without --stream)");
        in = byFile(table, path.lexically_normal().string(), csv);
    } else {
        in = byValue(table, definition, !weights.empty());
    }
    bool any = false;
    for (std::uint8_t v : in) any = any || v;
    if (!any) throw ParameterError("research subset '" + definition + "' has no rows");
    return in;
}

PresenceDataset::PresenceDataset(const Dataset& data, std::span<const std::uint8_t> inSubset) {
    const Table& source = data.table();
    if (inSubset.size() != source.rowCount())
        throw ParameterError("the research subset has " + std::to_string(inSubset.size()) +
                             " flags for " + std::to_string(source.rowCount()) + " rows");
    Column membership(kMembershipName);
    membership.intern("out");
    membership.intern("in");
    membership.reserve(inSubset.size());
    const auto weights = data.rowWeights();
    for (std::size_t r = 0; r < inSubset.size(); ++r) {
        membership.appendCode(inSubset[r] ? 1 : 0);
        if (inSubset[r]) m_subsetRows += weights.empty() ? 1 : weights[r];
    }
    std::vector<Column> columns = source.columns();
    columns.push_back(std::move(membership));
    m_table = Table(std::move(columns));
    std::vector<HierarchyMap> maps;
    for (std::size_t i = 0; i < data.qiCount(); ++i) maps.push_back(data.hierarchy(i));
    std::vector<std::size_t> sensitive = data.sensitiveColumns();
    sensitive.push_back(m_table.columnCount() - 1);
    // The subset is what is published: classes, the other sensitive attributes and the
    // suppression budget count its rows only; the membership counts the population's, for δ.
    RowSample sample{std::vector<std::uint8_t>(inSubset.begin(), inSubset.end()),
                     sensitive.size() - 1};
    m_data = std::make_unique<Dataset>(
        m_table, data.qiColumns(), std::move(maps), std::move(sensitive),
        std::vector<std::uint32_t>(weights.begin(), weights.end()), sample);
}

}  // namespace ldv
