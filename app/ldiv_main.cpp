// The `ldiv` command-line tool: batch use, scripting and benchmarks over the engine.
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <iostream>

#if defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "cli/cli.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LDIV_ASAN_FEATURE 1
#endif
#endif
#ifndef LDIV_ASAN_FEATURE
#define LDIV_ASAN_FEATURE 0
#endif

namespace {

/// A command is one short process, and in a fresh process fresh memory is what costs: a page
/// fault per 4 KiB touched. glibc's defaults hand big blocks back to the kernel when freed
/// (a block above the mmap threshold is unmapped, the heap top is trimmed above 128 KiB), so
/// every table the search builds and drops faults its pages in again. Kept instead: blocks
/// up to 32 MiB (glibc's largest threshold) come from the heap, freed memory stays with the
/// process, and the heap grows 64 MiB at a time. The heap's first 64 MiB are then advised
/// for transparent huge pages (one fault per 2 MiB) where the kernel allows it on request
/// ("madvise" mode, Debian's default). The 63k-row table with a 100,000-row hierarchy
/// (docs/search.md, "Loading"): ~17,800 page faults to ~900, ~98 to ~80 ms wall.
void tuneMemoryForAShortProcess() {
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__) && !LDIV_ASAN_FEATURE
    // (Not under AddressSanitizer: its allocator is not glibc's heap.)
    if (std::getenv("LDIV_DEFAULT_MALLOC")) return;  // to measure against
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    mallopt(M_TOP_PAD, 64 << 20);
    // Grow the heap by one small block (the pad makes it 64 MiB), then advise all of it. The
    // block is freed at once; the advice stays with the pages.
    void* block = std::malloc(1 << 20);
    if (!block) return;
    const long page = sysconf(_SC_PAGESIZE);
    const auto start = (reinterpret_cast<std::uintptr_t>(block) + std::uintptr_t(page) - 1) &
                       ~(std::uintptr_t(page) - 1);
    const auto end = reinterpret_cast<std::uintptr_t>(sbrk(0));
    std::free(block);
#ifdef MADV_HUGEPAGE
    if (end > start) madvise(reinterpret_cast<void*>(start), end - start, MADV_HUGEPAGE);
#endif
#endif
}

}  // namespace

int main(int argc, char** argv) {
    tuneMemoryForAShortProcess();
    // Past a file-size limit (ulimit -f) the kernel sends SIGXFSZ, which kills by default;
    // ignored, the write fails with EFBIG and the atomic writer reports it and keeps the old
    // file, as for a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
    return ldv::cli::run(argc, argv, std::cout, std::cerr);
}
