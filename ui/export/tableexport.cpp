#include "export/tableexport.h"

#include "ldiv/lattice/generalize.h"
#include "ldiv/project/publish_guard.h"
#include "ldiv/project/workspace_publish.h"
#include "session/preparedinput.h"

namespace ldv::ui {

PublishOptions publishOptions(const TableExportOptions& options) {
    PublishOptions publish;
    publish.maskSuppressed = options.suppressed == TableExportOptions::Suppressed::Mask;
    publish.maskToken = options.maskToken;
    publish.pseudonyms = options.pseudonyms;
    publish.shuffle = options.shuffle;
    publish.seed = options.seed;
    return publish;
}

Table exportTableCsv(const Workspace& data, const SearchConfig& config, std::span<const int> levels,
                     const TableExportOptions& options, const std::string& path) {
    const PublishedNode node = publishNode(data, config, levels, publishOptions(options));
    guardPublication(levels, node, options.allowFailing);
    writeTableCsv(node.table, path, options.separator, options.neutralizeFormulas);
    return node.table;
}

void exportValueMappingCsv(const Workspace& data, std::span<const int> levels,
                           const TableExportOptions& options, const std::string& path) {
    writeTableCsv(valueMapping(data.dataset(), levels), path, options.separator,
                  options.neutralizeFormulas);
}

}  // namespace ldv::ui
