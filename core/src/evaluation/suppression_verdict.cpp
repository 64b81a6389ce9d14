// The suppression rule of a node (suppression_verdict.h).
#include "evaluation/suppression_verdict.h"

namespace ldv::detail {

SuppressionVerdict suppressionVerdict(std::span<const std::uint32_t> sizes,
                                      std::uint64_t failingRows, std::uint64_t limitRows,
                                      std::span<const NodeRisk* const> risks,
                                      std::span<const std::uint8_t> failing, bool unrepairable,
                                      std::span<const double> weights) {
    SuppressionVerdict v;
    v.satisfies = failingRows <= limitRows && !sizes.empty() && !unrepairable;
    v.clean = failingRows == 0 && !sizes.empty() && !unrepairable;
    if (v.satisfies)
        for (const NodeRisk* risk : risks)
            if (!risk->holdsForNode(sizes, failing, weights)) {
                v.satisfies = v.clean = false;
                break;
            }
    return v;
}

}  // namespace ldv::detail
