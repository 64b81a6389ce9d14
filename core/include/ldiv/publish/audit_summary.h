#pragma once
// Summary statistics of a node's (or a published table's) equivalence classes: what
// `ldiv audit` prints before any criterion is checked.
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/lattice/dataset.h"

namespace ldv {

struct SensitiveSummary {
    std::string attribute;
    /// Smallest number of distinct values in a class (distinct ℓ-diversity, Machanavajjhala et al.
    /// 2007 §4.1).
    std::size_t minDistinct = 0;
    /// Smallest exp(entropy) of a class (entropy ℓ-diversity, Machanavajjhala et al. 2007
    /// Def. 4.1).
    double minExpEntropy = 0;
    /// Classes with one sensitive value only (homogeneity attack, Machanavajjhala et al. 2007 §1.1)
    /// and their rows.
    std::size_t homogeneousClasses = 0;
    std::size_t homogeneousRows = 0;
};

struct AuditSummary {
    std::size_t rows = 0;
    std::size_t classes = 0;
    std::size_t minClassSize = 0;  ///< = k of k-anonymity
    double averageClassSize = 0;
    std::size_t maxClassSize = 0;
    std::vector<SensitiveSummary> sensitive;
};

AuditSummary summarize(const Dataset& data, const EquivalenceClasses& classes);

}  // namespace ldv
