#include <algorithm>
#include <filesystem>
#include <thread>
#include <unordered_map>

#include "data/text_util.h"
#include "io/csv_parallel.h"
#include "project/hierarchy_prefetch.h"

#include "ldiv/data/ambient_feedback.h"
#include "ldiv/data/error.h"
#include "ldiv/data/lookalikes.h"
#include "ldiv/hierarchy/hierarchy_builders.h"
#include "ldiv/project/workspace.h"
#include "ldiv/risk/survey_weights.h"

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

LoadedTable loadTable(const ProjectConfig& config, const std::string& baseDir, Feedback* feedback,
                      DataLoad load) {
    LoadedTable out;
    const bool uri = isSourceUri(config.dataPath);
    const std::string dataPath = resolvePath(baseDir, config.dataPath);
    std::unique_ptr<TableSource> source;
    if (uri)
        source = openTableSource(dataPath);
    else if (load == DataLoad::Groups && tableFormatOf(dataPath) == TableFormat::Csv)
        source = openCsvStream(dataPath, config.csv);
    Table table;
    if (!source) {
        table = readTableFile(dataPath, config.csv, &out.report, feedback, &out.metadata);
        out.source.kind = std::string(formatName(tableFormatOf(dataPath)));
        out.source.rows = table.rowCount();
        out.source.groups = table.rowCount();
    } else if (load == DataLoad::Groups) {
        const std::vector<SourceColumn> available = source->columns();
        GroupedTable g = source->groups(groupColumns(config, available, source->name()), config.csv,
                                        out.source, feedback);
        table = std::move(g.table);
        out.weights = std::move(g.counts);
        out.report.rowsRead = std::size_t(g.rows);
    } else {
        table = source->rows(config.csv, out.source, feedback);
        out.report.rowsRead = table.rowCount();
    }
    if (table.rowCount() == 0) {
        if (out.report.rowsDropped > 0)
            throw InputError(
                dataPath, 0, 0,
                "all " + std::to_string(out.report.rowsDropped) +
                    " rows have missing values and were dropped (missing policy 'drop'); "
                    "keep them as a value instead (--missing keep)");
        throw InputError(dataPath, 0, 0, "the file has a header but no data rows");
    }
    for (const Column& c : table.columns()) out.inferredTypes.push_back(c.type());
    // A grouped load holds only the QI and sensitive columns (groupColumns checked the rest).
    for (const AttributeConfig& a : config.attributes) {
        if (!a.type) continue;
        if (!out.weights.empty() && !table.columnIndex(a.name)) continue;
        table.column(table.requireColumn(a.name)).setType(*a.type);
    }
    out.table = std::make_shared<Table>(std::move(table));
    return out;
}

std::string resolvePath(const std::string& baseDir, const std::string& path) {
    if (isSourceUri(path)) return path;  // a database table: the URI as the CLI takes it
    const std::filesystem::path p(path);
    if (p.is_absolute()) return path;
    const std::filesystem::path base = baseDir.empty() ? "." : baseDir;
    // Absolute, so that error messages say exactly which file was looked for.
    return std::filesystem::absolute(base / p).lexically_normal().string();
}

std::optional<Hierarchy> configuredHierarchy(const ProjectConfig& config, const AttributeConfig& a,
                                             const Column& column, const std::string& baseDir,
                                             HierarchyOrigin* origin) {
    if (a.hierarchy) return *a.hierarchy;
    if (!a.hierarchyFile.empty()) {
        const std::string file = resolvePath(baseDir, a.hierarchyFile);
        Hierarchy h = readHierarchy(file);
        if (origin) origin->file = file;
        return h;
    }
    if (a.hierarchyBuilder.empty()) return std::nullopt;
    auto built = buildFromSpec(a.hierarchyBuilder, column, resolvePath(baseDir, "."),
                               config.csv.missingTokens);
    if (!built)
        throw ParameterError("attribute '" + a.name + "': unknown hierarchy builder '" +
                             a.hierarchyBuilder + "'");
    if (origin) origin->builder = a.hierarchyBuilder;
    return built;
}

Workspace::Workspace(ProjectConfig config, const std::string& baseDir, Feedback* feedback,
                     DataLoad load)
    : m_config(std::move(config)), m_baseDir(baseDir) {
    detail::HierarchyPrefetch prefetch(m_config, m_baseDir);
    LoadedTable loaded = loadTable(m_config, m_baseDir, orAmbientFeedback(feedback), load);
    m_table = std::move(loaded.table);
    m_report = loaded.report;
    m_metadata = std::move(loaded.metadata);
    m_source = std::move(loaded.source);
    m_weights = std::move(loaded.weights);
    // A QI's hierarchy is needed to bind the data: its error stops the load. Another
    // attribute's (a sensitive taxonomy) is read now, but its error waits for hierarchy().
    const std::vector<std::string> qiNames = m_config.namesWithRole(Role::QuasiIdentifying);
    std::map<std::string, Hierarchy> hierarchies;
    for (const AttributeConfig& a : m_config.attributes) {
        const auto col = m_table->columnIndex(a.name);
        if (!col) continue;  // a grouped load; bind() names a missing QI
        const bool qi = std::find(qiNames.begin(), qiNames.end(), a.name) != qiNames.end();
        HierarchyOrigin origin;
        try {
            std::optional<Hierarchy> h;
            if (!a.hierarchy && !a.hierarchyFile.empty()) {  // configuredHierarchy's file case
                const std::string file = resolvePath(m_baseDir, a.hierarchyFile);
                if ((h = prefetch.take(file))) origin.file = file;
            }
            if (!h) h = configuredHierarchy(m_config, a, m_table->column(*col), m_baseDir, &origin);
            if (h) hierarchies[a.name] = std::move(*h);
            if (!origin.file.empty() || !origin.builder.empty()) m_origins[a.name] = origin;
        } catch (...) {
            if (qi) throw;
            m_hierarchyErrors[a.name] = std::current_exception();
        }
    }
    bind(std::move(hierarchies));
}

