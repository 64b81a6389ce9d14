#pragma once
// Background-knowledge beliefs about one individual (Machanavajjhala et al. 2007 §3, Thm 3.1): the
// adversary's prior α(q,·) and posterior β(q,·,T*) over every sensitive value, without and with the
// user's background statements, for the chosen row of a published node; and the disclosures of the
// row's whole class before and after (backgroundAttack, Machanavajjhala et al. 2007 §1.1).
#include <vector>

#include "analysis/analyses.h"
#include "ldiv/experiments/background_attack.h"

namespace ldv::ui {

struct IndividualBeliefs {
    Levels node;
    bool nodeFromSearch = false;  ///< the node is the optimum of the project's requirement
    std::size_t row = 0;          ///< 0-based
    std::size_t cls = 0;
    Code trueValue = 0;
    bool knowledgeApplies = false;
    /// Per sensitive code (dictionary order): α and β without and with the statements.
    std::vector<double> prior, priorWithKnowledge, before, after;
    std::vector<std::uint32_t> classCounts;  ///< n(q*, s)
    BackgroundClassRow classRow;             ///< backgroundAttack's counts for the row's class
    std::size_t newlyDisclosed = 0;          ///< in the whole table
};

/// β(q,s,T*) for every s of row `row` (0-based) in node `levels` (the engine's analyzeBeliefs
/// reports β of the true value only; this applies the same formula, observedBeliefs, to every
/// value) and backgroundAttack for the class counts. Throws ParameterError for a row out of
/// range or a statement naming an unknown attribute or value.
IndividualBeliefs individualBeliefs(const Workspace& data, const Levels& levels, std::size_t row,
                                    const BackgroundAttackOptions& options,
                                    Feedback* feedback = nullptr);
/// "a=b => s=v : p; …" split at ';' and parsed (throws ParameterError naming the statement).
std::vector<BackgroundStatement> parseStatements(const QString& text);
ChartData beliefsChart(const IndividualBeliefs& beliefs, const Workspace& data, bool withKnowledge);
AnalysisDef beliefsAnalysis();

}  // namespace ldv::ui
