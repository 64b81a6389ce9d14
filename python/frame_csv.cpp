#include "frame_csv.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include <pybind11/numpy.h>

#include "ldiv/io/csv_table_reader.h"

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

/// The writer's rule (csv_writer.cpp): quoted when it holds the separator, a quote or a line
/// break, or starts or ends with a space.
bool needsQuotes(std::string_view field) {
    return hasSpecial(field.data(), field.size()) ||
           (!field.empty() && (field.front() == ' ' || field.back() == ' '));
}

/// memcpy for the few bytes of a typical cell without a library call: two overlapping
/// loads and stores, never reading outside `from`'s `n` bytes.
void copySmall(char* to, const char* from, std::size_t n) {
    if (n >= 8 && n <= 16) {
        std::uint64_t a, b;
        std::memcpy(&a, from, 8);
        std::memcpy(&b, from + n - 8, 8);
        std::memcpy(to, &a, 8);
        std::memcpy(to + n - 8, &b, 8);
    } else if (n >= 4 && n < 8) {
        std::uint32_t a, b;
        std::memcpy(&a, from, 4);
        std::memcpy(&b, from + n - 4, 4);
        std::memcpy(to, &a, 4);
        std::memcpy(to + n - 4, &b, 4);
    } else if (n < 4) {
        for (std::size_t i = 0; i < n; ++i) to[i] = from[i];
    } else {
        std::memcpy(to, from, n);
    }
}

/// The text as it grows: an uninitialised buffer doubled when full. Adult's 450,000 cells
/// average six bytes, so the per-cell cost of std::string::append (a call, a capacity check)
/// was a good part of the frame's hand-over.
class Output {
public:
    explicit Output(std::size_t guess)
        : m_data(std::make_unique_for_overwrite<char[]>(guess)), m_capacity(guess) {}
    void put(std::string_view s) {
        room(s.size());
        copySmall(m_data.get() + m_size, s.data(), s.size());
        m_size += s.size();
    }
    void put(char c) {
        room(1);
        m_data[m_size++] = c;
    }
    void field(std::string_view s) {
        if (needsQuotes(s))
            put(csvField(s, ','));
        else
            put(s);
    }
    /// Room for `n` more bytes at end(); commit(n) after writing them.
    char* end(std::size_t n) {
        room(n);
        return m_data.get() + m_size;
    }
    void commit(std::size_t n) { m_size += n; }
    std::size_t size() const { return m_size; }
    FrameText finish(std::size_t header) && { return {std::move(m_data), m_size, header}; }

private:
    void room(std::size_t n) {
        if (m_size + n <= m_capacity) return;
        const std::size_t capacity = std::max(m_capacity * 2, m_size + n + 4096);
        auto grown = std::make_unique_for_overwrite<char[]>(capacity);
        std::memcpy(grown.get(), m_data.get(), m_size);
        m_data = std::move(grown);
        m_capacity = capacity;
    }
    std::unique_ptr<char[]> m_data;
    std::size_t m_capacity = 0;
    std::size_t m_size = 0;
};

/// pd.NA and pd.NaT are missing; compared by type name, so that pandas need not be imported.
bool isPandasMissing(PyObject* item) {
    const char* name = Py_TYPE(item)->tp_name;
    return std::strcmp(name, "NAType") == 0 || std::strcmp(name, "NaTType") == 0 ||
           std::strcmp(name, "pandas._libs.missing.NAType") == 0 ||
           std::strcmp(name, "pandas._libs.tslibs.nattype.NaTType") == 0;
}

/// One column, read cell by cell as the rows are written.
struct Column {
    enum class Kind { Objects, Integers, Floats, Codes };
    Kind kind = Kind::Objects;
    py::array array;  ///< keeps the values alive
    const char* base = nullptr;
    py::ssize_t stride = 0;
    py::ssize_t rows = 0;
    bool whole = false;                ///< Floats: every value is a whole number or NaN
    std::vector<std::string> written;  ///< Codes: each category as written (quoted if needed)
    int codeBytes = 0;

    template <typename T>
    T at(py::ssize_t r) const {
        T v;
        std::memcpy(&v, base + r * stride, sizeof v);
        return v;
    }
};

void view(Column& c, py::array a) {
    if (a.ndim() != 1) throw py::value_error("a DataFrame column must be one-dimensional");
    c.base = static_cast<const char*>(a.data());
    c.stride = a.strides(0);
    c.rows = a.shape(0);
    c.array = std::move(a);
}

