// Lean rollup of equivalence classes for the lattice search (class_table.h).
#include "lattice/class_table.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <limits>
#include <string_view>

#include "lattice/pext.h"
#include "lattice/rollup_lookups.h"

namespace ldv::detail {
namespace {

bool fastPext() {
    // LDIV_NO_PEXT=1 takes the hashing path on any CPU, so the tests check both groupings
    // (tests/CMakeLists.txt runs the search's property tests once more with it).
    if (const char* off = std::getenv("LDIV_NO_PEXT"); off && *off && std::string_view(off) != "0")
        return false;
#ifdef LDV_X86_PEXT
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("bmi2")) return false;
    // AMD before Zen 3 runs PEXT in microcode (tens of cycles): hashing is faster there.
    return !(__builtin_cpu_is("amdfam15h") || __builtin_cpu_is("amdfam17h"));
#else
    return false;
#endif
}

}  // namespace

RollupEngine::RollupEngine(const Dataset& data, std::vector<std::size_t> carried)
    : m_data(data), m_carried(std::move(carried)), m_weights(data.hasSurveyWeights()) {
    for (std::size_t sa : m_carried) {
        m_offsets.push_back(m_histWidth);
        m_domains.push_back(data.sensitiveDomain(sa));
        m_histWidth += data.sensitiveDomain(sa);
    }
    const std::size_t d = data.qiCount();
    m_up.resize(d);
    m_fixedStride.assign(d, 0);
    m_fixedPacks = true;
    for (std::size_t i = d; i-- > 0;) {
        m_fixedStride[i] = m_fixedSpace;
        const std::uint64_t radix = std::max<std::size_t>(1, data.hierarchy(i).levelSize(0));
        if (__builtin_mul_overflow(m_fixedSpace, radix, &m_fixedSpace) ||
            m_fixedSpace > (std::uint64_t(1) << 62)) {
            m_fixedPacks = false;
            break;
        }
    }
    m_delta.resize(d);
    // Bit fields: attribute d-1 in the lowest bits (as the mixed radix, last fastest).
    m_shift.assign(d, 0);
    m_width.assign(d, 0);
    unsigned bits = 0;
    for (std::size_t i = d; i-- > 0;) {
        const HierarchyMap& h = data.hierarchy(i);
        unsigned w = 0;
        for (int l = 0; l <= h.height(); ++l)
            w = std::max(w, unsigned(std::bit_width(
                                std::uint64_t(std::max<std::size_t>(h.levelSize(l), 1) - 1))));
        m_shift[i] = bits;
        m_width[i] = w;
        bits += w;
    }
    m_bitPacks = bits <= 64;
    // Up to 128 bits: two words (class_table_wide.cpp), which then replace the mixed radix.
    m_wideBits = !m_bitPacks && layOutTwoWords();
    if (m_wideBits) m_fixedPacks = false;
    m_pext = (m_bitPacks || m_wideBits) && fastPext();
    m_bitDelta.resize(d);
}

const std::uint64_t* RollupEngine::bitDelta(std::uint32_t i, int from, int to) {
    const std::uint64_t stride = std::uint64_t(m_data.hierarchy(i).height()) + 2;
    std::vector<std::uint64_t>& t =
        m_bitDelta[i][std::uint64_t(from) * stride + std::uint64_t(to + 1)];
    if (t.empty()) {
        // Indexed by the whole field (codes beyond the level's domain never occur).
        const std::size_t n = m_data.hierarchy(i).levelSize(from);
        t.assign(std::max<std::size_t>(std::size_t(1) << m_width[i], n), 0);
        const unsigned s = m_shift[i];
        // Unsigned wrap-around: adding (new − old) << s rewrites the field from old to new
        // (the field holds exactly `old`, so no borrow or carry leaves it).
        for (std::size_t v = 0; v < n; ++v) {
            const std::uint64_t to_code = to < 0 ? 0 : std::uint64_t(upMap(i, from, to)[v]);
            t[v] = (to_code - std::uint64_t(v)) << s;
        }
    }
    return t.data();
}

