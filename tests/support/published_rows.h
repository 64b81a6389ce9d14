#pragma once
// A publication's rows, read back to be compared as a multiset with a table's
// (pg_test_server.h tableRows), and its smallest class counted here from the definition.
#include <QStringList>

#include <algorithm>
#include <map>
#include <vector>

#include "ldiv/io/csv_table_reader.h"

namespace ldv::test {

/// Rows as lists of their values, sorted: a table's compared with a file's as multisets.
using TableRows = std::vector<QStringList>;

/// A CSV publication's rows without its header, sorted (values as they are: no missing
/// tokens, no trimming).
inline TableRows csvRows(const QString& path, char separator) {
    CsvOptions csv;
    csv.separator = separator;
    csv.inferTypes = false;
    csv.trim = false;
    csv.missingTokens.clear();
    const Table t = readCsv(path.toStdString(), csv);
    TableRows rows;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        QStringList row;
        for (std::size_t c = 0; c < t.columnCount(); ++c)
            row << QString::fromStdString(t.value(r, c));
        rows.push_back(row);
    }
    std::sort(rows.begin(), rows.end());
    return rows;
}

/// The smallest class of `rows` (`columns` their names): rows grouped by their `qi` values;
/// with `wildcards` (cell suppression), each row's frequency is the rows agreeing with it on
/// every QI where neither cell is "*".
inline qsizetype smallestClass(const TableRows& rows, const QStringList& columns,
                               const QStringList& qi, bool wildcards = false) {
    QList<qsizetype> at;
    for (const QString& q : qi) at << columns.indexOf(q);
    qsizetype smallest = -1;
    if (!wildcards) {
        std::map<QStringList, qsizetype> sizes;
        for (const QStringList& row : rows) {
            QStringList key;
            for (qsizetype i : at) key << row[i];
            ++sizes[key];
        }
        for (const auto& [key, n] : sizes)
            if (smallest < 0 || n < smallest) smallest = n;
        return smallest;
    }
    for (const QStringList& a : rows) {
        qsizetype f = 0;
        for (const QStringList& b : rows) {
            bool match = true;
            for (qsizetype i : at) match = match && (a[i] == b[i] || a[i] == "*" || b[i] == "*");
            f += match;
        }
        if (smallest < 0 || f < smallest) smallest = f;
    }
    return smallest;
}

}  // namespace ldv::test
