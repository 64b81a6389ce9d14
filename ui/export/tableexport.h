#pragma once
// The publishable table of a node (SPEC §1, §5): generalized with generalizeTable,
// identifying columns removed, suppressed rows removed or masked, and optionally every cell
// that a spreadsheet would run as a formula neutralised. Pure functions (worker-safe).
#include <string>

#include "ldiv/generalize.h"
#include "ldiv/search.h"

namespace ldv::ui {

struct PreparedData;

struct TableExportOptions {
    enum class Suppressed { Remove, Mask };
    Suppressed suppressed = Suppressed::Remove;
    std::string maskToken = "*";
    /// Prefix "'" to text cells starting with = + - @ (or tab / carriage return), the CSV
    /// injection characters (OWASP); plain numbers such as "-5" are left alone.
    bool neutralizeFormulas = true;
    char separator = ',';
};

/// True when a spreadsheet would interpret the cell as a formula.
bool isFormulaLike(const std::string& cell);
/// The cell made inert ("'=1+2"), or unchanged.
std::string neutralizeCell(const std::string& cell);

Table publishableTable(const PreparedData& data, const SearchConfig& config, std::span<const int> levels,
                       const TableExportOptions& options);
/// publishableTable + writeTableCsv. Throws InputError when the file cannot be written.
void exportTableCsv(const PreparedData& data, const SearchConfig& config, std::span<const int> levels,
                    const TableExportOptions& options, const std::string& path);

}  // namespace ldv::ui
