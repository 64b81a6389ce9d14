#pragma once
// Faults for the "no lost work" tests: a full disk (a file-size limit: writes past it fail
// with EFBIG, the way they fail with ENOSPC on a full disk) and a read-only folder, for the
// test process itself (RAII guards) and for a child `ldiv` (QProcess modifiers).
//
// Root ignores folder permissions, and CI runs as root: there the read-only cases drop to
// the unprivileged user `nobody` for their duration. In the test process this is a switch
// of the effective ids only (the saved uid stays 0, so they can be switched back), not a
// fork: the GUI tests have Qt threads, and a forked copy of a threaded process may only
// call async-signal-safe functions.
#include <grp.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <csignal>
#include <cstdlib>
#include <stdexcept>

namespace ldv::test {

constexpr uid_t kNobody = 65534;
constexpr gid_t kNogroup = 65534;

inline bool runningAsRoot() {
    return ::geteuid() == 0;
}

/// Limits the size of files this process writes to `bytes` while alive. SIGXFSZ is ignored
/// meanwhile, as the ldiv executables do, so an over-long write fails with EFBIG.
class ScopedFileSizeLimit {
public:
    explicit ScopedFileSizeLimit(rlim_t bytes) {
        ::getrlimit(RLIMIT_FSIZE, &m_old);
        m_oldHandler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = m_old;
        limited.rlim_cur = bytes;  // only the soft limit: it can be raised back without root
        if (::setrlimit(RLIMIT_FSIZE, &limited) != 0)
            throw std::runtime_error("setrlimit(RLIMIT_FSIZE) failed");
    }
    ~ScopedFileSizeLimit() {
        ::setrlimit(RLIMIT_FSIZE, &m_old);
        std::signal(SIGXFSZ, m_oldHandler);
    }
    ScopedFileSizeLimit(const ScopedFileSizeLimit&) = delete;
    ScopedFileSizeLimit& operator=(const ScopedFileSizeLimit&) = delete;

private:
    rlimit m_old{};
    void (*m_oldHandler)(int) = SIG_DFL;
};

/// As root, makes this process act as `nobody` while alive (effective uid and gid; the
/// supplementary groups stay, so folders under test must not be group-writable). Does
/// nothing for other users, whom permissions already bind.
class ScopedUnprivileged {
public:
    ScopedUnprivileged() {
        if (!runningAsRoot()) return;
        m_gid = ::getegid();
        if (::setegid(kNogroup) != 0 || ::seteuid(kNobody) != 0)
            throw std::runtime_error("cannot become nobody");
        m_dropped = true;
    }
    ~ScopedUnprivileged() {
        if (!m_dropped) return;
        // Back to root first: only root may set the gid back.
        if (::seteuid(0) != 0 || ::setegid(m_gid) != 0) std::abort();
        // Changing ids made the process non-dumpable; LeakSanitizer (CI's sanitizer run)
        // must ptrace its own threads at exit, which that forbids without CAP_SYS_PTRACE.
        ::prctl(PR_SET_DUMPABLE, 1);
    }
    ScopedUnprivileged(const ScopedUnprivileged&) = delete;
    ScopedUnprivileged& operator=(const ScopedUnprivileged&) = delete;

private:
    gid_t m_gid = 0;
    bool m_dropped = false;
};

/// Makes `dir` read-only (r-x for everyone) or writable by its owner again. The folders
/// above it must let `nobody` through: QTemporaryDir makes its folder 0700, so tests open
/// it up with openToEveryone() first.
inline bool setFolderReadOnly(const QString& dir, bool readOnly) {
    return ::chmod(QFile::encodeName(dir).constData(), readOnly ? 0555 : 0755) == 0;
}
inline bool openToEveryone(const QString& path) {
    return ::chmod(QFile::encodeName(path).constData(), QFileInfo(path).isDir() ? 0755 : 0644) == 0;
}

/// The files of `dir` with the temporary-file suffix of the atomic writer: must stay empty.
inline QStringList leftoverTempFiles(const QString& dir) {
    return QDir(dir).entryList({QStringLiteral("*.ldiv-tmp")}, QDir::Files | QDir::Hidden);
}

inline QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<unreadable>");
}

/// Runs the child with a file-size limit. SIGXFSZ is reset to its default (kill) so the
/// test shows that the program itself ignores it.
inline void limitChildFileSize(QProcess& process, rlim_t bytes) {
    process.setChildProcessModifier([bytes] {
        std::signal(SIGXFSZ, SIG_DFL);
        rlimit limit{};
        ::getrlimit(RLIMIT_FSIZE, &limit);
        limit.rlim_cur = bytes;
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(125);
    });
}

/// As root, runs the child as `nobody` (all ids and no supplementary groups, as setpriv
/// --reuid=65534 --regid=65534 --clear-groups would); the executable and its inputs must be
/// readable by nobody. Exit status 125 means the switch itself failed.
inline void runChildUnprivileged(QProcess& process) {
    if (!runningAsRoot()) return;
    process.setChildProcessModifier([] {
        if (::setgroups(0, nullptr) != 0 || ::setresgid(kNogroup, kNogroup, kNogroup) != 0 ||
            ::setresuid(kNobody, kNobody, kNobody) != 0)
            ::_exit(125);
    });
}

}  // namespace ldv::test
