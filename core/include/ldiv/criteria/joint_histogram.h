#pragma once
// Multi-attribute ℓ-diversity (Machanavajjhala et al. 2007 Def. 4.6): with sensitive attributes
// S1..Sd, the table is ℓ-diverse when for every i it is ℓ-diverse with Si as the only sensitive
// attribute and the other SAs added to the quasi-identifier. Since generalization only touches the
// QI, the classes of that view are the QI class split by the other SAs' values: a criterion with
// `multiAttribute()` set must hold on every such sub-class. The grouping engine supplies one
// JointHistogram per QI class; this path allocates and is meant for the multi mode only.
#include "ldiv/criteria/criterion.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ldv {

/// One QI class projected onto the d sensitive attributes: distinct combinations of SA codes
/// (row-major, combinations × attributeCount) with their multiplicities.
struct JointHistogram {
    std::size_t attributeCount = 0;
    std::vector<std::uint32_t> codes;
    std::vector<std::uint32_t> counts;

    std::size_t size() const { return counts.size(); }
    std::uint32_t code(std::size_t combination, std::size_t attribute) const {
        return codes[combination * attributeCount + attribute];
    }
    /// Adds `count` rows with these SA codes (merges equal combinations).
    void add(const std::vector<std::uint32_t>& combination, std::uint32_t count = 1);
};

/// The histogram of attribute `target` alone (what a single-attribute criterion sees).
std::vector<std::uint32_t> marginalHistogram(const JointHistogram& joint, std::size_t target);

/// Machanavajjhala et al. 2007 Def. 4.6 for one class and one target SA: `criterion` holds on the
/// histogram of `target` within every group of rows sharing all other SAs' codes. Without multi
/// mode (criterion.multiAttribute() false) this is criterion.holds(marginal of target).
bool holdsForClass(const Criterion& criterion, const JointHistogram& joint, std::size_t target);

}  // namespace ldv
