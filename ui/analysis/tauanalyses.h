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
#include "ldiv/tau_analysis.h"
#include "ldiv/tau_baselines.h"

namespace ldv::ui {

enum class TauAlgorithm { Sweep, Cld, OneDld };
QString tauAlgorithmLabel(TauAlgorithm algorithm);  ///< "SWEEP", "CLD", "1DLD"
inline constexpr TauAlgorithm kTauAlgorithms[] = {TauAlgorithm::Sweep, TauAlgorithm::Cld,
                                                  TauAlgorithm::OneDld};

/// Tian & Zhang 2011's valid requirements: 2 ≤ ℓ ≤ m and 1/ℓ ≤ τ < 1.
bool validTau(double tau, double l, std::size_t m);

/// One algorithm's output for one (τ,ℓ). empty: no output satisfies (e, um NaN).
struct TauRun {
    bool empty = true;
    double e = 0, um = 0, ms = 0;
    LocalRecoding recoding;
};

/// Runs and caches (algorithm, τ, ℓ) → TauRun; CLD's one-pass search is built on first use.
class TauRunner {
public:
    TauRunner(const TauInput& input, std::uint64_t seed);
    ~TauRunner();
    const TauRun& run(TauAlgorithm algorithm, double tau, double l, Feedback* feedback = nullptr);
    /// nullptr when (algorithm, τ, ℓ) was not run.
    const TauRun* find(TauAlgorithm algorithm, double tau, double l) const;

private:
    const TauInput& m_input;
    std::uint64_t m_seed;
    std::unique_ptr<CldSearch> m_cld;
    std::map<std::tuple<int, double, double>, TauRun> m_runs;
};

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
