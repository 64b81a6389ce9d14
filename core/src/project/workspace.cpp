#include <algorithm>
#include <filesystem>
#include <unordered_map>

#include "data/text_util.h"

#include "ldiv/error.h"
#include "ldiv/hierarchy_builders.h"
#include "ldiv/lookalikes.h"
#include "ldiv/project.h"

namespace ldv {

/// Names pairs of values that are equal once runs of white space are made one space (the
/// reader already trims the ends): most likely one label typed twice. One warning per
/// attribute, naming the first pair (clipped) and the count.
std::optional<std::string> whiteSpaceLookalikes(const Column& column) {
    std::unordered_map<std::string, std::size_t> firstWithKey;
    std::size_t pairs = 0;
    std::string example;
    const auto& values = column.dictionary();
    for (std::size_t v = 0; v < values.size(); ++v) {
        std::string key;
        bool space = false;
        for (char c : values[v]) {
            const bool blank = c == ' ' || c == '\t' || c == '\n' || c == '\r';
            if (blank)
                space = !key.empty();
            else {
                if (space) key += ' ';
                space = false;
                key += c;
            }
        }
        auto [it, fresh] = firstWithKey.emplace(key, v);
        if (fresh) continue;
        if (pairs++ == 0) {
            // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on the chain.
            example.append("'").append(detail::clip(values[it->second])).append("' and '");
            example.append(detail::clip(values[v])).append("'");
        }
    }
    if (!pairs) return std::nullopt;
    return "attribute '" + column.name() + "': " + example + " differ only in white space" +
           (pairs > 1 ? " (and " + std::to_string(pairs - 1) + " more such values)" : "") +
           "; they form separate classes";
}

namespace {
/// The columns a grouped load needs: the quasi-identifiers and sensitive attributes. Other
/// attributes named in the project must still exist in the source.
std::vector<std::string> groupColumns(const ProjectConfig& config,
                                      const std::vector<SourceColumn>& available,
                                      const std::string& sourceName) {
    std::vector<std::string> names;
    for (const AttributeConfig& a : config.attributes) {
        const bool found = std::any_of(available.begin(), available.end(),
                                       [&](const SourceColumn& c) { return c.name == a.name; });
        if (!found) {
            std::string list;
            for (const SourceColumn& c : available) list += (list.empty() ? "" : ", ") + c.name;
            throw InputError(sourceName, 0, 0, "no column '" + a.name + "'; columns are: " + list);
        }
    }
    for (const std::string& n : config.namesWithRole(Role::QuasiIdentifying)) names.push_back(n);
    for (const std::string& n : config.namesWithRole(Role::Sensitive)) names.push_back(n);
    if (names.empty())
        throw ParameterError(
            "loading the data as groups needs quasi-identifiers (--qi) or sensitive attributes");
    return names;
}

}  // namespace

Workspace::Workspace(ProjectConfig config, const std::string& baseDir, Feedback* feedback,
                     DataLoad load)
    : m_config(std::move(config)), m_baseDir(baseDir) {
    const bool uri = isSourceUri(m_config.dataPath);
    const std::string dataPath = uri ? m_config.dataPath : resolve(m_config.dataPath);
    std::unique_ptr<TableSource> source;
    if (uri)
        source = openTableSource(dataPath);
    else if (load == DataLoad::Groups)
        source = openCsvStream(dataPath, m_config.csv);
    if (!source) {
        m_table = readCsv(dataPath, m_config.csv, &m_report, feedback);
        m_source.kind = "csv";
        m_source.rows = m_table.rowCount();
        m_source.groups = m_table.rowCount();
    } else if (load == DataLoad::Groups) {
        const std::vector<SourceColumn> available = source->columns();
        GroupedTable g = source->groups(groupColumns(m_config, available, source->name()),
                                        m_config.csv, m_source, feedback);
        m_table = std::move(g.table);
        m_weights = std::move(g.counts);
        m_report.rowsRead = std::size_t(g.rows);
    } else {
        m_table = source->rows(m_config.csv, m_source, feedback);
        m_report.rowsRead = m_table.rowCount();
    }
    if (m_table.rowCount() == 0) {
        if (m_report.rowsDropped > 0)
            throw InputError(
                dataPath, 0, 0,
                "all " + std::to_string(m_report.rowsDropped) +
                    " rows have missing values and were dropped (missing policy 'drop'); "
                    "keep them as a value instead (--missing keep)");
        throw InputError(dataPath, 0, 0, "the file has a header but no data rows");
    }
    for (const AttributeConfig& a : m_config.attributes) {
        // A grouped load holds only the QI and sensitive columns (groupColumns checked the rest).
        if (!m_weights.empty() && !m_table.columnIndex(a.name)) continue;
        const std::size_t col = m_table.requireColumn(a.name);
        if (a.type) m_table.column(col).setType(*a.type);
        if (a.role == Role::Sensitive) m_sensitive.push_back(col);
        if (a.role == Role::Identifying) m_identifying.push_back(col);
    }
    std::vector<std::string> qiNames = m_config.namesWithRole(Role::QuasiIdentifying);
    std::vector<HierarchyMap> maps;
    for (const std::string& name : qiNames) {
        const std::size_t col = m_table.requireColumn(name);
        if (std::find(m_qi.begin(), m_qi.end(), col) != m_qi.end())
            throw ParameterError("quasi-identifier '" + name + "' is listed twice");
        if (std::find(m_sensitive.begin(), m_sensitive.end(), col) != m_sensitive.end())
            throw ParameterError("attribute '" + name +
                                 "' cannot be both quasi-identifying and sensitive");
        // An identifying column is removed from the output, a quasi-identifier is published
        // (generalized, and value by value in a mapping file): both would leak the identifiers.
        if (std::find(m_identifying.begin(), m_identifying.end(), col) != m_identifying.end())
            throw ParameterError("attribute '" + name +
                                 "' cannot be both identifying and quasi-identifying: "
                                 "its values would be published; make it one or the other");
        m_qi.push_back(col);
        const AttributeConfig* a = m_config.attribute(name);
        Hierarchy h;
        if (a && a->hierarchy)
            h = *a->hierarchy;
        else if (a && !a->hierarchyFile.empty())
            h = readHierarchy(resolve(a->hierarchyFile));
        else if (a && !a->hierarchyBuilder.empty()) {
            auto built = buildFromSpec(a->hierarchyBuilder, m_table.column(col), m_baseDir,
                                       m_config.csv.missingTokens);
            if (!built)
                throw ParameterError("attribute '" + name + "': unknown hierarchy builder '" +
                                     a->hierarchyBuilder + "'");
            h = std::move(*built);
        } else {
            h = Hierarchy::identity(m_table.column(col).dictionary());
            m_withoutHierarchy.push_back(name);
        }
        maps.emplace_back(h, m_table.column(col));
        m_hierarchies.push_back(std::move(h));
    }
    m_dataset = std::make_unique<Dataset>(m_table, m_qi, std::move(maps), m_sensitive, m_weights);
    for (const std::vector<std::size_t>* columns : {&m_qi, &m_sensitive})
        for (std::size_t col : *columns)
            if (auto warning = whiteSpaceLookalikes(m_table.column(col)))
                m_warnings.push_back(std::move(*warning));
    // Labels not in Unicode normalisation form C were read as their NFC form (Column::intern),
    // so "José" typed composed and decomposed is one class; say so, since the output spells
    // them composed.
    for (const Column& c : m_table.columns())
        if (c.normalizedCount())
            m_warnings.push_back(
                "attribute '" + c.name() + "': " + std::to_string(c.normalizedCount()) +
                " spelling(s) not in Unicode normalisation form C (e.g. '" +
                detail::clip(c.normalizedExample()) +
                "') read in composed form (NFC): labels that differ only in normalisation "
                "are one value");
}

void Workspace::requireQiHierarchies() const {
    if (m_withoutHierarchy.empty()) return;
    const std::string& name = m_withoutHierarchy.front();
    throw ParameterError(
        name + " has no hierarchy: it can never be generalized (give --hierarchy " + name +
        "=FILE or a builder such as suppress, or " + name + "=identity to keep it as it is)");
}

const PresenceDataset* Workspace::presenceDataset() const {
    if (m_config.researchSubset.empty()) return nullptr;
    // Built once, on first use: a project may name a subset that a k-anonymity search never
    // needs (and that costs a copy of the table).
    std::call_once(m_presenceOnce, [this] {
        const auto in =
            researchSubsetRows(m_table, m_weights, m_config.researchSubset, m_baseDir, m_config.csv);
        m_presence = std::make_unique<PresenceDataset>(*m_dataset, in);
    });
    return m_presence.get();
}

std::string Workspace::resolve(const std::string& path) const {
    const std::filesystem::path p(path);
    if (p.is_absolute()) return path;
    const std::filesystem::path base = m_baseDir.empty() ? "." : m_baseDir;
    // Absolute, so that error messages say exactly which file was looked for.
    return std::filesystem::absolute(base / p).lexically_normal().string();
}

}  // namespace ldv
