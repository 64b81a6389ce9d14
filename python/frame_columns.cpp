#include "frame_columns.h"

#include <cmath>

namespace py = pybind11;

namespace ldv::python {
namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ull;

/// Whether one of the eight bytes of `v` is zero (exact: the borrow trick only blurs which).
constexpr bool hasZeroByte(std::uint64_t v) {
    return ((v - kOnes) & ~v & (kOnes << 7)) != 0;
}

/// Whether the eight bytes of `v` hold ',', '"', CR or LF.
constexpr bool hasSpecialByte(std::uint64_t v) {
    return hasZeroByte(v ^ (kOnes * ',')) || hasZeroByte(v ^ (kOnes * '"')) ||
           hasZeroByte(v ^ (kOnes * '\r')) || hasZeroByte(v ^ (kOnes * '\n'));
}

/// The field's bytes eight at a time (two overlapping loads for a short field, never reading
/// outside it): a byte-by-byte scan of every cell was half of the frame's hand-over.
bool hasSpecial(const char* p, std::size_t n) {
    std::uint64_t v = 0;
    if (n >= 8) {
        for (std::size_t i = 0; i + 8 <= n; i += 8) {
            std::memcpy(&v, p + i, 8);
            if (hasSpecialByte(v)) return true;
        }
        std::memcpy(&v, p + n - 8, 8);
        return hasSpecialByte(v);
    }
    if (n >= 4) {
        std::uint32_t a, b;
        std::memcpy(&a, p, 4);
        std::memcpy(&b, p + n - 4, 4);
        return hasSpecialByte(std::uint64_t(a) | (std::uint64_t(b) << 32));
    }
    v = kOnes * 'a';  // padding that is no special byte
    for (std::size_t i = 0; i < n; ++i) v = (v << 8) | static_cast<unsigned char>(p[i]);
    return hasSpecialByte(v);
}

}  // namespace

bool needsQuotes(std::string_view field) {
    return hasSpecial(field.data(), field.size()) ||
           (!field.empty() && (field.front() == ' ' || field.back() == ' '));
}

namespace {

/// pd.NA and pd.NaT are missing; compared by type name, so that pandas need not be imported.
bool isPandasMissing(PyObject* item) {
    const char* name = Py_TYPE(item)->tp_name;
    return std::strcmp(name, "NAType") == 0 || std::strcmp(name, "NaTType") == 0 ||
           std::strcmp(name, "pandas._libs.missing.NAType") == 0 ||
           std::strcmp(name, "pandas._libs.tslibs.nattype.NaTType") == 0;
}

void view(FrameColumn& c, py::array a) {
    if (a.ndim() != 1) throw py::value_error("a DataFrame column must be one-dimensional");
    c.base = static_cast<const char*>(a.data());
    c.stride = a.strides(0);
    c.rows = a.shape(0);
    c.array = std::move(a);
}

}  // namespace

FrameColumn frameColumn(const py::handle& values) {
    FrameColumn c;
    if (py::isinstance<py::tuple>(values)) {
        // (codes, categories): a categorical column, each category converted once.
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(values);
        py::array codes = py::reinterpret_borrow<py::array>(pair[0]);
        if (codes.dtype().kind() != 'i')
            throw py::value_error("categorical codes must be integers");
        c.kind = FrameColumn::Kind::Codes;
        c.codeBytes = int(codes.itemsize());
        for (const py::handle category : py::reinterpret_borrow<py::list>(pair[1])) {
            c.categories.push_back(py::str(category).cast<std::string>());
        }
        view(c, std::move(codes));
        return c;
    }
    py::array a = py::reinterpret_borrow<py::array>(values);
    const char kind = a.dtype().kind();
    if (kind == 'i' && a.itemsize() == 8) {
        c.kind = FrameColumn::Kind::Integers;
    } else if (kind == 'f' && a.itemsize() == 8) {
        c.kind = FrameColumn::Kind::Floats;
    } else if (kind == 'O') {
        c.kind = FrameColumn::Kind::Objects;
    } else {
        throw py::value_error("a DataFrame column must be int64, float64 or object here");
    }
    view(c, std::move(a));
    if (c.kind == FrameColumn::Kind::Floats) {
        // A float column whose values are all whole numbers is an integer column with missing
        // values (pandas turns int64 into float64 for NaN): written "39", as the file had it.
        c.whole = true;
        for (py::ssize_t r = 0; r < c.rows && c.whole; ++r) {
            const double x = c.at<double>(r);
            c.whole = std::isnan(x) || (std::abs(x) < 9.0e15 && x == std::floor(x));
        }
    }
    return c;
}

std::int64_t FrameColumn::code(py::ssize_t r) const {
    switch (codeBytes) {
        case 1:
            return at<std::int8_t>(r);
        case 2:
            return at<std::int16_t>(r);
        case 4:
            return at<std::int32_t>(r);
        default:
            return at<std::int64_t>(r);
    }
}

std::string_view objectText(PyObject* item, const std::string& missing, std::string& owned) {
    if (PyUnicode_Check(item)) {
        // An ASCII string is its own buffer; others cache their UTF-8.
        if (PyUnicode_IS_COMPACT_ASCII(item))
            return {static_cast<const char*>(PyUnicode_DATA(item)),
                    std::size_t(PyUnicode_GET_LENGTH(item))};
        Py_ssize_t size = 0;
        const char* text = PyUnicode_AsUTF8AndSize(item, &size);
        if (!text) throw py::error_already_set();
        return {text, std::size_t(size)};
    }
    if (item == Py_None || (PyFloat_Check(item) && std::isnan(PyFloat_AS_DOUBLE(item))) ||
        isPandasMissing(item))
        return missing;
    // Anything else as str() writes it.
    owned = py::str(item).cast<std::string>();
    return owned;
}

}  // namespace ldv::python
