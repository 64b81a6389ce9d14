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
// With suppression they are judged on the classes that remain after the per-class criteria
// have suppressed theirs (n and u count only those); they never suppress anything themselves.
#include <cstdint>
#include <span>
#include <string>

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
    /// The node's figure over the classes c without dropped[c] (all when `dropped` is empty):
    /// u/n, c_1/n, or the model's estimate; +∞ when there is no estimate or no row.
    double nodeMeasure(std::span<const std::uint32_t> sizes,
                       std::span<const std::uint8_t> dropped = {}) const;
    bool holdsForNode(std::span<const std::uint32_t> sizes,
                      std::span<const std::uint8_t> dropped = {}) const;
};

}  // namespace ldv
