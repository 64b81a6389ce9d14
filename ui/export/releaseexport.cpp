#include "export/releaseexport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/workflow/requirement.h"
#include "session/searchsession.h"

namespace ldv::ui {

ReleaseRecord writeWorkbenchRelease(const Project& project, const SearchSettings& settings,
                                    const Levels& levels, const PublishOptions& publish,
                                    const ReleaseOutput& output, const QString& publishedPath,
                                    const QString& releasePath) {
    // The configuration as `Export configuration…` writes it (hierarchies embedded, the data
    // path relative to the record's folder), loaded as the CLI loads a project.
    const QString folder = QFileInfo(releasePath).absolutePath();
    const ProjectConfig config = project.configForSave(releasePath, false);
    const Workspace ws(config, QFile::encodeName(folder).toStdString());
    // delta-presence: judged on the data with the research subset, which alone is published.
    const SearchConfig search = prepareRequirement(ws, settings).config;
    if (!ws.dataset().lattice().contains(levels))
        throw ParameterError("node " + formatLevels(levels) + " is not in the lattice");
    const PublishedNode node = publishNode(ws, search, levels, publish);
    const std::string published =
        QFile::encodeName(QFileInfo(publishedPath).absoluteFilePath()).toStdString();
    const ReleaseRecord record =
        makeRelease(ws, search, levels, node, publish, published, LDIV_VERSION, output);
    writeRelease(record, QFile::encodeName(releasePath).toStdString());
    return record;
}

}  // namespace ldv::ui
