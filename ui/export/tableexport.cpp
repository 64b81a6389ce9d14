#include "export/tableexport.h"

#include "ldiv/dp/safepub.h"
#include "ldiv/io/csv_table_reader.h"
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

ReleaseOutput releaseOutput(const TableExportOptions& options) {
    ReleaseOutput output{options.separator, options.neutralizeFormulas};
    for (const PramRequest& r : options.pram) output.pram.emplace_back(r.column, r.p);
    return output;
}

Table exportTableCsv(const Workspace& data, const SearchConfig& config, std::span<const int> levels,
                     const TableExportOptions& options, const std::string& path) {
    PublishedNode node = publishNode(data, config, levels, publishOptions(options));
    guardPublication(levels, node, options.allowFailing);
    if (!options.pram.empty()) {
        const std::unique_ptr<RandomSource> rng = makeRandomSource(std::nullopt);
        (void)applyPram(node.table, data.dataset(), options.pram, *rng, false);
    }
    writeTableCsv(node.table, path, options.separator, options.neutralizeFormulas);
    return node.table;
}

void exportValueMappingCsv(const Workspace& data, std::span<const int> levels,
                           const TableExportOptions& options, const std::string& path) {
    writeTableCsv(valueMapping(data.dataset(), levels), path, options.separator,
                  options.neutralizeFormulas);
}

}  // namespace ldv::ui
