#include "ldiv/publish/audit_summary.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "ldiv/criteria/criterion_types.h"

namespace ldv {

AuditSummary summarize(const Dataset& data, const EquivalenceClasses& classes) {
    AuditSummary s;
    s.rows = data.rowCount();
    // The published classes: with a research subset (RowSample, dataset.h) a class of size 0
    // has no published row and is not one.
    std::vector<std::size_t> published;
    for (std::size_t c = 0; c < classes.count(); ++c)
        if (classes.sizes[c] > 0) published.push_back(c);
    s.classes = published.size();
    if (s.classes == 0) return s;
    s.minClassSize = std::numeric_limits<std::size_t>::max();
    for (std::size_t c : published) {
        s.minClassSize = std::min<std::size_t>(s.minClassSize, classes.sizes[c]);
        s.maxClassSize = std::max<std::size_t>(s.maxClassSize, classes.sizes[c]);
    }
    s.averageClassSize = double(s.rows) / double(s.classes);
    for (std::size_t a = 0; a < data.sensitiveColumns().size(); ++a) {
        SensitiveSummary sa;
        sa.attribute = data.table().column(data.sensitiveColumns()[a]).name();
        sa.minDistinct = std::numeric_limits<std::size_t>::max();
        sa.minExpEntropy = std::numeric_limits<double>::infinity();
        for (std::size_t c : published) {
            const auto hist = classes.histogram(c, a);
            const std::size_t distinct =
                std::count_if(hist.begin(), hist.end(), [](auto v) { return v > 0; });
            sa.minDistinct = std::min(sa.minDistinct, distinct);
            sa.minExpEntropy = std::min(sa.minExpEntropy, std::exp(entropy(hist)));
            if (distinct == 1) {
                ++sa.homogeneousClasses;
                sa.homogeneousRows += classes.sizes[c];
            }
        }
        s.sensitive.push_back(sa);
    }
    return s;
}

}  // namespace ldv
