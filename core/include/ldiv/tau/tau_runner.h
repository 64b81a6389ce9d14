#pragma once
// Running the (τ,ℓ) algorithms of Tian & Zhang 2011 over a grid of requirements, as both the
// `ldiv experiment` commands and the workbench's (τ,ℓ) analyses do: SWEEP's own output; CLD and
// 1DLD tried over every ℓ′ (and c), keeping the output that satisfies (τ,ℓ) with the least e(P)
// (Tian & Zhang 2011 §5.2).
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

#include "ldiv/data/feedback.h"
#include "ldiv/tau/baseline_outcome.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

enum class TauAlgorithm { Sweep, Cld, OneDld };
inline constexpr TauAlgorithm kTauAlgorithms[] = {TauAlgorithm::Sweep, TauAlgorithm::Cld,
                                                  TauAlgorithm::OneDld};
/// "sweep", "cld", "1dld": the command line's names.
std::string_view tauAlgorithmName(TauAlgorithm algorithm);
/// "SWEEP", "CLD", "1DLD": as the paper writes them.
std::string_view tauAlgorithmLabel(TauAlgorithm algorithm);
/// ParameterError listing the names for an unknown one.
TauAlgorithm parseTauAlgorithm(std::string_view name);

/// One algorithm's output for one (τ,ℓ). empty: no output satisfies (e, um NaN).
struct TauRun {
    TauAlgorithm algorithm = TauAlgorithm::Sweep;
    bool empty = true;
    LocalRecoding recoding;
    double e = 0;   ///< excessive protection e(P)
    double um = 0;  ///< information utility um(G)
    double ms = 0;
    /// The chosen c and ℓ′ (SWEEP: c = 0, ℓ′ = ℓ), the runs tried and how many satisfied.
    double c = 0, l = 0;
    std::size_t runs = 0, satisfying = 0;
};

/// Runs (algorithm, τ, ℓ) on one input; CLD's one lattice pass is made on first use and
/// shared by every requirement. `input` must outlive the runner.
class TauRunner {
public:
    /// `seed`: SWEEP's row order. `cValues`: the c CLD tries (empty: CldSearch's defaults).
    TauRunner(const TauInput& input, std::uint64_t seed, std::vector<double> cValues = {});
    ~TauRunner();
    TauRunner(const TauRunner&) = delete;
    TauRunner& operator=(const TauRunner&) = delete;

    /// Runs without keeping the result (a long grid of large outputs).
    TauRun compute(TauAlgorithm algorithm, double tau, double l, Feedback* feedback = nullptr);
    /// Runs once and keeps the result for find().
    const TauRun& run(TauAlgorithm algorithm, double tau, double l, Feedback* feedback = nullptr);
    /// nullptr when (algorithm, τ, ℓ) was not run().
    const TauRun* find(TauAlgorithm algorithm, double tau, double l) const;
    const CldSearch& cld(Feedback* feedback = nullptr);

private:
    const TauInput& m_input;
    std::uint64_t m_seed;
    std::vector<double> m_cValues;
    std::unique_ptr<CldSearch> m_cld;
    std::map<std::tuple<int, double, double>, TauRun> m_runs;
};

}  // namespace ldv
