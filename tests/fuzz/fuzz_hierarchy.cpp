// Fuzzes the hierarchy reader and binding: a hierarchy that parses must bind to a column of
// its own base values, and its level maps must nest.
#include <cstdint>
#include <string_view>

#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const ldv::Hierarchy h = ldv::parseHierarchy(text, "fuzz.csv");
        ldv::Column column("attr");
        for (const auto& row : h.rows()) column.append(row.front());
        const ldv::HierarchyMap map(h, column);
        for (int level = 0; level < map.height(); ++level) {
            const auto up = map.upMap(level, level + 1);
            for (ldv::Code base = 0; base < column.domainSize(); ++base)
                if (up[map.map(base, level)] != map.map(base, level + 1)) __builtin_trap();
        }
    } catch (const ldv::InputError&) {
    }
    return 0;
}
