#include "ldiv/project/transformation_choice.h"

#include <algorithm>

#include "ldiv/data/error.h"

namespace ldv {
namespace {

std::string modelList() {
    std::string out;
    for (const std::string& m : transformationModels()) out += (out.empty() ? "" : ", ") + m;
    return "full-domain, " + out;
}

/// Why the combination of the single models `a` and `b` (in that order) is refused.
std::string whyRefused(const std::string& a, const std::string& b) {
    const auto either = [&](const char* m) { return a == m || b == m; };
    if (a == b) return "it names " + a + " twice";
    if (either("full-domain"))
        return "full-domain generalization lifts every value of a column to one level, and "
               "another model would publish values of other levels beside it (--transform local "
               "is the full-domain search iterated)";
    if (either("cell-suppression"))
        return "cell suppression's \"*\" matches every value (sdcMicro's frequencies), so its "
               "records overlap and form no classes: the other model's per-class guarantee "
               "would not hold for them, and a \"*\" has no number for MDAV nor a place in "
               "another model's hierarchy or cuts";
    if (a == "local" && b == "microaggregation")
        return "the order matters: MDAV must run first so that local recoding forms and judges "
               "the published classes over the aggregates; write microaggregation+local";
    if (either("mondrian") && either("local"))
        return "Mondrian and local recoding each form the published classes over every "
               "quasi-identifier, so one would undo the other's: Mondrian's intervals have no "
               "hierarchy for local recoding to generalize, and Mondrian cutting local "
               "recoding's classes would cut values that are already generalized";
    if (either("mondrian"))
        return "Mondrian forms its own classes over every quasi-identifier and publishes "
               "intervals: after MDAV it would publish intervals of aggregates rather than the "
               "aggregates, and before it MDAV would replace the values Mondrian's classes "
               "were cut on";
    return "it is not a combination ldiv defines";
}

}  // namespace

const std::vector<std::string>& transformationModels() {
    static const std::vector<std::string> models{"mondrian", "local", "microaggregation",
                                                 "cell-suppression", "microaggregation+local"};
    return models;
}

void checkTransformationModel(const std::string& model) {
    const auto& models = transformationModels();
    if (model == "full-domain" || std::find(models.begin(), models.end(), model) != models.end())
        return;
    const std::size_t plus = model.find('+');
    if (plus == std::string::npos)
        throw ParameterError("transformation \"" + model + "\" is not one of " + modelList());
    // "A+B" (or more parts): every part must be a model, and the combination one ldiv defines.
    std::vector<std::string> parts;
    for (std::size_t from = 0;;) {
        const std::size_t to = model.find('+', from);
        parts.push_back(model.substr(from, to == std::string::npos ? to : to - from));
        if (to == std::string::npos) break;
        from = to + 1;
    }
    const std::string offered =
        "; the one combination is microaggregation+local (MDAV on the numeric quasi-identifiers "
        "named by --aggregate, then local recoding of all of them, docs/transformations.md)";
    for (const std::string& p : parts)
        if (p != "full-domain" && (p.find('+') != std::string::npos ||
                                   std::find(models.begin(), models.end(), p) == models.end()))
            throw ParameterError("transformation \"" + model + "\": \"" + p +
                                 "\" is not a model (" + modelList() + ")" + offered);
    if (parts.size() != 2)
        throw ParameterError("transformation \"" + model +
                             "\" combines more than two models, which ldiv does not define" +
                             offered);
    throw ParameterError("transformation \"" + model +
                         "\" is refused: " + whyRefused(parts[0], parts[1]) + offered);
}

void checkTransformationChoice(const TransformationChoice& choice) {
    checkTransformationModel(choice.model);
    for (const char* a : {"mean", "median", "mode", "interval"})
        if (choice.aggregate == a) return;
    throw ParameterError("aggregate \"" + choice.aggregate +
                         "\" is not one of mean, median, mode, interval");
}

}  // namespace ldv
