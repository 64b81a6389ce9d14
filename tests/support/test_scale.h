#pragma once
// The share of its random rounds a randomized test runs. The Release suite runs them all; the
// sanitizer run of CI (scripts/ci-extra.sh) sets LDIV_TEST_SCALE=0.1: memory and undefined-
// behaviour errors show on the first rounds as well as on the last, and the long brute-force
// suites were a quarter of CI's time under ASan. Thresholds that count outcomes of the rounds
// scale with them.
#include <algorithm>
#include <cstdlib>

namespace ldv::test {

inline double testScale() {
    const char* s = std::getenv("LDIV_TEST_SCALE");
    const double f = s ? std::atof(s) : 1.0;
    return f > 0 && f <= 1 ? f : 1.0;
}

/// `n` scaled by testScale(), at least 1.
inline int scaled(int n) {
    return std::max(1, int(n * testScale()));
}

}  // namespace ldv::test
