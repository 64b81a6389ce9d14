// Parsing and formatting of criterion spec strings (criteria_spec.h, docs/criteria.md).
#include "ldiv/criteria/criterion_spec.h"
#include "data/text_util.h"
#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/error.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <system_error>

namespace ldv {

namespace {

using KindInfo = CriterionCapabilities;

// The registered kinds (criterion_catalogue.h) are the names the parser accepts.
std::span<const KindInfo> kinds() {
    return criterionCatalogue();
}

const KindInfo& infoOf(CriterionKind kind) {
    return criterionCapabilities(kind);
}

std::string knownNamesList() {
    std::string out;
    for (const KindInfo& info : kinds()) {
        if (!out.empty()) out += ", ";
        out += std::string(info.name) + "=" + std::string(info.parameterNames);
    }
    return out;
}

// A segment of the spec between unescaped ';' with escapes still in place, so that '|' and '@'
// splitting can still tell escaped from unescaped characters.
std::vector<std::string_view> splitUnescaped(std::string_view s, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\') {
            ++i;
        } else if (s[i] == separator) {
            parts.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    parts.push_back(s.substr(start));
    return parts;
}

std::string unescape(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\\' && i + 1 < s.size()) ++i;
        out += s[i];
    }
    return out;
}

std::string escape(const std::string& s) {
    std::string out;
    for (char ch : s) {
        if (ch == '\\' || ch == ';' || ch == '|' || ch == '@') out += '\\';
        out += ch;
    }
    return out;
}

double parseNumber(std::string_view text, std::string_view what, std::string_view spec) {
    const std::string_view t = detail::trimBlanks(text);
    double value = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (t.empty() || ec != std::errc() || end != t.data() + t.size() || !std::isfinite(value))
        throw ParameterError("criterion '" + std::string(spec) + "': " + std::string(what) + " '" +
                             std::string(t) + "' is not a number (write e.g. 3 or 2.5)");
    return value;
}

void requireWhole(double value, std::string_view what, std::string_view spec) {
    if (value != std::floor(value))
        throw ParameterError("criterion '" + std::string(spec) + "': " + std::string(what) +
                             " must be a whole number, got " + formatNumber(value));
}

void requireL(double l, std::string_view spec) {
    if (!(l >= 1))
        throw ParameterError("criterion '" + std::string(spec) + "': l = " + formatNumber(l) +
                             " is not allowed, l must be at least 1");
}

void requireC(double c, std::string_view name, std::string_view spec) {
    if (!(c > 0))
        throw ParameterError("criterion '" + std::string(spec) + "': " + std::string(name) + " = " +
                             formatNumber(c) + " is not allowed, " + std::string(name) +
                             " must be greater than 0");
}

void validate(const CriterionSpec& s, std::string_view text) {
    const auto& p = s.parameters;
    switch (s.kind) {
        case CriterionKind::KAnonymity:
            if (!(p[0] >= 1))
                throw ParameterError("criterion '" + std::string(text) + "': k = " +
                                     formatNumber(p[0]) + " is not allowed, k must be at least 1");
            requireWhole(p[0], "k", text);
            break;
        case CriterionKind::DistinctL:
            requireL(p[0], text);
            requireWhole(p[0], "l", text);
            break;
        case CriterionKind::EntropyL:
        case CriterionKind::SimpleL:
            requireL(p[0], text);
            break;
        case CriterionKind::RecursiveCL:
        case CriterionKind::PdRecursiveCL:
            requireC(p[0], "c", text);
            requireL(p[1], text);
            requireWhole(p[1], "l", text);
            break;
        case CriterionKind::NpdRecursiveCL:
            requireC(p[0], "c1", text);
            if (!(p[1] >= 0 && p[1] < 100))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': c2 = " + formatNumber(p[1]) +
                                     " is not allowed, c2 is a percentage in [0, 100)");
            requireL(p[2], text);
            requireWhole(p[2], "l", text);
            break;
        case CriterionKind::TauL:
            try {
                validateTau(p[0], p[1], 0);
            } catch (const ParameterError& e) {
                throw ParameterError("criterion '" + std::string(text) + "': " + e.what());
            }
            break;
        case CriterionKind::KMap:
            if (!(p[0] >= 1))
                throw ParameterError("criterion '" + std::string(text) + "': k = " +
                                     formatNumber(p[0]) + " is not allowed, k must be at least 1");
            requireWhole(p[0], "k", text);
            break;
        case CriterionKind::TCloseness:
            if (!(p[0] > 0 && p[0] <= 1))
                throw ParameterError("criterion '" + std::string(text) + "': t = " +
                                     formatNumber(p[0]) + " is not allowed, t must be in (0, 1]");
            break;
        case CriterionKind::DeltaDisclosure:
            if (!(p[0] > 0))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': d = " + formatNumber(p[0]) +
                                     " is not allowed, d must be greater than 0");
            break;
        case CriterionKind::BetaLikeness:
            if (!(p[0] > 0))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': b = " + formatNumber(p[0]) +
                                     " is not allowed, b must be greater than 0");
            break;
        case CriterionKind::AverageRisk:
            if (!(p[0] > 0 && p[0] <= 1))
                throw ParameterError("criterion '" + std::string(text) + "': r = " +
                                     formatNumber(p[0]) + " is not allowed, r is a risk in (0, 1]");
            break;
        case CriterionKind::IndividualRisk:
            if (!(p[0] > 0 && p[0] <= 1))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': r = " + formatNumber(p[0]) +
                                     " is not allowed, r is a record's risk in (0, 1]");
            break;
        case CriterionKind::GlobalRisk:
            if (!(p[0] > 0) || !std::isfinite(p[0]))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': r = " + formatNumber(p[0]) +
                                     " is not allowed, r is the expected number of "
                                     "re-identifications (a count of records), greater than 0");
            break;
        case CriterionKind::SampleUniqueness:
        case CriterionKind::PopulationUniqueness:
            if (!(p[0] >= 0 && p[0] <= 1))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': u = " + formatNumber(p[0]) +
                                     " is not allowed, u is a fraction of records in [0, 1]");
            if (s.kind == CriterionKind::PopulationUniqueness && s.variant.empty())
                throw ParameterError("criterion '" + std::string(text) +
                                     "': name the estimator, write population-uniqueness=U:pitman, "
                                     "population-uniqueness=U:zayatz, population-uniqueness=U:snb "
                                     "or population-uniqueness=U:dankar");
            break;
        case CriterionKind::DeltaPresence:
            for (std::size_t i = 0; i < 2; ++i)
                if (!(p[i] >= 0 && p[i] <= 1))
                    throw ParameterError("criterion '" + std::string(text) + "': " +
                                         (i == 0 ? "dmin" : "dmax") + " = " + formatNumber(p[i]) +
                                         " is not allowed, dmin and dmax are fractions in [0, 1]");
            if (p[0] > p[1])
                throw ParameterError("criterion '" + std::string(text) +
                                     "': dmin = " + formatNumber(p[0]) +
                                     " is larger than dmax = " + formatNumber(p[1]) +
                                     "; write delta-presence=DMIN,DMAX with "
                                     "DMIN ≤ DMAX");
            if (!s.attribute.empty() || s.multiAttribute)
                throw ParameterError("criterion '" + std::string(text) +
                                     "': delta-presence is about the research subset; '@' and "
                                     "';multi' are not allowed");
            break;
        case CriterionKind::DifferentialPrivacy:
            if (!(p[0] > 0))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': epsilon = " + formatNumber(p[0]) +
                                     " is not allowed, epsilon must be greater than 0");
            if (!(p[1] > 0 && p[1] < 1))
                throw ParameterError("criterion '" + std::string(text) +
                                     "': delta = " + formatNumber(p[1]) +
                                     " is not allowed, delta must be in (0, 1)");
            if (!s.attribute.empty() || s.multiAttribute)
                throw ParameterError("criterion '" + std::string(text) +
                                     "': differential privacy protects whole records; '@' and "
                                     "';multi' are not allowed");
            break;
    }
    const CriterionCapabilities& caps = criterionCapabilities(s.kind);
    const bool nodeLevel = !caps.judgedPerClass;
    if (nodeLevel && (!s.attribute.empty() || s.multiAttribute))
        throw ParameterError("criterion '" + std::string(text) +
                             "': a risk criterion is about the quasi-identifiers only; '@' and "
                             "';multi' are not allowed");
    if (!s.dontCare.empty() && !caps.acceptsDontCare)
        throw ParameterError("criterion '" + std::string(text) +
                             "': a dontcare set is allowed only with pd-recursive-cl, "
                             "npd-recursive-cl and entropy-l");
    if (!s.protectedValues.empty() && !caps.acceptsProtected)
        throw ParameterError("criterion '" + std::string(text) +
                             "': a protected set is allowed only with npd-recursive-cl");
}

