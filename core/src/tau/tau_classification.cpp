// Classification utility of (τ,ℓ) outputs (Tian & Zhang 2011 §5.3.2); see
// ldiv/tau/tau_classification.h.
#include "ldiv/tau/tau_classification.h"

#include <algorithm>

#include "ldiv/data/error.h"

namespace ldv {

namespace {

std::size_t targetColumn(const TauInput& input, const TauClassificationOptions& o) {
    const std::size_t col = o.target ? *o.target : input.data->sensitiveColumns()[input.sensitive];
    const auto& qi = input.data->qiColumns();
    if (std::find(qi.begin(), qi.end(), col) != qi.end())
        throw ParameterError("classification target '" + input.data->table().column(col).name() +
                             "' is a quasi-identifier: it cannot also be a feature");
    if (col >= input.data->table().columnCount())
        throw ParameterError("classification target column out of range");
    return col;
}

bool targetIsSensitive(const TauInput& input, std::size_t col) {
    return col == input.data->sensitiveColumns()[input.sensitive];
}

// Per level, per code at that level: the base codes under it that occur in the column.
std::vector<std::vector<std::vector<Code>>> presentLeaves(const HierarchyMap& h, const Column& c) {
    std::vector<bool> present(c.domainSize(), false);
    for (Code code : c.codes()) present[code] = true;
    std::vector<std::vector<std::vector<Code>>> out(std::size_t(h.height() + 1));
    for (int j = 0; j <= h.height(); ++j) {
        out[std::size_t(j)].resize(h.levelSize(j));
        for (Code b = 0; b < c.domainSize(); ++b)
            if (present[b]) out[std::size_t(j)][h.map(b, j)].push_back(b);
    }
    return out;
}

template <class T>
T pick(const std::vector<T>& v, std::mt19937_64& rng) {
    return v[std::uniform_int_distribution<std::size_t>(0, v.size() - 1)(rng)];
}

}  // namespace

FeatureTable originalClassificationData(const TauInput& input, const TauClassificationOptions& o) {
    const Table& t = input.data->table();
    const std::size_t target = targetColumn(input, o);
    FeatureTable d;
    for (std::size_t q : input.data->qiColumns()) {
        const Column& c = t.column(q);
        d.columns.emplace_back(c.codes().begin(), c.codes().end());
        d.domains.push_back(std::uint32_t(c.domainSize()));
    }
    const Column& y = t.column(target);
    d.labels.assign(y.codes().begin(), y.codes().end());
    d.classes = std::uint32_t(y.domainSize());
    if (targetIsSensitive(input, target))
        d.classes = std::max(d.classes, std::uint32_t(input.taxonomy.baseCount()));
    return d;
}

FeatureTable deGeneralizedClassificationData(const TauInput& input, const LocalRecoding& out,
                                             const TauClassificationOptions& o,
                                             std::mt19937_64& rng) {
    FeatureTable d = originalClassificationData(input, o);
    const Table& t = input.data->table();
    for (std::size_t i = 0; i < input.data->qiCount(); ++i) {
        const auto leaves =
            presentLeaves(input.data->hierarchy(i), t.column(input.data->qiColumns()[i]));
        for (const RecodedClass& cls : out.classes)
            for (std::uint32_t r : cls.rows)
                d.columns[i][r] = pick(leaves[std::size_t(cls.levels[i])][cls.codes[i]], rng);
    }
    if (targetIsSensitive(input, targetColumn(input, o))) {
        // Present base values under each published node (all its leaves if none occurs).
        std::vector<std::vector<std::uint32_t>> under(input.taxonomy.nodeCount());
        for (std::size_t n = 0; n < under.size(); ++n) {
            for (std::uint32_t b : input.taxonomy.leaves(n))
                if (input.weights[b] > 0) under[n].push_back(b);
            if (under[n].empty()) under[n] = input.taxonomy.leaves(n);
        }
        for (std::size_t r = 0; r < d.labels.size(); ++r)
            d.labels[r] = pick(under[out.saNode[r]], rng);
    }
    return d;
}

TauClassification classifyRecoding(const TauInput& input, const LocalRecoding& out,
                                   const TauClassificationOptions& o) {
    if (out.empty()) throw ParameterError("classification of an empty output");
    if (o.trees == 0) throw ParameterError("classification needs at least one tree");
    const FeatureTable original = originalClassificationData(input, o);
    const Id3Tree reference = Id3Tree::learn(original);
    TauClassification result;
    result.trees = o.trees;
    result.originalAccuracy = reference.accuracy(original);
    std::vector<Id3Tree::Rule> kept;
    for (Id3Tree::Rule& r : reference.rules())
        if (r.accuracy() >= o.ruleAccuracy - 1e-12 && r.covered >= o.ruleCoverage)
            kept.push_back(std::move(r));
    result.originalRules = kept.size();
    std::mt19937_64 rng(o.seed);
    for (std::size_t k = 0; k < o.trees; ++k) {
        const Id3Tree tree = Id3Tree::learn(deGeneralizedClassificationData(input, out, o, rng));
        const double ca = tree.accuracy(original);
        result.anonymousAccuracy += ca / double(o.trees);
        result.accuracyRatio +=
            (result.originalAccuracy > 0 ? ca / result.originalAccuracy : 0) / double(o.trees);
        const std::vector<Id3Tree::Rule> learned = tree.rules();
        std::size_t preserved = 0;
        for (const Id3Tree::Rule& r : kept)
            preserved += std::find(learned.begin(), learned.end(), r) != learned.end();
        result.preservedRules += double(preserved) / double(o.trees);
    }
    return result;
}

}  // namespace ldv
