#pragma once
// The project file (JSON, "format": "ldiv-project") and the loaded workspace it describes.
// The CLI's data options are turned into the same ProjectConfig, so the command line and the
// workbench load data through one path.
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/csv.h"
#include "ldiv/dataset.h"
#include "ldiv/hierarchy.h"
#include "ldiv/research_subset.h"
#include "ldiv/table.h"
#include "ldiv/table_source.h"

namespace ldv {

struct AttributeConfig {
    std::string name;
    Role role = Role::Insensitive;
    /// Overrides the inferred type when set.
    std::optional<ColumnType> type;
    /// A hierarchy stored in the project file ...
    std::optional<Hierarchy> hierarchy;
    /// ... or referenced as a CSV file (relative to the project file).
    std::string hierarchyFile;
    /// ... or built from a spec such as "intervals:5,10,20" (see buildFromSpec).
    std::string hierarchyBuilder;
    /// For an identifying attribute: publish it pseudonymized instead of dropping it,
    /// "hmac", "random" or "mask:N" (pseudonymize.h). Never the secret: hmac asks for the
    /// secret file when publishing.
    std::string pseudonymize;
    bool operator==(const AttributeConfig&) const = default;
};

struct ProjectConfig {
    static constexpr int kFormatVersion = 1;

    std::string dataPath;  ///< as written in the file (relative paths are relative to it)
    CsvOptions csv;
    /// Only attributes with a role or hierarchy need an entry; others are insensitive.
    std::vector<AttributeConfig> attributes;
    /// The QI order = the order of level vectors everywhere. Empty: the order of attributes.
    std::vector<std::string> qiOrder;
    std::vector<std::string> criteria;
    double suppressionLimit = 0;  ///< fraction of rows, e.g. 0.02
    std::string metric = "dm";
    std::string algorithm = "fast";
    /// N, the size of the population the data is a sample of (k-map, journalist risk,
    /// population uniqueness); none when not given. "population_size" in the file.
    std::optional<double> populationSize;
    /// δ-presence's research subset, the rows that are published (research_subset.h):
    /// "COL=VALUE" or a CSV file (relative to the project file); "" when none.
    /// "research_subset" in the file.
    std::string researchSubset;
    /// The workbench's own state (analysis options, the last search result), kept in the
    /// project file under "workbench" as one JSON object, compact text; "" when there is
    /// none. The engine and the command line neither read nor change it.
    std::string workbench;

    AttributeConfig* attribute(const std::string& name);
    const AttributeConfig* attribute(const std::string& name) const;
    AttributeConfig& ensureAttribute(const std::string& name);
    std::vector<std::string> namesWithRole(Role role) const;
    bool operator==(const ProjectConfig& other) const;
};

/// Parses a project file's text. Throws InputError naming the file (and JSON line/column)
/// for malformed JSON, a missing or wrong "format", a version newer than kFormatVersion, or
/// a bad field.
ProjectConfig parseProject(const std::string& text, const std::string& sourceName);
ProjectConfig loadProject(const std::string& path);
std::string formatProject(const ProjectConfig& config);
/// Written through a temporary file and renamed into place.
void saveProject(const ProjectConfig& config, const std::string& path);

/// How a Workspace holds its data. Rows: every row in memory (a CSV, or a database table
/// fetched in batches). Groups: only the distinct combinations of the quasi-identifying and
/// sensitive values with their counts, computed by the database (GROUP BY) or while a CSV is
/// streamed; enough for search, metrics and audits, refused by analyses that need rows.
enum class DataLoad { Rows, Groups };

/// A loaded project: the table, the roles resolved to column indices and the hierarchies
/// bound to the data, ready for analyses.
class Workspace {
public:
    /// `baseDir` resolves relative data and hierarchy paths (the project file's folder).
    /// A data path "postgresql://…" is opened through openTableSource(); a CSV with
    /// DataLoad::Groups is streamed. Throws InputError / ParameterError with the attribute and
    /// value at fault.
    Workspace(ProjectConfig config, const std::string& baseDir, Feedback* feedback = nullptr,
              DataLoad load = DataLoad::Rows);
    // The Dataset points into the table: a Workspace stays where it was built.
    Workspace(const Workspace&) = delete;
    Workspace& operator=(const Workspace&) = delete;

    const ProjectConfig& config() const { return m_config; }
    const Table& table() const { return m_table; }
    const CsvReport& loadReport() const { return m_report; }
    /// Where the data came from, its rows and the rows held in memory, time in the source.
    const SourceReport& sourceReport() const { return m_source; }
    const std::vector<std::size_t>& qiColumns() const { return m_qi; }
    const std::vector<std::size_t>& sensitiveColumns() const { return m_sensitive; }
    const std::vector<std::size_t>& identifyingColumns() const { return m_identifying; }
    /// Per QI (in QI order); identity hierarchies where none was configured.
    const std::vector<Hierarchy>& hierarchies() const { return m_hierarchies; }
    /// QIs (in QI order) that got an identity hierarchy because none was configured.
    const std::vector<std::string>& qiWithoutHierarchy() const { return m_withoutHierarchy; }
    /// For lattice searches: throws ParameterError "age has no hierarchy: it can never be
    /// generalized …" for the first QI without one (the builder `identity` keeps a QI as is
    /// on purpose). Audits of a node or a published table do not need it.
    void requireQiHierarchies() const;
    const Dataset& dataset() const { return *m_dataset; }
    std::string resolve(const std::string& path) const;
    /// Things worth a user's look that do not stop the load: values of a quasi-identifier or
    /// sensitive attribute that differ only in white space ("New York", "New  York"), which
    /// form separate classes.
    const std::vector<std::string>& warnings() const { return m_warnings; }
    /// The dataset with the research subset's membership (research_subset.h), built on first
    /// use; nullptr when the project has no research subset. Throws ParameterError /
    /// InputError for a subset that does not resolve against the table.
    const PresenceDataset* presenceDataset() const;

private:
    ProjectConfig m_config;
    std::string m_baseDir;
    Table m_table;
    CsvReport m_report;
    SourceReport m_source;
    std::vector<std::uint32_t> m_weights;
    std::vector<std::size_t> m_qi, m_sensitive, m_identifying;
    std::vector<Hierarchy> m_hierarchies;
    std::vector<std::string> m_withoutHierarchy;
    std::unique_ptr<Dataset> m_dataset;
    std::vector<std::string> m_warnings;
    mutable std::once_flag m_presenceOnce;
    mutable std::unique_ptr<PresenceDataset> m_presence;
};

}  // namespace ldv