Workspace::Workspace(ProjectConfig config, std::shared_ptr<const Table> table,
                     std::map<std::string, Hierarchy> hierarchies,
                     std::map<std::string, HierarchyOrigin> origins, std::string baseDir)
    : m_config(std::move(config)),
      m_baseDir(std::move(baseDir)),
      m_table(std::move(table)),
      m_origins(std::move(origins)) {
    m_report.rowsRead = m_table->rowCount();
    m_source.kind = "memory";
    m_source.rows = m_table->rowCount();
    m_source.groups = m_table->rowCount();
    bind(std::move(hierarchies));
}

Workspace::Workspace(Workspace&&) noexcept = default;
Workspace& Workspace::operator=(Workspace&&) noexcept = default;
Workspace::~Workspace() = default;

void Workspace::bind(std::map<std::string, Hierarchy> hierarchies) {
    const Table& table = *m_table;
    for (const AttributeConfig& a : m_config.attributes) {
        // A grouped load holds only the QI and sensitive columns (groupColumns checked the rest).
        if (!m_weights.empty() && !table.columnIndex(a.name)) continue;
        const std::size_t col = table.requireColumn(a.name);
        if (a.role == Role::Sensitive) m_sensitive.push_back(col);
        if (a.role == Role::Identifying) m_identifying.push_back(col);
    }
    std::vector<HierarchyMap> maps;
    for (const std::string& name : m_config.namesWithRole(Role::QuasiIdentifying)) {
        const std::size_t col = table.requireColumn(name);
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
        Hierarchy h;
        if (auto it = hierarchies.find(name); it != hierarchies.end()) {
            h = std::move(it->second);
            hierarchies.erase(it);
        } else {
            h = Hierarchy::identity(table.column(col).dictionary());
            m_withoutHierarchy.push_back(name);
        }
        maps.emplace_back(h, table.column(col));
        m_hierarchies.push_back(std::move(h));
    }
    m_otherHierarchies = std::move(hierarchies);
    // The rows are grouped on as many threads as they were read (CsvOptions::threads), but
    // not on more threads than cores: the sums read every row's id once per thread.
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    m_dataset = std::make_unique<Dataset>(table, m_qi, std::move(maps), m_sensitive, m_weights,
                                          std::min(detail::csvThreads(m_config.csv), cores));
    // The survey weights of the column of role "weight" (individual-risk, global-risk). A
    // grouped load has no records to weigh; a column that is not valid weights is only a
    // warning here, so that the project still serves every other criterion.
    if (const std::string w = m_config.surveyAttribute(SurveyRole::Weight);
        !w.empty() && m_weights.empty()) {
        try {
            m_dataset->setSurveyWeights(surveyWeights(table, table.requireColumn(w)), w);
        } catch (const ParameterError& e) {
            m_warnings.push_back("the survey weights of '" + w + "' are not used: " + e.what());
        }
    }
    for (const std::vector<std::size_t>* columns : {&m_qi, &m_sensitive})
        for (std::size_t col : *columns)
            if (auto warning = whiteSpaceLookalikes(table.column(col)))
                m_warnings.push_back(std::move(*warning));
    // Labels not in Unicode normalisation form C were read as their NFC form (Column::intern),
    // so "José" typed composed and decomposed is one class; say so, since the output spells
    // them composed.
    for (const Column& c : table.columns())
        if (c.normalizedCount())
            m_warnings.push_back(
                "attribute '" + c.name() + "': " + std::to_string(c.normalizedCount()) +
                " spelling(s) not in Unicode normalisation form C (e.g. '" +
                detail::clip(c.normalizedExample()) +
                "') read in composed form (NFC): labels that differ only in normalisation "
                "are one value");
}

std::vector<std::string> Workspace::qiNames() const {
    std::vector<std::string> names;
    for (std::size_t c : m_qi) names.push_back(m_table->column(c).name());
    return names;
}

std::vector<std::string> Workspace::sensitiveNames() const {
    std::vector<std::string> names;
    for (std::size_t c : m_sensitive) names.push_back(m_table->column(c).name());
    return names;
}

const Hierarchy* Workspace::hierarchy(const std::string& attribute) const {
    for (std::size_t i = 0; i < m_qi.size(); ++i)
        if (m_table->column(m_qi[i]).name() == attribute) {
            const bool identity = std::find(m_withoutHierarchy.begin(), m_withoutHierarchy.end(),
                                            attribute) != m_withoutHierarchy.end();
            return identity ? nullptr : &m_hierarchies[i];
        }
    if (auto e = m_hierarchyErrors.find(attribute); e != m_hierarchyErrors.end())
        std::rethrow_exception(e->second);
    const auto it = m_otherHierarchies.find(attribute);
    return it == m_otherHierarchies.end() ? nullptr : &it->second;
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
    std::call_once(m_presence->once, [this] {
        const auto in = researchSubsetRows(*m_table, m_weights, m_config.researchSubset, m_baseDir,
                                           m_config.csv);
        m_presence->data = std::make_unique<PresenceDataset>(*m_dataset, in);
    });
    return m_presence->data.get();
}

}  // namespace ldv
