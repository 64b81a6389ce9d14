#pragma once
// Bayes-optimal privacy (Machanavajjhala et al. 2007 §3, SPEC §4): the adversary's prior α(q,s) =
// f(s|q) and the observed belief after the publication of T*,
//   β(q,s,T*) = n(q*,s)·f(s|q)/f(s|q*) / Σ_{s′} n(q*,s′)·f(s′|q)/f(s′|q*)   (Machanavajjhala et al.
//   2007 Thm 3.1).
// Pure functions over small vectors indexed by sensitive code; the caller estimates the
// priors from the table. Also the background-knowledge statements users type.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ldv {

/// β(q,s,T*) for one s. `priorGivenQ` = f(·|q), `priorGivenQStar` = f(·|q*), `classCounts`
/// = n(q*,·). Terms with n(q*,s′) = 0 contribute 0; f(s′|q*) = 0 with n(q*,s′) > 0 throws
/// ParameterError (the prior contradicts the data). NaN when every term is 0 (the
/// adversary's knowledge rules out every value present). With f(·|q) = f(·|q*) this is
/// n(q*,s)/N.
double observedBelief(std::span<const double> priorGivenQ, std::span<const double> priorGivenQStar,
                      std::span<const std::uint32_t> classCounts, std::size_t s);
/// β for every code into `out` (resized to classCounts.size()).
void observedBeliefs(std::span<const double> priorGivenQ, std::span<const double> priorGivenQStar,
                     std::span<const std::uint32_t> classCounts, std::vector<double>& out);

/// Positive disclosure (Machanavajjhala et al. 2007 Def. 3.1): β(q,s,T*) > 1 − δ for the
/// individual's true s.
bool positiveDisclosure(double belief, double delta);
/// Negative disclosure (Machanavajjhala et al. 2007 Def. 3.2): β(q,s,T*) < ε for a value s the
/// individual does not have.
bool negativeDisclosure(double belief, double epsilon);
/// (ρ1,ρ2)-privacy breach (Machanavajjhala et al. 2007 Def. 3.3, SPEC §4): α < ρ1 and β > ρ2, or α
/// > 1 − ρ1 and β < 1 − ρ2.
bool rhoBreach(double prior, double belief, double rho1, double rho2);

/// Per-individual summary for one QI value q in one class.
struct DisclosureReport {
    std::vector<double> beliefs;             ///< β(q,s,T*) for every code s
    bool positive = false;                   ///< β(true s) > 1 − δ
    std::vector<std::size_t> negativeCodes;  ///< every s ≠ true s with β < ε
};
DisclosureReport assessDisclosure(std::span<const double> priorGivenQ,
                                  std::span<const double> priorGivenQStar,
                                  std::span<const std::uint32_t> classCounts, std::size_t trueS,
                                  double delta, double epsilon);

/// "nationality=Japanese & age=30 => condition=Heart Disease : 0.01": overrides
/// f(condition=Heart Disease | nationality=Japanese, age=30) to 0.01; the rest of that
/// conditional distribution is renormalized proportionally (applyBackgroundKnowledge).
struct BackgroundStatement {
    std::vector<std::pair<std::string, std::string>> given;  ///< (attribute, value), left side
    std::string attribute;                                   ///< sensitive attribute
    std::string value;                                       ///< sensitive value
    double probability = 0;                                  ///< in [0, 1]

    bool operator==(const BackgroundStatement&) const = default;
};

/// Throws ParameterError saying what is malformed (missing "=>", ":", "=", a probability
/// outside [0, 1], an empty name or value). Spaces around tokens are trimmed.
BackgroundStatement parseBackgroundStatement(std::string_view text);
std::string formatBackgroundStatement(const BackgroundStatement& statement);

/// Sets distribution[s] = p and scales the other entries by (1−p)/Σ(others) so the sum becomes
/// 1 (for a normalized input that is (1−p)/(1−old)); if the others are all 0, the remaining
/// mass 1−p is spread evenly over them. Throws ParameterError when s is out of range.
void applyBackgroundKnowledge(std::span<double> distribution, std::size_t s, double p);

}  // namespace ldv
