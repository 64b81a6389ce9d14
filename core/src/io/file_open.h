#pragma once
// Opening an input file without ever waiting on it. A FIFO opened the ordinary way blocks
// until some process opens it for writing, so a project whose data path names a FIFO hung
// every subcommand and the workbench (issue #32, item 10). Opened non-blocking, a FIFO waits
// at most kFifoWriterWait for a writer to appear (a producer started just before ldiv may not
// have opened it yet) and then reads as end of file (reported as empty); blocking is restored
// after the open so that a pipe with a writer (`ldiv inspect /dev/stdin`) is read as before.
#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

namespace ldv::detail {

using FilePtr = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

/// How long a FIFO without a writer is waited for, in milliseconds.
inline constexpr int kFifoWriterWait = 5000;

/// The file opened for reading in binary mode, or a null FilePtr with errno set.
inline FilePtr openForReading(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return FilePtr(nullptr, &std::fclose);
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISFIFO(st.st_mode)) {
        // Until a writer opens it, a FIFO polls as neither readable nor hung up.
        pollfd p{fd, POLLIN, 0};
        ::poll(&p, 1, kFifoWriterWait);
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    std::FILE* file = ::fdopen(fd, "rb");
    if (!file) ::close(fd);
    return FilePtr(file, &std::fclose);
}

/// Up to `size` bytes at `offset` of the open file `fd` (pread: no shared file position, so
/// the parallel reader's threads read their pieces side by side); fewer at its end or on an
/// error.
inline std::size_t readFileAt(int fd, char* into, std::size_t size, std::uint64_t offset) {
    std::size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pread(fd, into + done, size - done, off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += std::size_t(n);
    }
    return done;
}

}  // namespace ldv::detail
