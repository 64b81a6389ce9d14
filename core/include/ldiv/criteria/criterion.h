#pragma once
// The privacy criteria library: one bound criterion (Criterion) evaluated on an equivalence
// class's histogram of sensitive-value codes. The single criteria are in criteria_types.h, the
// spec syntax in criteria_spec.h, (τ,ℓ) with generalized sensitive values in
// criteria_tau.h, multi-attribute mode in criteria_multi.h, Bayes-optimal beliefs in
// criteria_beliefs.h.
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/criteria/criterion_types.h"
#include "ldiv/criteria/delta_presence.h"
#include "ldiv/criteria/distribution_criteria.h"
#include "ldiv/criteria/node_risk.h"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ldv {

using CriterionVariant =
    std::variant<KAnonymity, DistinctL, EntropyL, EntropyLDontCare, RecursiveCL, PdRecursiveCL,
                 NpdRecursiveCL, SimpleL, TauL, TCloseness, DeltaDisclosure, BetaLikeness, NodeRisk,
                 DeltaPresence>;

/// A privacy criterion bound to a sensitive attribute's dictionary (code = index). Cheap to
/// copy; `holds` and `measure` are const, allocation-free for m ≤ 128 and thread-safe.
class Criterion {
public:
    /// Resolves the spec's don't-care / protected value strings against `dictionary`; throws
    /// ParameterError naming an unknown value and listing the allowed ones. For tau-l it also
    /// checks ℓ ≤ m = dictionary.size() when the dictionary is not empty.
    static Criterion bind(const CriterionSpec& spec, const std::vector<std::string>& dictionary);
    /// The same for criteria that compare a class with the whole table (t-closeness,
    /// delta-disclosure, beta-likeness): `tableCounts[code]` counts the sensitive values of the
    /// table. The ordered t-closeness distance also needs every dictionary value to be a
    /// number (ParameterError naming the first that is not); the hierarchical one a taxonomy
    /// of the sensitive attribute whose base values are `dictionary` (ParameterError saying
    /// how to give one when `taxonomy` is null).
    static Criterion bind(const CriterionSpec& spec, const std::vector<std::string>& dictionary,
                          std::span<const std::uint64_t> tableCounts,
                          const SensitiveTaxonomy* taxonomy = nullptr);
    /// parseCriterionSpec + bind.
    static Criterion parse(std::string_view text, const std::vector<std::string>& dictionary = {});

    bool holds(Histogram counts) const;
    /// Per-class distance to the threshold, see the type's comment in criteria_types.h:
    /// k: N; distinct: m; entropy: e^H; entropy with Y: e^(adjusted H); recursive / pd: the
    /// largest ℓ′ still allowed with the same c; npd: same, 0 if W fails; simple: N/r1;
    /// tau-l: max_k F(k) − ψ(k).
    double measure(Histogram counts) const;
    /// The value `measure` is compared with: k, ℓ, 0 for tau-l and delta-presence, t, δ, β
    /// (1 for enhanced β).
    double threshold() const;
    /// False for tau-l, t-closeness, delta-disclosure, beta-likeness and delta-presence,
    /// whose measure must stay at most the threshold.
    bool measureHigherIsBetter() const;
    /// True for the criteria bound with the table's distribution (t-closeness, δ, β).
    static bool needsTableDistribution(CriterionKind kind);
    /// k-map=K (El Emam & Dankar 2008; Sweeney's k-map) for a sample of n rows from a
    /// population of N: every class must stand for at least K people of the population. The
    /// population class sizes are estimated as ARX's KMap does with its Poisson estimator: a
    /// population class of K people appears in the sample Poisson(λ = K·n/N) times, so a sample
    /// class of more than c rows, c the smallest count with P(X ≤ c) ≥ 1 − α (α = 0.01), is
    /// one of at least K people at significance α. The criterion binds as k′-anonymity with
    /// k′ = min(K, c + 1) (docs/criteria.md). Throws ParameterError when N < n or N ≤ 0.
    static Criterion bindKMap(const CriterionSpec& spec, double rows, double populationSize);
    /// The derived k′ of bindKMap.
    static std::uint64_t kMapDerivedK(double k, double rows, double populationSize);
    /// average-risk, sample-uniqueness and population-uniqueness (criteria_risk.h) for a
    /// sample of `rows` from a population of `populationSize` (0 = not given, which
    /// population-uniqueness refuses: ParameterError; so is N < rows).
    static Criterion bindRisk(const CriterionSpec& spec, double rows, double populationSize);
    /// True for the risk criteria: a condition on the node's classes as a whole (NodeRisk),
    /// which every single class passes.
    bool isNodeLevel() const { return std::holds_alternative<NodeRisk>(m_variant); }
    static bool isNodeLevel(CriterionKind kind);
    /// True for k-anonymity and k-map: a condition on class sizes only, bound as KAnonymity
    /// (the minimum class size is std::get<KAnonymity>(variant()).k).
    bool isClassSize() const;
    /// True for δ-presence: judged on the population's rows of a class (the membership
    /// histogram of a RowSample, dataset.h), so it is judged on classes none of whose rows is
    /// published too. Every other criterion is judged on the published rows only, and a class
    /// without one is not published: it cannot fail them.
    bool judgesPopulation() const;

    /// The kind's declaration (criterion_catalogue.h, which says why): holds for a node ⇒
    /// holds for every generalization, without suppression. All but population-uniqueness,
    /// individual-risk and global-risk are declared monotone.
    bool isMonotone() const;
    /// The kind's declaration of monotonicity with tuple suppression when it is the only kind
    /// of criterion judged (criterion_catalogue.h; NodeJudge::monotone() rules on sets).
    bool isMonotoneWithSuppression() const;

    /// "recursive (3, 4)-diversity on occupation", etc.
    std::string describe() const;
    /// Canonical spec string; Criterion::parse(spec(), dictionary) is equal to *this.
    std::string spec() const { return formatCriterionSpec(m_spec); }

    CriterionKind kind() const { return m_spec.kind; }
    const CriterionSpec& definition() const { return m_spec; }
    const CriterionVariant& variant() const { return m_variant; }
    /// Sensitive attribute name; empty means "the only sensitive attribute".
    const std::string& attribute() const { return m_spec.attribute; }
    bool multiAttribute() const { return m_spec.multiAttribute; }

private:
    Criterion(CriterionSpec spec, CriterionVariant variant);

    CriterionSpec m_spec;
    CriterionVariant m_variant;
};

/// What the whole table's sensitive histogram allows (issue item 4). All criteria are
/// monotone, so if the table as one class (the top of the lattice) fails, nothing satisfies.
struct Feasibility {
    bool feasible = true;
    /// The best parameter any generalization can reach: k: N; distinct: m; entropy: e^H;
    /// recursive / pd / npd (same c): the largest ℓ; simple: ⌊N/r1⌋; tau-l: max_k F(k)−ψ(k).
    double bound = 0;
    /// Empty when feasible, else e.g. "occupation is at most entropy 10.56-diverse:
    /// entropy-l=12 is impossible".
    std::string warning;
};

Feasibility feasibility(const Criterion& criterion, Histogram tableCounts,
                        std::string_view attributeName);

/// ⌊N/r1⌋: the largest ℓ for which simple ℓ-diversity is achievable (Tian & Zhang 2011 Table 1); 0
/// if N = 0.
std::uint64_t simpleEligibility(Histogram tableCounts);
/// The largest integer ℓ with r1 < c·(rℓ+…+rm) (recursive (c,ℓ) of the table as one class).
std::uint32_t maxRecursiveL(double c, Histogram counts);

}  // namespace ldv
