#pragma once
// Writing the publishable table of a node (the core's publishNode: generalized, identifying
// columns removed, suppressed rows removed or masked) and its value mapping, with every cell
// that a spreadsheet would run as a formula optionally neutralised. Worker-safe.
#include <string>

#include "ldiv/publish/published_node.h"
#include "ldiv/release/release_record.h"
#include "ldiv/search/search_result.h"
#include "ldiv/transform/pram_columns.h"

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
    /// Shuffled with `seed` (row_order.h; recorded in the release), unless the steward keeps
    /// the source's order on purpose.
    bool shuffle = true;
    std::uint64_t seed = 0;
    /// Write a node that fails its criteria (the confirmed "Publish anyway"); refused
    /// otherwise with NodeFailsError (publish_guard.h), before anything is written.
    bool allowFailing = false;
    /// Columns perturbed with invariant PRAM after publishing (transform/pram_columns.h: not a
    /// quasi-identifier, not a sensitive attribute), from the CSPRNG; the release record names
    /// them (ReleaseOutput::pram).
    std::vector<PramRequest> pram;
};

/// The core's PublishOptions for these options (the table's and the release record's).
PublishOptions publishOptions(const TableExportOptions& options);
/// How the table was written, for its release record (separator, formulas, PRAM's columns).
ReleaseOutput releaseOutput(const TableExportOptions& options);

/// publishNode (workspace_publish.h: with δ-presence only the research subset) +
/// guardPublication + writeTableCsv; returns the table written (e.g. for publishedMapping,
/// pseudonyms.h). Throws NodeFailsError for a failing node unless options.allowFailing, and
/// InputError when the file cannot be written.
Table exportTableCsv(const Workspace& data, const SearchConfig& config, std::span<const int> levels,
                     const TableExportOptions& options, const std::string& path);
/// valueMapping (attribute, level, value, generalized, rows) as CSV.
void exportValueMappingCsv(const Workspace& data, std::span<const int> levels,
                           const TableExportOptions& options, const std::string& path);

}  // namespace ldv::ui