std::span<const Code> RollupEngine::keysOf(const ClassTable& t, std::vector<Code>& scratch) const {
    if (m_wideBits) return wideKeysOf(t, scratch);
    if (!t.keys.empty() || !m_bitPacks || t.packed.size() != t.count()) return t.keys;
    const std::size_t w = t.attrs.size();
    scratch.resize(t.count() * w);
    for (std::size_t c = 0; c < t.count(); ++c)
        for (std::size_t q = 0; q < w; ++q) {
            const std::uint32_t i = t.attrs[q];
            scratch[c * w + q] =
                Code((t.packed[c] >> m_shift[i]) & ((std::uint64_t(1) << m_width[i]) - 1));
        }
    return scratch;
}

const Code* RollupEngine::upMap(std::uint32_t i, int from, int to) {
    const HierarchyMap& h = m_data.hierarchy(i);
    std::vector<Code>& map =
        m_up[i][std::uint64_t(from) * std::uint64_t(h.height() + 1) + std::uint64_t(to)];
    if (map.empty()) map = h.upMap(from, to);
    return map.data();
}

const std::uint64_t* RollupEngine::delta(std::uint32_t i, int from, int to) {
    const std::uint64_t stride = std::uint64_t(m_data.hierarchy(i).height()) + 2;
    std::vector<std::uint64_t>& t =
        m_delta[i][std::uint64_t(from) * stride + std::uint64_t(to + 1)];
    if (t.empty()) {
        const std::size_t n = m_data.hierarchy(i).levelSize(from);
        t.resize(std::max<std::size_t>(n, 1));
        const std::uint64_t s = m_fixedStride[i];
        // Unsigned wrap-around makes a negative delta an addition modulo 2^64.
        if (to < 0) {
            for (std::size_t v = 0; v < n; ++v) t[v] = std::uint64_t(0) - std::uint64_t(v) * s;
        } else {
            const Code* map = upMap(i, from, to);
            for (std::size_t v = 0; v < n; ++v)
                t[v] = (std::uint64_t(map[v]) - std::uint64_t(v)) * s;
        }
    }
    return t.data();
}

ClassTable RollupEngine::base() const {
    const EquivalenceClasses& b = m_data.baseGroups();
    ClassTable t;
    const std::size_t d = m_data.qiCount();
    t.levels.assign(d, 0);
    for (std::size_t i = 0; i < d; ++i) t.attrs.push_back(std::uint32_t(i));
    t.sizes = b.sizes;
    if (m_wideBits) {
        packWide(b, t);
    } else if (m_bitPacks) {
        t.packed.resize(b.count());
        for (std::size_t c = 0; c < b.count(); ++c) {
            std::uint64_t key = 0;
            for (std::size_t i = 0; i < d; ++i)
                key |= std::uint64_t(b.keys[c * d + i]) << m_shift[i];
            t.packed[c] = key;
        }
    } else {
        t.keys.assign(b.keys.begin(), b.keys.end());
    }
    if (!m_bitPacks && m_fixedPacks) {
        t.packed.resize(b.count());
        for (std::size_t c = 0; c < b.count(); ++c) {
            std::uint64_t key = 0;
            for (std::size_t i = 0; i < d; ++i)
                key += std::uint64_t(t.keys[c * d + i]) * m_fixedStride[i];
            t.packed[c] = key;
        }
    }
    t.hist.assign(b.count() * m_histWidth, 0);
    for (std::size_t j = 0; j < m_carried.size(); ++j) {
        const std::size_t m = m_domains[j];
        const std::vector<std::uint32_t>& h = b.histograms[m_carried[j]];
        for (std::size_t c = 0; c < b.count(); ++c)
            std::copy_n(h.data() + c * m, m, t.hist.data() + c * m_histWidth + m_offsets[j]);
    }
    if (m_weights) t.weights = b.weightSums;
    return t;
}

