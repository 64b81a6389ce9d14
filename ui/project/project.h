#pragma once
// The open document: configuration, loaded table, hierarchies and the undo stack. Every
// user edit goes through an undo command (projectcommands.h) that calls an apply*()
// function here; those emit typed change signals the views listen to.
#include <QJsonValue>
#include <QObject>
#include <QString>
#include <QUndoStack>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/project/workspace.h"
#include "project/projectdata.h"

namespace ldv::ui {

class Project : public QObject {
    Q_OBJECT
public:
    explicit Project(std::shared_ptr<ProjectData> data, QObject* parent = nullptr);
    ~Project() override;

    const Table& table() const { return *m_data->table; }
    /// Shared ownership for background jobs that read the table.
    std::shared_ptr<const Table> sharedTable() const { return m_data->table; }
    const ProjectConfig& config() const { return m_data->config; }
    const CsvReport& loadReport() const { return m_data->report; }
    const QStringList& loadWarnings() const { return m_data->warnings; }
    QString filePath() const { return m_data->projectPath; }
    QString dataPath() const { return m_data->dataPath; }
    /// File name of the project, or of the data for a project not saved yet.
    QString displayName() const;
    QUndoStack* undoStack() { return &m_undo; }
    /// Unsaved changes (edits since the last save, or restored from a recovery file).
    bool isDirty() const { return m_forcedDirty || !m_undo.isClean(); }
    void setForcedDirty(bool dirty);

    int columnCount() const { return int(table().columnCount()); }
    QString columnName(int column) const;
    int columnIndex(const std::string& name) const;
    Role role(int column) const;
    /// Whether the column's role was given (AttributeConfig::hasRole): a column nobody gave a
    /// role shows as insensitive but is refused at export, since it would be published
    /// verbatim without anyone having asked for it (issue 32 item 4).
    bool hasRole(int column) const;
    /// The columns without a role, by name, in table order.
    std::vector<std::string> unroledColumns() const;
    ColumnType type(int column) const { return table().column(std::size_t(column)).type(); }
    /// The statistics file's labels of a column (variable label, value labels), or null.
    const ColumnLabels* columnLabels(int column) const {
        return m_data->metadata.find(columnName(column).toStdString());
    }
    ColumnType inferredType(int column) const { return m_data->inferredTypes[std::size_t(column)]; }
    std::optional<ColumnType> typeOverride(int column) const;
    const std::vector<std::uint32_t>& valueCounts(int column) const {
        return m_data->valueCounts[std::size_t(column)];
    }
    /// Quasi-identifiers in level-vector order.
    std::vector<std::string> qiOrder() const {
        return m_data->config.namesWithRole(Role::QuasiIdentifying);
    }

    /// The attribute's hierarchy, or nullptr when it has none.
    const Hierarchy* hierarchy(const std::string& attribute) const;
    /// Every attribute's hierarchy, by name (what a Workspace of the project binds).
    const std::map<std::string, Hierarchy>& hierarchies() const { return m_data->hierarchies; }
    /// Where the attribute's hierarchy came from (an unmodified file or builder spec), or
    /// nullopt when it has none or was edited: such a hierarchy is embedded when saved.
    std::optional<HierarchyOrigin> hierarchyOrigin(const std::string& attribute) const;
    /// Per QI (in QI order) its hierarchy's height, 0 without one: the lattice's shape.
    std::vector<int> qiHeights() const;
    /// The hierarchy, or the identity (height 0) over the column's values.
    Hierarchy hierarchyOrIdentity(const std::string& attribute) const;

    /// One section of the workbench's state saved in the project file ("analysis", …);
    /// an empty value when there is none.
    QJsonValue workbenchValue(const QString& key) const;
    /// Sets a section; not an undo step (like a view setting). `markDirty`: the project has
    /// unsaved changes (options); false for state that is saved with the next save but not
    /// worth asking about on close (the last search result and selected node).
    void setWorkbenchValue(const QString& key, const QJsonValue& value, bool markDirty = true);

    /// The search part of the configuration (ldv::SearchSettings, checked by ldv::validate).
    const SearchSettings& searchSettings() const { return m_data->config.search; }
    // Undoable edits (push a command on the undo stack).
    void setSearchSettings(const SearchSettings& settings, const QString& text,
                           bool mergeable = false);
    /// Stores N, the population size, as an undoable edit of the search settings (the one
    /// value the Risk and Export perspectives both edit); false when it already is `n`.
    bool setPopulationSize(std::optional<double> n);
    void setRole(int column, Role role);
    /// Gives several columns one role as one undo step (columns that have it already are left).
    void setRoles(const std::vector<int>& columns, Role role);
    void setType(int column, std::optional<ColumnType> type);
    void setHierarchy(const std::string& attribute, std::optional<Hierarchy> hierarchy,
                      const QString& text);
    /// δ-presence's research subset: COL=VALUE or a CSV file, held by its absolute path (saved
    /// relative to the project file); "" = none.
    const std::string& researchSubset() const { return m_data->config.researchSubset; }
    void setResearchSubset(const std::string& subset);
    /// The model that publishes the table (saved as "transformation"; ldiv generalize
    /// --project uses it too).
    const TransformationChoice& transformation() const { return m_data->config.transformation; }
    void setTransformation(const TransformationChoice& choice);
    /// How an identifying attribute is published: "" = left out, else hmac, random or mask:N
    /// (ldiv/crypto/pseudonyms.h).
    std::string pseudonymize(int column) const;
    void setPseudonymize(int column, const std::string& method);

    // Apply without undo; called by the commands.
    /// `declared`: an insensitive role given on purpose (AttributeConfig::declaredInsensitive).
    void applyRole(int column, Role role, bool declared, const std::vector<std::string>& qiOrder);
    void applyType(int column, std::optional<ColumnType> type);
    /// Sets the hierarchy and its origin (none: an edited hierarchy).
    void applyHierarchy(const std::string& attribute, std::optional<Hierarchy> hierarchy,
                        std::optional<HierarchyOrigin> origin = std::nullopt);
    void applySearchSettings(const SearchSettings& settings);
    void applyResearchSubset(const std::string& subset);
    void applyPseudonymize(int column, const std::string& method);
    void applyTransformation(const TransformationChoice& choice);

    /// The configuration as it would be written to `path`: data and unmodified hierarchy
    /// files relative to its folder; other hierarchies embedded, or (asFiles) written next to
    /// it — `files` receives those (path, hierarchy) pairs.
    ProjectConfig configForSave(const QString& path, bool hierarchiesAsFiles,
                                std::vector<std::pair<QString, Hierarchy>>* files = nullptr) const;
    /// Writes the project (and hierarchy files when asked). Throws InputError on failure.
    void save(const QString& path, bool hierarchiesAsFiles = false);
    /// Self-contained project text for crash recovery: absolute paths, hierarchies embedded.
    std::string recoveryText() const;

signals:
    void roleChanged(int column);
    void typeChanged(int column);
    void hierarchyChanged(const QString& attribute);
    void searchSettingsChanged();
    void researchSubsetChanged();
    void transformationChanged();
    void pseudonymizeChanged(int column);
    void filePathChanged(const QString& path);
    void dirtyChanged(bool dirty);

private:
    /// The column's entry in the configuration, created in table order when missing.
    AttributeConfig& attributeEntry(int column);
    std::shared_ptr<ProjectData> m_data;
    QUndoStack m_undo;
    bool m_forcedDirty = false;
};

}  // namespace ldv::ui
