#pragma once
// assignGroups (group_index.h) on several threads, for the base groups of a large table
// (issue 38: on 16 cores, grouping 10 M rows into their 1.19 M base groups on one thread
// took 0.4–0.6 s after a 0.35 s parallel read). Same ids as the serial version — dense, in
// order of each group's first item — so nothing downstream can tell them apart.
//
// The items are partitioned by a hash of their packed key, so that every group lies in one
// partition: (1) each thread packs the keys of a contiguous chunk of items and counts them
// per partition; (2) each chunk scatters its item indices into the partitions, in item order;
// (3) the partitions are grouped side by side, each with its own KeyGrouper, noting each
// group's first item; (4) the global ids follow from the first items in item order, counted
// chunk by chunk; (5) every item gets its group's global id.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "data/group_index.h"

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
template <class KeyAt>
std::uint32_t assignGroupsParallel(std::size_t items, const std::vector<std::uint64_t>& stride,
                                   KeyAt keyAt, std::vector<std::uint32_t>& groupOf,
                                   unsigned threads) {
    const std::size_t d = stride.size();
    groupOf.resize(items);
    const unsigned chunks = threads;
    // A power of two of partitions, several per thread so that uneven ones even out.
    unsigned shift = 64;
    std::size_t partitions = 1;
    while (partitions < std::size_t(threads) * 8) partitions *= 2, --shift;
    auto partOf = [shift](std::uint64_t key) {
        return shift == 64 ? std::size_t(0) : std::size_t(mixKey(key) >> shift);
    };
    auto chunkBegin = [&](unsigned c) { return items * c / chunks; };

    // (1) keys and counts per chunk and partition.
    std::vector<std::uint64_t> keys(items);
    std::vector<std::size_t> counts(std::size_t(chunks) * partitions, 0);
    onThreads(threads, [&](unsigned c) {
        std::size_t* count = counts.data() + std::size_t(c) * partitions;
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t) {
            std::uint64_t key = 0;
            for (std::size_t i = 0; i < d; ++i) key += std::uint64_t(keyAt(t, i)) * stride[i];
            keys[t] = key;
            ++count[partOf(key)];
        }
    });
    // (2) each chunk's share of each partition, partition-major, chunks in order.
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
    std::vector<std::uint32_t> order(items);
    onThreads(threads, [&](unsigned c) {
        std::size_t* next = offset.data() + std::size_t(c) * partitions;
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t)
            order[next[partOf(keys[t])]++] = std::uint32_t(t);
    });
    // (3) each partition grouped on its own; groupOf holds the id within the partition, and
    // isFirst marks each group's first item (its items come in item order).
    std::vector<std::uint8_t> isFirst(items, 0);
    std::vector<std::vector<std::uint32_t>> globalOf(partitions);
    std::atomic<std::size_t> nextPart{0};
    onThreads(threads, [&](unsigned) {
        KeyGrouper index;
        for (std::size_t p; (p = nextPart.fetch_add(1)) < partitions;) {
            const std::size_t b = partBegin[p], e = partBegin[p + 1];
            index.begin(std::uint64_t(-1), e - b);  // hashed: the key space is not dense here
            for (std::size_t k = b; k < e; ++k) {
                const std::uint32_t t = order[k];
                const std::uint32_t before = index.groups();
                const std::uint32_t g = index.insert(keys[t]);
                groupOf[t] = g;
                if (g == before) isFirst[t] = 1;
            }
            globalOf[p].resize(index.groups());
            index.end();
        }
    });
    // (4) global ids in order of first items: each chunk counts its first items, then numbers
    // them from its offset.
    std::vector<std::uint32_t> firsts(chunks + 1, 0);
    onThreads(threads, [&](unsigned c) {
        std::uint32_t n = 0;
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t) n += isFirst[t];
        firsts[c + 1] = n;
    });
    for (unsigned c = 0; c < chunks; ++c) firsts[c + 1] += firsts[c];
    onThreads(threads, [&](unsigned c) {
        std::uint32_t id = firsts[c];
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t)
            if (isFirst[t]) globalOf[partOf(keys[t])][groupOf[t]] = id++;
    });
    // (5) every item's global id.
    onThreads(threads, [&](unsigned c) {
        for (std::size_t t = chunkBegin(c), e = chunkBegin(c + 1); t < e; ++t)
            groupOf[t] = globalOf[partOf(keys[t])][groupOf[t]];
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
