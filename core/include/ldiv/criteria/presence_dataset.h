#pragma once
// The research subset of δ-presence (criteria_presence.h; Nergiz, Atzori & Clifton 2007): the
// rows of the loaded table (the population) that are published. Given as
//   COL=VALUE   the rows whose column COL has the value VALUE, or
//   FILE.csv    a CSV file with a header whose rows are rows of the table: each file row is
//               matched, on the file's columns, with one table row not matched yet (the
//               first in table order), so a row listed twice needs two equal table rows.
// The command line's --research-subset and the project's "research_subset" hold this text.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

/// True when `definition` names a file rather than COL=VALUE: an existing file (relative to
/// `baseDir`), or a text without '=', or one ending in ".csv".
bool researchSubsetIsFile(const std::string& definition, const std::string& baseDir);

/// Per table row 1 when it is in the research subset. A text naming an existing file (relative
/// to `baseDir`), or without '=', or ending in ".csv", is a file; otherwise COL=VALUE.
/// `weights` non-empty: the table holds weighted groups (DataLoad::Groups), where only
/// COL=VALUE on a column of the groups can be resolved. Throws ParameterError (exit 1) for an
/// unknown column, a value matching no row, a file row that is not in the table, an empty
/// subset; InputError for a file that cannot be read or parsed.
std::vector<std::uint8_t> researchSubsetRows(const Table& table,
                                             std::span<const std::uint32_t> weights,
                                             const std::string& definition,
                                             const std::string& baseDir, const CsvOptions& csv);

/// The data `data` with the research-subset membership as one more sensitive attribute (the
/// last, named kMembershipName, values "out" and "in"), on which delta-presence is judged. A
/// copy of the table with the column appended, so its other column indices are data's. The
/// dataset is a RowSample (dataset.h): its classes count the subset's rows, so the criteria
/// beside delta-presence, the suppression budget and the metrics are judged on the rows that
/// are published (as ARX does), while the membership's histogram counts the population's rows,
/// from which delta-presence reads δ = in / (in + out).
class PresenceDataset {
public:
    static constexpr const char* kMembershipName = "(research subset)";
    /// `inSubset[r]` per row of data.table() (a group's rows are all in or all out).
    PresenceDataset(const Dataset& data, std::span<const std::uint8_t> inSubset);
    PresenceDataset(const PresenceDataset&) = delete;
    PresenceDataset& operator=(const PresenceDataset&) = delete;

    const Dataset& dataset() const { return *m_data; }
    /// Index of the membership attribute in dataset().sensitiveColumns().
    std::size_t membership() const { return m_data->sensitiveColumns().size() - 1; }
    /// Rows in the subset (weights counted): dataset().rowCount().
    std::size_t subsetRows() const { return m_subsetRows; }

private:
    Table m_table;
    std::unique_ptr<Dataset> m_data;
    std::size_t m_subsetRows = 0;
};

}  // namespace ldv
