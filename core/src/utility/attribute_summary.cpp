#include "ldiv/utility/attribute_summary.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace ldv {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

/// Reads a number at the start of `s` (an optional sign, then digits and a point); advances
/// `s` past it.
std::optional<double> readNumber(std::string_view& s) {
    const char* begin = s.data();
    const char* end = s.data() + s.size();
    if (begin != end && *begin == '+') ++begin;
    double value = 0;
    const auto [ptr, ec] = std::from_chars(begin, end, value);
    if (ec != std::errc() || !std::isfinite(value)) return std::nullopt;
    s.remove_prefix(static_cast<std::size_t>(ptr - s.data()));
    return value;
}

std::optional<double> wholeNumber(std::string_view s) {
    s = trimmed(s);
    const std::optional<double> v = readNumber(s);
    if (!v || !s.empty()) return std::nullopt;
    return v;
}

/// "2*", "130**": digits then stars only.
std::optional<ValueInterval> prefixInterval(std::string_view s) {
    const std::size_t stars = s.find('*');
    if (stars == 0 || stars == std::string_view::npos) return std::nullopt;
    if (s.find_first_not_of('*', stars) != std::string_view::npos) return std::nullopt;
    const std::string_view digits = s.substr(0, stars);
    if (digits.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    const double prefix = std::stod(std::string(digits));
    const double scale = std::pow(10.0, static_cast<double>(s.size() - stars));
    return ValueInterval{prefix * scale, (prefix + 1) * scale - 1};
}

std::optional<ValueInterval> comparison(std::string_view s) {
    for (const auto& [op, below] : {std::pair<std::string_view, bool>{"<=", true},
                                    {">=", false},
                                    {"<", true},
                                    {">", false}}) {
        if (s.substr(0, op.size()) != op) continue;
        const std::optional<double> v = wholeNumber(s.substr(op.size()));
        if (!v) return std::nullopt;
        return below ? ValueInterval{-kInf, *v} : ValueInterval{*v, kInf};
    }
    return std::nullopt;
}

/// "a-b", "[a-b]", "[a, b[", "(a;b]", "a..b".
std::optional<ValueInterval> range(std::string_view s) {
    if (!s.empty() && (s.front() == '[' || s.front() == '(' || s.front() == ']')) {
        s.remove_prefix(1);
        if (s.empty() || (s.back() != ']' && s.back() != ')' && s.back() != '[')) return {};
        s.remove_suffix(1);
    }
    s = trimmed(s);
    const std::optional<double> low = readNumber(s);
    if (!low) return std::nullopt;
    s = trimmed(s);
    if (s.substr(0, 2) == "..")
        s.remove_prefix(2);
    else if (!s.empty() && (s.front() == '-' || s.front() == ',' || s.front() == ';'))
        s.remove_prefix(1);
    else
        return std::nullopt;
    const std::optional<double> high = wholeNumber(s);
    if (!high || *high < *low) return std::nullopt;
    return ValueInterval{*low, *high};
}

}  // namespace

std::optional<ValueInterval> parseIntervalLabel(std::string_view label) {
    const std::string_view s = trimmed(label);
    if (s.empty()) return std::nullopt;
    if (s == "*") return ValueInterval{-kInf, kInf};
    if (const std::optional<double> v = wholeNumber(s)) return ValueInterval{*v, *v};
    if (auto i = prefixInterval(s)) return i;
    if (auto i = comparison(s)) return i;
    return range(s);
}

std::optional<double> labelMidpoint(std::string_view label, std::optional<double> lowest,
                                    std::optional<double> highest) {
    const std::optional<ValueInterval> i = parseIntervalLabel(label);
    if (!i) return std::nullopt;
    double low = i->low, high = i->high;
    if (std::isinf(low)) {
        if (!lowest) return std::nullopt;
        low = std::min(*lowest, high);
    }
    if (std::isinf(high)) {
        if (!highest) return std::nullopt;
        high = std::max(*highest, low);
    }
    return (low + high) / 2;
}

NumericSummary summarizeNumbers(std::vector<std::pair<double, std::size_t>> values,
                                std::size_t missing) {
    NumericSummary s;
    s.missing = missing;
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (const auto& [x, n] : values) {
        s.count += n;
        sum += x * static_cast<double>(n);
    }
    if (s.count == 0) return s;
    const double mean = sum / static_cast<double>(s.count);
    double squares = 0;
    for (const auto& [x, n] : values) squares += (x - mean) * (x - mean) * static_cast<double>(n);
    // The values at 0-based positions (count − 1) / 2 and count / 2 of the sorted rows.
    const std::size_t lowPos = (s.count - 1) / 2, highPos = s.count / 2;
    double lowValue = 0, highValue = 0;
    std::size_t seen = 0;
    for (const auto& [x, n] : values) {
        if (seen <= lowPos && lowPos < seen + n) lowValue = x;
        if (seen <= highPos && highPos < seen + n) {
            highValue = x;
            break;
        }
        seen += n;
    }
    s.min = values.front().first;
    s.max = values.back().first;
    s.mean = mean;
    s.median = (lowValue + highValue) / 2;
    if (s.count > 1) s.sd = std::sqrt(squares / static_cast<double>(s.count - 1));
    return s;
}

double entropyBits(std::span<const std::size_t> counts) {
    double n = 0;
    for (std::size_t c : counts) n += static_cast<double>(c);
    if (n == 0) return 0;
    double h = 0;
    for (std::size_t c : counts)
        if (c > 0) {
            const double p = static_cast<double>(c) / n;
            h -= p * std::log2(p);
        }
    return h;
}

CategoricalSummary summarizeCategories(const Distribution& distribution) {
    CategoricalSummary s;
    std::vector<std::size_t> counts;
    for (const ValueCount& v : distribution) {
        if (v.count == 0) continue;
        ++s.distinct;
        counts.push_back(v.count);
        if (v.count > s.modeCount) {
            s.modeCount = v.count;
            s.mode = v.value;
        }
    }
    s.entropy = entropyBits(counts);
    return s;
}

}  // namespace ldv
