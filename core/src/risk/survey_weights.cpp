// Survey weights read from a column (survey_weights.h).
#include "ldiv/risk/survey_weights.h"

#include <charconv>
#include <cmath>

#include "ldiv/data/error.h"

namespace ldv {

std::vector<double> surveyWeights(const Table& table, std::size_t column) {
    if (column >= table.columnCount())
        throw ParameterError("no column " + std::to_string(column) + " in the table");
    const Column& c = table.column(column);
    // Parse each dictionary value once; rows only look their code up.
    std::vector<double> byCode(c.domainSize());
    std::vector<std::uint8_t> bad(c.domainSize(), 0);
    for (Code code = 0; code < c.domainSize(); ++code) {
        const std::string& text = c.value(code);
        double v = 0;
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v);
        byCode[code] = v;
        bad[code] = ec != std::errc() || ptr != end || !std::isfinite(v) || !(v > 0);
    }
    std::vector<double> weights(table.rowCount());
    for (std::size_t row = 0; row < table.rowCount(); ++row) {
        const Code code = c.code(row);
        if (bad[code]) {
            const std::string& text = c.value(code);
            double v = 0;
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
            const bool number = ec == std::errc() && ptr == text.data() + text.size();
            throw ParameterError("weight column '" + c.name() + "', row " +
                                 std::to_string(row + 1) + ": '" + text + "' " +
                                 (number ? "is not a weight: a survey weight is the number of "
                                           "population units a record stands for (> 0)"
                                         : "is not a number"));
        }
        weights[row] = byCode[code];
    }
    return weights;
}

}  // namespace ldv
