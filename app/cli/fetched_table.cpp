#include "cli/fetched_table.h"

#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "ldiv/data/error.h"
#ifdef LDIV_HAVE_POSTGRES
#include "ldiv/postgres_table_hash.h"
#endif

namespace ldv::cli {

FetchedTable::FetchedTable([[maybe_unused]] const std::string& uri) {
#ifdef LDIV_HAVE_POSTGRES
    // mkstemps: a new file only this user can read, under a name nobody could have chosen.
    std::string name = (std::filesystem::temp_directory_path() / "ldiv-verify-XXXXXX.csv").string();
    const int fd = mkstemps(name.data(), 4);
    if (fd < 0)
        throw InputError(name, 0, 0,
                         std::string("cannot create a temporary file: ") + std::strerror(errno));
    m_path = name;
    std::FILE* file = fdopen(fd, "wb");
    if (!file) {
        ::close(fd);
        std::remove(m_path.c_str());
        throw InputError(m_path, 0, 0, "cannot open the temporary file");
    }
    try {
        // Streamed to the file as it arrives: the table is never held whole in memory.
        pg::exportCanonicalTable(uri, [&](std::string_view chunk) {
            if (std::fwrite(chunk.data(), 1, chunk.size(), file) != chunk.size())
                throw InputError(
                    m_path, 0, 0,
                    std::string("cannot write the table's export: ") + std::strerror(errno));
        });
        if (std::fclose(file) != 0) {
            file = nullptr;
            throw InputError(m_path, 0, 0, "cannot write the table's export");
        }
    } catch (...) {
        if (file) std::fclose(file);
        std::remove(m_path.c_str());
        throw;
    }
#else
    throw ParameterError(
        "the release record names a database table, and this ldiv was built "
        "without PostgreSQL support");
#endif
}

FetchedTable::~FetchedTable() {
    if (!m_path.empty()) std::remove(m_path.c_str());
}

}  // namespace ldv::cli
