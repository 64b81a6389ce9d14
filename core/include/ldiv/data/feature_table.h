#pragma once
// One integer-coded table of categorical features and a class per row, the input of every
// classifier in core: ID3 (experiments/id3_tree.h, Tian & Zhang 2011's learner) and the
// classifiers of `ldiv utility --target` (utility/classifiers.h). Both once declared the same
// struct under two names; it lives here, in the lowest domain, so either may name it.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ldv {

/// `columns[a][row]` is the code of feature a (0 ≤ code < `domains[a]`), `labels[row]` the class
/// (0 ≤ label < `classes`).
struct FeatureTable {
    std::vector<std::vector<std::uint32_t>> columns;
    std::vector<std::uint32_t> domains;
    std::vector<std::uint32_t> labels;
    std::uint32_t classes = 0;
    std::size_t rowCount() const { return labels.size(); }
};

}  // namespace ldv
