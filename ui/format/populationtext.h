#pragma once
// The population size N as the user reads and types it, in one place for the Risk and Export
// perspectives (both edit the project's one value, population_size).
#include <QString>
#include <cstddef>
#include <optional>

namespace ldv::ui {

/// "100,000" with the locale's digit grouping (never "1e+05"); a fraction keeps up to six
/// significant decimals; empty when N is not given.
QString populationText(std::optional<double> n);

/// What the user typed: "100000", "100,000" (the locale's grouping), "1e5", or nothing (N not
/// given). `error` says why it is refused: not a number above 0, or fewer than the table's
/// `rows` (the population holds the sample).
struct PopulationInput {
    bool ok = false;
    std::optional<double> value;
    QString error;
};
PopulationInput parsePopulation(const QString& text, std::size_t rows);

}  // namespace ldv::ui
