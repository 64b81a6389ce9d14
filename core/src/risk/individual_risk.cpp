// Benedetti–Franconi individual risk, global and household risk (individual_risk.h).
#include "ldiv/risk/individual_risk.h"

#include <algorithm>
#include <cmath>

#include "ldiv/data/error.h"
#include "ldiv/data/number_format.h"

namespace ldv {

double benedettiFranconiRisk(std::uint64_t f, double F) {
    if (f == 0) throw ParameterError("a class has at least one row");
    const double fk = double(f);
    if (!(F >= fk * (1 - 1e-12)) || !std::isfinite(F))
        throw ParameterError("a class of " + std::to_string(f) + " rows has weights summing to " +
                             formatNumber(F) + ": they must sum to at least its number of rows");
    // F = f (to rounding): the sample holds the class's whole population, and p/(1−p) would
    // divide by zero.
    if (F <= fk * (1 + 1e-12)) return 1.0 / fk;
    const double p = fk / F;
    const double odds = p / (1 - p);
    if (f == 1) return odds * std::log(1 / p);
    if (f == 2) return odds - odds * odds * std::log(1 / p);
    return p / (fk - (1 - p));
}

IndividualRisk individualRisks(std::span<const std::uint32_t> rowClass,
                               std::span<const double> weights) {
    if (rowClass.size() != weights.size())
        throw ParameterError("individual risk: " + std::to_string(rowClass.size()) + " rows but " +
                             std::to_string(weights.size()) + " weights");
    std::size_t classes = 0;
    for (std::uint32_t c : rowClass) classes = std::max<std::size_t>(classes, std::size_t(c) + 1);
    std::vector<std::uint64_t> f(classes, 0);
    std::vector<double> F(classes, 0);
    std::vector<std::size_t> firstRow(classes, 0);
    for (std::size_t row = rowClass.size(); row-- > 0;) {
        f[rowClass[row]] += 1;
        F[rowClass[row]] += weights[row];
        firstRow[rowClass[row]] = row;
    }
    std::vector<double> classRisk(classes, 0);
    for (std::size_t c = 0; c < classes; ++c) {
        if (f[c] == 0) continue;
        try {
            classRisk[c] = benedettiFranconiRisk(f[c], F[c]);
        } catch (const ParameterError& e) {
            throw ParameterError("the class of row " + std::to_string(firstRow[c] + 1) + ": " +
                                 e.what());
        }
    }
    IndividualRisk out;
    out.risk.resize(rowClass.size());
    for (std::size_t row = 0; row < rowClass.size(); ++row) {
        out.risk[row] = classRisk[rowClass[row]];
        out.global += out.risk[row];
        out.highest = std::max(out.highest, out.risk[row]);
    }
    return out;
}

HouseholdRisk householdRisks(std::span<const double> individualRisk,
                             std::span<const Code> household) {
    if (individualRisk.size() != household.size())
        throw ParameterError("household risk: " + std::to_string(individualRisk.size()) +
                             " risks but " + std::to_string(household.size()) + " households");
    std::size_t codes = 0;
    for (Code h : household) codes = std::max<std::size_t>(codes, std::size_t(h) + 1);
    // Π(1 − r_i) per household; 1 − that is the chance at least one member is re-identified.
    std::vector<double> safe(codes, 1.0);
    std::vector<std::uint8_t> present(codes, 0);
    for (std::size_t row = 0; row < household.size(); ++row) {
        safe[household[row]] *= 1 - individualRisk[row];
        present[household[row]] = 1;
    }
    HouseholdRisk out;
    for (std::size_t h = 0; h < codes; ++h) {
        if (!present[h]) continue;
        ++out.households;
        out.highest = std::max(out.highest, 1 - safe[h]);
    }
    out.risk.resize(household.size());
    for (std::size_t row = 0; row < household.size(); ++row) {
        out.risk[row] = 1 - safe[household[row]];
        out.expected += out.risk[row];
    }
    return out;
}

}  // namespace ldv
