#pragma once
// Bayes-optimal beliefs of an adversary about every individual of a published table
// (Machanavajjhala et al. 2007, §3; SPEC §4), with user-written background knowledge. An
// analysis, not a search constraint: it is not monotone (Machanavajjhala et al. 2007, Thm 5.1).
//
// Every prior model is one joint distribution f(q,s) over base QI tuples q and sensitive
// values s. The adversary's prior is α(q,s) = f(s|q); the distribution of a published class
// q* is the same model aggregated over the base tuples that the class holds,
// f(s|q*) = Σ_{q∈q*} f(q,s) / Σ_{q∈q*} f(q). So without background knowledge the marginal
// model has f(s|q) = f(s|q*) = f(s) and β reduces to n(q*,s)/N (SPEC §4). Background
// statements refine the individual's f(s|q) only: f(s|q*) stays the population's.
#include <cstddef>
#include <string>
#include <vector>

#include "ldiv/criteria/disclosure_report.h"
#include "ldiv/data/table.h"
#include "ldiv/lattice/class_partition.h"

namespace ldv {

enum class PriorModel {
    /// f(q,s) = f(q)·f(s) with f(s) the whole table's distribution: the adversary knows the
    /// population, not the individual (the default; background statements refine it). Then
    /// f(s|q*) = f(s|q) and, without statements, β = n(q*,s)/N.
    Marginal,
    /// f(q,s) = the original table's joint distribution: the Bayes-optimal adversary of
    /// Machanavajjhala et al. 2007 §3.1 who knows the full joint distribution.
    BaseQuasiIdentifier,
    /// f(q,s) given by the user (BeliefOptions::joint, `--prior FILE`).
    Joint,
};

/// A user-supplied joint distribution f(q,s) (weights or counts; normalized per q). Each
/// entry names one value per QI attribute (in `quasiIdentifiers` order) and a sensitive value.
struct JointPrior {
    std::vector<std::string> quasiIdentifiers;
    std::string sensitive;
    struct Entry {
        std::vector<std::string> q;
        std::string s;
        double weight = 0;
    };
    std::vector<Entry> entries;
    std::string source;  ///< file name, for error messages
};

/// Reads a CSV with one column per QI attribute, one for the sensitive attribute (named as in
/// the data) and one more numeric column holding f(q,s) or a count (any name, e.g. `f`).
/// Throws InputError naming the file, line and column of a bad weight or a missing column.
JointPrior readJointPrior(const std::string& path, const std::vector<std::string>& quasiIdentifiers,
                          const std::string& sensitive);

/// The `--prior` option of the CLI: "marginal", "base", or the path of a joint prior file
/// (readJointPrior with `original`'s QI and sensitive column names). Sets `model` and `joint`.
void resolvePriorOption(const std::string& spec, const Table& original, std::size_t sensitive,
                        const std::vector<std::size_t>& quasiIdentifiers, PriorModel& model,
                        JointPrior& joint);

struct BeliefOptions {
    std::vector<BackgroundStatement> statements;
    PriorModel prior = PriorModel::Marginal;
    JointPrior joint;       ///< used when prior == PriorModel::Joint
    double delta = 0.05;    ///< positive disclosure: β(true s) > 1 − δ
    double epsilon = 0.05;  ///< negative disclosure: β(s′) < ε for an s′ the individual lacks
    double rho1 = 0;        ///< (ρ1,ρ2)-breach check when 0 < ρ1 < ρ2 < 1
    double rho2 = 0;
};

struct IndividualBelief {
    std::size_t row = 0;
    std::size_t cls = 0;
    Code trueValue = 0;
    double prior = 0;               ///< α(q, true s)
    double belief = 0;              ///< β(q, true s, T*)
    bool knowledgeApplies = false;  ///< some background statement matched this row
    bool positive = false;
    /// Values s′ ≠ true s of the sensitive domain with β < ε, including values absent from the
    /// class (β = 0: "Umeko does not have cancer", Machanavajjhala et al. 2007 §3.2).
    std::size_t negativeValues = 0;
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
/// f(s|q*) aggregates the prior model over the base QI tuples of the class; statements are
/// matched on `original`'s values and throw ParameterError naming an unknown attribute or
/// value. A Joint prior that gives no weight to a QI tuple of the data throws ParameterError.
BeliefAnalysis analyzeBeliefs(const Table& original, std::size_t sensitive,
                              const std::vector<std::size_t>& quasiIdentifiers,
                              const std::vector<std::uint32_t>& rowClass,
                              const BeliefOptions& options);
/// The same for a release of `data` (a node or a published table, ClassPartition) and its
/// sensitive attribute number `sensitive`.
BeliefAnalysis analyzeBeliefs(const Dataset& data, const ClassPartition& release,
                              const BeliefOptions& options, std::size_t sensitive = 0);

}  // namespace ldv
