#pragma once
// The (τ,ℓ) analyses of Tian & Zhang 2011 §5 for SWEEP, CLD and 1DLD: excessive protection e(P)
// over a grid of requirements (a colour map plus slices along τ and ℓ, Figs 9–11) and information
// um(G) / count-query error (Figs 14–16, 19–21). Each algorithm is run as `ldiv experiment`
// runs it: SWEEP's own output; CLD and 1DLD tried over every ℓ′ (and c), keeping the output
// that satisfies (τ,ℓ) with the least e(P) (Tian & Zhang 2011 §5.2).
#include <map>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "analysis/analyses.h"
#include "ldiv/tau/baseline_outcome.h"
#include "ldiv/tau/tau_analysis.h"
#include "ldiv/tau/tau_runner.h"

namespace ldv::ui {

/// "SWEEP", "CLD", "1DLD": ldv::tauAlgorithmLabel as a QString (another name, since ADL would
/// make a QString overload of the same name ambiguous).
QString tauAlgorithmText(TauAlgorithm algorithm);

/// e(P) of `mapAlgorithm` on the grid taus × ls (a ColorMap panel, NaN for invalid or empty
/// cells), and e(P) of every algorithm along τ at ℓ = sliceL and along ℓ at τ = sliceTau.
ChartData tauProtectionChart(const TauRunner& runs, const std::vector<double>& taus,
                             const std::vector<double>& ls, TauAlgorithm mapAlgorithm,
                             double sliceTau, double sliceL, const TauInput& input,
                             const Workspace& data);
/// um(G) per requirement of the grid (grouped bars), and for (queryTau, queryL) the average
/// relative count-query error per number of dimensions s and per sensitive value (Tian & Zhang 2011
/// §5.3.3).
ChartData tauInformationChart(const TauRunner& runs,
                              const std::vector<std::pair<double, double>>& requirements,
                              double queryTau, double queryL, const CountQueryWorkload& workload,
                              const TauInput& input, const Workspace& data);

AnalysisDef tauProtectionAnalysis();
AnalysisDef tauInformationAnalysis();

}  // namespace ldv::ui
