// The criterion catalogue (criterion_catalogue.h): the one registration of a criterion kind.
#include "ldiv/criteria/criterion_catalogue.h"

namespace ldv {

namespace {

constexpr std::string_view Plain[] = {""};
constexpr std::string_view TClosenessVariants[] = {"", "hierarchical", "ordered"};
constexpr std::string_view BetaVariants[] = {"", "enhanced"};
// The estimator is required (criterion_spec.cpp: validate).
constexpr std::string_view EstimatorVariants[] = {"pitman", "zayatz", "snb", "dankar"};

using K = CriterionKind;

// Why each monotonicity declaration holds (or is withheld):
//  - the ℓ-diversity family, simple-l and tau-l survive unions of classes (Machanavajjhala et
//    al. 2007 Thm 5.2–5.4; Tian & Zhang 2011: F(k) of a union is at most the weighted mean of
//    the parts' F(k)); t-closeness, δ-disclosure and β-likeness compare a class's distribution
//    with the table's by a bound convex in the class's distribution (Li, Li &
//    Venkatasubramanian 2007), and δ-presence's in/(in+out) of a union lies between its parts';
//  - k, k-map (k-anonymity with a derived k), average-risk (#classes/n) and sample-uniqueness
//    (classes of size 1) can only improve when classes merge; with suppression alone they stay
//    monotone (a class of size ≥ k stays ≥ k; a node-level figure alone suppresses nothing);
//  - population-uniqueness's estimators are fitted to the whole class-size distribution, and
//    merging classes can raise an estimate (docs/criteria.md shows a case);
//  - individual-risk and global-risk: the Benedetti–Franconi risk r(f, F̂) is piecewise (f = 1,
//    f = 2 and the approximation for f ≥ 3, risk/individual_risk.h), and no proof that
//    r(f₁+f₂, F̂₁+F̂₂) ≤ max(r(f₁, F̂₁), r(f₂, F̂₂)) covers every branch. A random scan found no
//    counterexample, but a wrong declaration would let the search prune optimal nodes, so
//    every node is judged.
//  - the per-class criteria other than class size are not monotone with suppression: a failing
//    class, suppressed, can merge into a satisfying one and make it fail.
// clang-format off
constexpr CriterionCapabilities Catalogue[] = {
    // kind, name, parameters, count, variants, measure, higher-is-better,
    // monotone, with suppression, per class, class size, sensitive, table distribution,
    // hierarchy variant, population size, research subset, survey weights, dontcare,
    // protected, ℓ ≤ domain, bindable
    {K::KAnonymity, "k", "K", 1, Plain, "min_class_size", true,
     true, true, true, true, false, false, "", false, false, false, false, false, false, true},
    {K::DistinctL, "distinct-l", "L", 1, Plain, "min_distinct_values", true,
     true, false, true, false, true, false, "", false, false, false, false, false, true, true},
    {K::EntropyL, "entropy-l", "L", 1, Plain, "min_exp_entropy", true,
     true, false, true, false, true, false, "", false, false, false, true, false, true, true},
    {K::RecursiveCL, "recursive-cl", "C,L", 2, Plain, "min_recursive_l", true,
     true, false, true, false, true, false, "", false, false, false, false, false, true, true},
    {K::PdRecursiveCL, "pd-recursive-cl", "C,L", 2, Plain, "min_recursive_l", true,
     true, false, true, false, true, false, "", false, false, false, true, false, true, true},
    {K::NpdRecursiveCL, "npd-recursive-cl", "C1,C2,L", 3, Plain, "min_recursive_l", true,
     true, false, true, false, true, false, "", false, false, false, true, true, true, true},
    {K::SimpleL, "simple-l", "L", 1, Plain, "min_simple_l", true,
     true, false, true, false, true, false, "", false, false, false, false, false, true, true},
    {K::TauL, "tau-l", "TAU,L", 2, Plain, "max_tau_excess", false,
     true, false, true, false, true, false, "", false, false, false, false, false, false, true},
    {K::TCloseness, "t-closeness", "T", 1, TClosenessVariants, "max_emd", false,
     true, false, true, false, true, true, "hierarchical", false, false, false, false, false,
     false, true},
    {K::DeltaDisclosure, "delta-disclosure", "D", 1, Plain, "max_abs_log_ratio", false,
     true, false, true, false, true, true, "", false, false, false, false, false, false, true},
    {K::BetaLikeness, "beta-likeness", "B", 1, BetaVariants, "max_relative_gain", false,
     true, false, true, false, true, true, "", false, false, false, false, false, false, true},
    {K::KMap, "k-map", "K", 1, Plain, "min_class_size", true,
     true, true, true, true, false, false, "", true, false, false, false, false, false, true},
    {K::AverageRisk, "average-risk", "R", 1, Plain, "node_figure", false,
     true, true, false, false, false, false, "", false, false, false, false, false, false, true},
    {K::SampleUniqueness, "sample-uniqueness", "U", 1, Plain, "node_figure", false,
     true, true, false, false, false, false, "", false, false, false, false, false, false, true},
    {K::PopulationUniqueness, "population-uniqueness", "U", 1, EstimatorVariants, "node_figure",
     false, false, false, false, false, false, false, "", true, false, false, false, false, false,
     true},
    {K::DeltaPresence, "delta-presence", "DMIN,DMAX", 2, Plain, "max_delta_excess", false,
     true, false, true, false, false, false, "", false, true, false, false, false, false, true},
    // A mechanism (SafePub, dp/safepub.h) run by `ldiv generalize`, never bound to a node.
    {K::DifferentialPrivacy, "differential-privacy", "EPSILON,DELTA", 2, Plain,
     "differential_privacy", true, false, false, true, false, false, false, "", false, false,
     false, false, false, false, false},
    {K::IndividualRisk, "individual-risk", "R", 1, Plain, "node_figure", false,
     false, false, false, false, false, false, "", false, false, true, false, false, false, true},
    {K::GlobalRisk, "global-risk", "R", 1, Plain, "node_figure", false,
     false, false, false, false, false, false, "", false, false, true, false, false, false, true},
};
// clang-format on

}  // namespace

std::span<const CriterionCapabilities> criterionCatalogue() {
    return Catalogue;
}

const CriterionCapabilities& criterionCapabilities(CriterionKind kind) {
    for (const CriterionCapabilities& c : Catalogue)
        if (c.kind == kind) return c;
    return Catalogue[0];  // unreachable: test_criterion_catalogue checks every kind is listed
}

bool needsSensitiveHierarchy(const CriterionSpec& spec) {
    const std::string_view v = criterionCapabilities(spec.kind).sensitiveHierarchyVariant;
    return !v.empty() && spec.variant == v;
}

}  // namespace ldv
