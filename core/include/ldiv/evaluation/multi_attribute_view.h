#pragma once
// Multi-attribute ℓ-diversity (Machanavajjhala et al. 2007 Def. 4.6): with sensitive attributes
// S1..Sd, a table is ℓ-diverse when for every i it is ℓ-diverse with Si as the only sensitive
// attribute and the other sensitive attributes added to the quasi-identifier. This is the one
// place that builds that view; the search classifies it node by node and node evaluation splits
// a node's classes with it, so both judge the definition the same way.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

/// The view of `data` where sensitive attribute `target` is the only one and the other sensitive
/// attributes join the quasi-identifier, never generalized (height 0). Its lattice has the same
/// node ids as data's (the extra attributes come last and have one level), and its classes are
/// data's classes split by the other sensitive attributes' values.
Dataset multiAttributeView(const Dataset& data, std::size_t target);

/// Whether `b` is judged on views: a multi-attribute criterion on a table with more than one
/// sensitive attribute (with one, the view is the table itself).
bool isMultiAttribute(const Dataset& data, const BoundCriterion& b);

/// Per class of `classes` (computed with membership, on a table of rows), whether the class fails
/// `b` on its view: 1 when one of the sub-classes it splits into by the other sensitive
/// attributes' values fails the criterion on its target attribute. Throws ParameterError when
/// the classes lack membership or the table is grouped (sub-classes need the rows).
std::vector<std::uint8_t> multiAttributeFailures(const Dataset& data,
                                                 const EquivalenceClasses& classes,
                                                 const BoundCriterion& b);

}  // namespace ldv
