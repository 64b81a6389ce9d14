#pragma once
// The Table of a file that is not CSV (an xlsx sheet, a Stata file), built by the rules of
// readCsv's builder: a cell whose text is a missing token is missing, the missing policy
// drops such rows, the types are inferred from the dictionaries. The readers hand it text,
// so that the same data gives the same Table whichever file it came in.
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "data/type_inference.h"
#include "io/csv_projection.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv::detail {

class RecordTableBuilder {
public:
    explicit RecordTableBuilder(const CsvOptions& options) : m_options(options) {
        for (const std::string& t : options.missingTokens) m_missing.insert(t);
    }

    /// `names`: one per column; empty names become columnN. The caller checks duplicates
    /// (it knows where the names came from, to name the cell).
    void setColumns(const std::vector<std::string>& names) {
        m_columns.clear();
        for (std::size_t i = 0; i < names.size(); ++i)
            m_columns.emplace_back(names[i].empty() ? "column" + std::to_string(i + 1) : names[i]);
        m_missingCounts.assign(names.size(), 0);
    }
    std::size_t width() const { return m_columns.size(); }
    bool isMissing(std::string_view text) const { return m_missing.count(text) > 0; }

    /// One record, `cells.size() == width()`.
    void addRow(const std::vector<std::string>& cells) {
        ++m_rowsRead;
        bool anyMissing = false;
        for (const std::string& c : cells) anyMissing = anyMissing || isMissing(c);
        if (anyMissing && m_options.missing == MissingPolicy::Drop) {
            ++m_rowsDropped;
            return;
        }
        for (std::size_t i = 0; i < cells.size(); ++i) {
            m_columns[i].append(cells[i]);
            if (anyMissing && isMissing(cells[i])) ++m_missingCounts[i];
        }
    }

    Table finish(CsvReport* report) {
        // The projection (CsvOptions::columns) as readCsv applies it: these files are read
        // whole by their libraries, so only the typing and the Table are spared.
        std::vector<std::string> names;
        for (const Column& c : m_columns) names.push_back(c.name());
        const std::vector<char> keep = projectedColumns(names, m_options);
        std::vector<Column> kept;
        for (std::size_t i = 0; i < m_columns.size(); ++i) {
            if (!keep[i]) continue;
            m_columns[i].setMissingCount(m_missingCounts[i]);
            if (m_options.inferTypes)
                m_columns[i].setType(inferColumnType(m_columns[i], m_options.missingTokens));
            kept.push_back(std::move(m_columns[i]));
        }
        m_columns = std::move(kept);
        if (report) {
            report->separator = ',';
            report->rowsRead = m_rowsRead;
            report->rowsDropped = m_rowsDropped;
            report->hadBom = false;
        }
        Table table(std::move(m_columns));
        markSkipped(table, names, keep);
        return table;
    }

private:
    CsvOptions m_options;
    std::unordered_set<std::string_view> m_missing;
    std::vector<Column> m_columns;
    std::vector<std::size_t> m_missingCounts;
    std::size_t m_rowsRead = 0;
    std::size_t m_rowsDropped = 0;
};

/// The shortest text that reads back to `value` ("39", "0.1", "1e+21"), as a CSV would
/// most likely have held it.
std::string numberText(double value);
/// Days since 1970-01-01 as "yyyy-mm-dd"; with `seconds` (of the day, may be fractional)
/// ≥ 0, "yyyy-mm-dd hh:mm:ss".
std::string isoDate(long long daysSinceEpoch, double secondsOfDay = -1);

}  // namespace ldv::detail
