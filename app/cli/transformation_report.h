#pragma once
// The format step of `ldiv generalize --transform`: what each model reports besides its
// classes (MDAV groups, local recoding's iterations, suppressed cells), as the --json keys
// and the text line's summary. Kept out of the command so that it only parses, calls and
// formats (issue 37).
#include <nlohmann/json.hpp>
#include <string>

#include "ldiv/transform/transformation.h"

namespace ldv {
struct SearchConfig;
}

namespace ldv::cli {

struct TransformationReport {
    /// The model's own --json keys (merged into the command's object).
    nlohmann::json json = nlohmann::json::object();
    /// "; 12 MDAV groups, 1 merged" and the like, for the text line.
    std::string summary;
};

TransformationReport transformationReport(const Dataset& data, const TransformationOutcome& outcome,
                                          const TransformationSpec& spec,
                                          const SearchConfig& config);

}  // namespace ldv::cli
