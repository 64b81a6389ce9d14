#pragma once
// A project's choice of transformation (issue 34): the model that publishes the table and,
// for microaggregation, its aggregate. Held by the project so that the workbench's Privacy ▸
// Transformation and `ldiv generalize --project` publish the same way; the models themselves
// run in the transform domain (ldiv/transform/transformation.h).
#include <string>
#include <vector>

namespace ldv {

struct TransformationChoice {
    /// "full-domain" (the lattice search, the default) or one of transformationModels().
    std::string model = "full-domain";
    /// microaggregation and microaggregation+local: the aggregate of every numeric
    /// quasi-identifier (mean, median, mode or interval, Domingo-Ferrer & Mateo-Sanz 2002).
    std::string aggregate = "mean";
    bool operator==(const TransformationChoice&) const = default;
};

/// The models runTransformation runs: the four single ones and the one combination,
/// "microaggregation+local".
const std::vector<std::string>& transformationModels();

/// Throws ParameterError unless `model` is one of transformationModels() or "full-domain".
/// For a combination "A+B" that is not offered, the message says why it is not well defined
/// and which combination exists; for an unknown name, which models exist.
void checkTransformationModel(const std::string& model);

/// Throws ParameterError unless `choice`'s model passes checkTransformationModel and its
/// aggregate is mean, median, mode or interval.
void checkTransformationChoice(const TransformationChoice& choice);

}  // namespace ldv
