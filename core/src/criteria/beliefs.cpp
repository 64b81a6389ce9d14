// Bayes-optimal beliefs and background-knowledge statements, Machanavajjhala et al. 2007 §3
// (criteria_beliefs.h).
#include "data/text_util.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/criteria/disclosure_report.h"
#include "ldiv/data/error.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <tuple>

namespace ldv {

namespace {

double term(std::span<const double> priorGivenQ, std::span<const double> priorGivenQStar,
            std::span<const std::uint32_t> classCounts, std::size_t s) {
    const std::uint32_t n = classCounts[s];
    if (n == 0) return 0;
    const double fq = s < priorGivenQ.size() ? priorGivenQ[s] : 0.0;
    const double fqStar = s < priorGivenQStar.size() ? priorGivenQStar[s] : 0.0;
    if (!(fqStar > 0))
        throw ParameterError("observed belief: f(s|q*) = 0 for sensitive code " +
                             std::to_string(s) + " although the class holds " + std::to_string(n) +
                             " such rows; the prior over q* must be positive where the data is");
    return double(n) * fq / fqStar;
}

std::pair<std::string, std::string> assignment(std::string_view text, std::string_view statement) {
    const std::size_t eq = text.find('=');
    const std::string attribute(detail::trimBlanks(text.substr(0, eq)));
    const std::string value(eq == std::string_view::npos ? ""
                                                         : detail::trimBlanks(text.substr(eq + 1)));
    if (eq == std::string_view::npos || attribute.empty() || value.empty())
        throw ParameterError("background knowledge '" + std::string(statement) + "': '" +
                             std::string(detail::trimBlanks(text)) + "' must be attribute=value");
    return {attribute, value};
}

}  // namespace

double observedBelief(std::span<const double> priorGivenQ, std::span<const double> priorGivenQStar,
                      std::span<const std::uint32_t> classCounts, std::size_t s) {
    double denominator = 0;
    for (std::size_t t = 0; t < classCounts.size(); ++t)
        denominator += term(priorGivenQ, priorGivenQStar, classCounts, t);
    if (!(denominator > 0)) return std::numeric_limits<double>::quiet_NaN();
    return s < classCounts.size() ? term(priorGivenQ, priorGivenQStar, classCounts, s) / denominator
                                  : 0.0;
}

void observedBeliefs(std::span<const double> priorGivenQ, std::span<const double> priorGivenQStar,
                     std::span<const std::uint32_t> classCounts, std::vector<double>& out) {
    out.assign(classCounts.size(), 0.0);
    double denominator = 0;
    for (std::size_t t = 0; t < classCounts.size(); ++t)
        denominator += out[t] = term(priorGivenQ, priorGivenQStar, classCounts, t);
    for (double& b : out)
        b = denominator > 0 ? b / denominator : std::numeric_limits<double>::quiet_NaN();
}

bool positiveDisclosure(double belief, double delta) {
    return belief > 1.0 - delta;
}

bool negativeDisclosure(double belief, double epsilon) {
    return belief < epsilon;
}

bool rhoBreach(double prior, double belief, double rho1, double rho2) {
    return (prior < rho1 && belief > rho2) || (prior > 1.0 - rho1 && belief < 1.0 - rho2);
}

DisclosureReport assessDisclosure(std::span<const double> priorGivenQ,
                                  std::span<const double> priorGivenQStar,
                                  std::span<const std::uint32_t> classCounts, std::size_t trueS,
                                  double delta, double epsilon) {
    DisclosureReport report;
    observedBeliefs(priorGivenQ, priorGivenQStar, classCounts, report.beliefs);
    if (trueS < report.beliefs.size())
        report.positive = positiveDisclosure(report.beliefs[trueS], delta);
    for (std::size_t s = 0; s < report.beliefs.size(); ++s)
        if (s != trueS && negativeDisclosure(report.beliefs[s], epsilon))
            report.negativeCodes.push_back(s);
    return report;
}

BackgroundStatement parseBackgroundStatement(std::string_view text) {
    BackgroundStatement statement;
    const std::size_t arrow = text.find("=>");
    if (arrow == std::string_view::npos)
        throw ParameterError("background knowledge '" + std::string(text) +
                             "': missing '=>'; write e.g. nationality=Japanese => "
                             "condition=Heart Disease : 0.01");
    const std::string_view left = text.substr(0, arrow);
    const std::string_view right = text.substr(arrow + 2);
    std::size_t start = 0;
    while (start <= left.size()) {
        const std::size_t amp = std::min(left.find('&', start), left.size());
        statement.given.push_back(assignment(left.substr(start, amp - start), text));
        start = amp + 1;
    }
    const std::size_t colon = right.rfind(':');
    if (colon == std::string_view::npos)
        throw ParameterError("background knowledge '" + std::string(text) +
                             "': missing ': probability' after the sensitive value");
    std::tie(statement.attribute, statement.value) = assignment(right.substr(0, colon), text);
    const std::string_view number = detail::trimBlanks(right.substr(colon + 1));
    const auto [end, ec] =
        std::from_chars(number.data(), number.data() + number.size(), statement.probability);
    if (number.empty() || ec != std::errc() || end != number.data() + number.size())
        throw ParameterError("background knowledge '" + std::string(text) + "': '" +
                             std::string(number) + "' is not a number (a probability in [0, 1])");
    if (!(statement.probability >= 0 && statement.probability <= 1))
        throw ParameterError("background knowledge '" + std::string(text) + "': probability " +
                             formatNumber(statement.probability) + " is outside [0, 1]");
    return statement;
}

std::string formatBackgroundStatement(const BackgroundStatement& statement) {
    std::string out;
    for (const auto& [attribute, value] : statement.given)
        out += (out.empty() ? "" : " & ") + attribute + "=" + value;
    return out + " => " + statement.attribute + "=" + statement.value + " : " +
           formatNumber(statement.probability);
}

void applyBackgroundKnowledge(std::span<double> distribution, std::size_t s, double p) {
    if (s >= distribution.size())
        throw ParameterError("background knowledge: sensitive code " + std::to_string(s) +
                             " is outside the distribution of " +
                             std::to_string(distribution.size()) + " values");
    double rest = 0;
    for (std::size_t t = 0; t < distribution.size(); ++t)
        if (t != s) rest += distribution[t];
    for (std::size_t t = 0; t < distribution.size(); ++t) {
        if (t == s) continue;
        if (rest > 0)
            distribution[t] *= (1.0 - p) / rest;
        else
            distribution[t] = (1.0 - p) / double(distribution.size() - 1);
    }
    distribution[s] = p;
}

}  // namespace ldv
