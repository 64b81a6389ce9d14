#pragma once
// Auditing functional (τ,ℓ)-diversity of a table whose sensitive values may be generalized
// (Tian & Zhang 2011, Def. 7–11; SPEC §3): a value that is an inner node of the
// sensitive attribute's hierarchy induces each base value under it with weight
// l(v,a) = w(a)/Σ_{b∈leaves(v)} w(b), not a label of its own.
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {

/// Re-evaluates the (τ,ℓ) criterion `b` on `classes` with induced frequencies over the
/// taxonomy given by `hierarchy` (rows [base, level 1, …, top]; its base values are the
/// domain, every one weighing 1: an audited table may hold only generalized values, so the
/// original's counts are unknown). Values of the sensitive column are looked up among the
/// hierarchy's labels, base values first; one that is not there throws ParameterError naming
/// it. Measures are max_k F(k) − ψ(k) (≤ 0 holds), as for the flat criterion.
CriterionResult evaluateTauWithHierarchy(const Dataset& data, const EquivalenceClasses& classes,
                                         const BoundCriterion& b, const Hierarchy& hierarchy);

}  // namespace ldv
