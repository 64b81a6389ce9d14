// Shuffling a published table's rows (row_order.h).
#include "ldiv/lattice/row_order.h"

#include <numeric>
#include <random>
#include <utility>
#include <vector>

namespace ldv {

void shuffleRows(Table& table, std::uint64_t seed) {
    const std::size_t n = table.rowCount();
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::mt19937_64 rng(seed);
    for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng() % i]);
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        Column& column = table.column(c);
        const std::vector<Code> codes(column.codes().begin(), column.codes().end());
        column.truncate(0);
        for (std::size_t r = 0; r < n; ++r) column.appendCode(codes[order[r]]);
    }
}

std::uint64_t randomSeed() {
    std::random_device device;
    // 53 bits: the record's JSON number stays exact in readers that hold numbers as doubles.
    return ((std::uint64_t(device()) << 32) ^ device()) & ((std::uint64_t(1) << 53) - 1);
}

}  // namespace ldv
