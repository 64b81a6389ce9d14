// Fuzzes the project-file reader: a project that parses must round-trip losslessly.
#include <cstdint>
#include <string>

#include "ldiv/data/error.h"
#include "ldiv/project/workspace.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const ldv::ProjectConfig c = ldv::parseProject(text, "fuzz.ldiv.json");
        const ldv::ProjectConfig back = ldv::parseProject(ldv::formatProject(c), "again.ldiv.json");
        if (!(back == c)) __builtin_trap();
    } catch (const ldv::InputError&) {
    }
    return 0;
}
