#pragma once
// The figures that compare one publication with another on the same requirement (issue #34:
// full-domain against local recoding and the other transformations): classes, information
// loss, suppressed records and cells, re-identification risk. The workbench's comparison shows
// them side by side.
#include <cstdint>
#include <span>
#include <string>

#include "ldiv/transform/transformation.h"

namespace ldv {

class Workspace;
struct SearchConfig;

/// What one publication keeps and risks, for a side-by-side comparison.
struct PublicationFigures {
    std::string model;  ///< "full-domain", "local", "mondrian", …
    std::uint64_t inputRows = 0;
    std::uint64_t publishedRows = 0;
    std::uint64_t classes = 0;
    /// The smallest class; for cell suppression the smallest frequency of a record.
    std::uint64_t smallestClass = 0;
    double averageClassSize = 0;
    /// Σ|E|² + n·(suppressed rows) (SPEC; Bayardo & Agrawal 2005): lower keeps more.
    double discernibility = 0;
    std::uint64_t suppressedRecords = 0;
    std::uint64_t suppressedCells = 0;
    /// Prosecutor risk (prosecutor_risk.h): 1 / smallest, and classes / published rows.
    double highestRisk = 0;
    double averageRisk = 0;
};

/// The figures of a transformation's outcome.
PublicationFigures transformationFigures(const TransformationOutcome& outcome,
                                         std::uint64_t inputRows);

/// The figures of a full-domain node as the search judged it (suppressed classes left out):
/// `releasedSizes` from releasedClassSizes (workspace_publish.h), `suppressedRows` the rows of
/// the suppressed classes.
PublicationFigures nodeFigures(std::span<const std::uint32_t> releasedSizes,
                               std::uint64_t suppressedRows, std::uint64_t inputRows);

/// nodeFigures of `levels` judged as the search judges it (judgeRequirement with `config`,
/// made by prepareRequirement on `workspace`): suppressed classes left out and counted.
PublicationFigures nodePublicationFigures(const Workspace& workspace, const SearchConfig& config,
                                          std::span<const int> levels);

}  // namespace ldv
