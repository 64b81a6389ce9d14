#include "frame_encode.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "frame_columns.h"
#include "ldiv/data/table.h"

namespace py = pybind11;

namespace ldv::python {
namespace {

/// Distinct texts of one column, numbered in order of first appearance.
class Spellings {
public:
    explicit Spellings(EncodedColumn& out) : m_out(out) {}
    std::uint32_t code(std::string_view text) {
        const auto it = m_index.find(text);
        if (it != m_index.end()) return it->second;
        const auto code = std::uint32_t(m_out.spellings.size());
        m_out.spellings.emplace_back(text);
        m_out.quoted.push_back(needsQuotes(text));
        m_index.emplace(std::string(text), code);
        return code;
    }

private:
    EncodedColumn& m_out;
    StringIndex m_index;
};

/// pandas' CSV parser hands out one str object per distinct value of a chunk, so most cells
/// are found by their object's address before their text is hashed. Direct-mapped; an entry
/// stays valid while the array holds its object.
class ObjectCache {
public:
    static constexpr std::size_t kSize = 4096;
    bool find(PyObject* item, std::uint32_t& code) const {
        const Entry& e = m_entries[slot(item)];
        if (e.item != item) return false;
        code = e.code;
        return true;
    }
    void put(PyObject* item, std::uint32_t code) { m_entries[slot(item)] = {item, code}; }

private:
    struct Entry {
        PyObject* item = nullptr;
        std::uint32_t code = 0;
    };
    static std::size_t slot(PyObject* item) {
        const auto a = reinterpret_cast<std::uintptr_t>(item);
        return ((a >> 4) ^ (a >> 16)) & (kSize - 1);
    }
    std::vector<Entry> m_entries = std::vector<Entry>(kSize);
};

void encodeObjects(const FrameColumn& c, const std::string& missing, Spellings& spellings,
                   std::vector<std::uint32_t>& codes) {
    ObjectCache cache;
    std::string owned;
    for (py::ssize_t r = 0; r < c.rows; ++r) {
        PyObject* item = c.at<PyObject*>(r);
        std::uint32_t code = 0;
        if (!cache.find(item, code)) {
            code = spellings.code(objectText(item, missing, owned));
            // str() of another object is made anew for each cell: only str objects are kept.
            if (PyUnicode_Check(item)) cache.put(item, code);
        }
        codes.push_back(code);
    }
}

template <typename Key, typename Text>
void encodeBy(const FrameColumn& c, Spellings& spellings, std::vector<std::uint32_t>& codes,
              Key key, Text text) {
    std::unordered_map<std::int64_t, std::uint32_t> seen;
    for (py::ssize_t r = 0; r < c.rows; ++r) {
        const auto [it, added] = seen.try_emplace(key(r), 0);
        if (added) it->second = spellings.code(text(r));
        codes.push_back(it->second);
    }
}

/// The text frame_csv.cpp writes for a number.
template <typename T>
std::string numberText(T x) {
    char buffer[32];
    return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, x).ptr);
}

}  // namespace

std::vector<EncodedColumn> encodeFrame(const py::list& columns, const std::string& missing) {
    std::vector<EncodedColumn> out;
    for (const py::handle entry : columns) {
        const py::tuple pair = py::reinterpret_borrow<py::tuple>(entry);
        EncodedColumn& encoded = out.emplace_back();
        encoded.name = pair[0].cast<std::string>();
        encoded.nameQuoted = needsQuotes(encoded.name);
        const FrameColumn c = frameColumn(pair[1]);
        if (out.size() > 1 && std::size_t(c.rows) != out.front().codes.size())
            throw py::value_error("the DataFrame's columns differ in length");
        encoded.codes.reserve(std::size_t(c.rows));
        Spellings spellings(encoded);
        switch (c.kind) {
            case FrameColumn::Kind::Objects:
                encodeObjects(c, missing, spellings, encoded.codes);
                break;
            case FrameColumn::Kind::Integers:
                encodeBy(
                    c, spellings, encoded.codes,
                    [&](py::ssize_t r) { return c.at<std::int64_t>(r); },
                    [&](py::ssize_t r) { return numberText(c.at<std::int64_t>(r)); });
                break;
            case FrameColumn::Kind::Floats:
                encodeBy(
                    c, spellings, encoded.codes,
                    [&](py::ssize_t r) {
                        const double x = c.at<double>(r);
                        // Every NaN is one missing value; other values by their bits.
                        return std::isnan(x) ? std::int64_t(0x7ff8000000000001)
                                             : std::bit_cast<std::int64_t>(x);
                    },
                    [&](py::ssize_t r) {
                        const double x = c.at<double>(r);
                        if (std::isnan(x)) return missing;
                        return c.whole ? numberText(static_cast<std::int64_t>(x)) : numberText(x);
                    });
                break;
            case FrameColumn::Kind::Codes:
                encodeBy(
                    c, spellings, encoded.codes,
                    [&](py::ssize_t r) { return std::max<std::int64_t>(c.code(r), -1); },
                    [&](py::ssize_t r) {
                        const std::int64_t code = c.code(r);
                        return code < 0 || std::size_t(code) >= c.categories.size()
                                   ? missing
                                   : c.categories[std::size_t(code)];
                    });
                break;
        }
    }
    return out;
}

}  // namespace ldv::python
