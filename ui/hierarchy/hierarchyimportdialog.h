#pragma once
// Importing several hierarchy files at once: each file is matched to an attribute by its
// name (`*_hierarchy_<attribute>.csv`, `hierarchy_<attribute>.csv` as ARX and `ldiv` write
// them, or `<attribute>.csv` as the Hierarchies perspective exports one), and the user
// confirms or corrects the match before anything is imported.
#include <QDialog>
#include <QList>
#include <QPair>
#include <QStringList>

#include "widgets/qtforward.h"

namespace ldv::ui {

/// The attribute a hierarchy file is named for, "" when none: the file's base name is
/// `hierarchy_<a>`, ends in `_hierarchy_<a>`, or is `<a>`. Exact names win over ones that only
/// differ in case.
QString matchHierarchyFile(const QString& path, const QStringList& attributes);

class HierarchyImportDialog : public QDialog {
    Q_OBJECT
public:
    /// `fallback` is the attribute for a single file whose name matches none (the one the
    /// user has selected).
    HierarchyImportDialog(const QStringList& paths, const QStringList& attributes,
                          const QString& fallback, QWidget* parent = nullptr);
    /// (file, attribute) for every file not set to "do not import".
    QList<QPair<QString, QString>> matches() const;
    /// Sets the attribute of row `row` ("" = do not import).
    void setAttribute(int row, const QString& attribute);
    QTableWidget* table() const { return m_table; }

private:
    QStringList m_paths;
    QTableWidget* m_table;
};

}  // namespace ldv::ui
