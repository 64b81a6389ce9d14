#pragma once
// Individual, global and household re-identification risk of a weighted sample (docs/risk.md
// "Survey risk"): the base individual risk of Benedetti & Franconi 1998 as µ-ARGUS computes it
// (Franconi & Polettini 2004) and sdcMicro's indivRisk (Templ, Kowarik & Meindl 2015) with its
// default method "approx".
//
// A record of a class k (its quasi-identifier values) of f_k sample rows whose weights sum to
// F_k has p_k = f_k/F_k. The population frequency given the sample frequency is taken to be
// negative binomial, F_k − f_k ~ NegBin(f_k, p_k), and the risk is E[1/F_k | f_k]:
//   f_k = 1:  r = p/(1−p) · ln(1/p)
//   f_k = 2:  r = p/(1−p) − (p/(1−p))² · ln(1/p)
//   f_k ≥ 3:  r ≈ p / (f_k − (1 − p))          (the approximation µ-ARGUS and sdcMicro use)
//   F_k = f_k (the class is its whole population): r = 1/f_k.
// Global risk: Σ_i r_i, the expected number of re-identifications (sdcMicro's global_risk_ER).
// Household risk (sdcMicro's measure_risk with hid): a household is re-identified when any of
// its members is, so each member of household h gets 1 − Π_{i∈h}(1 − r_i).
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

/// The Benedetti–Franconi risk of a record in a class of `f` ≥ 1 rows whose weights sum to
/// `F` ≥ f (formulas above). Throws ParameterError for f = 0 or F < f.
double benedettiFranconiRisk(std::uint64_t f, double F);

struct IndividualRisk {
    std::vector<double> risk;  ///< per row
    double global = 0;         ///< Σ risk: the expected number of re-identifications
    double highest = 0;        ///< max risk
};

/// Every row's risk from its class (`rowClass`, e.g. publishedRowClasses) and its weight.
/// Throws ParameterError when the spans differ in length or a class's weights sum to less
/// than its number of rows (naming the class's first row, 1-based).
IndividualRisk individualRisks(std::span<const std::uint32_t> rowClass,
                               std::span<const double> weights);

struct HouseholdRisk {
    std::vector<double> risk;    ///< per row: its household's risk
    double expected = 0;         ///< Σ over rows (sdcMicro's hier_risk_ER)
    double highest = 0;          ///< max over households
    std::size_t households = 0;  ///< number of households
};

/// Household risk 1 − Π(1 − r_i) over the rows sharing a `household` code.
HouseholdRisk householdRisks(std::span<const double> individualRisk,
                             std::span<const Code> household);

}  // namespace ldv
