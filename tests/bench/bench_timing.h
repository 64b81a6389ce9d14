#pragma once
// What every benchmark program shares: a steady clock and the median of repeated runs (the
// figures in the notes and docs are medians, never a single run).
#include <algorithm>
#include <chrono>
#include <vector>

namespace ldv::bench {

using Clock = std::chrono::steady_clock;

/// The median of `v` (the upper one of an even count).
inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Milliseconds since `start`.
inline double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace ldv::bench
