#pragma once
// The project file (JSON, "format": "ldiv-project") and the loaded workspace it describes.
// The CLI's data options are turned into the same ProjectConfig, so the command line and the
// workbench load data through one path.
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_formats.h"
#include "ldiv/io/table_source.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/project/search_settings.h"
#include "ldiv/project/transformation_choice.h"

namespace ldv {

/// Survey roles (docs/risk.md "Survey risk"): "role": "weight" marks the column of the
/// records' survey weights, "role": "household" that of their household ids. Either column
/// is otherwise insensitive (published as it is); `ldiv risk` reads them.
enum class SurveyRole { None, Weight, Household };

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
    /// The insensitive role was given explicitly ("role": "insensitive" in the project file,
    /// --insensitive, the workbench): the column is published verbatim. An Insensitive
    /// attribute without it has no role, and publishing refuses it (unroledColumns), so
    /// that nothing is published that was not asked for. Meaningful only when role is
    /// Insensitive.
    bool declaredInsensitive = false;
    /// Weight or household: then role is Insensitive and declaredInsensitive true.
    SurveyRole surveyRole = SurveyRole::None;
    /// A role was given: any role but Insensitive, or Insensitive declared explicitly.
    bool hasRole() const { return role != Role::Insensitive || declaredInsensitive; }
    bool operator==(const AttributeConfig&) const = default;
};

struct ProjectConfig {
    static constexpr int kFormatVersion = 1;

    std::string dataPath;  ///< as written in the file (relative paths are relative to it)
    CsvOptions csv;
    /// Only attributes with a role or hierarchy need an entry; others have no role, and are
    /// refused at publish time (unroledColumns) until one is given.
    std::vector<AttributeConfig> attributes;
    /// The QI order = the order of level vectors everywhere. Empty: the order of attributes.
    std::vector<std::string> qiOrder;
    /// "criteria", "suppression_limit", "metric", "algorithm" and "population_size" in the
    /// file. An unknown metric or algorithm name is refused when the file is read; the
    /// numbers are checked by validate() when a search is configured.
    SearchSettings search;
    /// δ-presence's research subset, the rows that are published (research_subset.h):
    /// "COL=VALUE" or a CSV file (relative to the project file); "" when none.
    /// "research_subset" in the file.
    std::string researchSubset;
    /// The model that publishes the table (Privacy ▸ Transformation; `ldiv generalize
    /// --project` without --transform): "transformation": {"model", "aggregate"} in the file,
    /// left out when it is full-domain generalization.
    TransformationChoice transformation;
    /// The workbench's own state (analysis options, the last search result), kept in the
    /// project file under "workbench" as one JSON object, compact text; "" when there is
    /// none. The engine and the command line neither read nor change it.
    std::string workbench;

    AttributeConfig* attribute(const std::string& name);
    const AttributeConfig* attribute(const std::string& name) const;
    AttributeConfig& ensureAttribute(const std::string& name);
    std::vector<std::string> namesWithRole(Role role) const;
    /// The attribute with survey role `role`, "" when none (the file allows one of each).
    std::string surveyAttribute(SurveyRole role) const;
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

/// Where a hierarchy came from, so that an unmodified one is saved the same way.
struct HierarchyOrigin {
    std::string file;     ///< absolute path of an unmodified hierarchy file
    std::string builder;  ///< builder spec of an unmodified built hierarchy
    bool operator==(const HierarchyOrigin&) const = default;
};

/// A project's data as read, before the roles are bound: what the workbench keeps open (and
/// edits) and the first step of every Workspace.
struct LoadedTable {
    /// With the project's type overrides applied.
    std::shared_ptr<Table> table;
    /// Per column, the type read from the data before the overrides.
    std::vector<ColumnType> inferredTypes;
    CsvReport report;
    SourceReport source;
    /// A grouped load (DataLoad::Groups): rows per table row; empty for a load of rows.
    std::vector<std::uint32_t> weights;
    /// Variable and value labels of a Stata, SPSS or SAS file (table_formats.h); empty for
    /// CSV and xlsx.
    TableMetadata metadata;
};

/// Reads the project's data: a CSV, xlsx, Stata, SPSS or SAS file by its extension
/// (relative to `baseDir`; table_formats.h), a database URI
/// (openTableSource), or with DataLoad::Groups only the grouped QI and sensitive columns.
/// Throws InputError when no data row is left, naming the file.
LoadedTable loadTable(const ProjectConfig& config, const std::string& baseDir,
                      Feedback* feedback = nullptr, DataLoad load = DataLoad::Rows);

/// `path` made absolute against `baseDir` (the project file's folder; "" = the working
/// directory); a database URI stays as it is.
std::string resolvePath(const std::string& baseDir, const std::string& path);

/// The hierarchy the project configures for an attribute: embedded, a file or a builder spec
/// (built over `column` with the project's missing-value tokens); nullopt when it has none.
/// `origin` (optional) receives where it came from. Throws InputError/ParameterError.
std::optional<Hierarchy> configuredHierarchy(const ProjectConfig& config,
                                             const AttributeConfig& attribute, const Column& column,
                                             const std::string& baseDir,
                                             HierarchyOrigin* origin = nullptr);

/// A loaded project: the table (shared, immutable), the roles resolved to column indices, the
/// hierarchies bound to the data and where they came from, ready for analyses. Movable: the
/// Dataset points into the shared table, which does not move.
class Workspace {
public:
    /// Loads the project (loadTable) and binds it. `baseDir` resolves relative data and
    /// hierarchy paths (the project file's folder). Throws InputError / ParameterError with
    /// the attribute and value at fault.
    Workspace(ProjectConfig config, const std::string& baseDir, Feedback* feedback = nullptr,
              DataLoad load = DataLoad::Rows);
    /// Binds a table already loaded, with the hierarchies as the workbench holds them (by
    /// attribute name, any role); quasi-identifiers without one get the identity. The
    /// project's hierarchy entries are not read again. `origins` are kept for saving.
    Workspace(ProjectConfig config, std::shared_ptr<const Table> table,
              std::map<std::string, Hierarchy> hierarchies,
              std::map<std::string, HierarchyOrigin> origins = {}, std::string baseDir = {});
    Workspace(Workspace&&) noexcept;
    Workspace& operator=(Workspace&&) noexcept;
    ~Workspace();

