#include "diagnosis/partition.h"

#include <algorithm>

#include "ldiv/data/error.h"
#include "ldiv/diagnosis/diagnosis_result.h"

namespace ldv::detail {

std::size_t Partition::minClassSize() const {
    if (singletons > 0) return 1;
    std::uint32_t k = UINT32_MAX;
    for (std::size_t i = 0; i + 1 < starts.size(); ++i) {
        k = std::min(k, starts[i + 1] - starts[i]);
        if (k == 1) break;  // Algorithm 1 line 7: nothing is smaller than a unique row
    }
    return starts.size() < 2 ? 0 : k;
}

std::vector<std::uint32_t> Partition::sortedSizes() const {
    std::vector<std::uint32_t> sizes(classCount(), 1);
    for (std::size_t i = 0; i < sharedClassCount(); ++i) sizes[singletons + i] = classSize(i);
    std::sort(sizes.begin() + static_cast<std::ptrdiff_t>(singletons), sizes.end());
    return sizes;
}

std::vector<std::size_t> Partition::rowsInClassesBelow(std::size_t k) const {
    std::vector<std::size_t> out;
    if (k > 1) out.assign(singletonRows.begin(), singletonRows.end());
    for (std::size_t i = 0; i < sharedClassCount(); ++i)
        if (classSize(i) < k)
            for (std::uint32_t j = starts[i]; j < starts[i + 1]; ++j) out.push_back(rows[j]);
    std::sort(out.begin(), out.end());
    return out;
}

Partition wholeTable(std::size_t rows) {
    Partition p;
    if (rows == 1) {
        p.starts = {0};
        p.singletons = 1;
        p.singletonRows = {0};
        return p;
    }
    p.rows.resize(rows);
    for (std::size_t i = 0; i < rows; ++i) p.rows[i] = static_cast<std::uint32_t>(i);
    p.starts = {0, static_cast<std::uint32_t>(rows)};
    return p;
}

DiagnosisData::DiagnosisData(const Table& table, const std::vector<std::size_t>& columns)
    : m_rows(table.rowCount()) {
    if (m_rows == 0) throw ParameterError("the table has no rows: there is no k to diagnose");
    if (m_rows > UINT32_MAX) throw ParameterError("the table has more than 2^32-1 rows");
    if (columns.empty()) throw ParameterError("no attributes to diagnose: give at least one");
    if (columns.size() > kMaxDiagnosisAttributes)
        throw ParameterError("diagnosis handles at most " +
                             std::to_string(kMaxDiagnosisAttributes) + " attributes, got " +
                             std::to_string(columns.size()));
    std::size_t maxDomain = 0;
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (columns[i] >= table.columnCount())
            throw ParameterError("no column " + std::to_string(columns[i]) + " in the table");
        for (std::size_t j = 0; j < i; ++j)
            if (columns[j] == columns[i])
                throw ParameterError("attribute '" + table.column(columns[i]).name() +
                                     "' is listed twice");
        m_codes.push_back(table.column(columns[i]).codes());
        maxDomain = std::max(maxDomain, table.column(columns[i]).domainSize());
    }
    m_count.assign(maxDomain + 1, 0);
    m_touched.reserve(maxDomain + 1);
}

void DiagnosisData::refine(const Partition& in, std::size_t attribute, Partition& out,
                           bool trackSingletons) const {
    const std::span<const Code> codes = m_codes[attribute];
    out.rows.resize(in.rows.size());
    out.starts.clear();
    out.starts.reserve(in.starts.size() * 2);
    out.starts.push_back(0);
    out.singletons = in.singletons;
    out.singletonRows.clear();
    if (trackSingletons) out.singletonRows = in.singletonRows;
    std::uint32_t write = 0;  // classes that split off single rows leave `rows` shorter
    for (std::size_t c = 0; c + 1 < in.starts.size(); ++c) {
        const std::uint32_t b = in.starts[c], e = in.starts[c + 1];
        m_touched.clear();
        for (std::uint32_t i = b; i < e; ++i)
            if (m_count[codes[in.rows[i]]]++ == 0) m_touched.push_back(codes[in.rows[i]]);
        if (m_touched.size() == 1) {  // the attribute does not split this class
            std::copy(in.rows.begin() + b, in.rows.begin() + e, out.rows.begin() + write);
            m_count[m_touched[0]] = 0;
            write += e - b;
            out.starts.push_back(write);
            continue;
        }
        // Counting sort of the class by code: counts become write positions; codes seen once
        // become singletons (position UINT32_MAX) and leave the row list.
        for (Code t : m_touched) {
            const std::uint32_t n = m_count[t];
            if (n == 1) {
                m_count[t] = UINT32_MAX;
                ++out.singletons;
                continue;
            }
            m_count[t] = write;
            write += n;
            out.starts.push_back(write);
        }
        for (std::uint32_t i = b; i < e; ++i) {
            const std::uint32_t row = in.rows[i];
            std::uint32_t& pos = m_count[codes[row]];
            if (pos == UINT32_MAX) {
                if (trackSingletons) out.singletonRows.push_back(row);
            } else {
                out.rows[pos++] = row;
            }
        }
        for (Code t : m_touched) m_count[t] = 0;
    }
    out.rows.resize(write);
}

Partition DiagnosisData::partitionOf(std::uint64_t mask) const {
    Partition p = wholeTable(m_rows), next;
    for (std::size_t a = 0; a < m_codes.size(); ++a) {
        if (!(mask >> a & 1)) continue;
        refine(p, a, next, true);
        std::swap(p, next);
    }
    return p;
}

}  // namespace ldv::detail
