#pragma once
// The Privacy perspective's words for the heuristic ("Automatic" in the algorithm list): the
// rule that decides between the exact classification and the anytime heuristic for this
// lattice and time limit, the best node while it runs, and the summary of its outcome.
#include <QString>
#include <optional>

#include "ldiv/project/search_settings.h"

namespace ldv::ui {

struct BestSoFar;
struct SearchOutcome;

/// What the chosen algorithm will do on a lattice of `nodes` nodes: for the heuristic, the
/// rule (exact within the limit up to kHeuristicExactLimit nodes, else the heuristic); for an
/// exact algorithm, a warning above kHeuristicExactLimit and a refusal above
/// kWorkbenchExactLimit, each with a link ("#automatic") offering the heuristic. `warning`
/// is set when the text is a warning. Empty: nothing to say (an exact search of a small
/// lattice).
QString algorithmRuleText(AlgorithmChoice algorithm, double nodes, std::optional<double> timeLimit,
                          bool* warning);

/// The running heuristic's best node so far (or that none satisfies yet).
QString bestSoFarHtml(const std::optional<BestSoFar>& best, Metric metric);

/// The summary of a heuristic run that did not classify the lattice: its node, figures,
/// whether it is proven optimal, and what it checked.
QString heuristicOutcomeHtml(const SearchOutcome& outcome);

}  // namespace ldv::ui
