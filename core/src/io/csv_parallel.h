#pragma once
// CSV read in parallel chunks (issue 38 item 1): the input is cut into pieces at record
// boundaries, each piece is split and dictionary-coded by a thread of its own with its own
// SpellingIndex per column (codes local to the piece), and the pieces are merged in order.
//
// Record boundaries. A cut is moved to the first line end after it. That line end may be
// inside a quoted field (a quoted newline), so the pieces are checked: piece p must end
// exactly where piece p+1 starts, its last record complete. Piece 0 starts at the first
// record, so by induction every checked piece starts at a true record start and reads the
// records the serial reader reads. The cuts are found twice at most:
//   1. speculatively, at the first line end after each cut, whatever the quotes (right for
//      every file without quoted newlines; Ge et al. 2019 speculate on the chunk's start state
//      likewise and check it afterwards);
//   2. when a piece does not end where the next starts: from the parity of the quotes before
//      each cut, counted per chunk in parallel and summed (Mühlbauer et al. 2013, "Instant
//      loading"): a line end is outside quotes when the quotes before it are even.
// When the parity cuts do not line up either (a quote inside an unquoted field, which the
// scanner takes as data), the caller reads the input serially.
//
// Merging. A piece's dictionaries list its spellings in order of first appearance in the
// piece; taken piece after piece, the spellings new to the whole file come in order of their
// first appearance in the file, so Column::intern sees exactly the serial reader's sequence:
// the same codes, the same normalisation. The codes of each piece are then mapped to the
// file's codes, a column per task.
//
// Like FastCsvReader it reports no errors: Bail sends the caller to the reference reader,
// which names file, line and column. tests/core/test_csv_parallel checks it against the
// serial reader on random text with cuts at every byte.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "io/csv_fast_groups.h"
#include "ldiv/data/table.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_source.h"

namespace ldv::detail {

/// Reads `size` bytes at `offset` into `into`; returns how many it read (fewer: the input
/// ended or changed, which sends the reader to the reference).
using ReadAt = std::function<std::size_t(char* into, std::size_t size, std::uint64_t offset)>;

enum class ParallelOutcome {
    Done,    ///< the result holds the table
    Bail,    ///< the input is not plainly valid: the reference must read it and say why
    Serial,  ///< no record boundaries could be found: read it serially (FastCsvReader)
};

/// How many threads `options.threads` stands for (0 = every core).
unsigned csvThreads(const CsvOptions& options);

/// The spacing of the cuts for `totalBytes` on `threads` (options.chunkBytes when set).
std::size_t csvChunkBytes(const CsvOptions& options, std::uint64_t totalBytes, unsigned threads);

/// readCsv's table from the `totalBytes` bytes behind `read` (a leading byte order mark is
/// skipped), on `threads` threads. `progress(fraction)` is called on the calling thread
/// between pieces (it may throw to cancel).
ParallelOutcome parallelCsvRows(const ReadAt& read, std::uint64_t totalBytes, char separator,
                                const CsvOptions& options, unsigned threads, FastRowsResult& out,
                                const std::function<void(double)>& progress = {});

/// readCsvGroups' groups (fastCsvGroups' rules: the first record is the header, `columns`
/// are found in it by name) in the same pieces: each piece collapses its rows into its own
/// groups, merged in order, so the groups come in order of first appearance.
ParallelOutcome parallelCsvGroups(const ReadAt& read, std::uint64_t totalBytes, char separator,
                                  const CsvOptions& options,
                                  const std::vector<std::string>& columns, unsigned threads,
                                  FastGroupsResult& out,
                                  const std::function<void(double)>& progress = {});

}  // namespace ldv::detail
