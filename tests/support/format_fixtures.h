#pragma once
// Shared by the format tests: comparing two Tables cell by cell, writing bytes to a file and
// making fixtures with tests/data/formats/make_fixtures.py (openpyxl, pandas) when Debian's
// Python has them.
#include <QProcess>
#include <QString>
#include <QtTest>
#include <fstream>
#include <string>

#include "ldiv/data/table.h"
#include "ldiv/data/table_difference.h"
#include "test_paths.h"

namespace ldv::test {

/// Names (unless `ignoreNames`), types, rows, every value and the missing counts.
inline bool sameTable(const Table& a, const Table& b, std::string& why, bool ignoreNames = false) {
    why = tableDifference(a, b, ignoreNames);
    return why.empty();
}

inline void writeBytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

/// Runs make_fixtures.py on `csv` into `dir`; false (the caller skips) when Debian's Python
/// lacks pandas or openpyxl.
inline bool makeFixtures(const QString& csv, const QString& dir, const QStringList& extra = {}) {
    QProcess probe;
    probe.start("/usr/bin/python3", {"-c", "import pandas, openpyxl"});
    if (!probe.waitForFinished(60000) || probe.exitCode() != 0) return false;
    QProcess p;
    p.start(
        "/usr/bin/python3",
        QStringList{QString::fromStdString(fixture("formats/make_fixtures.py")), csv, dir} + extra);
    if (!p.waitForFinished(300000) || p.exitCode() != 0) {
        qWarning("make_fixtures.py failed: %s", p.readAllStandardError().constData());
        return false;
    }
    return true;
}

}  // namespace ldv::test
