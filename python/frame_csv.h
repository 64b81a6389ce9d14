#pragma once
// A pandas DataFrame written as the CSV the CLI would read: `publish` hands the engine this
// text as a file, and the in-memory source (frame_source.h) reads it wherever the direct
// build (frame_encode.h) declines. It is also what defines a cell's text for that build.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include <pybind11/pybind11.h>

namespace ldv::python {

/// CSV text in a buffer of its exact use (no zero-filled std::string: the frame's text is
/// written once and read once).
struct FrameText {
    std::unique_ptr<char[]> data;
    std::size_t size = 0;
    std::size_t headerSize = 0;  ///< bytes of the header record, its line break included
    std::string_view view() const { return {data.get(), size}; }
};

/// `columns`: (name, values) pairs, values a one-dimensional numpy array of int64, float64
/// or Python objects (str; None, NaN, NaT and pd.NA are missing; anything else as str()
/// writes it), or a (codes, categories) tuple for a categorical column (code -1 is missing).
/// The object arrays' cells are read in place (no list of 450,000 objects for Adult). A
/// missing value is written as `missing` (one of the CSV missing tokens). Returns the CSV
/// text.
FrameText frameCsv(const pybind11::list& columns, const std::string& missing);

}  // namespace ldv::python
