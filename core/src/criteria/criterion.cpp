// Criterion: binding a spec to a dictionary, dispatch, descriptions (criteria.h).
#include "ldiv/criteria/criterion.h"
#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>

namespace ldv {

namespace {

std::string allowedValues(const std::vector<std::string>& dictionary) {
    std::string out;
    for (const std::string& value : dictionary) {
        if (!out.empty()) out += ", ";
        out += "'" + value + "'";
    }
    return out.empty() ? std::string("(the dictionary is empty)") : out;
}

std::uint32_t codeOf(const std::string& value, const std::vector<std::string>& dictionary,
                     std::string_view key, const CriterionSpec& spec) {
    const auto it = std::find(dictionary.begin(), dictionary.end(), value);
    if (it == dictionary.end()) {
        const std::string where =
            spec.attribute.empty() ? std::string("the sensitive attribute") : spec.attribute;
        throw ParameterError("criterion '" + formatCriterionSpec(spec) + "': " + std::string(key) +
                             " value '" + value + "' is not a value of " + where +
                             "; allowed values: " + allowedValues(dictionary));
    }
    return std::uint32_t(it - dictionary.begin());
}

std::vector<std::uint8_t> maskOf(const std::vector<std::string>& values,
                                 const std::vector<std::string>& dictionary, std::string_view key,
                                 const CriterionSpec& spec) {
    std::vector<std::uint8_t> mask(dictionary.size(), 0);
    for (const std::string& value : values) mask[codeOf(value, dictionary, key, spec)] = 1;
    return mask;
}

std::string joined(const std::vector<std::string>& values) {
    std::string out;
    for (const std::string& v : values) out += (out.empty() ? "" : ", ") + v;
    return "{" + out + "}";
}

}  // namespace

Criterion::Criterion(CriterionSpec spec, CriterionVariant variant)
    : m_spec(std::move(spec)), m_variant(std::move(variant)) {}

Criterion Criterion::bind(const CriterionSpec& spec, const std::vector<std::string>& dictionary) {
    const auto& p = spec.parameters;
    auto whole = [](double v) { return std::uint32_t(v); };
    switch (spec.kind) {
        case CriterionKind::KAnonymity:
            return {spec, KAnonymity{std::uint64_t(p[0])}};
        case CriterionKind::DistinctL:
            return {spec, DistinctL{whole(p[0])}};
        case CriterionKind::EntropyL:
            if (spec.dontCare.empty()) return {spec, EntropyL{p[0]}};
            return {spec,
                    EntropyLDontCare{p[0], maskOf(spec.dontCare, dictionary, "dontcare", spec)}};
        case CriterionKind::RecursiveCL:
            return {spec, RecursiveCL{p[0], whole(p[1])}};
        case CriterionKind::PdRecursiveCL:
            return {spec, PdRecursiveCL{p[0], whole(p[1]),
                                        maskOf(spec.dontCare, dictionary, "dontcare", spec)}};
        case CriterionKind::NpdRecursiveCL: {
            std::vector<std::uint32_t> protectedCodes;
            for (const std::string& value : spec.protectedValues)
                protectedCodes.push_back(codeOf(value, dictionary, "protected", spec));
            return {spec, NpdRecursiveCL{p[0], p[1], whole(p[2]),
                                         maskOf(spec.dontCare, dictionary, "dontcare", spec),
                                         std::move(protectedCodes)}};
        }
        case CriterionKind::SimpleL:
            return {spec, SimpleL{p[0]}};
        case CriterionKind::TCloseness:
        case CriterionKind::DeltaDisclosure:
        case CriterionKind::BetaLikeness:
            throw ParameterError(
                "criterion '" + formatCriterionSpec(spec) +
                "' compares classes with the whole table: it must be bound with the data");
        case CriterionKind::KMap:
        case CriterionKind::PopulationUniqueness:
            throw ParameterError(
                "criterion '" + formatCriterionSpec(spec) +
                "' needs the population size: give --population-size N (the number of "
                "people the data is a sample of)");
        case CriterionKind::AverageRisk:
        case CriterionKind::SampleUniqueness:
            return {spec, NodeRisk{spec.kind, p[0], {}, 0}};
        case CriterionKind::IndividualRisk:
        case CriterionKind::GlobalRisk:
            // Bound as is: the classes carry the weight sums (Dataset::setSurveyWeights);
            // bindCriteria refuses data without them.
            return {spec, NodeRisk{spec.kind, p[0], {}, 0}};
        case CriterionKind::DifferentialPrivacy:
            throw ParameterError(
                "criterion '" + formatCriterionSpec(spec) +
                "' is not a property of a node's classes but a randomized mechanism (SafePub) that "
                "chooses the node itself: run `ldiv generalize -c " +
                formatCriterionSpec(spec) + " -o OUT.csv` (no --node), see docs/dp.md");
        case CriterionKind::DeltaPresence: {
            // `dictionary` is the membership attribute's (research_subset.h): "out", "in".
            const auto in = std::find(dictionary.begin(), dictionary.end(), "in");
            if (dictionary.empty() || in == dictionary.end())
                throw ParameterError(
                    "criterion '" + formatCriterionSpec(spec) +
                    "' needs the research subset, the rows that are published: give "
                    "--research-subset COL=VALUE or --research-subset FILE.csv (the loaded table "
                    "is the population)");
            return {spec, DeltaPresence{p[0], p[1], std::uint32_t(in - dictionary.begin())}};
        }
        case CriterionKind::TauL:
            if (!dictionary.empty()) {
                try {
                    validateTau(p[0], p[1], dictionary.size());
                } catch (const ParameterError& e) {
                    const std::string where = spec.attribute.empty()
                                                  ? std::string("the sensitive attribute")
                                                  : spec.attribute;
                    throw ParameterError(
                        "criterion '" + formatCriterionSpec(spec) + "': " + e.what() + " (" +
                        where + " has m = " + std::to_string(dictionary.size()) + " values)");
                }
            }
            return {spec, TauL{p[0], p[1]}};
    }
    throw ParameterError("unknown criterion kind");
}

std::uint64_t Criterion::kMapDerivedK(double k, double rows, double populationSize) {
    const double alpha = 0.01;
    const double lambda = k * rows / populationSize;
    // Smallest c with the Poisson(λ) CDF ≥ 1 − α, summing P(X = i) = e^−λ λ^i / i! upwards.
    double term = std::exp(-lambda), cdf = term;
    std::uint64_t c = 0;
    while (cdf < 1 - alpha) {
        ++c;
        term *= lambda / double(c);
        cdf += term;
    }
    return std::min<std::uint64_t>(std::uint64_t(k), c + 1);
}

Criterion Criterion::bindKMap(const CriterionSpec& spec, double rows, double populationSize) {
    if (spec.kind != CriterionKind::KMap) return bind(spec, {});
    if (populationSize <= 0) return bind(spec, {});  // throws: needs the population size
    if (!(populationSize >= rows))
        throw ParameterError("criterion '" + formatCriterionSpec(spec) + "': the population size " +
                             formatNumber(populationSize) + " is smaller than the " +
                             formatNumber(rows) + " rows of the data; it must be at least that");
    return {spec, KAnonymity{kMapDerivedK(spec.parameters[0], rows, populationSize)}};
}

bool Criterion::isNodeLevel(CriterionKind kind) {
    return !criterionCapabilities(kind).judgedPerClass;
}

Criterion Criterion::bindRisk(const CriterionSpec& spec, double rows, double populationSize) {
    if (spec.kind != CriterionKind::PopulationUniqueness) return bind(spec, {});
    if (populationSize <= 0) return bind(spec, {});  // throws: needs the population size
    if (!(populationSize >= rows))
        throw ParameterError("criterion '" + formatCriterionSpec(spec) + "': the population size " +
                             formatNumber(populationSize) + " is smaller than the " +
                             formatNumber(rows) + " rows of the data; it must be at least that");
    return {spec, NodeRisk{spec.kind, spec.parameters[0], spec.variant, populationSize}};
}

bool Criterion::isClassSize() const {
    return criterionCapabilities(m_spec.kind).classSize;
}

bool Criterion::needsTableDistribution(CriterionKind kind) {
    return criterionCapabilities(kind).needsTableDistribution;
}

Criterion Criterion::bind(const CriterionSpec& spec, const std::vector<std::string>& dictionary,
                          std::span<const std::uint64_t> tableCounts,
                          const SensitiveTaxonomy* taxonomy) {
    if (!needsTableDistribution(spec.kind)) return bind(spec, dictionary);
    const std::string where = spec.attribute.empty() ? std::string("the sensitive attribute")
                                                     : "'" + spec.attribute + "'";
    std::vector<double> p = tableDistribution(tableCounts);
    p.resize(dictionary.size(), 0);
    const double x = spec.parameters[0];
    switch (spec.kind) {
        case CriterionKind::TCloseness: {
            if (spec.variant == "hierarchical") {
                if (taxonomy == nullptr)
                    throw ParameterError(
                        "criterion '" + formatCriterionSpec(spec) +
                        "': the hierarchical distance needs a hierarchy of " + where +
                        "; give one with --hierarchy COL=FILE (or in the project), or use "
                        "t-closeness=T or t-closeness=T:ordered");
                if (taxonomy->baseCount() != dictionary.size())
                    throw ParameterError(
                        "criterion '" + formatCriterionSpec(spec) + "': the hierarchy of " + where +
                        " has " + std::to_string(taxonomy->baseCount()) +
                        " base values, the data " + std::to_string(dictionary.size()));
                TCloseness t{x, std::move(p), {}, {}, {}, {}};
                setHierarchicalDistance(t, *taxonomy);
                return {spec, std::move(t)};
            }
            std::vector<std::uint32_t> order;
            if (spec.variant == "ordered") {
                std::vector<double> values(dictionary.size());
                for (std::size_t s = 0; s < dictionary.size(); ++s) {
                    const std::string& v = dictionary[s];
                    const auto [end, ec] =
                        std::from_chars(v.data(), v.data() + v.size(), values[s]);
                    if (v.empty() || ec != std::errc() || end != v.data() + v.size() ||
                        !std::isfinite(values[s]))
                        throw ParameterError(
                            "criterion '" + formatCriterionSpec(spec) +
                            "': the ordered distance needs a numeric sensitive attribute, " +
                            where + " has the value '" + v +
                            "'; use t-closeness=T (equal distance) instead");
                }
                order.resize(dictionary.size());
                std::iota(order.begin(), order.end(), 0u);
                std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
                    return values[a] < values[b];
                });
            }
            return {spec, TCloseness{x, std::move(p), std::move(order), {}, {}, {}}};
        }
        case CriterionKind::DeltaDisclosure:
            return {spec, DeltaDisclosure{x, std::move(p)}};
        case CriterionKind::BetaLikeness:
            return {spec, BetaLikeness{x, spec.variant == "enhanced", std::move(p)}};
        default:
            return bind(spec, dictionary);
    }
}

