// Cross-validated classification accuracy of input and output (classification.h).
#include "ldiv/utility/classification.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <map>
#include <mutex>
#include <numeric>
#include <random>
#include <thread>

#include "ldiv/data/error.h"

namespace ldv {
namespace {

constexpr ClassifierKind kModels[] = {ClassifierKind::Logistic, ClassifierKind::NaiveBayes,
                                      ClassifierKind::Tree};

/// Codes in sorted label order, so that ties (lower code) do not depend on row order.
std::vector<std::uint32_t> encode(const std::vector<std::string>& labels,
                                  const std::map<std::string, std::uint32_t>& codes) {
    std::vector<std::uint32_t> out;
    out.reserve(labels.size());
    for (const std::string& l : labels) out.push_back(codes.at(l));
    return out;
}

std::map<std::string, std::uint32_t> sortedCodes(const std::vector<std::string>& labels) {
    std::map<std::string, std::uint32_t> codes;
    for (const std::string& l : labels) codes.emplace(l, 0);
    std::uint32_t next = 0;
    for (auto& [label, code] : codes) code = next++;
    return codes;
}

FeatureTable encodeSide(const std::vector<std::vector<std::string>>& features,
                        const std::vector<std::string>& target,
                        const std::map<std::string, std::uint32_t>& classes) {
    FeatureTable t;
    for (const std::vector<std::string>& column : features) {
        const auto codes = sortedCodes(column);
        t.columns.push_back(encode(column, codes));
        t.domains.push_back(std::uint32_t(codes.size()));
    }
    t.labels = encode(target, classes);
    t.classes = std::uint32_t(classes.size());
    return t;
}

double accuracy(const std::vector<std::uint32_t>& predicted, const FeatureTable& data) {
    std::size_t correct = 0;
    for (std::size_t r = 0; r < predicted.size(); ++r) correct += predicted[r] == data.labels[r];
    return predicted.empty() ? 0 : double(correct) / double(predicted.size());
}

}  // namespace

std::vector<std::uint32_t> foldAssignment(std::size_t n, std::uint32_t k, std::uint64_t seed) {
    if (k < 2 || k > n)
        throw ParameterError("cross-validation needs 2 to " + std::to_string(n) +
                             " folds (one row each at least); got " + std::to_string(k));
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::mt19937_64 rng(seed);
    for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
    std::vector<std::uint32_t> folds(n);
    for (std::size_t p = 0; p < n; ++p) folds[order[p]] = std::uint32_t(p * k / n);
    return folds;
}

const char* classifierName(ClassifierKind kind) {
    switch (kind) {
        case ClassifierKind::Logistic:
            return "logistic";
        case ClassifierKind::NaiveBayes:
            return "naive_bayes";
        case ClassifierKind::Tree:
            return "decision_tree";
        case ClassifierKind::Majority:
            return "majority";
    }
    return "";
}

std::vector<std::uint32_t> crossValidate(const FeatureTable& data, ClassifierKind kind,
                                         const std::vector<std::uint32_t>& folds, std::uint32_t k) {
    std::vector<std::uint32_t> predicted(data.rowCount(), 0);
    auto runFold = [&](std::uint32_t f) {
        std::vector<std::uint32_t> train, test;
        for (std::uint32_t r = 0; r < folds.size(); ++r)
            (folds[r] == f ? test : train).push_back(r);
        std::vector<std::uint32_t> p;
        switch (kind) {
            case ClassifierKind::Logistic:
                p = predictLogistic(data, train, test);
                break;
            case ClassifierKind::NaiveBayes:
                p = predictNaiveBayes(data, train, test);
                break;
            case ClassifierKind::Tree:
                p = predictTree(data, train, test);
                break;
            case ClassifierKind::Majority:
                p = predictMajority(data, train, test);
                break;
        }
        // Each fold writes its own rows only.
        for (std::size_t i = 0; i < test.size(); ++i) predicted[test[i]] = p[i];
    };
    // The folds are independent (LIBLINEAR keeps no state between trainings): one thread
    // each, up to the cores there are.
    const std::uint32_t threads = std::max(1u, std::min(k, std::thread::hardware_concurrency()));
    std::atomic<std::uint32_t> next{0};
    std::exception_ptr failure;
    std::mutex failureMutex;
    auto worker = [&] {
        for (std::uint32_t f; (f = next++) < k;) {
            try {
                runFold(f);
            } catch (...) {
                const std::lock_guard lock(failureMutex);
                if (!failure) failure = std::current_exception();
            }
        }
    };
    std::vector<std::thread> pool;
    for (std::uint32_t t = 1; t < threads; ++t) pool.emplace_back(worker);
    worker();
    for (std::thread& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    return predicted;
}

ClassificationReport classify(const ClassificationSides& sides, const std::string& target,
                              std::uint32_t folds, std::uint64_t seed) {
    ClassificationReport report;
    report.target = target;
    report.folds = folds;
    report.seed = seed;
    report.features = sides.features;
    report.inputRows = sides.inputTarget.size();
    report.outputRows = sides.outputTarget.size();
    report.suppressedRows =
        std::size_t(std::count(sides.suppressed.begin(), sides.suppressed.end(), 1));
    std::vector<std::string> all = sides.inputTarget;
    all.insert(all.end(), sides.outputTarget.begin(), sides.outputTarget.end());
    const auto classes = sortedCodes(all);
    for (const auto& [label, code] : classes) report.classes.push_back(label);
    const FeatureTable input = encodeSide(sides.inputFeatures, sides.inputTarget, classes);
    const FeatureTable output = encodeSide(sides.outputFeatures, sides.outputTarget, classes);
    const std::vector<std::uint32_t> inputFolds = foldAssignment(input.rowCount(), folds, seed);
    const std::vector<std::uint32_t> outputFolds =
        output.rowCount() == input.rowCount() ? inputFolds
                                              : foldAssignment(output.rowCount(), folds, seed);
    report.baseline =
        accuracy(crossValidate(input, ClassifierKind::Majority, inputFolds, folds), input);
    for (ClassifierKind kind : kModels) {
        ModelAccuracy m;
        m.model = classifierName(kind);
        m.inputAccuracy = accuracy(crossValidate(input, kind, inputFolds, folds), input);
        const std::vector<std::uint32_t> out = crossValidate(output, kind, outputFolds, folds);
        m.outputAccuracy = accuracy(out, output);
        if (m.inputAccuracy != report.baseline)
            m.relativeAccuracy =
                (m.outputAccuracy - report.baseline) / (m.inputAccuracy - report.baseline);
        if (report.suppressedRows > 0) {
            std::size_t correct = 0;
            for (std::size_t r = 0; r < out.size(); ++r)
                if (sides.suppressed[r]) correct += out[r] == output.labels[r];
            m.suppressedAccuracy = double(correct) / double(report.suppressedRows);
        }
        report.models.push_back(std::move(m));
    }
    return report;
}

}  // namespace ldv