    const ProjectConfig& config() const { return m_config; }
    const Table& table() const { return *m_table; }
    /// Shared ownership for jobs that outlive the workspace.
    const std::shared_ptr<const Table>& sharedTable() const { return m_table; }
    const CsvReport& loadReport() const { return m_report; }
    /// The data file's variable and value labels (a Stata, SPSS or SAS file), for publishing
    /// in the same format with its labels.
    const TableMetadata& metadata() const { return m_metadata; }
    /// Where the data came from, its rows and the rows held in memory, time in the source.
    const SourceReport& sourceReport() const { return m_source; }
    const std::vector<std::size_t>& qiColumns() const { return m_qi; }
    const std::vector<std::size_t>& sensitiveColumns() const { return m_sensitive; }
    const std::vector<std::size_t>& identifyingColumns() const { return m_identifying; }
    /// Column names of the quasi-identifiers (in QI order) and sensitive attributes.
    std::vector<std::string> qiNames() const;
    std::vector<std::string> sensitiveNames() const;
    /// Per QI (in QI order); identity hierarchies where none was configured.
    const std::vector<Hierarchy>& hierarchies() const { return m_hierarchies; }
    /// The hierarchy of any attribute (a QI's, or a sensitive attribute's taxonomy), nullptr
    /// when none is configured. A configured one that could not be read or built throws its
    /// error here, when it is needed, not when the project was loaded.
    const Hierarchy* hierarchy(const std::string& attribute) const;
    /// Where each hierarchy came from, by attribute (unmodified files and builder specs).
    const std::map<std::string, HierarchyOrigin>& origins() const { return m_origins; }
    /// QIs (in QI order) that got an identity hierarchy because none was configured.
    const std::vector<std::string>& qiWithoutHierarchy() const { return m_withoutHierarchy; }
    /// For lattice searches: throws ParameterError "age has no hierarchy: it can never be
    /// generalized …" for the first QI without one (the builder `identity` keeps a QI as is
    /// on purpose). Audits of a node or a published table do not need it.
    void requireQiHierarchies() const;
    const Dataset& dataset() const { return *m_dataset; }
    std::string resolve(const std::string& path) const { return resolvePath(m_baseDir, path); }
    /// Things worth a user's look that do not stop the load: values of a quasi-identifier or
    /// sensitive attribute that differ only in white space ("New York", "New  York"), which
    /// form separate classes.
    const std::vector<std::string>& warnings() const { return m_warnings; }
    /// The dataset with the research subset's membership (research_subset.h), built on first
    /// use; nullptr when the project has no research subset. Throws ParameterError /
    /// InputError for a subset that does not resolve against the table.
    const PresenceDataset* presenceDataset() const;

private:
    /// Resolves the roles, builds the Dataset and the warnings; `hierarchies` by attribute
    /// name, QIs without one get the identity.
    void bind(std::map<std::string, Hierarchy> hierarchies);

    ProjectConfig m_config;
    std::string m_baseDir;
    std::shared_ptr<const Table> m_table;
    CsvReport m_report;
    TableMetadata m_metadata;
    SourceReport m_source;
    std::vector<std::uint32_t> m_weights;
    std::vector<std::size_t> m_qi, m_sensitive, m_identifying;
    std::vector<Hierarchy> m_hierarchies;
    /// Hierarchies of the attributes that are not quasi-identifiers, and the errors of those
    /// that could not be read (thrown by hierarchy()).
    std::map<std::string, Hierarchy> m_otherHierarchies;
    std::map<std::string, std::exception_ptr> m_hierarchyErrors;
    std::map<std::string, HierarchyOrigin> m_origins;
    std::vector<std::string> m_withoutHierarchy;
    std::unique_ptr<Dataset> m_dataset;
    std::vector<std::string> m_warnings;
    /// presenceDataset()'s lazily built value; behind a pointer so the workspace stays movable
    /// (a once_flag is not).
    struct PresenceCache {
        std::once_flag once;
        std::unique_ptr<PresenceDataset> data;
    };
    std::unique_ptr<PresenceCache> m_presence = std::make_unique<PresenceCache>();
};

}  // namespace ldv
