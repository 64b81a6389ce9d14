#pragma once
// The fast path of readCsvGroups (the streamed load, `--stream` and CSVs above 2 GiB): the
// records are split by CsvScanner, each kept cell becomes a dictionary code through a
// SpellingIndex per column (one hash per cell, an allocation only per new value), and the
// rows' code keys are collapsed into groups.
//
// The work is two stages: splitting a chunk's records into the kept cells (the scanner, the
// checks of every field's bytes, the header, arity and missing-value rules), then coding the
// cells (the dictionaries) and collapsing the rows' codes into groups (one open-addressing
// table). With `threads` > 1 stage two of chunk i runs on a second thread while chunk i+1 is
// read and split. Each stage is done by one thread, chunk after chunk, so the dictionary codes
// and the group order are those of a sequential read by construction.
//
// Like FastCsvReader it reports no errors: on anything unusual (a syntax error, bad bytes, a
// ragged row, a header without a wanted column) it gives up and the caller reads the input
// again with CsvGroupReader (the reference), which names file, line and column.
// tests/core/test_csv_fast_groups checks both give identical tables on random text.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_source.h"

namespace ldv::detail {

/// Records read and records dropped (a missing value with CsvOptions' "drop"): what both fast
/// paths report besides what they built.
struct FastReadCounts {
    std::uint64_t rowsRead = 0;
    std::uint64_t rowsDropped = 0;
};

/// `read(buffer, capacity) -> bytes` (0 at its end), and `afterChunk(bytesSoFar)`.
using ChunkRead = std::function<std::size_t(char*, std::size_t)>;
using AfterChunk = std::function<void(std::uint64_t)>;

struct FastGroupsResult : FastReadCounts {
    GroupedTable groups;
};

/// Reads the whole input through `read` in chunks of `chunkBytes`, calling `afterChunk` after
/// each (progress, cancelling; it may throw). `separator` must be given; a leading byte order mark
/// is skipped. Nothing when the fast path gave up (the input must then be read again by the
/// reference).
std::optional<FastGroupsResult> fastCsvGroups(const ChunkRead& read, char separator,
                                              const CsvOptions& options,
                                              const std::vector<std::string>& columns,
                                              std::size_t chunkBytes, unsigned threads,
                                              const AfterChunk& afterChunk = {});

struct FastRowsResult : FastReadCounts {
    Table table;
};

/// readCsv's fast path for a file of more than one chunk, in the same two stages: splitting
/// the records (every column kept; CsvOptions::header as FastCsvReader takes it), then coding
/// the cells and appending the codes to the columns, on two threads when `threads` > 1.
/// `totalBytes` (0 if unknown) presizes the columns. Nothing when it gave up.
std::optional<FastRowsResult> fastCsvRows(const ChunkRead& read, char separator,
                                          const CsvOptions& options, std::size_t chunkBytes,
                                          std::uint64_t totalBytes, unsigned threads,
                                          const AfterChunk& afterChunk = {});

}  // namespace ldv::detail
