#pragma once
// A DataFrame's columns as the extension reads them in place (python/ldiv/_frames.py's
// frame_columns): numpy arrays of int64, float64 or Python objects, or a categorical's
// (codes, categories). Shared by the CSV writer (frame_csv.h) and the encoder
// (frame_encode.h), so that both see the same text in every cell.
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

namespace ldv::python {

struct FrameColumn {
    enum class Kind { Objects, Integers, Floats, Codes };
    Kind kind = Kind::Objects;
    pybind11::array array;  ///< keeps the values alive
    const char* base = nullptr;
    pybind11::ssize_t stride = 0;
    pybind11::ssize_t rows = 0;
    bool whole = false;                   ///< Floats: every value is a whole number or NaN
    std::vector<std::string> categories;  ///< Codes: each category's text
    int codeBytes = 0;

    template <typename T>
    T at(pybind11::ssize_t r) const {
        T v;
        std::memcpy(&v, base + r * stride, sizeof v);
        return v;
    }
    /// Codes: the category of row `r`, or -1 (pandas' code for a missing value).
    std::int64_t code(pybind11::ssize_t r) const;
};

/// One (name, values) entry's values; throws ValueError for an array of another kind.
FrameColumn frameColumn(const pybind11::handle& values);

/// The CSV writer's rule (csv_writer.cpp): quoted when it holds the separator ',', a quote
/// or a line break, or starts or ends with a space.
bool needsQuotes(std::string_view field);

/// An object cell's text: a view into Python's own UTF-8 (alive while the array is) or into
/// `owned`; `missing` for None, NaN, NaT and pd.NA; str() of anything else.
std::string_view objectText(PyObject* item, const std::string& missing, std::string& owned);

}  // namespace ldv::python
