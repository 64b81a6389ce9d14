#include "ldiv/transform/pram_columns.h"

#include <algorithm>
#include <exception>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

PramRequest parsePramRequest(const std::string& entry, const std::string& option) {
    PramRequest request;
    const std::size_t eq = entry.rfind('=');
    request.column = eq == std::string::npos ? entry : entry.substr(0, eq);
    if (eq != std::string::npos) {
        std::size_t used = 0;
        try {
            request.p = std::stod(entry.substr(eq + 1), &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != entry.size() - eq - 1 || !(request.p > 0 && request.p <= 1))
            throw ParameterError(option + " '" + entry +
                                 "': expected COL or COL=P with P in (0, 1]");
    }
    if (request.column.empty())
        throw ParameterError(option + " '" + entry + "': the column name is missing");
    return request;
}

std::vector<PramRequest> parsePramList(const std::string& list, const std::string& option) {
    std::vector<PramRequest> out;
    std::size_t begin = 0;
    while (begin <= list.size()) {
        const std::size_t end = std::min(list.find(',', begin), list.size());
        std::string entry = list.substr(begin, end - begin);
        const std::size_t first = entry.find_first_not_of(" \t");
        if (first != std::string::npos)
            out.push_back(parsePramRequest(
                entry.substr(first, entry.find_last_not_of(" \t") - first + 1), option));
        begin = end + 1;
    }
    return out;
}

std::vector<PramApplied> applyPram(Table& table, const Dataset& data,
                                   const std::vector<PramRequest>& requests, RandomSource& rng,
                                   bool allowSensitive) {
    std::vector<PramApplied> applied;
    for (const PramRequest& request : requests) {
        const std::string& name = request.column;
        for (std::size_t c : data.qiColumns())
            if (data.table().column(c).name() == name)
                throw ParameterError("--pram '" + name +
                                     "' is a quasi-identifier: PRAM would move its rows between "
                                     "the classes the criteria judged; perturb another column");
        // The diversity and closeness criteria judged the sensitive values as they were.
        if (!allowSensitive)
            for (std::size_t c : data.sensitiveColumns())
                if (data.table().column(c).name() == name)
                    throw ParameterError(
                        "--pram '" + name +
                        "' is a sensitive attribute the criteria judged: PRAM would change "
                        "the values they measured; perturb an insensitive column");
        const auto column = table.columnIndex(name);
        if (!column)
            throw ParameterError("--pram '" + name + "' is not a column of the published table");
        applied.push_back({name, request.p, pramColumn(table, *column, request.p, rng)});
    }
    return applied;
}

std::string formatPramMatrices(const std::vector<PramApplied>& applied) {
    std::string text;
    for (const PramApplied& a : applied)
        text +=
            "# " + a.column + " (p = " + formatNumber(a.p) + ")\n" + formatPramMatrixCsv(a.matrix);
    return text;
}

}  // namespace ldv
