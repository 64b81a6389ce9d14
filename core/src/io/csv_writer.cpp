#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <ostream>

#include "ldiv/csv.h"
#include "ldiv/error.h"

namespace ldv {

void writeCsvField(std::ostream& out, std::string_view field, char separator) {
    const bool needsQuotes = field.find_first_of(std::string{separator, '"', '\r', '\n'}) !=
                                 std::string_view::npos ||
                             (!field.empty() && (field.front() == ' ' || field.back() == ' '));
    if (!needsQuotes) {
        out << field;
        return;
    }
    out << '"';
    for (char c : field) {
        if (c == '"') out << '"';
        out << c;
    }
    out << '"';
}

void writeCsvRecord(std::ostream& out, const std::vector<std::string>& fields, char separator) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (i) out << separator;
        writeCsvField(out, fields[i], separator);
    }
    out << '\n';
}

namespace {
// Each failure keeps whatever was at `path` before; say so when there was something to keep.
[[noreturn]] void writeFailed(const std::string& path, const std::string& what, int error, bool existed) {
    throw InputError(path, 0, 0,
                     what + ": " + std::strerror(error) + (existed ? "; the old file is kept" : ""));
}
}  // namespace

void writeFileAtomically(const std::string& path, std::string_view text) {
    // POSIX calls rather than a stream: a full disk (ENOSPC), a file-size limit (EFBIG, with
    // SIGXFSZ ignored by the executables) or a read-only folder (EACCES, EROFS) must reach the
    // message with its real cause, and the temporary file must be gone before we report.
    namespace fs = std::filesystem;
    std::error_code ec;
    const bool existed = fs::exists(fs::path(path), ec);
    const std::string temp = path + ".ldiv-tmp";
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) writeFailed(path, "cannot write into its folder", errno, existed);
    auto abandon = [&](const std::string& what) {
        const int error = errno;
        ::close(fd);
        ::unlink(temp.c_str());
        writeFailed(path, what, error, existed);
    };
    const char* data = text.data();
    std::size_t left = text.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            abandon("cannot write the whole file");
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    // On the disk before the rename, so a power cut cannot leave an empty file in its place.
    if (::fsync(fd) != 0 && errno != EINVAL) abandon("cannot write the whole file");
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        writeFailed(path, "cannot write the whole file", error, existed);
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        writeFailed(path, "cannot replace the file", error, existed);
    }
}

}  // namespace ldv
