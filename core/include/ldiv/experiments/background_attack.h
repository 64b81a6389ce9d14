#pragma once
// The background-knowledge attack (Machanavajjhala et al. 2007 §1.1 "Umeko", §3): the Bayes-optimal
// beliefs of every individual of one published table computed twice with analyzeBeliefs — without
// and with the adversary's background statements — so a chart shows who crosses 1 − δ (positive
// disclosure, Machanavajjhala et al. 2007 Def. 3.1) or drops under ε (negative disclosure,
// Def. 3.2) only because of the knowledge. Example (Machanavajjhala et al. 2007 Figs 2 and 4):
// "nationality=Japanese => condition=Heart Disease : 0.01" reveals Umeko's viral infection in Fig.
// 2 but not in the 3-diverse Fig. 4.
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/attacks/belief_analysis.h"
#include "ldiv/data/feedback.h"
#include "ldiv/data/table.h"
#include "ldiv/lattice/class_partition.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

/// The adversary: BeliefOptions' statements, prior model, δ (positive disclosure: β(true s) >
/// 1 − δ) and ε (negative disclosure: β(s′) < ε). Its (ρ1,ρ2) breach check is not part of this
/// attack and is ignored.
using BackgroundAttackOptions = BeliefOptions;

/// One individual, before (no statements) and after (with them).
struct BackgroundIndividual {
    std::size_t row = 0;  ///< 0-based row of the original table
    std::size_t cls = 0;
    Code value = 0;  ///< true sensitive code
    bool knowledgeApplies = false;
    double beliefBefore = 0, beliefAfter = 0;  ///< β(q, true s, T*)
    bool positiveBefore = false, positiveAfter = false;
    /// Values of the sensitive domain other than the true one with β < ε (absent ones included).
    std::size_t negativeBefore = 0, negativeAfter = 0;
};

/// Counts per class and, in BackgroundAttackResult, in total. "Negative" counts individuals
/// with at least one negative disclosure.
struct BackgroundClassRow {
    std::size_t cls = 0;
    std::size_t rows = 0;
    std::size_t knowledgeRows = 0;
    std::size_t positiveBefore = 0, positiveAfter = 0;
    std::size_t negativeBefore = 0, negativeAfter = 0;
};

struct BackgroundAttackResult {
    std::vector<BackgroundClassRow> classes;
    BackgroundClassRow total;                       ///< cls = number of classes
    std::vector<BackgroundIndividual> individuals;  ///< every row, in row order
    /// Individuals with a disclosure the knowledge alone causes: positive after but not
    /// before, or more values with β < ε after than before.
    std::size_t newlyDisclosed = 0;
};

/// `rowClass[r]` is row r's class in the published table (rows in `original`'s order);
/// `sensitive` / `quasiIdentifiers` are columns of `original`. Throws ParameterError for
/// statements naming unknown attributes or values (analyzeBeliefs).
BackgroundAttackResult backgroundAttack(const Table& original, std::size_t sensitive,
                                        const std::vector<std::size_t>& quasiIdentifiers,
                                        const std::vector<std::uint32_t>& rowClass,
                                        const BackgroundAttackOptions& options,
                                        Feedback* feedback = nullptr);
/// The same for the classes of a release of `data` (a node or a published table; its first
/// sensitive attribute).
BackgroundAttackResult backgroundAttack(const Dataset& data, const ClassPartition& release,
                                        const BackgroundAttackOptions& options,
                                        Feedback* feedback = nullptr);
/// The same for a node of `data`.
BackgroundAttackResult backgroundAttack(const Dataset& data, const Levels& levels,
                                        const BackgroundAttackOptions& options,
                                        Feedback* feedback = nullptr);

}  // namespace ldv
