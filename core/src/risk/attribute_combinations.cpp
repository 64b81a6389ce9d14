// Distinction and separation of every attribute combination (risk_attributes.h).
#include <algorithm>

#include "diagnosis/partition.h"
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"
#include "ldiv/risk/attribute_combination_risk.h"

namespace ldv {

namespace {

struct Walk {
    const detail::DiagnosisData& data;
    const std::vector<std::size_t>& columns;
    Feedback* feedback;
    double n;
    double pairs;
    std::vector<std::size_t> chosen;
    std::vector<AttributeCombinationRisk> out;

    // Depth-first over subsets extending `chosen` by positions ≥ from; `p` is chosen's partition.
    void visit(const detail::Partition& p, std::size_t from) {
        detail::Partition next;
        for (std::size_t a = from; a < columns.size(); ++a) {
            if (feedback) feedback->checkCancelled();
            data.refine(p, a, next);
            chosen.push_back(a);
            AttributeCombinationRisk r;
            for (std::size_t i : chosen) r.columns.push_back(columns[i]);
            r.distinction = double(next.classCount()) / n;
            double same = 0;
            for (std::size_t c = 0; c < next.sharedClassCount(); ++c) {
                const double s = next.classSize(c);
                same += s * (s - 1);
            }
            r.separation = pairs > 0 ? 1 - same / pairs : 1;
            out.push_back(std::move(r));
            visit(next, a + 1);
            chosen.pop_back();
        }
    }
};

}  // namespace

std::vector<AttributeCombinationRisk> attributeCombinationRisks(
    const Table& table, const std::vector<std::size_t>& columns, Feedback* feedback) {
    if (columns.empty())
        throw ParameterError("no attributes to combine: give at least one quasi-identifier");
    if (columns.size() > kMaxCombinationAttributes)
        throw ParameterError("attribute combinations are listed for at most " +
                             std::to_string(kMaxCombinationAttributes) + " attributes, got " +
                             std::to_string(columns.size()));
    if (table.rowCount() == 0)
        throw ParameterError("the table has no rows: no attribute combination to measure");
    const detail::DiagnosisData data(table, columns);
    const double n = double(table.rowCount());
    Walk walk{data, columns, feedback, n, n * (n - 1), {}, {}};
    walk.out.reserve((std::size_t(1) << columns.size()) - 1);
    walk.visit(detail::wholeTable(table.rowCount()), 0);
    // Depth-first order → by size, then lexicographically by position (stable sort keeps the
    // depth-first order, which is lexicographic, within a size).
    std::stable_sort(walk.out.begin(), walk.out.end(), [](const auto& x, const auto& y) {
        return x.columns.size() < y.columns.size();
    });
    return walk.out;
}

}  // namespace ldv
