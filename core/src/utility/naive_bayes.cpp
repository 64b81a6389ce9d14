// Categorical naive Bayes and the majority-class baseline (classifiers.h): both count the
// training rows' classes.
#include <cmath>
#include <limits>

#include "ldiv/utility/classifiers.h"

namespace ldv {
namespace {

std::vector<std::size_t> classCounts(const FeatureTable& data,
                                     std::span<const std::uint32_t> rows) {
    std::vector<std::size_t> counts(data.classes, 0);
    for (std::uint32_t r : rows) ++counts[data.labels[r]];
    return counts;
}

/// The first class of the largest count.
std::uint32_t argmax(const std::vector<double>& scores) {
    std::uint32_t best = 0;
    for (std::uint32_t c = 1; c < scores.size(); ++c)
        if (scores[c] > scores[best]) best = c;
    return best;
}

}  // namespace

std::vector<std::uint32_t> predictMajority(const FeatureTable& data,
                                           std::span<const std::uint32_t> train,
                                           std::span<const std::uint32_t> test) {
    const std::vector<std::size_t> counts = classCounts(data, train);
    const std::vector<double> scores(counts.begin(), counts.end());
    return std::vector<std::uint32_t>(test.size(), argmax(scores));
}

std::vector<std::uint32_t> predictNaiveBayes(const FeatureTable& data,
                                             std::span<const std::uint32_t> train,
                                             std::span<const std::uint32_t> test) {
    const std::size_t classes = data.classes;
    const std::vector<std::size_t> counts = classCounts(data, train);
    // logLikelihood[a][v * classes + c] = log P(x_a = v | c), Laplace-smoothed.
    std::vector<std::vector<double>> logLikelihood(data.columns.size());
    for (std::size_t a = 0; a < data.columns.size(); ++a) {
        std::vector<std::size_t> joint(std::size_t(data.domains[a]) * classes, 0);
        for (std::uint32_t r : train) ++joint[data.columns[a][r] * classes + data.labels[r]];
        logLikelihood[a].resize(joint.size());
        for (std::size_t v = 0; v < data.domains[a]; ++v)
            for (std::size_t c = 0; c < classes; ++c)
                logLikelihood[a][v * classes + c] =
                    std::log(double(joint[v * classes + c]) + 1.0) -
                    std::log(double(counts[c]) + double(data.domains[a]));
    }
    std::vector<double> prior(classes);
    for (std::size_t c = 0; c < classes; ++c)
        // A class absent from the training rows is never predicted (log 0 = −∞).
        prior[c] = counts[c] ? std::log(double(counts[c]) / double(train.size()))
                             : -std::numeric_limits<double>::infinity();
    std::vector<std::uint32_t> predicted;
    predicted.reserve(test.size());
    std::vector<double> scores(classes);
    for (std::uint32_t r : test) {
        scores = prior;
        for (std::size_t a = 0; a < data.columns.size(); ++a) {
            const double* l = &logLikelihood[a][data.columns[a][r] * classes];
            for (std::size_t c = 0; c < classes; ++c) scores[c] += l[c];
        }
        predicted.push_back(argmax(scores));
    }
    return predicted;
}

}  // namespace ldv
