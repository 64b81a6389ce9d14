#include "project/project.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>

#include "format/populationtext.h"
#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_source.h"
#include "project/projectcommands.h"

namespace ldv::ui {

Project::Project(std::shared_ptr<ProjectData> data, QObject* parent)
    : QObject(parent), m_data(std::move(data)) {
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this] { emit dirtyChanged(isDirty()); });
}

Project::~Project() = default;

QString Project::displayName() const {
    if (m_data->projectPath.isEmpty() && isSourceUri(m_data->dataPath.toStdString())) {
        // A database table: its name (or "query"), not the tail of the URI.
        const QString uri = m_data->dataPath;
        const int table = uri.indexOf("table=");
        if (table >= 0) return uri.mid(table + 6).section('&', 0, 0);
        return QStringLiteral("query");
    }
    return QFileInfo(m_data->projectPath.isEmpty() ? m_data->dataPath : m_data->projectPath)
        .fileName();
}

void Project::setForcedDirty(bool dirty) {
    if (m_forcedDirty == dirty) return;
    m_forcedDirty = dirty;
    emit dirtyChanged(isDirty());
}

QString Project::columnName(int column) const {
    return QString::fromStdString(table().column(std::size_t(column)).name());
}

int Project::columnIndex(const std::string& name) const {
    const auto index = table().columnIndex(name);
    return index ? int(*index) : -1;
}

Role Project::role(int column) const {
    const AttributeConfig* a = config().attribute(table().column(std::size_t(column)).name());
    return a ? a->role : Role::Insensitive;
}

bool Project::hasRole(int column) const {
    const AttributeConfig* a = config().attribute(table().column(std::size_t(column)).name());
    return a && a->hasRole();
}

std::vector<std::string> Project::unroledColumns() const {
    std::vector<std::string> out;
    for (int c = 0; c < columnCount(); ++c)
        if (!hasRole(c)) out.push_back(table().column(std::size_t(c)).name());
    return out;
}

std::optional<ColumnType> Project::typeOverride(int column) const {
    const AttributeConfig* a = config().attribute(table().column(std::size_t(column)).name());
    return a ? a->type : std::nullopt;
}

const Hierarchy* Project::hierarchy(const std::string& attribute) const {
    const auto it = m_data->hierarchies.find(attribute);
    return it == m_data->hierarchies.end() ? nullptr : &it->second;
}

std::optional<HierarchyOrigin> Project::hierarchyOrigin(const std::string& attribute) const {
    const auto it = m_data->origins.find(attribute);
    if (it == m_data->origins.end()) return std::nullopt;
    return it->second;
}

Hierarchy Project::hierarchyOrIdentity(const std::string& attribute) const {
    if (const Hierarchy* h = hierarchy(attribute)) return *h;
    const int column = columnIndex(attribute);
    if (column < 0) return {};
    return Hierarchy::identity(table().column(std::size_t(column)).dictionary());
}

std::vector<int> Project::qiHeights() const {
    std::vector<int> heights;
    for (const std::string& name : qiOrder()) {
        const Hierarchy* h = hierarchy(name);
        heights.push_back(h ? h->height() : 0);
    }
    return heights;
}

void Project::setRole(int column, Role role) {
    // Choosing "insensitive" for a column without a role declares it (a change too).
    if (role != this->role(column) || !hasRole(column))
        m_undo.push(new SetRoleCommand(this, column, role));
}

QJsonValue Project::workbenchValue(const QString& key) const {
    const std::string& text = m_data->config.workbench;
    if (text.empty()) return {};
    return QJsonDocument::fromJson(QByteArray::fromStdString(text)).object().value(key);
}

void Project::setWorkbenchValue(const QString& key, const QJsonValue& value, bool markDirty) {
    std::string& text = m_data->config.workbench;
    QJsonObject state = text.empty()
                            ? QJsonObject()
                            : QJsonDocument::fromJson(QByteArray::fromStdString(text)).object();
    if (state.value(key) == value) return;
    if (value.isUndefined() || value.isNull())
        state.remove(key);
    else
        state.insert(key, value);
    text = state.isEmpty() ? std::string()
                           : QJsonDocument(state).toJson(QJsonDocument::Compact).toStdString();
    if (markDirty) setForcedDirty(true);
}

