#pragma once
// A pandas DataFrame written as the CSV the CLI would read: the module hands the engine a
// file, so a DataFrame goes through exactly the reader, typing and missing-value rules of a
// CSV file (no second loader).
#include <string>

#include <pybind11/pybind11.h>

namespace ldv::python {

/// `columns`: (name, values) pairs, values a numpy int64/float64/bool array or a list of
/// Python objects (str; None, NaN, NaT and pd.NA are missing). A missing value is written as
/// `missing` (one of the CSV missing tokens). Returns the CSV text.
std::string frameCsv(const pybind11::list& columns, const std::string& missing);

}  // namespace ldv::python