void RollupEngine::rollup(const ClassTable& src, std::span<const int> levels, ClassTable& out) {
    if (m_bitPacks) {
        rollupByBits(src, levels, out);
        return;
    }
    if (m_wideBits) {
        rollupByWideBits(src, levels, out);
        return;
    }
    out.levels.assign(levels.begin(), levels.end());
    out.attrs.clear();
    m_positions.clear();
    m_maps.clear();
    m_radix.clear();
    const std::size_t width = src.attrs.size();
    std::uint64_t space = 1;
    bool packs = true;
    for (std::size_t p = 0; p < width; ++p) {
        const std::uint32_t i = src.attrs[p];
        if (levels[i] < 0) continue;
        const Code* map = upMap(i, src.levels[i], levels[i]);
        const std::uint64_t radix =
            std::max<std::size_t>(1, m_data.hierarchy(i).levelSize(levels[i]));
        m_positions.push_back(p);
        m_maps.push_back(map);
        m_radix.push_back(radix);
        out.attrs.push_back(i);
        if (__builtin_mul_overflow(space, radix, &space) || space > (std::uint64_t(1) << 62))
            packs = false;
    }
    const std::size_t count = src.count();
    m_read += count;
    // Grown only: resizing down and up again would zero-fill it on every call.
    if (m_classOf.size() < count) m_classOf.resize(count);
    m_first.clear();

    // Pass 1: the group of every source class, and the first source class of every group.
    // A small key space is counted densely; otherwise the fixed-radix keys are hashed, each
    // updated by the attributes that change only.
    const bool dense =
        packs && space <= std::max<std::uint64_t>(1u << 16, 4 * std::uint64_t(count));
    const bool byDelta = m_fixedPacks && src.packed.size() == count && !dense;
    if (byDelta)
        rollupByDelta(src, levels);
    else if (packs)
        rollupByPacking(src, space);
    else
        rollupByRefining(src);
    const std::size_t groups = m_first.size();
    m_built += groups;

    // Pass 2: sizes, keys, packed keys and histograms of the groups.
    const std::size_t outWidth = out.attrs.size();
    const std::uint32_t* classOf = m_classOf.data();
    const Code* keys = src.keys.data();
    out.sizes.assign(groups, 0);
    std::uint32_t* sizes = out.sizes.data();
    for (std::size_t c = 0; c < count; ++c) sizes[classOf[c]] += src.sizes[c];
    out.keys.resize(groups * outWidth);
    Code* outKeys = out.keys.data();
    // The attributes whose level changes (all others keep their codes).
    m_changed.clear();
    for (std::size_t q = 0; q < outWidth; ++q)
        if (levels[out.attrs[q]] != src.levels[out.attrs[q]]) m_changed.push_back(q);
    if (outWidth == width) {
        for (std::size_t g = 0; g < groups; ++g) {
            const Code* row = keys + std::size_t(m_first[g]) * width;
            Code* to = outKeys + g * outWidth;
            std::copy_n(row, width, to);
            for (std::size_t q : m_changed) to[q] = m_maps[q][row[q]];
        }
    } else {
        for (std::size_t g = 0; g < groups; ++g) {
            const Code* row = keys + std::size_t(m_first[g]) * width;
            for (std::size_t q = 0; q < outWidth; ++q)
                outKeys[g * outWidth + q] = m_maps[q][row[m_positions[q]]];
        }
    }
    if (byDelta) {
        out.packed.assign(m_grouper.groupKeys().begin(), m_grouper.groupKeys().end());
    } else if (m_fixedPacks) {
        out.packed.resize(groups);
        for (std::size_t g = 0; g < groups; ++g) {
            std::uint64_t key = 0;
            for (std::size_t q = 0; q < outWidth; ++q)
                key += std::uint64_t(outKeys[g * outWidth + q]) * m_fixedStride[out.attrs[q]];
            out.packed[g] = key;
        }
    } else {
        out.packed.clear();
    }
    m_grouper.end();
    const std::size_t hw = m_histWidth;
    out.hist.assign(groups * hw, 0);
    if (hw) {
        const std::uint32_t* from = src.hist.data();
        std::uint32_t* to = out.hist.data();
        for (std::size_t c = 0; c < count; ++c) {
            std::uint32_t* t = to + std::size_t(classOf[c]) * hw;
            const std::uint32_t* f = from + c * hw;
            for (std::size_t v = 0; v < hw; ++v) t[v] += f[v];
        }
    }
    sumWeights(src, out);
}

