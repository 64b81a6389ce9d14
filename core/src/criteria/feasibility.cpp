// What the whole table allows (criteria.h: feasibility): for a criterion declared monotone
// (criterion_catalogue.h) the table as a single class (the top of the lattice) bounds every
// generalization; feasibilityWarnings asks only those.
#include "criteria/sorted_counts.h"
#include "ldiv/criteria/criterion.h"

#include <cmath>
#include <cstdio>

namespace ldv {

namespace {

// "At most" bounds are rounded down (10.5669 → "10.56"): every ℓ up to the printed value is
// reachable, while a rounded-up bound (10.57) would invite an ℓ that is impossible.
std::string roundedDown(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2f", std::floor(value * 100.0 + 1e-9) / 100.0);
    return buffer;
}

// Excesses and shares are rounded up, so a tiny excess never prints as 0.00.
std::string roundedUp(double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2f", std::ceil(value * 100.0 - 1e-9) / 100.0);
    return buffer;
}

std::string wholeNumber(double value) {
    return std::isinf(value) ? std::string("unbounded") : formatNumber(std::floor(value));
}

}  // namespace

std::uint64_t simpleEligibility(Histogram tableCounts) {
    std::uint64_t n = 0;
    std::uint32_t r1 = 0;
    for (std::uint32_t c : tableCounts) {
        n += c;
        r1 = std::max(r1, c);
    }
    return r1 == 0 ? 0 : n / r1;
}

std::uint32_t maxRecursiveL(double c, Histogram counts) {
    return std::uint32_t(RecursiveCL{c, 1}.measure(counts));
}

Feasibility feasibility(const Criterion& criterion, Histogram tableCounts,
                        std::string_view attributeName) {
    Feasibility result;
    result.feasible = criterion.holds(tableCounts);
    result.bound = criterion.measure(tableCounts);
    if (criterion.kind() == CriterionKind::SimpleL)
        result.bound = double(simpleEligibility(tableCounts));
    if (result.feasible) return result;

    const std::string attribute(attributeName.empty() ? std::string_view("the sensitive attribute")
                                                      : attributeName);
    const auto& p = criterion.definition().parameters;
    const std::string impossible = ": " + criterion.spec() + " is impossible";
    switch (criterion.kind()) {
        case CriterionKind::KAnonymity:
        case CriterionKind::KMap:
            result.warning =
                "the table has only " + wholeNumber(result.bound) + " rows" + impossible;
            break;
        case CriterionKind::DistinctL:
            result.warning = attribute + " has only " + wholeNumber(result.bound) +
                             " distinct values" + impossible;
            break;
        case CriterionKind::EntropyL:
            result.warning =
                attribute + " is at most entropy " + roundedDown(result.bound) + "-diverse" +
                (criterion.definition().dontCare.empty() ? "" : " with these don't-care values") +
                impossible;
            break;
        case CriterionKind::RecursiveCL:
        case CriterionKind::PdRecursiveCL:
            result.warning =
                attribute + " is at most " + std::string(criterionName(criterion.kind())) + " (" +
                formatNumber(p[0]) + ", " + wholeNumber(result.bound) + ")-diverse" + impossible;
            break;
        case CriterionKind::NpdRecursiveCL:
            if (result.bound == 0)
                result.warning = "a protected value of " + attribute + " occurs in less than " +
                                 formatNumber(p[1]) + "% of the table" + impossible;
            else
                result.warning = attribute + " is at most npd-recursive (" + formatNumber(p[0]) +
                                 ", " + formatNumber(p[1]) + ", " + wholeNumber(result.bound) +
                                 ")-diverse" + impossible;
            break;
        case CriterionKind::SimpleL:
            result.warning = attribute + " is at most simple " + wholeNumber(result.bound) +
                             "-diverse (its most frequent value is " +
                             roundedUp(100.0 / std::max(criterion.measure(tableCounts), 1e-300)) +
                             "% of the rows)" + impossible;
            break;
        case CriterionKind::TCloseness:
        case CriterionKind::DeltaDisclosure:
        case CriterionKind::BetaLikeness:
            // The table as one class has its own distribution: distance 0, always feasible.
            result.warning = attribute + " as a single class fails" + impossible;
            break;
        case CriterionKind::AverageRisk:
        case CriterionKind::SampleUniqueness:
        case CriterionKind::PopulationUniqueness:
        case CriterionKind::IndividualRisk:
        case CriterionKind::GlobalRisk:
            // Figures of the whole published table, at their lowest when it is one class.
            result.warning = "the table as a single class fails" + impossible;
            break;
        case CriterionKind::DifferentialPrivacy:
            // Never bound (Criterion::bind refuses it): nothing to say about the table.
            break;
        case CriterionKind::DeltaPresence:
            // Monotone: every class within [DMIN, DMAX] puts their union, the table, within.
            result.warning =
                "the research subset is " +
                formatNumber(std::get<DeltaPresence>(criterion.variant()).delta(tableCounts)) +
                " of the table's rows, outside [" + formatNumber(p[0]) + ", " + formatNumber(p[1]) +
                "]" + impossible;
            break;
        case CriterionKind::TauL:
            result.warning = attribute + " as a single class exceeds the bound ψ(k) of (" +
                             formatNumber(p[0]) + ", " + formatNumber(p[1]) + ")-diversity by " +
                             roundedUp(result.bound) + impossible;
            break;
    }
    return result;
}

}  // namespace ldv
