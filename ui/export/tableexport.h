#pragma once
// Writing the publishable table of a node (the core's publishNode: generalized, identifying
// columns removed, suppressed rows removed or masked) and its value mapping, with every cell
// that a spreadsheet would run as a formula optionally neutralised. Worker-safe.
#include <string>

#include "ldiv/lattice/published_node.h"
#include "ldiv/search/search_result.h"

namespace ldv {
class Workspace;
}

namespace ldv::ui {

struct TableExportOptions {
    enum class Suppressed { Remove, Mask };
    Suppressed suppressed = Suppressed::Remove;
    std::string maskToken = "*";
    /// Prefix "'" to text cells starting with = + - @ (or tab / carriage return), the CSV
    /// injection characters (OWASP); plain numbers such as "-5" are left alone.
    bool neutralizeFormulas = true;
    char separator = ',';
    /// Identifying columns published pseudonymized (PublishOptions::pseudonyms).
    std::vector<std::pair<std::size_t, Column>> pseudonyms;
};

/// publishNode (workspace_publish.h: with δ-presence only the research subset) +
/// writeTableCsv; returns the table written (e.g. for publishedMapping, pseudonyms.h). Throws
/// InputError when the file cannot be written.
Table exportTableCsv(const Workspace& data, const SearchConfig& config, std::span<const int> levels,
                     const TableExportOptions& options, const std::string& path);
/// valueMapping (attribute, level, value, generalized, rows) as CSV.
void exportValueMappingCsv(const Workspace& data, std::span<const int> levels,
                           const TableExportOptions& options, const std::string& path);

}  // namespace ldv::ui
