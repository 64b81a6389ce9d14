// δ-presence on a class's membership histogram (criteria_presence.h).
#include <algorithm>
#include <limits>

#include "ldiv/criteria/delta_presence.h"

namespace ldv {

namespace {
std::uint64_t total(Histogram counts) {
    std::uint64_t n = 0;
    for (std::uint32_t c : counts) n += c;
    return n;
}
}  // namespace

double DeltaPresence::delta(Histogram counts) const {
    const std::uint64_t n = total(counts);
    if (n == 0) return 0;
    const double in = inCode < counts.size() ? double(counts[inCode]) : 0.0;
    return in / double(n);
}

bool DeltaPresence::holds(Histogram counts) const {
    if (total(counts) == 0) return false;
    const double d = delta(counts);
    return d >= dmin && d <= dmax;
}

double DeltaPresence::measure(Histogram counts) const {
    if (total(counts) == 0) return std::numeric_limits<double>::infinity();
    const double d = delta(counts);
    return std::max(dmin - d, d - dmax);
}

}  // namespace ldv
