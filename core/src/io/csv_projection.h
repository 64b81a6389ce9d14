#pragma once
// CsvOptions::columns as the readers apply it: which fields of a record become columns of
// the Table. Shared by the reference builder, the fast reader and the parallel pieces, so
// that the three keep the same columns and name the same skipped ones.
#include <algorithm>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv::detail {

/// Per column of the file (named `names`, in order), whether the projection keeps it: all
/// of them without a projection.
inline std::vector<char> projectedColumns(const std::vector<std::string>& names,
                                          const CsvOptions& options) {
    std::vector<char> keep(names.size(), 1);
    if (options.columns.empty()) return keep;
    bool any = false;
    for (std::size_t i = 0; i < names.size(); ++i) {
        keep[i] = std::find(options.columns.begin(), options.columns.end(), names[i]) !=
                  options.columns.end();
        any = any || keep[i];
    }
    // None of the names is in the file: a table of no column would have no rows, and the
    // command's own check ("no column named …") would never be reached. Every column then.
    if (!any) keep.assign(names.size(), 1);
    return keep;
}

/// True when `keep` leaves out any column.
inline bool skipsAny(const std::vector<char>& keep) {
    return std::find(keep.begin(), keep.end(), 0) != keep.end();
}

/// Records the file's columns in a table that left some out (Table::setFileColumns).
inline void markSkipped(Table& table, const std::vector<std::string>& names,
                        const std::vector<char>& keep) {
    if (skipsAny(keep)) table.setFileColumns(names);
}

}  // namespace ldv::detail
