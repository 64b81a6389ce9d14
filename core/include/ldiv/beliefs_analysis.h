#pragma once
// Bayes-optimal beliefs of an adversary about every individual of a published table
// (000 §3, SPEC §4), with user-written background knowledge. An analysis, not a search
// constraint: it is not monotone (000 Thm 5.1).
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/criteria_beliefs.h"
#include "ldiv/table.h"

namespace ldv {

enum class PriorModel {
    /// f(s|q) = the whole table's distribution of s: the adversary knows the population,
    /// not the individual (the default; background statements refine it).
    Marginal,
    /// f(s|q) = the distribution of s among rows with exactly q in the original table: the
    /// Bayes-optimal adversary of 000 §3.1 who knows the full joint distribution.
    BaseQuasiIdentifier,
};

struct BeliefOptions {
    std::vector<BackgroundStatement> statements;
    PriorModel prior = PriorModel::Marginal;
    double delta = 0.05;    ///< positive disclosure: β(true s) > 1 − δ
    double epsilon = 0.05;  ///< negative disclosure: β(s′) < ε for an s′ the individual lacks
    double rho1 = 0;        ///< (ρ1,ρ2)-breach check when 0 < ρ1 < ρ2 < 1
    double rho2 = 0;
};

struct IndividualBelief {
    std::size_t row = 0;
    std::size_t cls = 0;
    Code trueValue = 0;
    double prior = 0;    ///< α(q, true s)
    double belief = 0;   ///< β(q, true s, T*)
    bool knowledgeApplies = false;  ///< some background statement matched this row
    bool positive = false;
    std::size_t negativeValues = 0;  ///< values s′ ≠ true s with β < ε (present in the class)
    bool breach = false;
};

struct BeliefAnalysis {
    std::vector<IndividualBelief> individuals;
    std::size_t positiveDisclosures = 0;
    std::size_t negativeDisclosures = 0;  ///< individuals with at least one negative disclosure
    std::size_t breaches = 0;
    std::size_t classCount = 0;
};

/// `original` holds the true values; `rowClass[r]` is row r's equivalence class in the
/// published table (rows in the same order as `original`); `sensitive` is the SA column and
/// `quasiIdentifiers` the QI columns of `original` (used by the BaseQuasiIdentifier prior).
/// f(s|q*) is the class's distribution of s; statements are matched on `original`'s values
/// and throw ParameterError naming an unknown attribute or value.
BeliefAnalysis analyzeBeliefs(const Table& original, std::size_t sensitive,
                              const std::vector<std::size_t>& quasiIdentifiers,
                              const std::vector<std::uint32_t>& rowClass, const BeliefOptions& options);

}  // namespace ldv
