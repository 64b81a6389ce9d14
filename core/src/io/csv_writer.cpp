#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "data/type_inference.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

namespace {
bool needsQuotes(std::string_view field, char separator) {
    const char special[] = {separator, '"', '\r', '\n'};
    return field.find_first_of(std::string_view(special, 4)) != std::string_view::npos ||
           (!field.empty() && (field.front() == ' ' || field.back() == ' '));
}
}  // namespace

std::string csvField(std::string_view field, char separator) {
    if (!needsQuotes(field, separator)) return std::string(field);
    std::string quoted = "\"";
    for (char c : field) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

void writeCsvField(std::ostream& out, std::string_view field, char separator) {
    // Unquoted fields (nearly all) are streamed without a copy.
    if (needsQuotes(field, separator))
        out << csvField(field, separator);
    else
        out << field;
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
[[noreturn]] void writeFailed(const std::string& path, const std::string& what, int error,
                              bool existed) {
    throw InputError(
        path, 0, 0, what + ": " + std::strerror(error) + (existed ? "; the old file is kept" : ""));
}

/// The process's umask, read without changing it (umask(2) can only be read by setting it,
/// which would race with other threads creating files): Linux reports it in /proc.
mode_t currentUmask() {
    if (std::FILE* f = std::fopen("/proc/self/status", "re")) {
        char line[256];
        unsigned mask = 0;
        bool found = false;
        while (!found && std::fgets(line, sizeof line, f))
            found = std::sscanf(line, "Umask: %o", &mask) == 1;
        std::fclose(f);
        if (found) return mode_t(mask);
    }
    return 022;
}

/// A file of `path`'s folder with a unique name, `path`.XXXXXX.ldiv-tmp (mkstemps), so that
/// writers racing on one path never share a temporary file: each renames its own complete
/// file into place and the last rename wins whole. A writer killed with SIGKILL leaves its
/// uniquely named temporary file behind, which no later run opens.
int openUniqueTemp(const std::string& path, std::string& temp, bool ownerOnly = false) {
    static const std::string suffix = ".ldiv-tmp";
    std::string name = path + ".XXXXXX" + suffix;
    const int fd = ::mkostemps(name.data(), int(suffix.size()), O_CLOEXEC);
    if (fd < 0) return fd;
    // mkstemp creates 0600; give the file the mode open(…, 0666) would have.
    // An owner-only file (a pseudonym map) keeps mkstemp's 0600.
    static const mode_t mode = 0666 & ~currentUmask();
    if (!ownerOnly) ::fchmod(fd, mode);
    temp = name;
    return fd;
}

/// Writes `text` into a new unique temporary file next to `path`, synced to the disk;
/// returns its name. On failure removes it and throws (writeFailed).
std::string stage(const std::string& path, std::string_view text, bool existed,
                  bool ownerOnly = false) {
    std::string temp;
    const int fd = openUniqueTemp(path, temp, ownerOnly);
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
    return temp;
}

bool exists(const std::string& path) {
    std::error_code ec;
    return std::filesystem::exists(std::filesystem::path(path), ec);
}

/// A second name (hard link) for the file at `path`, unique in its folder; empty when the
/// file system cannot link (the transaction then cannot restore that file).
std::string linkBackup(const std::string& path) {
    for (int attempt = 0; attempt < 16; ++attempt) {
        std::string reserved;
        const int fd = openUniqueTemp(path, reserved);
        if (fd < 0) return {};
        ::close(fd);
        ::unlink(reserved.c_str());
        if (::link(path.c_str(), reserved.c_str()) == 0) return reserved;
        if (errno != EEXIST) return {};
    }
    return {};
}
}  // namespace

void writeFileAtomically(const std::string& path, std::string_view text, bool ownerOnly) {
    // POSIX calls rather than a stream: a full disk (ENOSPC), a file-size limit (EFBIG, with
    // SIGXFSZ ignored by the executables) or a read-only folder (EACCES, EROFS) must reach the
    // message with its real cause, and the temporary file must be gone before we report.
    const bool existed = exists(path);
    const std::string temp = stage(path, text, existed, ownerOnly);
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        writeFailed(path, "cannot replace the file", error, existed);
    }
}

void writeFilesAtomically(const std::vector<std::pair<std::string, std::string_view>>& files,
                          const std::vector<std::string>& ownerOnly) {
    // Every file is staged before any is replaced, so a write that fails (a full disk, a
    // read-only folder) leaves all of them as they were. Only a rename can fail after that;
    // then the files already replaced get their old content back from a hard link taken
    // just before.
    struct Staged {
        std::string path, temp, backup;
        bool existed = false;
    };
    std::vector<Staged> staged;
    auto discard = [&] {
        for (const Staged& s : staged) {
            if (!s.temp.empty()) ::unlink(s.temp.c_str());
            if (!s.backup.empty()) ::unlink(s.backup.c_str());
        }
    };
    try {
        for (const auto& [path, text] : files) {
            Staged s;
            s.path = path;
            s.existed = exists(path);
            s.temp = stage(path, text, s.existed,
                           std::find(ownerOnly.begin(), ownerOnly.end(), path) != ownerOnly.end());
            staged.push_back(std::move(s));
        }
    } catch (...) {
        discard();
        throw;
    }
    for (Staged& s : staged)
        if (s.existed) s.backup = linkBackup(s.path);
    for (std::size_t k = 0; k < staged.size(); ++k) {
        if (::rename(staged[k].temp.c_str(), staged[k].path.c_str()) == 0) {
            staged[k].temp.clear();
            continue;
        }
        const int error = errno;
        for (std::size_t j = 0; j < k; ++j) {
            if (!staged[j].backup.empty() &&
                ::rename(staged[j].backup.c_str(), staged[j].path.c_str()) == 0)
                staged[j].backup.clear();
            else if (!staged[j].existed)
                ::unlink(staged[j].path.c_str());
        }
        discard();
        writeFailed(staged[k].path, "cannot replace the file", error, staged[k].existed);
    }
    for (Staged& s : staged)
        if (!s.backup.empty()) ::unlink(s.backup.c_str());
}

std::string neutralizeFormula(const std::string& cell) {
    if (cell.empty() || std::string_view("=+-@\t\r").find(cell.front()) == std::string_view::npos)
        return cell;
    if (detail::looksDecimal(cell)) return cell;  // -5 and +3.2 are numbers, not formulas
    return "'" + cell;
}

std::string formatTableCsv(const Table& table, char separator, bool neutralizeFormulas) {
    std::ostringstream out;
    std::vector<std::string> record = table.columnNames();
    if (neutralizeFormulas)
        for (std::string& name : record) name = neutralizeFormula(name);
    writeCsvRecord(out, record, separator);
    record.resize(table.columnCount());
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        for (std::size_t c = 0; c < table.columnCount(); ++c)
            record[c] =
                neutralizeFormulas ? neutralizeFormula(table.value(r, c)) : table.value(r, c);
        writeCsvRecord(out, record, separator);
    }
    return out.str();
}

void writeTableCsv(const Table& table, const std::string& path, char separator,
                   bool neutralizeFormulas) {
    writeFileAtomically(path, formatTableCsv(table, separator, neutralizeFormulas));
}

}  // namespace ldv
