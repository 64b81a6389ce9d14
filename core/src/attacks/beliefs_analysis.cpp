#include "ldiv/beliefs_analysis.h"

#include <algorithm>
#include <map>

#include "ldiv/error.h"

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
                throw ParameterError("background knowledge: attribute '" + attribute + "' has no value '" +
                                     value + "'");
            b.given.emplace_back(col, *code);
        }
        if (s.attribute != t.column(sensitive).name())
            throw ParameterError("background knowledge: '" + s.attribute + "' is not the sensitive attribute '" +
                                 t.column(sensitive).name() + "'");
        const auto code = t.column(sensitive).find(s.value);
        if (!code)
            throw ParameterError("background knowledge: sensitive attribute '" + s.attribute + "' has no value '" +
                                 s.value + "'");
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

}  // namespace

BeliefAnalysis analyzeBeliefs(const Table& t, std::size_t sensitive, const std::vector<std::size_t>& qi,
                              const std::vector<std::uint32_t>& rowClass, const BeliefOptions& options) {
    const std::size_t n = t.rowCount(), m = t.column(sensitive).domainSize();
    if (rowClass.size() != n) throw ParameterError("the published table and the original differ in row count");
    const auto statements = bindStatements(t, sensitive, options.statements);
    BeliefAnalysis result;
    result.classCount = rowClass.empty() ? 0 : *std::max_element(rowClass.begin(), rowClass.end()) + 1;

    // Class histograms n(q*, s) and f(s|q*).
    std::vector<std::uint32_t> counts(result.classCount * m, 0);
    std::vector<double> marginal(m, 0);
    for (std::size_t r = 0; r < n; ++r) {
        ++counts[rowClass[r] * m + t.column(sensitive).code(r)];
        marginal[t.column(sensitive).code(r)] += 1.0 / double(n);
    }
    // Base-QI priors: the distribution of s among rows with the same full QI tuple.
    std::map<std::vector<Code>, std::vector<double>> basePrior;
    auto qiKey = [&](std::size_t r) {
        std::vector<Code> key;
        for (std::size_t c : qi) key.push_back(t.column(c).code(r));
        return key;
    };
    if (options.prior == PriorModel::BaseQuasiIdentifier) {
        for (std::size_t r = 0; r < n; ++r) {
            auto& d = basePrior[qiKey(r)];
            d.resize(m, 0);
            d[t.column(sensitive).code(r)] += 1;
        }
        for (auto& [key, d] : basePrior) {
            double total = 0;
            for (double v : d) total += v;
            for (double& v : d) v /= total;
        }
    }
    std::vector<double> prior(m), classPrior(m), beliefs;
    for (std::size_t r = 0; r < n; ++r) {
        IndividualBelief ind;
        ind.row = r;
        ind.cls = rowClass[r];
        ind.trueValue = t.column(sensitive).code(r);
        prior = options.prior == PriorModel::Marginal ? marginal : basePrior.at(qiKey(r));
        for (const BoundStatement& s : statements)
            if (matches(t, r, s)) {
                applyBackgroundKnowledge(prior, s.value, s.probability);
                ind.knowledgeApplies = true;
            }
        const std::span<const std::uint32_t> hist(counts.data() + ind.cls * m, m);
        double size = 0;
        for (auto c : hist) size += c;
        for (std::size_t v = 0; v < m; ++v) classPrior[v] = hist[v] / size;
        observedBeliefs(prior, classPrior, hist, beliefs);
        ind.prior = prior[ind.trueValue];
        ind.belief = beliefs[ind.trueValue];
        ind.positive = positiveDisclosure(ind.belief, options.delta);
        for (std::size_t v = 0; v < m; ++v)
            if (v != ind.trueValue && hist[v] > 0 && negativeDisclosure(beliefs[v], options.epsilon))
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

}  // namespace ldv
