#pragma once
// Every QFileDialog of the workbench goes through these: each kind of file (data,
// hierarchy, project, export) remembers the folder last used for it in QSettings
// ("folders/<kind>"), so a dialog opens where the user was, not in the working directory.
#include <QString>
#include <QStringList>

#include "widgets/qtforward.h"

namespace ldv::ui::filedialogs {

/// ResearchSubset: δ-presence's subset files; Secret: the folder of HMAC secret files (the
/// folder only: a secret is never stored).
enum class Kind { Data, Hierarchy, Project, Export, ResearchSubset, Secret };

/// The remembered folder of a kind; before the first use the fallback folder if one is set
/// (the open project's), else the user's home folder.
QString lastFolder(Kind kind);
/// Where dialogs of a kind not used yet start: the open project's folder (so the first
/// hierarchy import or export does not start in the home folder); "" for none.
void setFallbackFolder(const QString& folder);
/// True once a folder of `kind` has been remembered (and still exists).
bool hasFolder(Kind kind);
/// Remembers the folder of `path` (a file, or a folder itself) for `kind`.
void remember(Kind kind, const QString& path);
/// Where a dialog of `kind` starts: the remembered folder, with `fileName` in it if given
/// (an absolute `fileName` is kept as it is).
QString startPath(Kind kind, const QString& fileName = {});

QString openFile(QWidget* parent, Kind kind, const QString& caption, const QString& filter);
QStringList openFiles(QWidget* parent, Kind kind, const QString& caption, const QString& filter);
QString saveFile(QWidget* parent, Kind kind, const QString& caption, const QString& fileName,
                 const QString& filter);
QString folder(QWidget* parent, Kind kind, const QString& caption);

}  // namespace ldv::ui::filedialogs
