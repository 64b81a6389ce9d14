#pragma once
// Evaluating a set of privacy criteria on the equivalence classes of one node: which hold,
// which classes and rows fail, and per class how far each criterion is from its threshold
// (for `ldiv audit --criterion` and the workbench's node details).
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/criteria/criterion.h"
#include "ldiv/evaluation/search_config.h"  // BoundCriterion, bindCriteria
#include "ldiv/lattice/dataset.h"

namespace ldv {

/// Refuses ℓ-criteria whose ℓ exceeds the number of values of their sensitive attribute:
/// impossible for every ℓ-criterion, so no search should start (ParameterError naming the
/// attribute and its values). bindCriteria calls it.
void checkCriteriaDomains(const Dataset& data, const std::vector<BoundCriterion>& criteria);

/// Warnings for criteria that no generalization can satisfy (the table as one class fails;
/// all criteria are monotone), e.g. "occupation is at most entropy 10.56-diverse: …".
std::vector<std::string> feasibilityWarnings(const Dataset& data,
                                             const std::vector<BoundCriterion>& criteria);

/// A criterion's verdict on a node: whether it holds and how many classes and rows fail. An
/// explanation (explanation.h) repeats it beside the failing classes it lists.
struct CriterionVerdict {
    std::string spec;
    std::string description;
    bool holds = true;
    std::size_t failingClasses = 0;
    std::size_t failingRows = 0;
};

/// The verdict with the per-class figures it was drawn from.
struct CriterionResult : CriterionVerdict {
    /// Criterion::measure per class and the threshold it is compared with.
    std::vector<double> classMeasures;
    /// True for the classes that violate the criterion.
    std::vector<bool> classFails;
    double threshold = 0;
    bool higherIsBetter = true;
    /// The class with the worst measure and that measure.
    std::size_t worstClass = 0;
    double worstMeasure = 0;
};

/// Evaluates every criterion on every class. Multi-attribute criteria (Machanavajjhala et al. 2007
/// Def. 4.6) split each class by the other sensitive attributes, which needs `classes` with
/// membership. On a RowSample (a research subset, dataset.h) a class of size 0 is not
/// published: only δ-presence judges it; for the other criteria it holds (its measure is 0
/// for k and the threshold otherwise) and is never the worst class.
std::vector<CriterionResult> evaluateCriteria(const Dataset& data,
                                              const EquivalenceClasses& classes,
                                              const std::vector<BoundCriterion>& criteria);

/// Flags the classes that fail at least one criterion (for suppression and highlighting).
std::vector<bool> failingClasses(const std::vector<CriterionResult>& results,
                                 std::size_t classCount);

}  // namespace ldv