void Project::setRoles(const std::vector<int>& columns, Role role) {
    std::vector<int> changed;
    for (int c : columns)
        if (c >= 0 && c < columnCount() && (this->role(c) != role || !hasRole(c)) &&
            std::find(changed.begin(), changed.end(), c) == changed.end())
            changed.push_back(c);
    if (changed.empty()) return;
    if (changed.size() == 1) return setRole(changed.front(), role);
    const std::string_view name = toString(role);
    m_undo.beginMacro(tr("Set %1 attributes to %2")
                          .arg(changed.size())
                          .arg(QString::fromUtf8(name.data(), qsizetype(name.size()))));
    for (int c : changed) m_undo.push(new SetRoleCommand(this, c, role));
    m_undo.endMacro();
}

void Project::setType(int column, std::optional<ColumnType> type) {
    // Choosing the inferred type again removes the override.
    if (type == inferredType(column)) type.reset();
    if (type != typeOverride(column)) m_undo.push(new SetTypeCommand(this, column, type));
}

void Project::setHierarchy(const std::string& attribute, std::optional<Hierarchy> hierarchy,
                           const QString& text) {
    const Hierarchy* old = this->hierarchy(attribute);
    if ((!old && !hierarchy) || (old && hierarchy && *old == *hierarchy)) return;
    m_undo.push(new SetHierarchyCommand(this, attribute, std::move(hierarchy), text));
}

AttributeConfig& Project::attributeEntry(int column) {
    // A new entry goes where the column is in the table: without an explicit QI order the
    // quasi-identifiers follow the entries, and marking zip before age (or choosing zip's type
    // at import) must not put zip first in every level vector.
    auto& entries = m_data->config.attributes;
    const std::string& name = table().column(std::size_t(column)).name();
    if (AttributeConfig* a = m_data->config.attribute(name)) return *a;
    auto at = std::find_if(entries.begin(), entries.end(), [&](const AttributeConfig& a) {
        const int c = columnIndex(a.name);
        return c > column;
    });
    AttributeConfig entry;
    entry.name = name;
    return *entries.insert(at, std::move(entry));
}

void Project::applyRole(int column, Role role, bool declared,
                        const std::vector<std::string>& qiOrder) {
    AttributeConfig& a = attributeEntry(column);
    a.role = role;
    a.declaredInsensitive = declared && role == Role::Insensitive;
    m_data->config.qiOrder = qiOrder;
    emit roleChanged(column);
}

void Project::applyType(int column, std::optional<ColumnType> type) {
    attributeEntry(column).type = type;
    // Jobs may still read the old table: the type is set on a copy, so every snapshot stays
    // immutable (a type change is a rare click, the copy is cheap next to a search).
    auto table = std::make_shared<Table>(*m_data->table);
    table->column(std::size_t(column)).setType(type.value_or(inferredType(column)));
    m_data->table = std::move(table);
    emit typeChanged(column);
}

void Project::applyHierarchy(const std::string& attribute, std::optional<Hierarchy> hierarchy,
                             std::optional<HierarchyOrigin> origin) {
    if (hierarchy && origin)
        m_data->origins[attribute] = std::move(*origin);
    else
        m_data->origins.erase(attribute);
    if (hierarchy)
        m_data->hierarchies[attribute] = std::move(*hierarchy);
    else
        m_data->hierarchies.erase(attribute);
    emit hierarchyChanged(QString::fromStdString(attribute));
}

void Project::setSearchSettings(const SearchSettings& settings, const QString& text,
                                bool mergeable) {
    if (settings != searchSettings())
        m_undo.push(new SetSearchSettingsCommand(this, settings, text, mergeable));
}

bool Project::setPopulationSize(std::optional<double> n) {
    SearchSettings settings = searchSettings();
    if (settings.populationSize == n) return false;
    settings.populationSize = n;
    setSearchSettings(settings, n ? tr("Set population size to %1").arg(populationText(n))
                                  : tr("Clear population size"));
    return true;
}

void Project::applySearchSettings(const SearchSettings& settings) {
    m_data->config.search = settings;
    emit searchSettingsChanged();
}

void Project::setResearchSubset(const std::string& subset) {
    if (subset != researchSubset()) m_undo.push(new SetResearchSubsetCommand(this, subset));
}

void Project::applyResearchSubset(const std::string& subset) {
    m_data->config.researchSubset = subset;
    emit researchSubsetChanged();
}

