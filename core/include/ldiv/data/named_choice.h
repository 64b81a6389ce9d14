#pragma once
// One value of an enum as the user chooses it: by its name on the command line and in project
// files, and by its label in the workbench. The catalogues of metrics (node_metrics.h) and of
// search algorithms (search_config.h) are lists of these, so the CLI's choices, the project
// file's names and the workbench's lists come from one table.
#include <string_view>

namespace ldv {

template <class Value>
struct NamedChoice {
    Value value;
    std::string_view name;   ///< e.g. "dm", "fast"
    std::string_view label;  ///< e.g. "Discernibility", "Fast (binary search with tagging)"
};

}  // namespace ldv
