// The (τ,ℓ) runner shared by `ldiv experiment` and the workbench (tau_runner.h).
#include "ldiv/tau/tau_runner.h"

#include <limits>
#include <string>

#include "ldiv/data/error.h"
#include "ldiv/tau/sweep_result.h"

namespace ldv {
namespace {

struct TauAlgorithmEntry {
    TauAlgorithm algorithm;
    std::string_view name, label;
};
constexpr TauAlgorithmEntry kEntries[] = {{TauAlgorithm::Sweep, "sweep", "SWEEP"},
                                          {TauAlgorithm::Cld, "cld", "CLD"},
                                          {TauAlgorithm::OneDld, "1dld", "1DLD"}};

const TauAlgorithmEntry& entry(TauAlgorithm algorithm) {
    for (const TauAlgorithmEntry& e : kEntries)
        if (e.algorithm == algorithm) return e;
    throw ParameterError("unknown (tau, l) algorithm");
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace

std::string_view tauAlgorithmName(TauAlgorithm algorithm) {
    return entry(algorithm).name;
}
std::string_view tauAlgorithmLabel(TauAlgorithm algorithm) {
    return entry(algorithm).label;
}

TauAlgorithm parseTauAlgorithm(std::string_view name) {
    for (const TauAlgorithmEntry& e : kEntries)
        if (e.name == name) return e.algorithm;
    throw ParameterError("unknown algorithm '" + std::string(name) + "': use sweep, 1dld, cld");
}

TauRunner::TauRunner(const TauInput& input, std::uint64_t seed, std::vector<double> cValues)
    : m_input(input), m_seed(seed), m_cValues(std::move(cValues)) {
    if (m_cValues.empty()) m_cValues = CldSearch::defaultCValues();
}

TauRunner::~TauRunner() = default;

const CldSearch& TauRunner::cld(Feedback* feedback) {
    if (!m_cld) m_cld = std::make_unique<CldSearch>(m_input, m_cValues, feedback);
    return *m_cld;
}

TauRun TauRunner::compute(TauAlgorithm algorithm, double tau, double l, Feedback* feedback) {
    TauRun r;
    r.algorithm = algorithm;
    if (algorithm == TauAlgorithm::Sweep) {
        SweepOptions o;
        o.tau = tau;
        o.l = l;
        o.seed = m_seed;
        SweepResult s = sweep(m_input, o, feedback);
        r.empty = false;
        r.ms = s.statistics.milliseconds;
        r.recoding = std::move(s.recoding);
        r.e = excessiveProtection(m_input, r.recoding, tau, l);
        r.um = informationUtility(m_input, r.recoding);
        r.l = l;
        r.runs = r.satisfying = 1;
        return r;
    }
    BaselineOutcome b = algorithm == TauAlgorithm::OneDld ? bestOneDld(m_input, tau, l)
                                                          : cld(feedback).best(tau, l);
    r.empty = b.empty;
    r.ms = b.milliseconds;
    r.recoding = std::move(b.recoding);
    r.e = b.empty ? kNaN : b.excessiveProtection;
    r.um = b.empty ? kNaN : b.utility;
    r.c = b.c;
    r.l = b.l;
    r.runs = b.runs;
    r.satisfying = b.satisfyingRuns;
    return r;
}

const TauRun& TauRunner::run(TauAlgorithm algorithm, double tau, double l, Feedback* feedback) {
    const auto key = std::make_tuple(int(algorithm), tau, l);
    if (auto it = m_runs.find(key); it != m_runs.end()) return it->second;
    return m_runs.emplace(key, compute(algorithm, tau, l, feedback)).first->second;
}

const TauRun* TauRunner::find(TauAlgorithm algorithm, double tau, double l) const {
    const auto it = m_runs.find(std::make_tuple(int(algorithm), tau, l));
    return it == m_runs.end() ? nullptr : &it->second;
}

}  // namespace ldv
