#pragma once
// assignGroups (group_index.h) on several threads, for the base groups of a large table
// (issue 38: on 16 cores, grouping 10 M rows into their 1.19 M base groups on one thread
// took 0.4–0.6 s after a 0.35 s parallel read). Same ids as the serial version — dense, in
// order of each group's first item — so nothing downstream can tell them apart.
//
// The items are partitioned by a hash of their packed key, so that every group lies in one
// partition: (1) each thread tags the items of a contiguous chunk with their partition and
// counts them per partition; (2) each chunk scatters its item indices and keys into the
// partitions, in item order; (3) the partitions are grouped side by side, each with its own
// KeyGrouper, marking each group's first item; (4) the global ids follow from the first items
// in item order, counted chunk by chunk; (5) every item gets its group's global id.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "data/group_index.h"
#include "data/prefault.h"

namespace ldv::detail {

/// Runs work(t) for t < threads, on the calling thread and threads - 1 others.
template <class Work>
void onThreads(unsigned threads, Work&& work) {
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back([&work, t] { work(t); });
    work(0);
    for (std::thread& th : pool) th.join();
}

/// assignGroups with packed keys (the product of the radices fits in 64 bits) on `threads`
/// threads. Returns the group count; groupOf as assignGroups'.
///
/// Every pass reads its arrays in order: a partition's keys are copied next to each other
/// (2), so grouping it (3) streams them instead of picking one key in 2·threads·8 out of the
/// whole key array, which touched every cache line of it once per partition (on 10 M rows:
/// 180–230 ms of the 330–415 ms at 2 threads). An item's partition is kept in a 16-bit tag
/// (its top bit marks a group's first item); step 2 computes the keys again from keyAt
/// instead of keeping a second key array in item order, and the partitioned keys are freed
/// after step 3.
template <class KeyAt>
std::uint32_t assignGroupsParallel(std::size_t items, const std::vector<std::uint64_t>& stride,
                                   KeyAt keyAt, std::vector<std::uint32_t>& groupOf,
                                   unsigned threads) {
    const std::size_t d = stride.size();
    groupOf.reserve(items);
    prefault(groupOf.data(), items * sizeof(std::uint32_t));
    groupOf.resize(items);
    const unsigned chunks = threads;
    // A power of two of partitions, several per thread so that uneven ones even out; the tag's
    // 15 bits bound them.
    unsigned shift = 64;
    std::size_t partitions = 1;
    while (partitions < std::size_t(threads) * 8 && partitions < (std::size_t(1) << 15))
        partitions *= 2, --shift;
    auto keyOf = [&](std::size_t t) {
        std::uint64_t key = 0;
        for (std::size_t i = 0; i < d; ++i) key += std::uint64_t(keyAt(t, i)) * stride[i];
        return key;
    };
    auto partOf = [shift](std::uint64_t key) {
        return shift == 64 ? std::uint16_t(0) : std::uint16_t(mixKey(key) >> shift);
    };
    constexpr std::uint16_t kFirst = 0x8000, kPart = 0x7fff;
    auto chunkBegin = [&](unsigned c) { return items * c / chunks; };

    // (1) each item's partition, and counts per chunk and partition.
    // The item arrays are left uninitialized (every entry is written before it is read): a
    // zeroed vector is cleared on one thread before the passes start, 140 MB on 10 M rows.
    const auto tag = std::make_unique_for_overwrite<std::uint16_t[]>(items);
    const auto order = std::make_unique_for_overwrite<std::uint32_t[]>(items);
    auto partKeys = std::make_unique_for_overwrite<std::uint64_t[]>(items);
    std::vector<std::size_t> counts(std::size_t(chunks) * partitions, 0);
    onThreads(threads, [&](unsigned c) {
        // Each thread makes its share of the three arrays' pages present in one call each
        // (prefault.h): 140 MB on 10 M rows, ~35 k page faults otherwise.
        const std::size_t b = chunkBegin(c), n = chunkBegin(c + 1) - b;
        prefault(tag.get() + b, n * sizeof tag[0]);
        prefault(order.get() + b, n * sizeof order[0]);
        prefault(partKeys.get() + b, n * sizeof partKeys[0]);
        std::size_t* count = counts.data() + std::size_t(c) * partitions;
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t) {
            const std::uint16_t p = partOf(keyOf(t));
            tag[t] = p;
            ++count[p];
        }
    });
    // (2) each chunk's share of each partition, partition-major, chunks in order: the items
    // and their keys, so each partition's items come in item order.
    std::vector<std::size_t> offset(counts.size()), partBegin(partitions + 1, 0);
    std::size_t at = 0;
    for (std::size_t p = 0; p < partitions; ++p) {
        partBegin[p] = at;
        for (unsigned c = 0; c < chunks; ++c) {
            offset[std::size_t(c) * partitions + p] = at;
            at += counts[std::size_t(c) * partitions + p];
        }
    }
    partBegin[partitions] = at;
    onThreads(threads, [&](unsigned c) {
        std::vector<std::size_t> next(offset.begin() + std::ptrdiff_t(c * partitions),
                                      offset.begin() + std::ptrdiff_t((c + 1) * partitions));
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t) {
            const std::size_t k = next[tag[t]]++;
            order[k] = std::uint32_t(t);
            partKeys[k] = keyOf(t);
        }
    });
    // (3) each partition grouped on its own: order[k] becomes the id within the partition,
    // and the tag of each group's first item (its items come in item order) is marked.
    std::vector<std::vector<std::uint32_t>> globalOf(partitions);
    std::atomic<std::size_t> nextPart{0};
    onThreads(threads, [&](unsigned) {
        KeyGrouper index;
        for (std::size_t p; (p = nextPart.fetch_add(1)) < partitions;) {
            const std::size_t b = partBegin[p], e = partBegin[p + 1];
            index.begin(std::uint64_t(-1), e - b);  // hashed: the key space is not dense here
            for (std::size_t k = b; k < e; ++k) {
                const std::uint32_t before = index.groups();
                const std::uint32_t g = index.insert(partKeys[k]);
                if (g == before) tag[order[k]] |= kFirst;
                order[k] = g;
            }
            globalOf[p].resize(index.groups());
            index.end();
        }
    });
    partKeys.reset();
    // (4) global ids in order of first items. A partition's ids were given in the order of
    // its first items too, so chunk c numbers its first items of partition p from the count
    // of that partition's first items in the chunks before it.
    std::vector<std::size_t> firstsIn(std::size_t(chunks) * partitions, 0);
    std::vector<std::uint32_t> firsts(chunks + 1, 0);
    onThreads(threads, [&](unsigned c) {
        std::size_t* count = firstsIn.data() + std::size_t(c) * partitions;
        std::uint32_t n = 0;
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t)
            if (tag[t] & kFirst) ++count[tag[t] & kPart], ++n;
        firsts[c + 1] = n;
    });
    for (unsigned c = 0; c < chunks; ++c) firsts[c + 1] += firsts[c];
    for (std::size_t p = 0; p < partitions; ++p)
        for (std::size_t c = 0, sum = 0; c < chunks; ++c) {
            const std::size_t n = firstsIn[c * partitions + p];
            firstsIn[c * partitions + p] = sum;
            sum += n;
        }
    onThreads(threads, [&](unsigned c) {
        std::size_t* local = firstsIn.data() + std::size_t(c) * partitions;
        std::uint32_t id = firsts[c];
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t)
            if (tag[t] & kFirst) {
                const std::uint16_t p = tag[t] & kPart;
                globalOf[p][local[p]++] = id++;
            }
    });
    // (5) every item's global id: chunk c finds its items of partition p where (2) put them.
    onThreads(threads, [&](unsigned c) {
        std::vector<std::size_t> next(offset.begin() + std::ptrdiff_t(c * partitions),
                                      offset.begin() + std::ptrdiff_t((c + 1) * partitions));
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t) {
            const std::uint16_t p = tag[t] & kPart;
            groupOf[t] = globalOf[p][order[next[p]++]];
        }
    });
    return firsts[chunks];
}

/// Below this many items one thread groups faster than the threads start.
inline constexpr std::size_t kParallelGroupItems = std::size_t(1) << 18;

/// assignGroups, on `threads` threads where that pays: many items whose packed keys are
/// hashed (a key space the dense array covers is counted faster on one thread).
template <class KeyAt>
std::uint32_t assignGroupsThreaded(std::size_t items, const std::vector<std::uint64_t>& radix,
                                   KeyAt keyAt, std::vector<std::uint32_t>& groupOf,
                                   unsigned threads) {
    std::vector<std::uint64_t> stride;
    std::uint64_t space = 1;
    const bool packs = packedStrides(radix, stride, space);
    // Item indices are kept in 32 bits (as the ids are).
    if (threads > 1 && packs && items >= kParallelGroupItems && items <= 0xffffffffu &&
        space > KeyGrouper::denseLimit(items))
        return assignGroupsParallel(items, stride, keyAt, groupOf, threads);
    return assignGroups(items, radix, keyAt, groupOf);
}

}  // namespace ldv::detail
