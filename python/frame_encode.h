#pragma once
// A DataFrame's columns dictionary-encoded in place, for ldv::tableFromEncoded
// (ldiv/io/encoded_table.h): each distinct cell's text once, with whether the CSV writer
// (frame_csv.h) would quote it, and a code per row. The cells are the text frame_csv.h
// would write, so the Table is the one its CSV would give; where the reader would have
// handled that text itself, tableFromEncoded says so and the caller writes the CSV.
#include <string>
#include <vector>

#include <pybind11/pybind11.h>

#include "ldiv/io/encoded_table.h"

namespace ldv::python {

/// `columns` and `missing` as for frameCsv (frame_csv.h).
std::vector<EncodedColumn> encodeFrame(const pybind11::list& columns, const std::string& missing);

}  // namespace ldv::python
