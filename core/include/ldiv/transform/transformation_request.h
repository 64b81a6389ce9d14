#pragma once
// A transformation asked for by column names, as `ldiv generalize --transform` takes it
// (--aggregate COL=FUNCTION, --importance COL,…) or as a project saves it ("transformation"):
// the one place that turns names into the TransformationSpec that runTransformation and the
// release record use, with errors naming the value at fault (issue 37: parse → call → format).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/transform/transformation.h"

namespace ldv {

struct TransformationRequest {
    /// transformationModels()'s name: "mondrian", "local", "microaggregation",
    /// "cell-suppression" or "microaggregation+local".
    std::string model;
    /// microaggregation: COL=mean|median|mode|interval, each quasi-identifier at most once (the
    /// others: mean). microaggregation+local: the quasi-identifiers to microaggregate (at least
    /// one; the others are only recoded locally).
    std::vector<std::string> aggregates;
    /// cell-suppression: every quasi-identifier once, least important first (empty: the
    /// default order).
    std::vector<std::string> importance;
    /// The project's one aggregate (TransformationChoice::aggregate), used when `aggregates`
    /// is empty: on every QI (microaggregation) or on the numeric ones (with local recoding),
    /// as the workbench does (transformationSpecOf).
    std::optional<std::string> projectAggregate;
};

/// The spec of `request` on `data` (not shuffled: the caller sets shuffled and seed).
/// ParameterError naming the option and the value: an entry without '=', a name that is no
/// quasi-identifier, one given twice, an unknown aggregate, an importance order that misses a
/// quasi-identifier, or microaggregation+local with nothing to microaggregate.
TransformationSpec transformationSpecFor(const Dataset& data, const TransformationRequest& request);

/// The position of the quasi-identifier named `name` in `data`'s order, or none (each caller
/// names the option or the record key at fault).
std::optional<std::size_t> qiPositionOf(const Dataset& data, std::string_view name);

}  // namespace ldv
