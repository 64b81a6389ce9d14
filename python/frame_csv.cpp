#include "frame_csv.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>

#include "ldiv/io/csv_table_reader.h"

namespace py = pybind11;

namespace ldv::python {
namespace {

/// One column's cells as views: into Python's own UTF-8 buffers for str values (alive while
/// the caller holds the list) or into `arena` for numbers and str() of other objects. A
/// frame of Adult's size is 450,000 cells: a std::string per cell cost more than the load.
struct Column {
    std::string arena;
    std::vector<std::pair<std::size_t, std::size_t>> spans;  ///< arena cells: offset, size
    std::vector<std::string_view> cells;
    std::vector<std::size_t> fromArena;  ///< indices of `cells` whose view is in `arena`

    void own(std::string_view text) {
        fromArena.push_back(cells.size());
        spans.emplace_back(arena.size(), text.size());
        arena.append(text);
        cells.emplace_back();
    }
    /// Points the arena cells at the arena once it stops growing.
    void finish() {
        for (std::size_t i = 0; i < fromArena.size(); ++i)
            cells[fromArena[i]] = std::string_view(arena).substr(spans[i].first, spans[i].second);
    }
};

void fill(Column& out, const py::handle& values, const std::string& missing) {
    char buffer[64];
    if (py::isinstance<py::array_t<std::int64_t>>(values) &&
        py::array(py::reinterpret_borrow<py::object>(values)).dtype().kind() == 'i') {
        const auto a = py::array_t<std::int64_t>::ensure(values);
        const auto v = a.unchecked<1>();
        for (py::ssize_t i = 0; i < v.shape(0); ++i) {
            const auto r = std::to_chars(buffer, buffer + sizeof buffer, v(i));
            out.own(std::string_view(buffer, std::size_t(r.ptr - buffer)));
        }
        return;
    }
    if (py::isinstance<py::array>(values)) {
        const auto a = py::array_t<double, py::array::forcecast>::ensure(values);
        const auto v = a.unchecked<1>();
        // A float column whose values are all whole numbers is an integer column with missing
        // values (pandas turns int64 into float64 for NaN): written "39", as the file had it.
        bool whole = true;
        for (py::ssize_t i = 0; i < v.shape(0) && whole; ++i)
            whole = std::isnan(v(i)) || (std::abs(v(i)) < 9.0e15 && v(i) == std::floor(v(i)));
        for (py::ssize_t i = 0; i < v.shape(0); ++i) {
            const double x = v(i);
            if (std::isnan(x)) {
                out.own(missing);
                continue;
            }
            const auto r =
                whole ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<std::int64_t>(x))
                      : std::to_chars(buffer, buffer + sizeof buffer, x);
            out.own(std::string_view(buffer, std::size_t(r.ptr - buffer)));
        }
        return;
    }
    const py::list list = py::reinterpret_borrow<py::list>(values);
    out.cells.reserve(list.size());
    for (const py::handle item : list) {
        if (PyUnicode_Check(item.ptr())) {
            Py_ssize_t size = 0;
            const char* text = PyUnicode_AsUTF8AndSize(item.ptr(), &size);
            if (!text) throw py::error_already_set();
            out.cells.emplace_back(text, std::size_t(size));
        } else if (item.is_none() ||
                   (PyFloat_Check(item.ptr()) && std::isnan(PyFloat_AsDouble(item.ptr())))) {
            out.own(missing);
        } else {
            // pd.NA and pd.NaT are missing; anything else is written as str() writes it.
            const std::string type = py::str(py::type::handle_of(item).attr("__name__"));
            if (type == "NAType" || type == "NaTType")
                out.own(missing);
            else
                out.own(py::str(item).cast<std::string>());
        }
    }
}

/// The writer's rule (csv_writer.cpp): quoted when it holds the separator, a quote or a line
/// break, or starts or ends with a space.
bool needsQuotes(std::string_view field) {
    for (const char c : field)
        if (c == ',' || c == '"' || c == '\r' || c == '\n') return true;
    return !field.empty() && (field.front() == ' ' || field.back() == ' ');
}

void append(std::string& text, std::string_view field) {
    if (needsQuotes(field))
        text += csvField(field, ',');
    else
        text.append(field);
}

}  // namespace

std::string frameCsv(const py::list& columns, const std::string& missing) {
    std::vector<std::string> names;
    std::vector<Column> values(columns.size());
    std::size_t bytes = 0;
    for (std::size_t c = 0; c < values.size(); ++c) {
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(columns[c]);
        names.push_back(pair[0].cast<std::string>());
        fill(values[c], pair[1], missing);
        values[c].finish();
        for (const std::string_view cell : values[c].cells) bytes += cell.size() + 1;
    }
    std::string text;
    text.reserve(bytes + bytes / 16 + 256);
    for (std::size_t c = 0; c < names.size(); ++c) {
        if (c) text += ',';
        append(text, names[c]);
    }
    text += '\n';
    const std::size_t rows = values.empty() ? 0 : values.front().cells.size();
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < values.size(); ++c) {
            if (c) text += ',';
            append(text, values[c].cells[r]);
        }
        text += '\n';
    }
    return text;
}

}  // namespace ldv::python
