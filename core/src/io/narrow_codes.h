#pragma once
// A parallel reader's piece codes of one column, as narrow as the piece's dictionary allows:
// one byte per code while the piece has seen at most 256 spellings, two up to 65,536, then
// four. A piece numbers its spellings 0, 1, … as it meets them, so a column widens at most
// twice, when its 257th and its 65,537th spelling arrive. On a 10 M-row Adult file the
// pieces' codes were 360 MB of fresh pages written once and read once by the merge, next to
// the 360 MB of the merged columns (issue 38: the kernel clearing pages was 6–15 % of the
// read's CPU).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "data/prefault.h"
#include "ldiv/data/table.h"

namespace ldv::detail {

class NarrowCodes {
public:
    std::size_t size() const { return m_size; }
    unsigned width() const { return m_width; }

    /// Room for `codes` codes at the present width, its pages faulted in at once.
    void reserve(std::size_t codes) {
        if (codes > m_capacity) reallocate(codes, m_width);
    }

    void push(Code code) {
        if (code > m_max || m_size == m_capacity) [[unlikely]]
            makeRoom(code);
        unsigned char* at = m_data.get() + m_size * m_width;
        if constexpr (std::endian::native == std::endian::little) {
            // Four bytes whatever the width: the high ones are zero (code <= m_max) and the
            // next code, or the padding, takes them. One store, no branch on the width.
            std::memcpy(at, &code, sizeof code);
        } else {
            store(at, code, m_width);
        }
        ++m_size;
    }

    Code operator[](std::size_t i) const { return load(m_data.get() + i * m_width, m_width); }

    /// f(code) for every code in order, one loop per width.
    template <class F>
    void forEach(F&& f) const {
        const unsigned char* p = m_data.get();
        switch (m_width) {
            case 1:
                for (std::size_t i = 0; i < m_size; ++i) f(Code(p[i]));
                break;
            case 2:
                for (std::size_t i = 0; i < m_size; ++i) f(load(p + 2 * i, 2));
                break;
            default:
                for (std::size_t i = 0; i < m_size; ++i) f(load(p + 4 * i, 4));
        }
    }

    /// Gives the memory back.
    void clear() { *this = NarrowCodes{}; }

private:
    static constexpr std::size_t kPad = sizeof(Code) - 1;  // for push's four-byte store

    static Code maxFor(unsigned width) {
        return width >= 4 ? ~Code(0) : Code((std::uint64_t(1) << (8 * width)) - 1);
    }
    static void store(unsigned char* at, Code code, unsigned width) {
        for (unsigned b = 0; b < width; ++b) at[b] = static_cast<unsigned char>(code >> (8 * b));
    }
    static Code load(const unsigned char* at, unsigned width) {
        Code code = 0;
        for (unsigned b = 0; b < width; ++b) code |= Code(at[b]) << (8 * b);
        return code;
    }

    [[gnu::noinline]] void makeRoom(Code code) {
        unsigned width = m_width;
        while (code > maxFor(width)) width *= 2;
        const std::size_t capacity =
            m_size == m_capacity ? std::max<std::size_t>(64, m_capacity * 2) : m_capacity;
        reallocate(capacity, width);
    }

    void reallocate(std::size_t capacity, unsigned width) {
        const std::size_t bytes = capacity * width + kPad;
        auto data = std::make_unique_for_overwrite<unsigned char[]>(bytes);
        prefault(data.get(), bytes);
        if (width == m_width) {
            if (m_size) std::memcpy(data.get(), m_data.get(), m_size * m_width);
        } else {
            for (std::size_t i = 0; i < m_size; ++i)
                store(data.get() + i * width, (*this)[i], width);
        }
        m_data = std::move(data);
        m_capacity = capacity;
        m_width = width;
        m_max = maxFor(width);
    }

    std::unique_ptr<unsigned char[]> m_data;
    std::size_t m_size = 0, m_capacity = 0;
    unsigned m_width = 1;
    Code m_max = 0xFF;
};

}  // namespace ldv::detail
