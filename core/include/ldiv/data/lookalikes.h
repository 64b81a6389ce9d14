#pragma once
// Values that differ only in white space ("New York", "New  York"): most likely one label
// typed twice, yet separate classes. The workspace lists them for its quasi-identifiers and
// sensitive attributes (Workspace::warnings()); the workbench shows them among its checks.
#include <optional>
#include <string>

namespace ldv {

class Column;

/// One warning for the column, naming the first such pair (clipped) and how many more there
/// are; nullopt when every value differs in more than white space.
std::optional<std::string> whiteSpaceLookalikes(const Column& column);

}  // namespace ldv
