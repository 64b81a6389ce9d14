#pragma once
// Opening an input file without ever waiting on it. A FIFO opened the ordinary way blocks
// until some process opens it for writing, so a project whose data path names a FIFO hung
// every subcommand and the workbench (issue #32, item 10). Opened non-blocking, a FIFO with
// no writer reads as end of file at once (and is reported as empty); blocking is restored
// after the open so that a pipe with a writer (`ldiv inspect /dev/stdin`) is read as before.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <string>

namespace ldv::detail {

using FilePtr = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

/// The file opened for reading in binary mode, or a null FilePtr with errno set.
inline FilePtr openForReading(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) return FilePtr(nullptr, &std::fclose);
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    std::FILE* file = ::fdopen(fd, "rb");
    if (!file) ::close(fd);
    return FilePtr(file, &std::fclose);
}

}  // namespace ldv::detail
