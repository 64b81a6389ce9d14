#pragma once
// The xlsx and ReadStat readers take a path (libzip and ReadStat open the file themselves):
// a fuzz input is written to a file of this process first.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

namespace ldv::fuzz {

/// Writes the input to <tmp>/ldiv-fuzz-<name>-<pid>/input<extension> and returns the path.
inline std::string writeInput(const std::string& name, const std::string& extension,
                              const std::uint8_t* data, std::size_t size) {
    static const std::filesystem::path dir = [&] {
        const std::filesystem::path d = std::filesystem::temp_directory_path() /
                                        ("ldiv-fuzz-" + name + "-" + std::to_string(::getpid()));
        std::filesystem::create_directories(d);
        return d;
    }();
    const std::string path = (dir / ("input" + extension)).string();
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    file.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    file.close();
    if (!file) __builtin_trap();  // the fuzzer's own disk is full: no finding to report
    return path;
}

/// Every column as long as the table and every code within its domain.
template <class Table>
void checkTable(const Table& t) {
    for (std::size_t c = 0; c < t.columnCount(); ++c) {
        if (t.column(c).size() != t.rowCount()) __builtin_trap();
        for (std::size_t r = 0; r < t.rowCount(); ++r)
            if (t.column(c).code(r) >= t.column(c).domainSize()) __builtin_trap();
    }
}

}  // namespace ldv::fuzz
