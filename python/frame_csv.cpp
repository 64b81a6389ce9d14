#include "frame_csv.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <vector>

#include <pybind11/numpy.h>

#include "ldiv/io/csv_table_reader.h"

namespace py = pybind11;

namespace ldv::python {
namespace {

/// One column's values as CSV fields (before quoting).
std::vector<std::string> fields(const py::handle& values, const std::string& missing) {
    std::vector<std::string> out;
    if (py::isinstance<py::array_t<std::int64_t>>(values) &&
        py::array(py::reinterpret_borrow<py::object>(values)).dtype().kind() == 'i') {
        const auto a = py::array_t<std::int64_t>::ensure(values);
        const auto v = a.unchecked<1>();
        out.reserve(std::size_t(v.shape(0)));
        char buffer[32];
        for (py::ssize_t i = 0; i < v.shape(0); ++i) {
            const auto r = std::to_chars(buffer, buffer + sizeof buffer, v(i));
            out.emplace_back(buffer, r.ptr);
        }
        return out;
    }
    if (py::isinstance<py::array>(values)) {
        const auto a = py::array_t<double, py::array::forcecast>::ensure(values);
        const auto v = a.unchecked<1>();
        // A float column whose values are all whole numbers is an integer column with missing
        // values (pandas turns int64 into float64 for NaN): written "39", as the file had it.
        bool whole = true;
        for (py::ssize_t i = 0; i < v.shape(0) && whole; ++i)
            whole = std::isnan(v(i)) || (std::abs(v(i)) < 9.0e15 && v(i) == std::floor(v(i)));
        out.reserve(std::size_t(v.shape(0)));
        char buffer[64];
        for (py::ssize_t i = 0; i < v.shape(0); ++i) {
            const double x = v(i);
            if (std::isnan(x)) {
                out.push_back(missing);
                continue;
            }
            const auto r =
                whole ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<std::int64_t>(x))
                      : std::to_chars(buffer, buffer + sizeof buffer, x);
            out.emplace_back(buffer, r.ptr);
        }
        return out;
    }
    const py::list list = py::reinterpret_borrow<py::list>(values);
    out.reserve(list.size());
    for (const py::handle item : list) {
        if (PyUnicode_Check(item.ptr())) {
            Py_ssize_t size = 0;
            const char* text = PyUnicode_AsUTF8AndSize(item.ptr(), &size);
            if (!text) throw py::error_already_set();
            out.emplace_back(text, std::size_t(size));
        } else if (item.is_none() ||
                   (PyFloat_Check(item.ptr()) && std::isnan(PyFloat_AsDouble(item.ptr())))) {
            out.push_back(missing);
        } else {
            // pd.NA and pd.NaT are missing; anything else is written as str() writes it.
            const std::string type = py::str(py::type::handle_of(item).attr("__name__"));
            if (type == "NAType" || type == "NaTType")
                out.push_back(missing);
            else
                out.push_back(py::str(item).cast<std::string>());
        }
    }
    return out;
}

}  // namespace

std::string frameCsv(const py::list& columns, const std::string& missing) {
    std::vector<std::string> names;
    std::vector<std::vector<std::string>> values;
    for (const py::handle c : columns) {
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(c);
        names.push_back(pair[0].cast<std::string>());
        values.push_back(fields(pair[1], missing));
    }
    std::string text;
    for (std::size_t c = 0; c < names.size(); ++c) text += (c ? "," : "") + csvField(names[c], ',');
    text += '\n';
    const std::size_t rows = values.empty() ? 0 : values.front().size();
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < values.size(); ++c) {
            if (c) text += ',';
            text += csvField(values[c][r], ',');
        }
        text += '\n';
    }
    return text;
}

}  // namespace ldv::python