void RollupEngine::sumWeights(const ClassTable& src, ClassTable& out) const {
    if (!m_weights) {
        out.weights.clear();
        return;
    }
    out.weights.assign(out.sizes.size(), 0.0);
    for (std::size_t c = 0; c < src.count(); ++c) out.weights[m_classOf[c]] += src.weights[c];
}

void RollupEngine::rollupByDelta(const ClassTable& src, std::span<const int> levels) {
    m_deltaPtr.clear();
    m_deltaPos.clear();
    for (std::size_t p = 0; p < src.attrs.size(); ++p) {
        const std::uint32_t i = src.attrs[p];
        if (levels[i] == src.levels[i]) continue;
        m_deltaPtr.push_back(delta(i, src.levels[i], levels[i]));
        m_deltaPos.push_back(p);
    }
    const std::size_t count = src.count();
    const std::size_t width = src.attrs.size();
    const std::size_t changed = m_deltaPtr.size();
    const std::uint64_t* const* deltas = m_deltaPtr.data();
    const std::size_t* pos = m_deltaPos.data();
    const std::uint64_t* packed = src.packed.data();
    const Code* keys = src.keys.data();
    std::uint32_t* classOf = m_classOf.data();
    m_grouper.begin(m_fixedSpace, count);
    for (std::size_t c = 0; c < count; ++c) {
        std::uint64_t key = packed[c];
        const Code* row = keys + c * width;
        for (std::size_t j = 0; j < changed; ++j) key += deltas[j][row[pos[j]]];
        const std::uint32_t g = m_grouper.insert(key);
        if (g == m_first.size()) m_first.push_back(std::uint32_t(c));
        classOf[c] = g;
    }
}

void RollupEngine::rollupByPacking(const ClassTable& src, std::uint64_t space) {
    // Pack the key in mixed radix (last attribute fastest); per attribute a table of
    // code → (up-mapped code × stride) saves the multiplications.
    const std::size_t outWidth = m_maps.size();
    const std::size_t width = src.attrs.size();
    m_contrib.resize(outWidth);
    m_contribPtr.resize(outWidth);
    std::uint64_t stride = 1;
    for (std::size_t q = outWidth; q-- > 0;) {
        const std::uint32_t i = src.attrs[m_positions[q]];
        const std::size_t from = m_data.hierarchy(i).levelSize(src.levels[i]);
        m_contrib[q].resize(from);
        for (std::size_t code = 0; code < from; ++code)
            m_contrib[q][code] = m_maps[q][code] * stride;
        m_contribPtr[q] = m_contrib[q].data();
        stride *= m_radix[q];
    }
    const std::size_t count = src.count();
    m_grouper.begin(space, count);
    const std::uint64_t* const* contrib = m_contribPtr.data();
    const std::size_t* pos = m_positions.data();
    const bool identity = outWidth == width;  // positions are 0..width-1
    const Code* keys = src.keys.data();
    std::uint32_t* classOf = m_classOf.data();
    for (std::size_t c = 0; c < count; ++c) {
        std::uint64_t key = 0;
        const Code* row = keys + c * width;
        if (identity)
            for (std::size_t q = 0; q < outWidth; ++q) key += contrib[q][row[q]];
        else
            for (std::size_t q = 0; q < outWidth; ++q) key += contrib[q][row[pos[q]]];
        const std::uint32_t g = m_grouper.insert(key);
        if (g == m_first.size()) m_first.push_back(std::uint32_t(c));
        classOf[c] = g;
    }
}

