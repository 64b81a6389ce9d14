#pragma once
// What a CSV read tells its caller (CsvReport), whichever reader did it: the reference's
// builder, the fast reader, the parallel pieces or a grouped read.
#include <cstdint>

#include "ldiv/io/csv_table_reader.h"

namespace ldv::detail {

inline void fillCsvReport(CsvReport* report, char separator, std::uint64_t rowsRead,
                          std::uint64_t rowsDropped, bool bom) {
    if (!report) return;
    report->separator = separator;
    report->rowsRead = std::size_t(rowsRead);
    report->rowsDropped = std::size_t(rowsDropped);
    report->hadBom = bom;
}

}  // namespace ldv::detail
