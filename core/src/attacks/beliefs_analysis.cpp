#include "ldiv/attacks/belief_analysis.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <set>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/class_partition.h"

namespace ldv {
namespace {

struct BoundStatement {
    std::vector<std::pair<std::size_t, Code>> given;  // (column, code)
    Code value;
    double probability;
};

std::vector<BoundStatement> bindStatements(const Table& t, std::size_t sensitive,
                                           const std::vector<BackgroundStatement>& statements) {
    std::vector<BoundStatement> out;
    for (const BackgroundStatement& s : statements) {
        BoundStatement b;
        for (const auto& [attribute, value] : s.given) {
            const std::size_t col = t.requireColumn(attribute);
            const auto code = t.column(col).find(value);
            if (!code)
                throw ParameterError("background knowledge: attribute '" + attribute +
                                     "' has no value '" + value + "'");
            b.given.emplace_back(col, *code);
        }
        if (s.attribute != t.column(sensitive).name())
            throw ParameterError("background knowledge: '" + s.attribute +
                                 "' is not the sensitive attribute '" + t.column(sensitive).name() +
                                 "'");
        const auto code = t.column(sensitive).find(s.value);
        if (!code)
            throw ParameterError("background knowledge: sensitive attribute '" + s.attribute +
                                 "' has no value '" + s.value + "'");
        b.value = *code;
        b.probability = s.probability;
        out.push_back(std::move(b));
    }
    return out;
}

bool matches(const Table& t, std::size_t row, const BoundStatement& s) {
    for (const auto& [col, code] : s.given)
        if (t.column(col).code(row) != code) return false;
    return true;
}

// The prior model as one f(q,s) per distinct base QI tuple of the data: weight[q] = f(q) and
// conditional[q] = f(·|q) (before background statements).
struct PriorTable {
    std::vector<std::uint32_t> rowKey;  // row → index of its base QI tuple
    std::vector<std::vector<Code>> keys;
    std::vector<double> weight;
    std::vector<std::vector<double>> conditional;
};

PriorTable buildPriorTable(const Table& t, std::size_t sensitive,
                           const std::vector<std::size_t>& qi, const BeliefOptions& options) {
    const std::size_t n = t.rowCount(), m = t.column(sensitive).domainSize();
    PriorTable p;
    p.rowKey = groupRows(t, qi);  // the base QI tuples, as Dataset's base groups
    std::vector<Code> key(qi.size());
    for (std::size_t r = 0; r < n; ++r) {
        if (p.rowKey[r] < p.keys.size()) continue;
        for (std::size_t i = 0; i < qi.size(); ++i) key[i] = t.column(qi[i]).code(r);
        p.keys.push_back(key);
    }
    const std::size_t keys = p.keys.size();
    p.weight.assign(keys, 0);
    p.conditional.assign(keys, std::vector<double>(m, 0));
    switch (options.prior) {
        case PriorModel::Marginal:
        case PriorModel::BaseQuasiIdentifier: {
            std::vector<double> marginal(m, 0);
            for (std::size_t r = 0; r < n; ++r) {
                const Code s = t.column(sensitive).code(r);
                marginal[s] += 1.0 / double(n);
                p.weight[p.rowKey[r]] += 1;
                p.conditional[p.rowKey[r]][s] += 1;
            }
            for (std::size_t k = 0; k < keys; ++k) {
                if (options.prior == PriorModel::Marginal)
                    p.conditional[k] = marginal;
                else
                    for (double& v : p.conditional[k]) v /= p.weight[k];
            }
            break;
        }
        case PriorModel::Joint: {
            const JointPrior& j = options.joint;
            // The prior's entries name tuples by value: look them up among the data's tuples.
            std::map<std::vector<Code>, std::uint32_t> ids;
            for (std::uint32_t k = 0; k < keys; ++k) ids.emplace(p.keys[k], k);
            // Map the file's QI order onto `qi`.
            std::vector<std::size_t> position(qi.size());
            for (std::size_t i = 0; i < qi.size(); ++i) {
                const std::string& name = t.column(qi[i]).name();
                const auto at =
                    std::find(j.quasiIdentifiers.begin(), j.quasiIdentifiers.end(), name);
                if (at == j.quasiIdentifiers.end())
                    throw ParameterError("prior " + j.source +
                                         ": no column for the quasi-identifier '" + name + "'");
                position[i] = std::size_t(at - j.quasiIdentifiers.begin());
            }
            for (const JointPrior::Entry& e : j.entries) {
                const auto s = t.column(sensitive).find(e.s);
                if (!s)
                    throw ParameterError("prior " + j.source + ": the sensitive attribute '" +
                                         t.column(sensitive).name() + "' has no value '" + e.s +
                                         "' in the data");
                bool known = true;
                for (std::size_t i = 0; i < qi.size() && known; ++i) {
                    const auto c = t.column(qi[i]).find(e.q.at(position[i]));
                    known = c.has_value();
                    if (known) key[i] = *c;
                }
                if (!known) continue;  // a population tuple that no row of the data has
                const auto it = ids.find(key);
                if (it == ids.end()) continue;
                p.weight[it->second] += e.weight;
                p.conditional[it->second][*s] += e.weight;
            }
            for (std::size_t k = 0; k < keys; ++k) {
                if (!(p.weight[k] > 0)) {
                    std::string q;
                    for (std::size_t i = 0; i < qi.size(); ++i)
                        q += (i ? ", " : "") + t.column(qi[i]).name() + "=" +
                             t.column(qi[i]).value(p.keys[k][i]);
                    throw ParameterError("prior " + j.source +
                                         ": no weight for the quasi-identifier tuple (" + q +
                                         ") of the data");
                }
                for (double& v : p.conditional[k]) v /= p.weight[k];
            }
            break;
        }
    }
    return p;
}

}  // namespace

JointPrior readJointPrior(const std::string& path, const std::vector<std::string>& qi,
                          const std::string& sensitive) {
    CsvOptions csv;
    csv.inferTypes = false;
    csv.missingTokens.clear();
    const Table t = readCsv(path, csv);
    JointPrior j;
    j.quasiIdentifiers = qi;
    j.sensitive = sensitive;
    j.source = path;
    std::vector<std::size_t> qiColumn;
    for (const std::string& name : qi) {
        const auto c = t.columnIndex(name);
        if (!c)
            throw InputError(
                path, 1, 0, "no column '" + name + "' (one column per quasi-identifier is needed)");
        qiColumn.push_back(*c);
    }
    const auto saColumn = t.columnIndex(sensitive);
    if (!saColumn)
        throw InputError(path, 1, 0, "no column '" + sensitive + "' for the sensitive attribute");
    std::vector<std::size_t> rest;
    for (std::size_t c = 0; c < t.columnCount(); ++c)
        if (c != *saColumn && std::find(qiColumn.begin(), qiColumn.end(), c) == qiColumn.end())
            rest.push_back(c);
    if (rest.size() != 1)
        throw InputError(path, 1, 0,
                         "expected exactly one weight column besides the quasi-identifiers and '" +
                             sensitive + "', found " + std::to_string(rest.size()));
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        JointPrior::Entry e;
        for (std::size_t c : qiColumn) e.q.push_back(t.value(r, c));
        e.s = t.value(r, *saColumn);
        const std::string& text = t.value(r, rest[0]);
        double w = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), w);
        if (ec != std::errc() || end != text.data() + text.size() || !(w >= 0) || !std::isfinite(w))
            throw InputError(path, r + 2, rest[0] + 1,
                             "weight '" + text + "' is not a non-negative number");
        e.weight = w;
        j.entries.push_back(std::move(e));
    }
    return j;
}