void RollupEngine::rollupByRefining(const ClassTable& src) {
    // Key space beyond 64 bits: refine the grouping one attribute at a time.
    const std::size_t count = src.count();
    const std::size_t width = src.attrs.size();
    const Code* keys = src.keys.data();
    std::uint32_t* classOf = m_classOf.data();
    std::fill_n(classOf, count, 0);
    std::uint64_t groups = 1;
    for (std::size_t q = 0; q < m_maps.size(); ++q) {
        m_refine.begin(groups * m_radix[q], count);
        for (std::size_t c = 0; c < count; ++c)
            classOf[c] = m_refine.insert(std::uint64_t(classOf[c]) * m_radix[q] +
                                         m_maps[q][keys[c * width + m_positions[q]]]);
        groups = m_refine.groups();
        m_refine.end();
    }
    m_grouper.begin(groups, count);  // renumber in first-seen order, like the packed path
    for (std::size_t c = 0; c < count; ++c) {
        const std::uint32_t g = m_grouper.insert(classOf[c]);
        if (g == m_first.size()) m_first.push_back(std::uint32_t(c));
        classOf[c] = g;
    }
}

void RollupEngine::rollupByBits(const ClassTable& src, std::span<const int> levels,
                                ClassTable& out) {
    out.levels.assign(levels.begin(), levels.end());
    out.attrs.clear();
    out.keys.clear();
    m_deltaPtr.clear();
    m_deltaShift.clear();
    m_deltaMask.clear();
    std::uint64_t outMask = 0;  // the bits the output's codes can occupy
    unsigned outBits = 0;
    for (std::size_t p = 0; p < src.attrs.size(); ++p) {
        const std::uint32_t i = src.attrs[p];
        if (levels[i] >= 0) {
            out.attrs.push_back(i);
            const auto w = unsigned(std::bit_width(std::uint64_t(
                std::max<std::size_t>(m_data.hierarchy(i).levelSize(levels[i]), 1) - 1)));
            outMask |= ((std::uint64_t(1) << w) - 1) << m_shift[i];
            outBits += w;
        }
        if (levels[i] == src.levels[i]) continue;
        m_deltaPtr.push_back(bitDelta(i, src.levels[i], levels[i]));
        m_deltaShift.push_back(m_shift[i]);
        m_deltaMask.push_back((std::uint64_t(1) << m_width[i]) - 1);
    }
    const std::size_t count = src.count();
    m_read += count;
    // Pass 2 (histograms) and the caller (keepClassOf) need each class's group.
    const bool classes = m_histWidth > 0 || m_keepClassOf || m_weights;
    if (classes && m_classOf.size() < count) m_classOf.resize(count);
    out.sizes.clear();
    m_outPacked.clear();
    // Dense counting over the gathered output fields when they span a small space, else a
    // hash of the packed word itself.
    const bool dense =
        m_pext && outBits < 40 && (std::uint64_t(1) << outBits) <= KeyGrouper::denseLimit(count);
    if (dense) {
        m_grouper.begin(std::uint64_t(1) << outBits, count);
        if (classes)
            groupBits<true, true>(src, outMask, out);
        else
            groupBits<true, false>(src, outMask, out);
    } else {
        m_grouper.begin(~std::uint64_t(0), count);
        if (classes)
            groupBits<false, true>(src, outMask, out);
        else
            groupBits<false, false>(src, outMask, out);
    }
    m_grouper.end();
    finishBitsRollup(src, out);
}

