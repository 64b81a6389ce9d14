#pragma once
// What each criterion kind declares about itself, in one place (issue #37 item 5): the spec
// syntax, the name and direction of its measure, whether it is monotone under generalization
// (without and with tuple suppression), whether it is judged per class or on the whole node,
// and which inputs binding it needs. The parser, the binder, the search's pruning, the release
// record and the workbench's "missing input" messages ask the catalogue rather than switching
// on the kind; the per-kind work (evaluating, describing, validating parameters) stays with the
// criterion. docs/architecture.md ("Recipes") says how to add a criterion.
#include <cstddef>
#include <span>
#include <string_view>

#include "ldiv/criteria/criterion_spec.h"

namespace ldv {

struct CriterionCapabilities {
    CriterionKind kind;
    /// The spec name ("recursive-cl"), what parseCriterionSpec reads and criterionName gives.
    std::string_view name;
    /// The parameters as the usage message writes them ("C,L") and how many there are.
    std::string_view parameterNames;
    std::size_t parameterCount;
    /// The ':variant' suffixes accepted; an empty first entry means the plain criterion is
    /// allowed too (population-uniqueness requires its estimator).
    std::span<const std::string_view> variants;
    /// The name of the measure a release record claims for it (release_record.h: "worst
    /// measure" of the published table), e.g. "min_class_size"; a JSON key, never renamed.
    std::string_view measureName;
    /// Criterion::measure's direction: true when larger is better (the worst class has the
    /// smallest measure), false when smaller is better (the worst has the largest).
    bool measureHigherIsBetter;
    /// Without suppression: a node satisfying it implies every generalization satisfies it
    /// (the search may tag, prune and keep only minimal nodes). Checked by brute force in
    /// tests/core/test_criterion_catalogue.cpp.
    bool monotone;
    /// The same with tuple suppression when it is the only kind of criterion in the set
    /// (node_judge.h: a class-size condition, or a node-level figure judged on what remains,
    /// which alone suppresses nothing). Combinations are ruled on by NodeJudge::monotone().
    bool monotoneWithSuppression;
    /// False: a figure of the whole published table (risk criteria, node_risk.h), not a
    /// condition on each class.
    bool judgedPerClass;
    /// A class-size condition (k, k-map's derived k) that the judge folds into one k.
    bool classSize;
    /// Needs a sensitive attribute of the user's (a histogram per class).
    bool needsSensitiveAttribute;
    /// Compares each class with the whole table's distribution of the sensitive attribute.
    bool needsTableDistribution;
    /// The variant that needs a hierarchy of the sensitive attribute (t-closeness's
    /// "hierarchical"); empty when none does.
    std::string_view sensitiveHierarchyVariant;
    bool needsPopulationSize;
    bool needsResearchSubset;
    bool needsSurveyWeights;
    /// The options ';dontcare=' and ';protected=' are allowed.
    bool acceptsDontCare;
    bool acceptsProtected;
    /// The last parameter is an ℓ that cannot exceed the sensitive attribute's number of
    /// values (checkCriteriaDomains).
    bool lBoundedByDomain;
    /// False: not a property of a node's classes (differential privacy, a mechanism that
    /// chooses the node itself); Criterion::bind refuses it.
    bool bindable;
};

/// One entry per CriterionKind, in declaration order.
std::span<const CriterionCapabilities> criterionCatalogue();
/// The entry of `kind`.
const CriterionCapabilities& criterionCapabilities(CriterionKind kind);
/// Whether this spec (kind and variant) needs the sensitive attribute's hierarchy.
bool needsSensitiveHierarchy(const CriterionSpec& spec);

}  // namespace ldv
