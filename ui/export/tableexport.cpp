#include "export/tableexport.h"

#include <charconv>

#include "search/nodeanalysis.h"
#include "search/preparedinput.h"

namespace ldv::ui {

namespace {
bool isNumber(const std::string& s) {
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size();
}
}  // namespace

bool isFormulaLike(const std::string& cell) {
    if (cell.empty()) return false;
    const char c = cell.front();
    if (c != '=' && c != '+' && c != '-' && c != '@' && c != '\t' && c != '\r') return false;
    return !isNumber(cell);
}

std::string neutralizeCell(const std::string& cell) { return isFormulaLike(cell) ? "'" + cell : cell; }

Table publishableTable(const PreparedData& data, const SearchConfig& config, std::span<const int> levels,
                       const TableExportOptions& options) {
    const Dataset& dataset = *data.dataset;
    const NodeJudgement node = judgeNode(dataset, config, levels, true);
    GeneralizeOptions g;
    g.suppressedRows = suppressedRows(dataset, node);
    g.maskSuppressed = options.suppressed == TableExportOptions::Suppressed::Mask;
    g.suppressedToken = options.maskToken;
    Table table = generalizeTable(dataset, levels, data.identifying, g);
    if (!options.neutralizeFormulas) return table;
    // Rebuild only the columns whose dictionary holds a formula-like value.
    std::vector<Column> columns;
    for (const Column& column : table.columns()) {
        bool affected = false;
        for (const std::string& v : column.dictionary()) affected = affected || isFormulaLike(v);
        if (!affected) {
            columns.push_back(column);
            continue;
        }
        Column out(column.name());
        out.setType(column.type());
        out.reserve(column.size());
        for (std::size_t r = 0; r < column.size(); ++r) out.append(neutralizeCell(column.value(column.code(r))));
        columns.push_back(std::move(out));
    }
    return Table(std::move(columns));
}

void exportTableCsv(const PreparedData& data, const SearchConfig& config, std::span<const int> levels,
                    const TableExportOptions& options, const std::string& path) {
    writeTableCsv(publishableTable(data, config, levels, options), path, options.separator);
}

}  // namespace ldv::ui
