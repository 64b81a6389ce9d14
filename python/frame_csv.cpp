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

#include "frame_columns.h"
#include "ldiv/io/csv_table_reader.h"

namespace py = pybind11;

namespace ldv::python {
namespace {

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

/// Rows are written in blocks: each object column's cells of a block are looked up first,
/// column by column (pandas made a column's str objects one after another, so this walks
/// memory in order), then written row by row from the views.
constexpr py::ssize_t kBlock = 256;

/// The cells of an object column for one block of rows: views into Python's own UTF-8 (alive
/// while the caller holds the array) or into `owned` for str() of other objects.
struct ObjectCells {
    std::string_view cells[kBlock];
    std::vector<std::string> owned;

    void fill(const FrameColumn& c, py::ssize_t first, py::ssize_t count,
              const std::string& missing) {
        owned.clear();
        owned.reserve(std::size_t(count));  // views into `owned` stay valid
        for (py::ssize_t i = 0; i < count; ++i) {
            std::string text;
            cells[i] = objectText(c.at<PyObject*>(first + i), missing, text);
            if (cells[i].data() == text.data()) cells[i] = owned.emplace_back(std::move(text));
        }
    }
};

void writeCell(Output& out, const FrameColumn& c, const ObjectCells& objects, py::ssize_t r,
               py::ssize_t inBlock, const std::string& missing) {
    switch (c.kind) {
        case FrameColumn::Kind::Objects:
            out.field(objects.cells[inBlock]);
            return;
        case FrameColumn::Kind::Integers: {
            char* p = out.end(24);
            out.commit(std::size_t(std::to_chars(p, p + 24, c.at<std::int64_t>(r)).ptr - p));
            return;
        }
        case FrameColumn::Kind::Floats: {
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
        case FrameColumn::Kind::Codes: {
            const std::int64_t code = c.code(r);
            if (code < 0 || std::size_t(code) >= c.categories.size())
                out.field(missing);  // pandas' code -1: a missing value
            else
                out.field(c.categories[std::size_t(code)]);
            return;
        }
    }
}

}  // namespace

FrameText frameCsv(const py::list& columns, const std::string& missing) {
    std::vector<std::string> names;
    std::vector<FrameColumn> values;
    for (const py::handle entry : columns) {
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(entry);
        names.push_back(pair[0].cast<std::string>());
        values.push_back(frameColumn(pair[1]));
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
            if (values[c].kind == FrameColumn::Kind::Objects)
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
