#pragma once
// Records of CSV text as one block of cell bytes and two offset arrays: a 100,000-row,
// 6-level hierarchy takes ~6 MB this way instead of ~22 MB as vectors of strings (a vector
// and six 32-byte strings per row), and is read front to back instead of through a pointer
// per row.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ldv::detail {

struct CellTable {
    std::string text;                         // the cells' bytes, unescaped, back to back
    std::vector<std::uint32_t> cellStart{0};  // cell k is text[cellStart[k], cellStart[k+1])
    std::vector<std::uint32_t> rowStart{0};   // row r is cells [rowStart[r], rowStart[r+1])

    std::size_t rowCount() const { return rowStart.size() - 1; }
    std::size_t width(std::size_t r) const { return rowStart[r + 1] - rowStart[r]; }
    std::string_view cell(std::size_t r, std::size_t j) const {
        const std::size_t k = rowStart[r] + j;
        return {text.data() + cellStart[k], cellStart[k + 1] - cellStart[k]};
    }
};

}  // namespace ldv::detail
