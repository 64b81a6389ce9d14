// Fuzzes release records (issue 32): the input is a record, optionally followed by a line
// "%%%%" and the published CSV, and another "%%%%" and the original CSV. A record that parses
// must format and parse back to the same claims; verify must answer with claims (or an
// InputError / ParameterError), open no path the record names and never crash. Only the
// published file and the original written here are given to it.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "ldiv/data/error.h"
#include "ldiv/release/release_record.h"

namespace {

const std::string& scratch() {
    static const std::string dir = [] {
        std::string d = (std::filesystem::temp_directory_path() /
                         ("ldiv-fuzz-release-" + std::to_string(::getpid())))
                            .string();
        std::filesystem::create_directories(d);
        return d;
    }();
    return dir;
}

std::string write(const std::string& name, const std::string& bytes) {
    const std::string path = scratch() + "/" + name;
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    return path;
}

bool sameClaims(const ldv::ReleaseRecord& a, const ldv::ReleaseRecord& b) {
    if (a.configuration != b.configuration || a.levels != b.levels ||
        a.originalRows != b.originalRows || a.publishedRows != b.publishedRows ||
        a.suppressedRows != b.suppressedRows || a.subsetRows != b.subsetRows ||
        a.satisfies != b.satisfies || a.criteria.size() != b.criteria.size() ||
        a.signature.has_value() != b.signature.has_value())
        return false;
    for (std::size_t i = 0; i < a.criteria.size(); ++i)
        if (a.criteria[i].spec != b.criteria[i].spec || a.criteria[i].holds != b.criteria[i].holds)
            return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const std::string separator = "\n%%%%\n";
    const std::size_t first = input.find(separator);
    const std::string text = input.substr(0, first);
    std::string published = "zip,age,nationality,condition\n130**,<=40,*,Cancer\n";
    std::optional<std::string> original;
    if (first != std::string::npos) {
        const std::string rest = input.substr(first + separator.size());
        const std::size_t second = rest.find(separator);
        published = rest.substr(0, second);
        if (second != std::string::npos) original = rest.substr(second + separator.size());
    }
    try {
        const ldv::ReleaseRecord r = ldv::parseRelease(text, "fuzz.ldiv-release.json");
        if (r.unknownKeys.empty()) {
            const ldv::ReleaseRecord back = ldv::parseRelease(ldv::formatRelease(r), "again");
            if (!sameClaims(r, back)) __builtin_trap();
        }
        ldv::VerifyInputs in;
        if (original) in.originalPath = write("original.csv", *original);
        const ldv::Verification v = ldv::verifyRelease(r, write("published.csv", published), in);
        if (v.claims.empty()) __builtin_trap();
    } catch (const ldv::InputError&) {
    } catch (const ldv::ParameterError&) {
    }
    return 0;
}
