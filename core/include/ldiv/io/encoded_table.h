#pragma once
// A table handed over already dictionary-encoded (a pandas DataFrame's columns,
// python/frame_encode.h), built into a Table by the CSV reader's rules: the same cells give
// the same Table as the CSV text a writer would make of them, without writing and parsing
// that text (Adult's DataFrame: 450,000 cells written as CSV and read again was most of the
// Python module's cost over the CLI's).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

struct EncodedColumn {
    std::string name;
    /// The distinct cells as the CSV reader would see them (unquoted), in any order.
    std::vector<std::string> spellings;
    /// Per spelling: whether the CSV text would quote it. A quoted field is data even when it
    /// spells a missing token, and is never trimmed.
    std::vector<bool> quoted;
    bool nameQuoted = false;
    /// Per row, an index into `spellings`.
    std::vector<std::uint32_t> codes;
};

/// The Table that readCsv would make of these columns' CSV text (header first): missing
/// tokens and the missing policy, the dictionaries in order of first appearance, Unicode
/// normalisation and type inference. Nothing when that text would need the reader's own
/// handling (a name or cell it would trim, refuse or skip, a duplicate name, too many
/// columns, a single column whose empty cells are blank lines): the caller then reads the
/// CSV text, and the reader names the fault.
std::optional<Table> tableFromEncoded(const std::vector<EncodedColumn>& columns,
                                      const CsvOptions& options, CsvReport* report = nullptr);

}  // namespace ldv
