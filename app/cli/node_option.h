#pragma once
#include <string>

#include "ldiv/dataset.h"
#include "ldiv/lattice.h"

namespace ldv::cli {

/// Parses --node "1,2,0" or "zip=1,age=2,nationality=0" against the dataset's QI order;
/// empty text = the bottom node. Throws ParameterError on a wrong length, name or level.
Levels resolveNode(const std::string& text, const Dataset& data);

}  // namespace ldv::cli
