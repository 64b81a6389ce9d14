#pragma once
// The resident memory of the test process, for tests that check a large lattice is handled
// without per-node arrays.
#include <fstream>
#include <string>

namespace ldv::test {

/// Resident memory of this process in MiB (Linux /proc/self/status; 0 elsewhere).
inline double residentMiB() {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmRSS:") {
            double kb = 0;
            status >> kb;
            return kb / 1024;
        }
        std::getline(status, key);
    }
    return 0;
}

}  // namespace ldv::test
