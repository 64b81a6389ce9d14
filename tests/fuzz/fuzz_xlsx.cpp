// Fuzzes the .xlsx reader (libzip, expat, the shared strings, styles and sheet parts): any input
// either reads into a consistent table (and the same records through readXlsxRecords, the
// hierarchy path) or throws InputError; a crash, a hang or another exception is a finding.
// Seeds: tests/fuzz/corpus/xlsx (small workbooks written by openpyxl and by ldiv itself).
#include <cstdint>

#include "fuzz_file_input.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_formats.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = ldv::fuzz::writeInput("xlsx", ".xlsx", data, size);
    for (ldv::MissingPolicy policy : {ldv::MissingPolicy::Keep, ldv::MissingPolicy::Drop}) {
        ldv::CsvOptions options;
        options.missing = policy;
        try {
            ldv::fuzz::checkTable(ldv::readXlsx(path, options));
        } catch (const ldv::InputError&) {
        }
    }
    try {
        const auto records = ldv::readXlsxRecords(path);
        // Rows keep their trailing empty cells up to the widest row (table_formats.h).
        for (const auto& record : records)
            if (record.size() != records.front().size()) __builtin_trap();
    } catch (const ldv::InputError&) {
    }
    return 0;
}