void Project::setTransformation(const TransformationChoice& choice) {
    if (!(choice == config().transformation))
        m_undo.push(new SetTransformationCommand(this, choice));
}

void Project::applyTransformation(const TransformationChoice& choice) {
    m_data->config.transformation = choice;
    emit transformationChanged();
}

std::string Project::pseudonymize(int column) const {
    const AttributeConfig* a = config().attribute(columnName(column).toStdString());
    return a ? a->pseudonymize : std::string();
}

void Project::setPseudonymize(int column, const std::string& method) {
    if (method != pseudonymize(column))
        m_undo.push(new SetPseudonymizeCommand(this, column, method));
}

void Project::applyPseudonymize(int column, const std::string& method) {
    attributeEntry(column).pseudonymize = method;
    emit pseudonymizeChanged(column);
}

ProjectConfig Project::configForSave(const QString& path, bool asFiles,
                                     std::vector<std::pair<QString, Hierarchy>>* files) const {
    const QFileInfo info(path);
    const QDir dir = info.absoluteDir();
    ProjectConfig c = config();
    c.dataPath = isSourceUri(m_data->dataPath.toStdString())
                     ? m_data->dataPath.toStdString()  // a database URI stays as it is
                     : dir.relativeFilePath(m_data->dataPath).toStdString();
    // A research subset file is held by its absolute path, saved relative like the data.
    if (researchSubsetIsFile(c.researchSubset, {}))
        c.researchSubset =
            dir.relativeFilePath(QString::fromStdString(c.researchSubset)).toStdString();
    QString stem = info.fileName();
    if (stem.endsWith(".ldiv.json"))
        stem.chop(10);
    else
        stem = info.completeBaseName();
    for (const auto& [name, h] : m_data->hierarchies) {
        AttributeConfig& a = c.ensureAttribute(name);
        const auto origin = m_data->origins.find(name);
        if (origin != m_data->origins.end() && !origin->second.file.empty()) {
            a.hierarchyFile =
                dir.relativeFilePath(QString::fromStdString(origin->second.file)).toStdString();
        } else if (origin != m_data->origins.end() && !origin->second.builder.empty()) {
            a.hierarchyBuilder = origin->second.builder;
        } else if (asFiles) {
            const QString file = stem + "_hierarchy_" + QString::fromStdString(name) + ".csv";
            a.hierarchyFile = file.toStdString();
            if (files) files->emplace_back(dir.filePath(file), h);
        } else {
            a.hierarchy = h;
        }
    }
    // Only an identifying attribute is pseudonymized (the choice is kept while the role is
    // edited, and dropped on saving another role).
    for (AttributeConfig& a : c.attributes)
        if (a.role != Role::Identifying) a.pseudonymize.clear();
    // Attributes with nothing to say are left out (they have no role); one declared insensitive
    // says that it may be published as it is, and stays.
    std::erase_if(c.attributes, [](const AttributeConfig& a) {
        return a.role == Role::Insensitive && !a.declaredInsensitive && !a.type && !a.hierarchy &&
               a.hierarchyFile.empty() && a.hierarchyBuilder.empty() && a.pseudonymize.empty();
    });
    return c;
}

void Project::save(const QString& path, bool asFiles) {
    std::vector<std::pair<QString, Hierarchy>> files;
    const ProjectConfig c = configForSave(path, asFiles, &files);
    for (const auto& [file, h] : files) writeHierarchy(h, file.toStdString());
    saveProject(c, path.toStdString());
    // Hierarchies written as files are now unmodified copies of those files.
    for (const auto& a : c.attributes)
        if (!a.hierarchyFile.empty())
            m_data->origins[a.name].file =
                QDir::cleanPath(
                    QFileInfo(path).absoluteDir().filePath(QString::fromStdString(a.hierarchyFile)))
                    .toStdString();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    if (absolute != m_data->projectPath) {
        m_data->projectPath = absolute;
        emit filePathChanged(absolute);
    }
    m_forcedDirty = false;
    m_undo.setClean();
    emit dirtyChanged(isDirty());
}

std::string Project::recoveryText() const {
    ProjectConfig c = config();
    c.dataPath = m_data->dataPath.toStdString();
    for (const auto& [name, h] : m_data->hierarchies) c.ensureAttribute(name).hierarchy = h;
    return formatProject(c);
}

}  // namespace ldv::ui
