#pragma once
// (ε, δ)-differential privacy by SafePub (Bild, Kuhn & Prasser 2018): random sampling with
// probability β, a full-domain generalization chosen with the exponential mechanism, and
// k-threshold suppression (every published class has at least k sampled rows). β and k
// follow from ε and δ by Li, Qardaji & Su (2012)'s theorem on "safe" k-anonymization after
// sampling; docs/dp.md states the formulas and what the guarantee covers.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "ldiv/lattice/dataset.h"

namespace ldv {

/// ε and δ and what follows from them (docs/dp.md §Parameters).
struct DpParameters {
    double epsilon = 0;        ///< the whole budget
    double delta = 0;          ///< the δ of (ε, δ)-DP
    double epsilonSearch = 0;  ///< spent by the exponential mechanism (searchShare · ε)
    double epsilonAnon = 0;    ///< spent by sampling and k-threshold suppression (ε − ε_search)
    double beta = 0;           ///< sampling probability 1 − e^(−ε_anon)
    std::uint32_t k = 0;       ///< smallest k with d(k, β, ε_anon) ≤ δ
};

/// The fraction of ε that the search spends by default (SafePub's evaluation and ARX's
/// default: 10%).
inline constexpr double kDefaultSearchShare = 0.1;
/// The number of exponential-mechanism steps by default (ldiv's choice, docs/dp.md).
inline constexpr int kDefaultSafePubSteps = 300;

/// β = 1 − e^(−ε_anon), k from δ (dpDelta). ParameterError unless ε > 0, 0 < δ < 1,
/// 0 ≤ searchShare < 1.
DpParameters dpParameters(double epsilon, double delta, double searchShare = kDefaultSearchShare);

/// Li, Qardaji & Su (2012) Theorem: d(k, β, ε) = max over n ≥ n_m of
/// Σ_{j > γn}^{n} C(n, j) β^j (1 − β)^(n − j), with γ = (e^ε − 1 + β) / e^ε and
/// n_m = ⌈k / γ − 1⌉; the maximum is taken until the Chernoff bound
/// e^(−n (γ ln(γ/β) − (γ − β))) falls below it.
double dpDelta(std::uint32_t k, double beta, double epsilon);

/// Uniform doubles in [0, 1): from OpenSSL's CSPRNG (RAND_bytes), or from std::mt19937_64 with
/// a seed for a reproducible run, which is then no longer private (anyone with the seed
/// replays the sample and every choice).
class RandomSource {
public:
    virtual ~RandomSource() = default;
    virtual double uniform() = 0;
    /// True for the seeded generator.
    virtual bool reproducible() const = 0;
};
std::unique_ptr<RandomSource> makeRandomSource(std::optional<std::uint64_t> seed);

/// The exponential mechanism (McSherry & Talwar 2007) over scores of sensitivity 1:
/// P(i) ∝ exp(ε · score_i / 2).
std::vector<double> exponentialProbabilities(std::span<const double> scores, double epsilon);
/// One index drawn with exponentialProbabilities.
std::size_t exponentialSelect(std::span<const double> scores, double epsilon, RandomSource& rng);

/// SafePub's score functions (Bild et al. 2018 §5), already divided by their sensitivity.
enum class DpScore { Granularity, Discernibility };

/// The score of a node on the sample (`sampled[row]` = 1), sampled rows in classes below k
/// suppressed and the rows outside the sample counted as suppressed, as SafePub scores.
double safePubScore(const Dataset& data, std::span<const int> levels,
                    std::span<const std::uint8_t> sampled, std::uint32_t k, DpScore score);

struct SafePubOptions {
    double epsilon = 1;
    double delta = 1e-5;
    double searchShare = kDefaultSearchShare;
    int steps = kDefaultSafePubSteps;
    DpScore score = DpScore::Granularity;
    /// Given: std::mt19937_64, reproducible and not private. Absent: the CSPRNG.
    std::optional<std::uint64_t> seed;
};

struct SafePubResult {
    DpParameters parameters;
    int steps = 0;               ///< steps the search took (fewer when the candidates ran out)
    Levels levels;               ///< the chosen node
    std::vector<Levels> pivots;  ///< the top, then the node drawn at each step
    double score = 0;            ///< its score
    std::vector<std::uint8_t> sampled;          ///< per row: 1 when drawn into the sample
    std::vector<std::uint32_t> suppressedRows;  ///< sampled rows of classes below k
    std::size_t sampledRows = 0;
    bool reproducible = false;  ///< seeded: not private
};

/// Runs SafePub on the rows of `data` (an ungrouped, unsampled Dataset). The search starts
/// at the top of the lattice; each step adds the current pivot's predecessors to the
/// candidates, removes the pivot, and draws the next pivot with the exponential mechanism
/// at ε_search / steps; the best-scoring pivot is the output (as in ARX's implementation).
SafePubResult safePub(const Dataset& data, const SafePubOptions& options);

}  // namespace ldv
