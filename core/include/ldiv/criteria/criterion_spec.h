#pragma once
// Criterion spec strings (the CLI's `-c` argument and the project file), see docs/criteria.md:
//
//   spec   := name '=' number {',' number} {';' option} ['@' attribute]
//   option := 'dontcare=' values | 'protected=' values | 'multi'
//   values := value {'|' value}          (sensitive-value strings; '\' escapes ; | @ \)
//
//   k=5   distinct-l=6   entropy-l=6   entropy-l=2.83   recursive-cl=C,L   simple-l=L
//   tau-l=TAU,L   pd-recursive-cl=C,L;dontcare=v1|v2   entropy-l=6;dontcare=v1|v2
//   npd-recursive-cl=C1,C2,L;dontcare=v1;protected=v2|v3   entropy-l=6@occupation;multi
//   t-closeness=T   t-closeness=T:hierarchical   t-closeness=T:ordered   delta-disclosure=D
//   beta-likeness=B   beta-likeness=B:enhanced   k-map=K   average-risk=R
//   sample-uniqueness=U   population-uniqueness=U:pitman|zayatz|snb|dankar
//   individual-risk=R   global-risk=R   (with survey weights, a column of role "weight")
//   delta-presence=DMIN,DMAX   (with a research subset, research_subset.h)
//   differential-privacy=EPSILON,DELTA   (SafePub, dp/safepub.h: generalize only)
//
// Parsing yields a CriterionSpec holding strings; Criterion::bind (criteria.h) resolves the
// value sets against the sensitive attribute's dictionary. Every error is a ParameterError
// that says what is wrong and what is allowed.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/data/number_format.h"

namespace ldv {

enum class CriterionKind {
    KAnonymity,            ///< k=K
    DistinctL,             ///< distinct-l=L
    EntropyL,              ///< entropy-l=L (with dontcare: entropy with a don't-care set)
    RecursiveCL,           ///< recursive-cl=C,L
    PdRecursiveCL,         ///< pd-recursive-cl=C,L;dontcare=…
    NpdRecursiveCL,        ///< npd-recursive-cl=C1,C2,L;dontcare=…;protected=…
    SimpleL,               ///< simple-l=L
    TauL,                  ///< tau-l=TAU,L
    TCloseness,            ///< t-closeness=T[:hierarchical|:ordered]
    DeltaDisclosure,       ///< delta-disclosure=D
    BetaLikeness,          ///< beta-likeness=B[:enhanced]
    KMap,                  ///< k-map=K (with the population size, see criteria.h)
    AverageRisk,           ///< average-risk=R (criteria_risk.h)
    SampleUniqueness,      ///< sample-uniqueness=U
    PopulationUniqueness,  ///< population-uniqueness=U:pitman|zayatz|snb|dankar
    DeltaPresence,         ///< delta-presence=DMIN,DMAX (criteria_presence.h)
    /// differential-privacy=EPSILON,DELTA: not a per-class criterion but a mechanism,
    /// SafePub (dp/safepub.h), run by `ldiv generalize`; Criterion::bind refuses it.
    DifferentialPrivacy,
    /// individual-risk=R: every published record's Benedetti–Franconi risk from the survey
    /// weights ≤ R (node_risk.h, risk/individual_risk.h).
    IndividualRisk,
    /// global-risk=R: the expected number of re-identifications Σ r_i ≤ R (a count of
    /// records, not a share), from the survey weights.
    GlobalRisk,
};

/// A parsed, not yet bound, criterion: parameters in spec order and value sets as strings.
struct CriterionSpec {
    CriterionKind kind = CriterionKind::KAnonymity;
    /// k | ℓ | c,ℓ | c1,c2,ℓ | τ,ℓ — exactly as written in the spec.
    std::vector<double> parameters;
    /// The ':variant' after the parameters: "hierarchical" or "ordered" (t-closeness),
    /// "enhanced" (beta-likeness); empty for the plain criterion.
    std::string variant;
    std::vector<std::string> dontCare;         ///< Y (pd-recursive, npd-recursive, entropy)
    std::vector<std::string> protectedValues;  ///< W (npd-recursive)
    std::string attribute;                     ///< empty: the only sensitive attribute
    bool multiAttribute = false;  ///< Machanavajjhala et al. 2007 Def. 4.6, see criteria_multi.h

    bool operator==(const CriterionSpec&) const = default;
};

/// "k", "distinct-l", … for a kind.
std::string_view criterionName(CriterionKind kind);
/// Every name parseCriterionSpec accepts, in declaration order.
const std::vector<std::string_view>& knownCriterionNames();

/// The longest criterion text accepted (bytes); longer is refused by parseCriterionSpec.
inline constexpr std::size_t kMaxCriterionBytes = 16384;

/// Parses and validates the parameters (ℓ ≥ 1, c > 0, k ≥ 1, 1/ℓ ≤ τ < 1, ℓ ≥ 2 for tau-l,
/// 0 ≤ c2 < 100, 0 < t ≤ 1, δ > 0, β > 0, 0 < R ≤ 1 (average-risk, individual-risk), R > 0
/// (global-risk), 0 ≤ U ≤ 1, 0 ≤ DMIN ≤ DMAX ≤ 1, whole numbers where required). Throws
/// ParameterError.
CriterionSpec parseCriterionSpec(std::string_view text);

/// The canonical spec string; parseCriterionSpec(formatCriterionSpec(s)) == s.
std::string formatCriterionSpec(const CriterionSpec& spec);

}  // namespace ldv
