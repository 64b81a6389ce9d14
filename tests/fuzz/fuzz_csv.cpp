// Fuzzes the CSV reader: any input either parses into a consistent table or throws
// InputError; nothing else (crash, hang, other exception) is acceptable.
#include <cstdint>
#include <string_view>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (ldv::MissingPolicy policy : {ldv::MissingPolicy::Keep, ldv::MissingPolicy::Drop}) {
        ldv::CsvOptions options;
        options.missing = policy;
        options.maxRecordBytes = 1 << 16;
        try {
            const ldv::Table t = ldv::parseCsv(text, "fuzz.csv", options);
            for (std::size_t c = 0; c < t.columnCount(); ++c) {
                if (t.column(c).size() != t.rowCount()) __builtin_trap();
                for (std::size_t r = 0; r < t.rowCount(); ++r)
                    if (t.column(c).code(r) >= t.column(c).domainSize()) __builtin_trap();
            }
        } catch (const ldv::InputError&) {
        }
    }
    return 0;
}
