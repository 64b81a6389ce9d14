#include "ldiv/workflow/publication_figures.h"

#include <algorithm>
#include <vector>

#include "ldiv/project/workspace_publish.h"
#include "ldiv/risk/prosecutor_risk.h"
#include "ldiv/workflow/requirement.h"

namespace ldv {
namespace {

/// Classes, their sizes' figures and the prosecutor risk; the caller adds what it suppressed.
PublicationFigures fromSizes(std::string model, std::span<const std::uint32_t> sizes,
                             std::uint64_t suppressedRows, std::uint64_t inputRows) {
    PublicationFigures f;
    f.model = std::move(model);
    f.inputRows = inputRows;
    f.classes = sizes.size();
    double squares = 0;
    for (const std::uint32_t s : sizes) {
        f.publishedRows += s;
        squares += double(s) * double(s);
    }
    f.smallestClass = sizes.empty() ? 0 : *std::min_element(sizes.begin(), sizes.end());
    f.averageClassSize = sizes.empty() ? 0 : double(f.publishedRows) / double(sizes.size());
    f.discernibility = squares + double(inputRows) * double(suppressedRows);
    f.suppressedRecords = suppressedRows;
    const ProsecutorRisk risk = prosecutorRisk(sizes);
    f.highestRisk = risk.highest;
    f.averageRisk = risk.average;
    return f;
}

}  // namespace

PublicationFigures transformationFigures(const TransformationOutcome& outcome,
                                         std::uint64_t inputRows) {
    PublicationFigures f =
        fromSizes(outcome.model, outcome.classes.sizes, outcome.suppressedRows, inputRows);
    if (outcome.model == "cell-suppression") {
        // Every record is published, its suppressed cells as "*", which matches every value:
        // a record's risk is 1 / its frequency, not 1 / its tuple's count (cell_suppression.h).
        f.suppressedRecords = outcome.suppressedRecords;
        f.suppressedCells = outcome.suppressedCells;
        f.smallestClass = outcome.minFrequency;
        f.highestRisk = outcome.minFrequency ? 1.0 / double(outcome.minFrequency) : 0;
    }
    return f;
}

PublicationFigures nodeFigures(std::span<const std::uint32_t> releasedSizes,
                               std::uint64_t suppressedRows, std::uint64_t inputRows) {
    return fromSizes("full-domain", releasedSizes, suppressedRows, inputRows);
}

PublicationFigures nodePublicationFigures(const Workspace& workspace, const SearchConfig& config,
                                          std::span<const int> levels) {
    const NodeJudgement node = judgeRequirement(workspace, config, levels);
    std::uint64_t rows = 0, suppressed = 0;
    for (std::size_t c = 0; c < node.classes.count(); ++c) {
        rows += node.classes.sizes[c];
        if (!node.suppressed.empty() && node.suppressed[c]) suppressed += node.classes.sizes[c];
    }
    return nodeFigures(releasedClassSizes(workspace, config, node), suppressed, rows);
}

}  // namespace ldv
