#pragma once
// The reference CSV readers (io/csv_tokenizer.h), not public API: the public readers take a
// faster path for well-formed input and fall back on these for anything else, and
// tests/core/test_csv_fast uses them as its oracle (a white-box test, see tests/CMakeLists.txt).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/io/csv_table_reader.h"

namespace ldv {
namespace detail {
/// The reference readers (io/csv_tokenizer.h: a state machine, byte by byte, knowing the line
/// and column of every field). readCsv, parseCsv and parseCsvRecords read well-formed input
/// on a faster path and fall back on these for anything else, so every error message comes
/// from here; tests/core/test_csv_fast uses them as the oracle.
Table parseCsvReference(std::string_view text, const std::string& sourceName,
                        const CsvOptions& options = {}, CsvReport* report = nullptr);
std::vector<std::vector<std::string>> parseCsvRecordsReference(std::string_view text,
                                                               const std::string& sourceName,
                                                               char separator, bool trim);
/// How many times the fast path has handed an input to the reference (for tests).
std::size_t csvFallbackCount();
}  // namespace detail

}  // namespace ldv