Column column(const py::handle& values) {
    Column c;
    if (py::isinstance<py::tuple>(values)) {
        // (codes, categories): a categorical column, each category converted once.
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(values);
        py::array codes = py::reinterpret_borrow<py::array>(pair[0]);
        if (codes.dtype().kind() != 'i')
            throw py::value_error("categorical codes must be integers");
        c.kind = Column::Kind::Codes;
        c.codeBytes = int(codes.itemsize());
        for (const py::handle category : py::reinterpret_borrow<py::list>(pair[1])) {
            const std::string text = py::str(category).cast<std::string>();
            c.written.push_back(needsQuotes(text) ? csvField(text, ',') : text);
        }
        view(c, std::move(codes));
        return c;
    }
    py::array a = py::reinterpret_borrow<py::array>(values);
    const char kind = a.dtype().kind();
    if (kind == 'i' && a.itemsize() == 8) {
        c.kind = Column::Kind::Integers;
    } else if (kind == 'f' && a.itemsize() == 8) {
        c.kind = Column::Kind::Floats;
    } else if (kind == 'O') {
        c.kind = Column::Kind::Objects;
    } else {
        throw py::value_error("a DataFrame column must be int64, float64 or object here");
    }
    view(c, std::move(a));
    if (c.kind == Column::Kind::Floats) {
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

/// Rows are written in blocks: each object column's cells of a block are looked up first,
/// column by column (pandas made a column's str objects one after another, so this walks
/// memory in order), then written row by row from the views.
constexpr py::ssize_t kBlock = 256;

/// The cells of an object column for one block of rows: views into Python's own UTF-8 (alive
/// while the caller holds the array) or into `owned` for str() of other objects.
struct ObjectCells {
    std::string_view cells[kBlock];
    std::vector<std::string> owned;

    void fill(const Column& c, py::ssize_t first, py::ssize_t count, const std::string& missing) {
        owned.clear();
        owned.reserve(std::size_t(count));  // views into `owned` stay valid
        for (py::ssize_t i = 0; i < count; ++i) {
            PyObject* item = c.at<PyObject*>(first + i);
            if (PyUnicode_Check(item)) {
                // An ASCII string is its own buffer; others cache their UTF-8.
                if (PyUnicode_IS_COMPACT_ASCII(item)) {
                    cells[i] = std::string_view(static_cast<const char*>(PyUnicode_DATA(item)),
                                                std::size_t(PyUnicode_GET_LENGTH(item)));
                    continue;
                }
                Py_ssize_t size = 0;
                const char* text = PyUnicode_AsUTF8AndSize(item, &size);
                if (!text) throw py::error_already_set();
                cells[i] = std::string_view(text, std::size_t(size));
            } else if (item == Py_None ||
                       (PyFloat_Check(item) && std::isnan(PyFloat_AS_DOUBLE(item))) ||
                       isPandasMissing(item)) {
                cells[i] = missing;
            } else {
                // Anything else is written as str() writes it.
                cells[i] = owned.emplace_back(py::str(item).cast<std::string>());
            }
        }
    }
};

void writeCell(Output& out, const Column& c, const ObjectCells& objects, py::ssize_t r,
               py::ssize_t inBlock, const std::string& missing) {
    switch (c.kind) {
        case Column::Kind::Objects:
            out.field(objects.cells[inBlock]);
            return;
        case Column::Kind::Integers: {
            char* p = out.end(24);
            out.commit(std::size_t(std::to_chars(p, p + 24, c.at<std::int64_t>(r)).ptr - p));
            return;
        }
        case Column::Kind::Floats: {
            const double x = c.at<double>(r);
            if (std::isnan(x)) {
                out.field(missing);
                return;
            }
            char* p = out.end(32);
            const auto done = c.whole ? std::to_chars(p, p + 32, static_cast<std::int64_t>(x))
                                      : std::to_chars(p, p + 32, x);
            out.commit(std::size_t(done.ptr - p));
            return;
        }
        case Column::Kind::Codes: {
            std::int64_t code = 0;
            switch (c.codeBytes) {
                case 1:
                    code = c.at<std::int8_t>(r);
                    break;
                case 2:
                    code = c.at<std::int16_t>(r);
                    break;
                case 4:
                    code = c.at<std::int32_t>(r);
                    break;
                default:
                    code = c.at<std::int64_t>(r);
                    break;
            }
            if (code < 0 || std::size_t(code) >= c.written.size())
                out.field(missing);  // pandas' code -1: a missing value
            else
                out.put(c.written[std::size_t(code)]);
            return;
        }
    }
}

}  // namespace

FrameText frameCsv(const py::list& columns, const std::string& missing) {
    std::vector<std::string> names;
    std::vector<Column> values;
    for (const py::handle entry : columns) {
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(entry);
        names.push_back(pair[0].cast<std::string>());
        values.push_back(column(pair[1]));
        if (values.back().rows != values.front().rows)
            throw py::value_error("the DataFrame's columns differ in length");
    }
    const py::ssize_t rows = values.empty() ? 0 : values.front().rows;
    // Eight bytes a cell is Adult's average with its separator; the buffer doubles if not.
    Output out(std::size_t(rows + 1) * std::max<std::size_t>(values.size(), 1) * 8 + 4096);
    for (std::size_t c = 0; c < names.size(); ++c) {
        if (c) out.put(',');
        out.field(names[c]);
    }
    out.put('\n');
    const std::size_t header = out.size();
    std::vector<ObjectCells> objects(values.size());
    for (py::ssize_t first = 0; first < rows; first += kBlock) {
        const py::ssize_t count = std::min(kBlock, rows - first);
        for (std::size_t c = 0; c < values.size(); ++c)
            if (values[c].kind == Column::Kind::Objects)
                objects[c].fill(values[c], first, count, missing);
        for (py::ssize_t i = 0; i < count; ++i) {
            for (std::size_t c = 0; c < values.size(); ++c) {
                if (c) out.put(',');
                writeCell(out, values[c], objects[c], first + i, i, missing);
            }
            out.put('\n');
        }
    }
    return std::move(out).finish(header);
}

}  // namespace ldv::python
