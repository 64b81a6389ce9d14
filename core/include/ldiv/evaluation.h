#pragma once
// Evaluating a set of privacy criteria on the equivalence classes of one node: which hold,
// which classes and rows fail, and per class how far each criterion is from its threshold
// (for `ldiv audit --criterion` and the workbench's node details).
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/criteria.h"
#include "ldiv/dataset.h"

namespace ldv {

/// A criterion bound to one of the dataset's sensitive attributes.
struct BoundCriterion {
    Criterion criterion;
    /// Index into Dataset::sensitiveColumns(); npos for k-anonymity (needs no SA).
    std::size_t sensitive;
};

/// Parses the specs and binds each to its sensitive attribute: the one named by `@attr`, or
/// the only sensitive attribute. Throws ParameterError when the attribute is unknown, when
/// several sensitive attributes exist and none is named, or when an ℓ-criterion is given
/// with no sensitive attribute.
std::vector<BoundCriterion> bindCriteria(const Dataset& data, const std::vector<std::string>& specs);

/// Warnings for criteria that no generalization can satisfy (the table as one class fails;
/// all criteria are monotone), e.g. "occupation is at most entropy 10.57-diverse: …".
std::vector<std::string> feasibilityWarnings(const Dataset& data,
                                             const std::vector<BoundCriterion>& criteria);

struct CriterionResult {
    std::string spec;
    std::string description;
    bool holds = true;
    std::size_t failingClasses = 0;
    std::size_t failingRows = 0;
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

/// Evaluates every criterion on every class. Multi-attribute criteria (000 Def. 4.6) split
/// each class by the other sensitive attributes, which needs `classes` with membership.
std::vector<CriterionResult> evaluateCriteria(const Dataset& data, const EquivalenceClasses& classes,
                                              const std::vector<BoundCriterion>& criteria);

/// Flags the classes that fail at least one criterion (for suppression and highlighting).
std::vector<bool> failingClasses(const std::vector<CriterionResult>& results, std::size_t classCount);

}  // namespace ldv
