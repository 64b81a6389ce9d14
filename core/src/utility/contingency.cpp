#include "ldiv/utility/contingency.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

#include "ldiv/data/table.h"
#include "utility/value_order.h"

namespace ldv {

double cramersV(const std::vector<std::vector<std::size_t>>& counts) {
    const std::size_t columns = counts.empty() ? 0 : counts.front().size();
    std::vector<double> rowSums(counts.size(), 0), columnSums(columns, 0);
    double n = 0;
    for (std::size_t i = 0; i < counts.size(); ++i)
        for (std::size_t j = 0; j < columns; ++j) {
            const auto o = static_cast<double>(counts[i][j]);
            rowSums[i] += o;
            columnSums[j] += o;
            n += o;
        }
    const auto r = std::count_if(rowSums.begin(), rowSums.end(), [](double s) { return s > 0; });
    const auto c =
        std::count_if(columnSums.begin(), columnSums.end(), [](double s) { return s > 0; });
    const auto m = std::min(r, c);
    if (m <= 1 || n == 0) return 0;
    double chi2 = 0;
    for (std::size_t i = 0; i < counts.size(); ++i)
        for (std::size_t j = 0; j < columns; ++j) {
            const double e = rowSums[i] * columnSums[j] / n;
            if (e == 0) continue;
            const double d = static_cast<double>(counts[i][j]) - e;
            chi2 += d * d / e;
        }
    return std::sqrt(chi2 / (n * static_cast<double>(m - 1)));
}

ContingencyTable contingency(const Table& table, std::size_t first, std::size_t second) {
    const Column& a = table.column(first);
    const Column& b = table.column(second);
    // Counts by code, then only the codes that occur, in value order.
    // A map, not a matrix: two columns of 30,000 values each would need 900 million cells.
    std::unordered_map<std::uint64_t, std::size_t> byCode;
    std::vector<std::size_t> aRows(a.domainSize(), 0), bRows(b.domainSize(), 0);
    for (std::size_t row = 0; row < table.rowCount(); ++row) {
        const Code x = a.code(row), y = b.code(row);
        ++byCode[static_cast<std::uint64_t>(x) * b.domainSize() + y];
        ++aRows[x];
        ++bRows[y];
    }
    auto present = [](const Column& column, const std::vector<std::size_t>& rows) {
        std::vector<Code> codes;
        std::vector<std::string> labels;
        for (Code c = 0; c < rows.size(); ++c)
            if (rows[c] > 0) {
                codes.push_back(c);
                labels.push_back(column.value(c));
            }
        std::vector<Code> ordered;
        for (std::size_t i : detail::valueOrder(labels)) ordered.push_back(codes[i]);
        return ordered;
    };
    const std::vector<Code> rowCodes = present(a, aRows), columnCodes = present(b, bRows);
    ContingencyTable t;
    for (Code x : rowCodes) t.rowValues.push_back(a.value(x));
    for (Code y : columnCodes) t.columnValues.push_back(b.value(y));
    for (Code x : rowCodes) {
        std::vector<std::size_t>& line = t.counts.emplace_back();
        for (Code y : columnCodes) {
            const auto found = byCode.find(static_cast<std::uint64_t>(x) * b.domainSize() + y);
            line.push_back(found == byCode.end() ? 0 : found->second);
        }
    }
    t.cramersV = cramersV(t.counts);
    return t;
}

}  // namespace ldv