std::vector<std::string> parseValues(std::string_view list, std::string_view key,
                                     std::string_view spec) {
    std::vector<std::string> values;
    for (std::string_view part : splitUnescaped(list, '|')) {
        std::string value = unescape(detail::trimBlanks(part));
        if (value.empty())
            throw ParameterError("criterion '" + std::string(spec) + "': empty value in " +
                                 std::string(key) + " (separate values with '|')");
        values.push_back(std::move(value));
    }
    return values;
}

}  // namespace

std::string_view criterionName(CriterionKind kind) {
    return infoOf(kind).name;
}

const std::vector<std::string_view>& knownCriterionNames() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> out;
        for (const KindInfo& info : kinds()) out.push_back(info.name);
        return out;
    }();
    return names;
}

CriterionSpec parseCriterionSpec(std::string_view text) {
    // The longest real criterion (β-likeness with a protected list, a hierarchy of a few
    // hundred labels) is a few kilobytes. A megabyte-long one froze the Privacy perspective
    // for minutes, every message quoting it whole: refused at once, quoted by its start.
    if (text.size() > kMaxCriterionBytes)
        throw ParameterError("criterion '" + std::string(text.substr(0, 40)) + "…' is " +
                             std::to_string(text.size()) + " bytes long; a criterion has at most " +
                             std::to_string(kMaxCriterionBytes));
    CriterionSpec spec;
    std::vector<std::string_view> segments = splitUnescaped(text, ';');
    // The '@attribute' suffix may close the head or any later segment; at most one.
    bool haveAttribute = false;
    for (std::string_view& segment : segments) {
        const auto at = splitUnescaped(segment, '@');
        if (at.size() == 1) continue;
        if (at.size() > 2 || haveAttribute)
            throw ParameterError("criterion '" + std::string(text) +
                                 "': more than one '@attribute' (escape a literal '@' as '\\@')");
        spec.attribute = unescape(detail::trimBlanks(at[1]));
        if (spec.attribute.empty())
            throw ParameterError("criterion '" + std::string(text) +
                                 "': '@' must be followed by a sensitive attribute name");
        segment = at[0];
        haveAttribute = true;
    }

    const std::string_view head = detail::trimBlanks(segments[0]);
    const std::size_t eq = head.find('=');
    const std::string_view name = detail::trimBlanks(head.substr(0, eq));
    const KindInfo* info = nullptr;
    for (const KindInfo& candidate : kinds())
        if (candidate.name == name) info = &candidate;
    if (info == nullptr)
        throw ParameterError("unknown criterion '" + std::string(name) + "' in '" +
                             std::string(text) + "'; known criteria: " + knownNamesList());
    spec.kind = info->kind;
    const std::string usage = std::string(info->name) + "=" + std::string(info->parameterNames);
    if (eq == std::string_view::npos)
        throw ParameterError("criterion '" + std::string(text) + "': missing parameters, write " +
                             usage);
    std::string_view parameterText = head.substr(eq + 1);
    if (const std::size_t colon = parameterText.find(':'); colon != std::string_view::npos) {
        spec.variant = std::string(detail::trimBlanks(parameterText.substr(colon + 1)));
        parameterText = parameterText.substr(0, colon);
        const auto allowed = info->variants;
        if (std::find(allowed.begin(), allowed.end(), spec.variant) == allowed.end() ||
            spec.variant.empty()) {
            std::string forms;
            // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "…" + std::string.
            for (std::string_view v : allowed) {
                if (!forms.empty()) forms += ", ";
                forms += usage;
                if (!v.empty()) {
                    forms += ':';
                    forms += v;
                }
            }
            throw ParameterError("criterion '" + std::string(text) + "': unknown variant '" +
                                 spec.variant + "'; write " + forms);
        }
    }
    const auto numbers = splitUnescaped(parameterText, ',');
    if (numbers.size() != info->parameterCount)
        throw ParameterError("criterion '" + std::string(text) + "': expected " +
                             std::to_string(info->parameterCount) + " parameter(s), write " +
                             usage);
    const std::string names(info->parameterNames);
    std::size_t start = 0;
    for (std::string_view number : numbers) {
        const std::size_t comma = names.find(',', start);
        std::string what = names.substr(start, comma - start);
        for (char& ch : what) ch = char(std::tolower(static_cast<unsigned char>(ch)));
        start = comma == std::string::npos ? names.size() : comma + 1;
        spec.parameters.push_back(parseNumber(number, what, text));
    }

    for (std::size_t i = 1; i < segments.size(); ++i) {
        const std::string_view option = detail::trimBlanks(segments[i]);
        const std::size_t optionEq = option.find('=');
        const std::string_view key = detail::trimBlanks(option.substr(0, optionEq));
        if (key == "multi" && optionEq == std::string_view::npos) {
            spec.multiAttribute = true;
        } else if ((key == "dontcare" || key == "protected") &&
                   optionEq != std::string_view::npos) {
            auto& target = key == "dontcare" ? spec.dontCare : spec.protectedValues;
            if (!target.empty())
                throw ParameterError("criterion '" + std::string(text) + "': " + std::string(key) +
                                     " given twice (list all values in one, separated by '|')");
            target = parseValues(option.substr(optionEq + 1), key, text);
        } else {
            throw ParameterError("criterion '" + std::string(text) + "': unknown option '" +
                                 std::string(option) +
                                 "'; options are dontcare=V1|V2, protected=V1|V2 and multi");
        }
    }
    validate(spec, text);
    return spec;
}

std::string formatCriterionSpec(const CriterionSpec& spec) {
    std::string out(criterionName(spec.kind));
    out += '=';
    for (std::size_t i = 0; i < spec.parameters.size(); ++i) {
        if (i > 0) out += ',';
        out += formatNumber(spec.parameters[i]);
    }
    if (!spec.variant.empty()) out += ':' + spec.variant;
    if (!spec.attribute.empty()) out += '@' + escape(spec.attribute);
    auto list = [&](std::string_view key, const std::vector<std::string>& values) {
        if (values.empty()) return;
        out += ';';
        out += key;
        out += '=';
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (i > 0) out += '|';
            out += escape(values[i]);
        }
    };
    list("dontcare", spec.dontCare);
    list("protected", spec.protectedValues);
    if (spec.multiAttribute) out += ";multi";
    return out;
}

}  // namespace ldv
