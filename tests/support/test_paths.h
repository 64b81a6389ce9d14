#pragma once
// Paths of fixtures and bundled examples for the tests (macros set by tests/CMakeLists.txt).
#include <string>

namespace ldv::test {

inline std::string resource(const std::string& relative) {
    return std::string(LDIV_RESOURCES) + "/" + relative;
}
inline std::string example(const std::string& relative) {
    return resource("examples/" + relative);
}
inline std::string fixture(const std::string& relative) {
    return std::string(LDIV_TEST_DATA) + "/" + relative;
}

}  // namespace ldv::test