void RollupEngine::finishBitsRollup(const ClassTable& src, ClassTable& out) {
    const std::size_t groups = out.sizes.size();
    m_built += groups;
    out.packed.assign(m_outPacked.begin(), m_outPacked.end());
    const std::size_t hw = m_histWidth;
    out.hist.assign(groups * hw, 0);
    if (hw) {
        const std::uint32_t* classOf = m_classOf.data();
        const std::uint32_t* from = src.hist.data();
        std::uint32_t* to = out.hist.data();
        for (std::size_t c = 0; c < src.count(); ++c) {
            std::uint32_t* t = to + std::size_t(classOf[c]) * hw;
            const std::uint32_t* f = from + c * hw;
            for (std::size_t v = 0; v < hw; ++v) t[v] += f[v];
        }
    }
    sumWeights(src, out);
}

// The hot loop of the search: one 8-byte word read per source class, one lookup per changed
// attribute, one insertion. `Fixed` > 0 unrolls the lookups for that many changed attributes
// (their tables, shifts and masks then stay in registers); 0 loops over any number.
template <bool Dense, bool Classes, std::size_t Fixed>
void RollupEngine::groupBitsLoop(const ClassTable& src, std::uint64_t outMask, ClassTable& out) {
    const std::size_t count = src.count();
    const DeltaLookups<Fixed> lookups(m_deltaPtr, m_deltaShift, m_deltaMask);
    const std::uint64_t* packed = src.packed.data();
    const std::uint32_t* sizes = src.sizes.data();
    std::uint32_t* classOf = m_classOf.data();
    if constexpr (Dense) {
        // Raw pointers throughout: at most `count` groups, written into grown-only scratch. The
        // insertion is repeated below on purpose: one loop with both insertions ran the dense
        // loop 3-8 % slower (wide boundary, mach2019 2 %); so did a key rewrite shared through
        // a lambda, while DeltaLookups::rewrite (always inlined) runs no more instructions
        // than the loop it replaced (callgrind, bench_search case … incognito 0.02 k=5 1 1:
        // equal or fewer in each groupBitsLoop<true, false, N>).
        if (m_denseSizes.size() < count) m_denseSizes.resize(count);
        if (m_densePacked.size() < count) m_densePacked.resize(count);
        std::uint32_t* outSizes = m_denseSizes.data();
        std::uint64_t* outPacked = m_densePacked.data();
        const KeyGrouper::DenseView view = m_grouper.openDense(count);
        std::uint32_t groups = 0;
        for (std::size_t c = 0; c < count; ++c) {
            const std::uint64_t key = lookups.rewrite(packed[c]);
            const std::uint64_t slot = pext(key, outMask);
            std::uint32_t g = view.ids[slot];
            if (g == KeyGrouper::kNone) {
                g = groups++;
                view.ids[slot] = g;
                view.keys[g] = slot;
                outSizes[g] = 0;
                outPacked[g] = key;
            }
            outSizes[g] += sizes[c];
            if constexpr (Classes) classOf[c] = g;
        }
        m_grouper.closeDense(groups);
        out.sizes.assign(outSizes, outSizes + groups);
        m_outPacked.assign(outPacked, outPacked + groups);
        return;
    }
    std::vector<std::uint32_t>& outSizes = out.sizes;
    for (std::size_t c = 0; c < count; ++c) {
        const std::uint64_t key = lookups.rewrite(packed[c]);
        const std::uint32_t g = m_grouper.insert(Dense ? pext(key, outMask) : key);
        if (g == outSizes.size()) {
            outSizes.push_back(0);
            m_outPacked.push_back(key);
        }
        outSizes[g] += sizes[c];
        if constexpr (Classes) classOf[c] = g;
    }
}

template <bool Dense, bool Classes>
void RollupEngine::groupBits(const ClassTable& src, std::uint64_t outMask, ClassTable& out) {
    withUnrolledLookups(m_deltaPtr.size(), [&](auto fixed) {
        groupBitsLoop<Dense, Classes, decltype(fixed)::value>(src, outMask, out);
    });
}

}  // namespace ldv::detail
