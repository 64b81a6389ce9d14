// Fuzzes the ReadStat reader (Stata .dta, SPSS .sav, SAS .sas7bdat; Miller 2023): every input
// is read as each of the three formats, since ReadStat picks the parser by the caller and not
// by the bytes; it either reads into a consistent table (the value labels read too) or throws
// InputError. A crash, a hang or another exception is a finding.
// Seeds: tests/fuzz/corpus/readstat (small .dta and .sav files written by pandas and ldiv).
#include <cstdint>

#include "fuzz_file_input.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_formats.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::pair<ldv::TableFormat, const char*> formats[] = {
        {ldv::TableFormat::Stata, ".dta"},
        {ldv::TableFormat::Spss, ".sav"},
        {ldv::TableFormat::Sas, ".sas7bdat"}};
    for (const auto& [format, extension] : formats) {
        const std::string path = ldv::fuzz::writeInput("readstat", extension, data, size);
        try {
            ldv::TableMetadata metadata;
            ldv::fuzz::checkTable(ldv::readStatFile(path, format, {}, nullptr, &metadata));
        } catch (const ldv::InputError&) {
        }
    }
    return 0;
}
