#pragma once
// validateHierarchy with the base row of every data value as a by-product, so that
// HierarchyMap binds a column without indexing the hierarchy's base values a second time.
#include <cstdint>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"

namespace ldv::detail {

/// validateHierarchy(hierarchy, column); with a column and `rowOf`, also sets (*rowOf)[code]
/// to the hierarchy row of each dictionary value (0xFFFFFFFF when it has none).
/// `knownValid` (Hierarchy::validated()): the structure was checked without error, so only
/// the data's values are (and no warning such as MultipleTops is reported).
std::vector<HierarchyIssue> checkHierarchy(const Hierarchy& hierarchy, const Column* column,
                                           std::vector<std::uint32_t>* rowOf, bool knownValid);

}  // namespace ldv::detail
