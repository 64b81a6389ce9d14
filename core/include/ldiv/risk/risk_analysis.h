#pragma once
// Re-identification risk of a table from the sizes of its equivalence classes (docs/risk.md).
// Nothing here needs the data itself: a node's classes (Dataset::classes) or a published
// table's (ClassPartition::readPublished) give the sizes f_1..f_u of the u classes of n rows.
//
// Attacker models after El Emam & Dankar 2008, "Protecting Privacy Using k-Anonymity":
//  - prosecutor: knows the target is in the sample; risk of a record in class E is 1/f_E;
//  - journalist: does not know; matches against the population, risk 1/F_E with F_E the
//    population size of the class (estimated here as F̂_E = f_E·N/n, see docs/risk.md);
//  - marketer: re-identifies as many records as possible; expected fraction u/n.
// Population uniqueness: Pitman (Hoshino 2001), Zayatz 1991, SNB (Chen & McNulty 1998) and
// the decision rule of Dankar, El Emam, Neisa & Roffey 2012 (risk_population.h).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ldiv/risk/population_uniqueness.h"

namespace ldv {

struct RiskOptions {
    /// N, the size of the population the sample was drawn from; none: the sample is all
    /// there is (journalist risk and population uniqueness are then not reported).
    std::optional<double> populationSize;
    /// Records whose risk is above this are counted in recordsAboveThreshold (0 < R ≤ 1).
    double threshold = 0.2;
};

/// Risk figures of one attacker model. Every fraction is of the n records of the sample.
struct RiskFigures {
    double highest = 0;                ///< max over records of the record's risk
    double average = 0;                ///< mean over records of the record's risk
    double recordsAtHighest = 0;       ///< fraction of records whose risk is the highest
    double recordsAboveThreshold = 0;  ///< fraction of records whose risk > threshold
};

/// One bar of the risk histogram: the fraction of records whose prosecutor risk r satisfies
/// previous upper bound < r ≤ upperBound.
struct RiskBin {
    double upperBound = 0;
    double fraction = 0;
};

struct RiskAnalysis {
    std::size_t rows = 0;
    std::size_t classes = 0;
    double threshold = 0;
    RiskFigures prosecutor;
    std::optional<RiskFigures> journalist;  ///< with a population size only
    double marketer = 0;                    ///< u / n
    double sampleUniques = 0;               ///< fraction of records alone in their class
    std::optional<PopulationUniqueness> populationUniques;  ///< with a population size only
    std::vector<RiskBin> distribution;
};

/// The histogram's upper bounds (ARX's risk view uses the same kind of scale): 1e-6, 1e-5,
/// 1e-4, 0.001, 0.01 … 0.1 in steps of 0.01, 0.12, 0.14, 0.16, 0.2, 0.25, 0.3, 0.334 (so that
/// 1/3 falls in its own bar), 0.4, 0.5, 1.
const std::vector<double>& riskBinBounds();

/// Throws ParameterError for a threshold outside (0, 1] or a population size below the
/// number of rows. Empty `classSizes` (no rows) gives zeros and an empty distribution.
RiskAnalysis analyzeRisk(std::span<const std::uint32_t> classSizes,
                         const RiskOptions& options = {});

/// Class sizes from a row → class map (e.g. ClassPartition::rowClass); classes without rows
/// are dropped.
std::vector<std::uint32_t> classSizesOfRows(std::span<const std::uint32_t> rowClass);

}  // namespace ldv
