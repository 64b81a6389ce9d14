#pragma once
// The attribute-wise quality models ARX offers as search objectives (docs/utility.md):
// non-uniform entropy (de Waal & Willenborg 1999; Prasser et al. 2016),
// granularity (Iyengar 2002's loss per attribute), the squared error of numeric attributes
// (ARX's column-oriented SSE) and ambiguity (Goldberger & Tassa 2010). Each is split into what
// the published rows lose by generalization and what the suppressed rows lose (a suppressed row
// counts as fully generalized), weighted by ARX's generalization/suppression factor, weighted
// per attribute and aggregated across the attributes.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace ldv {

/// How per-attribute values become one figure (ARX's AggregateFunction), with weights w_i:
/// sum Σ w_i v_i; max max_i w_i v_i; mean Σ w_i v_i / d; geometric Π (w_i v_i + 1)^(1/d) − 1.
enum class QualityAggregate { Sum, Max, Mean, Geometric };

/// "sum", "max", "mean", "geometric"; throws ParameterError listing them.
QualityAggregate parseQualityAggregate(std::string_view name);
std::string_view qualityAggregateName(QualityAggregate aggregate);

/// The knobs of the attribute-wise quality models (SearchConfig::quality).
struct QualityOptions {
    /// Per QI attribute (the dataset's QI order); empty or missing entries weigh 1.
    std::vector<double> weights;
    /// ARX's gs-factor in [0, 1]: generalization counts g = 1 for gs ≤ 0.5, else 2(1 − gs);
    /// suppression counts s = 2·gs for gs < 0.5, else 1. 0 = only generalization counts,
    /// 0.5 = both fully, 1 = only suppression counts.
    double gsFactor = 0.5;
    QualityAggregate aggregate = QualityAggregate::Sum;

    double generalizationFactor() const { return gsFactor <= 0.5 ? 1.0 : 2.0 * (1.0 - gsFactor); }
    double suppressionFactor() const { return gsFactor < 0.5 ? 2.0 * gsFactor : 1.0; }
    double weight(std::size_t qi) const { return qi < weights.size() ? weights[qi] : 1.0; }
    bool operator==(const QualityOptions&) const = default;
};

/// One attribute-wise model's two parts per QI attribute (already normalized as the model
/// says): `generalized[i]` over the published rows, `suppressed[i]` over the suppressed ones.
struct QualityParts {
    std::vector<double> generalized;
    std::vector<double> suppressed;
};

/// The aggregate of g·generalized[i] + s·suppressed[i] weighted per attribute.
double aggregateQuality(const QualityParts& parts, const QualityOptions& options);

}  // namespace ldv
