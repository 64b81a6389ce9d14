#pragma once
// Re-identification-risk criteria: conditions on a node's class sizes as a whole, not on one
// class (docs/criteria.md, docs/risk.md). With n rows in u classes of sizes f_1..f_u:
//  - average-risk=R: the average prosecutor risk u/n ≤ R (El Emam & Dankar 2008: every
//    record of a class of f has risk 1/f, so the mean over records is Σ f·(1/f)/n = u/n);
//  - sample-uniqueness=U: the fraction of records alone in their class, c_1/n ≤ U;
//  - population-uniqueness=U:MODEL: the population-uniqueness estimate of MODEL (pitman,
//    zayatz, snb, or dankar = the decision rule of Dankar, El Emam, Neisa & Roffey 2012) for
//    a sample of n from N (--population-size) ≤ U; a model that has no estimate for the
//    classes (risk_population.h says when) fails the node.
//  - individual-risk=R: every record's Benedetti–Franconi risk (risk/individual_risk.h) from
//    the survey weights ≤ R: with f_k rows whose weights sum to F̂_k, max_k r(f_k, F̂_k) ≤ R;
//  - global-risk=R: the expected number of re-identifications Σ_k f_k·r(f_k, F̂_k) ≤ R (a
//    count of records, sdcMicro's global_risk_ER and `ldiv risk --json`'s
//    individual_risk.global; not a share of the records).
// The two read each class's weight sum (EquivalenceClasses::weightSums); without one the node
// fails (binding refuses them on data without survey weights).
// With suppression they are judged on the classes that remain after the per-class criteria
// have suppressed theirs (n and u count only those); they never suppress anything themselves.
#include <cstdint>
#include <span>
#include <string>

#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/criteria/criterion_types.h"

namespace ldv {

struct NodeRisk {
    CriterionKind kind = CriterionKind::AverageRisk;
    double threshold = 1;
    std::string model;          ///< population-uniqueness: pitman, zayatz, snb or dankar
    double populationSize = 0;  ///< population-uniqueness: N

    /// Not a per-class condition: every class passes (the node is judged by holdsForNode).
    bool holds(Histogram) const { return true; }
    /// Per class, the prosecutor risk 1/f of its records (counts = the class's histogram).
    double measure(Histogram counts) const;
    /// The risk of each record of a class of `size` rows whose survey weights sum to `weight`:
    /// Benedetti–Franconi for the weighted kinds (benedettiFranconiRisk), else 1/size; 0 for an
    /// empty class.
    double classRisk(std::uint32_t size, double weight) const;
    /// The node's figure over the classes c without dropped[c] (all when `dropped` is empty):
    /// u/n, c_1/n, the model's estimate, the highest individual risk or the expected number of
    /// re-identifications (`weights[c]` = class c's survey-weight sum); +∞ when there is no
    /// estimate, no row, or no weights for a weighted kind.
    double nodeMeasure(std::span<const std::uint32_t> sizes,
                       std::span<const std::uint8_t> dropped = {},
                       std::span<const double> weights = {}) const;
    bool holdsForNode(std::span<const std::uint32_t> sizes,
                      std::span<const std::uint8_t> dropped = {},
                      std::span<const double> weights = {}) const;
    /// individual-risk and global-risk: judged from survey weights.
    bool needsWeights() const { return criterionCapabilities(kind).needsSurveyWeights; }
};

}  // namespace ldv