Criterion Criterion::parse(std::string_view text, const std::vector<std::string>& dictionary) {
    return bind(parseCriterionSpec(text), dictionary);
}

bool Criterion::holds(Histogram counts) const {
    return std::visit([counts](const auto& c) { return c.holds(counts); }, m_variant);
}

double Criterion::measure(Histogram counts) const {
    return std::visit([counts](const auto& c) { return c.measure(counts); }, m_variant);
}

double Criterion::threshold() const {
    if (m_spec.kind == CriterionKind::TauL || m_spec.kind == CriterionKind::DeltaPresence)
        return 0.0;
    if (m_spec.kind == CriterionKind::BetaLikeness && m_spec.variant == "enhanced") return 1.0;
    if (m_spec.kind == CriterionKind::KMap) return double(std::get<KAnonymity>(m_variant).k);
    return m_spec.parameters.back();
}

bool Criterion::measureHigherIsBetter() const {
    return criterionCapabilities(m_spec.kind).measureHigherIsBetter;
}

bool Criterion::isMonotone() const {
    return criterionCapabilities(m_spec.kind).monotone;
}

bool Criterion::isMonotoneWithSuppression() const {
    return criterionCapabilities(m_spec.kind).monotoneWithSuppression;
}

bool Criterion::judgesPopulation() const {
    return criterionCapabilities(m_spec.kind).needsResearchSubset;
}