void resolvePriorOption(const std::string& spec, const Table& t, std::size_t sensitive,
                        const std::vector<std::size_t>& qi, PriorModel& model, JointPrior& joint) {
    if (spec.empty() || spec == "marginal") {
        model = PriorModel::Marginal;
    } else if (spec == "base") {
        model = PriorModel::BaseQuasiIdentifier;
    } else {
        std::vector<std::string> names;
        for (std::size_t c : qi) names.push_back(t.column(c).name());
        joint = readJointPrior(spec, names, t.column(sensitive).name());
        model = PriorModel::Joint;
    }
}

BeliefAnalysis analyzeBeliefs(const Table& t, std::size_t sensitive,
                              const std::vector<std::size_t>& qi,
                              const std::vector<std::uint32_t>& rowClass,
                              const BeliefOptions& options) {
    const std::size_t n = t.rowCount(), m = t.column(sensitive).domainSize();
    if (rowClass.size() != n)
        throw ParameterError("the published table and the original differ in row count");
    const auto statements = bindStatements(t, sensitive, options.statements);
    BeliefAnalysis result;
    result.classCount =
        rowClass.empty() ? 0 : *std::max_element(rowClass.begin(), rowClass.end()) + 1;
    const PriorTable priors = buildPriorTable(t, sensitive, qi, options);

    // Class histograms n(q*, s) and the model's f(s|q*) over each class's distinct base tuples.
    std::vector<std::uint32_t> counts(result.classCount * m, 0);
    std::vector<double> classPriors(result.classCount * m, 0), classWeight(result.classCount, 0);
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;  // (class, base tuple) pairs
    for (std::size_t r = 0; r < n; ++r) {
        const std::uint32_t c = rowClass[r], k = priors.rowKey[r];
        ++counts[c * m + t.column(sensitive).code(r)];
        if (!seen.emplace(c, k).second) continue;
        classWeight[c] += priors.weight[k];
        for (std::size_t v = 0; v < m; ++v)
            classPriors[c * m + v] += priors.weight[k] * priors.conditional[k][v];
    }
    for (std::size_t c = 0; c < result.classCount; ++c)
        for (std::size_t v = 0; v < m; ++v)
            if (classWeight[c] > 0) classPriors[c * m + v] /= classWeight[c];

    std::vector<double> prior(m), beliefs;
    for (std::size_t r = 0; r < n; ++r) {
        IndividualBelief ind;
        ind.row = r;
        ind.cls = rowClass[r];
        ind.trueValue = t.column(sensitive).code(r);
        prior = priors.conditional[priors.rowKey[r]];
        for (const BoundStatement& s : statements)
            if (matches(t, r, s)) {
                applyBackgroundKnowledge(prior, s.value, s.probability);
                ind.knowledgeApplies = true;
            }
        const std::span<const std::uint32_t> hist(counts.data() + ind.cls * m, m);
        const std::span<const double> classPrior(classPriors.data() + ind.cls * m, m);
        observedBeliefs(prior, classPrior, hist, beliefs);
        ind.prior = prior[ind.trueValue];
        ind.belief = beliefs[ind.trueValue];
        ind.positive = positiveDisclosure(ind.belief, options.delta);
        // Every value of the domain counts: one absent from the class has β = 0.
        for (std::size_t v = 0; v < m; ++v)
            if (v != ind.trueValue && negativeDisclosure(beliefs[v], options.epsilon))
                ++ind.negativeValues;
        if (options.rho1 > 0 && options.rho2 > options.rho1)
            ind.breach = rhoBreach(ind.prior, ind.belief, options.rho1, options.rho2);
        result.positiveDisclosures += ind.positive;
        result.negativeDisclosures += ind.negativeValues > 0;
        result.breaches += ind.breach;
        result.individuals.push_back(ind);
    }
    return result;
}

BeliefAnalysis analyzeBeliefs(const Dataset& data, const ClassPartition& release,
                              const BeliefOptions& options, std::size_t sensitive) {
    if (sensitive >= data.sensitiveColumns().size())
        throw ParameterError("the belief analysis needs a sensitive attribute");
    return analyzeBeliefs(data.table(), data.sensitiveColumns()[sensitive], data.qiColumns(),
                          release.rowClass, options);
}

}  // namespace ldv