std::string Criterion::describe() const {
    const auto& p = m_spec.parameters;
    std::string out;
    switch (m_spec.kind) {
        case CriterionKind::KAnonymity:
            out = formatNumber(p[0]) + "-anonymity";
            break;
        case CriterionKind::DistinctL:
            out = "distinct " + formatNumber(p[0]) + "-diversity";
            break;
        case CriterionKind::EntropyL:
            out = "entropy " + formatNumber(p[0]) + "-diversity";
            if (!m_spec.dontCare.empty()) out += " with don't-care set " + joined(m_spec.dontCare);
            break;
        case CriterionKind::RecursiveCL:
            out = "recursive (" + formatNumber(p[0]) + ", " + formatNumber(p[1]) + ")-diversity";
            break;
        case CriterionKind::PdRecursiveCL:
            out = "pd-recursive (" + formatNumber(p[0]) + ", " + formatNumber(p[1]) +
                  ")-diversity with don't-care set " + joined(m_spec.dontCare);
            break;
        case CriterionKind::NpdRecursiveCL:
            out = "npd-recursive (" + formatNumber(p[0]) + ", " + formatNumber(p[1]) + ", " +
                  formatNumber(p[2]) + ")-diversity with don't-care set " +
                  joined(m_spec.dontCare) + " and protected set " + joined(m_spec.protectedValues);
            break;
        case CriterionKind::SimpleL:
            out = "simple " + formatNumber(p[0]) + "-diversity";
            break;
        case CriterionKind::TauL:
            out = "functional (" + formatNumber(p[0]) + ", " + formatNumber(p[1]) + ")-diversity";
            break;
        case CriterionKind::TCloseness:
            out = formatNumber(p[0]) + "-closeness (" +
                  (m_spec.variant == "ordered"        ? std::string("ordered")
                   : m_spec.variant == "hierarchical" ? std::string("hierarchical")
                                                      : std::string("equal")) +
                  " distance)";
            break;
        case CriterionKind::KMap:
            out = formatNumber(p[0]) + "-map (estimated as " +
                  std::to_string(std::get<KAnonymity>(m_variant).k) +
                  "-anonymity, Poisson, alpha 0.01)";
            break;
        case CriterionKind::DeltaDisclosure:
            out = formatNumber(p[0]) + "-disclosure privacy";
            break;
        case CriterionKind::BetaLikeness:
            out = (m_spec.variant == "enhanced" ? "enhanced " : "basic ") + formatNumber(p[0]) +
                  "-likeness";
            break;
        case CriterionKind::AverageRisk:
            out = "average prosecutor risk at most " + formatNumber(p[0]);
            break;
        case CriterionKind::SampleUniqueness:
            out = "sample uniques at most " + formatNumber(p[0]) + " of the records";
            break;
        case CriterionKind::PopulationUniqueness:
            out = "population uniques at most " + formatNumber(p[0]) + " (" + m_spec.variant +
                  " estimate)";
            break;
        case CriterionKind::IndividualRisk:
            out = "individual re-identification risk from the survey weights at most " +
                  formatNumber(p[0]) + " for every record";
            break;
        case CriterionKind::GlobalRisk:
            out = "expected number of re-identifications from the survey weights at most " +
                  formatNumber(p[0]);
            break;
        case CriterionKind::DifferentialPrivacy:
            out = "(" + formatNumber(p[0]) + ", " + formatNumber(p[1]) +
                  ")-differential privacy (SafePub)";
            break;
        case CriterionKind::DeltaPresence:
            out = "delta-presence: between " + formatNumber(p[0]) + " and " + formatNumber(p[1]) +
                  " of each class of the population in the research subset";
            break;
    }
    if (!m_spec.attribute.empty()) out += " on " + m_spec.attribute;
    if (m_spec.multiAttribute)
        out += " (multi-attribute: other sensitive attributes join the quasi-identifier)";
    return out;
}

}  // namespace ldv
