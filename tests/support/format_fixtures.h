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
#include "test_paths.h"

namespace ldv::test {

/// Names (unless `ignoreNames`), types, rows, every value and the missing counts.
inline bool sameTable(const Table& a, const Table& b, std::string& why, bool ignoreNames = false) {
    if (a.columnCount() != b.columnCount() || a.rowCount() != b.rowCount()) {
        why = "shape " + std::to_string(a.rowCount()) + "x" + std::to_string(a.columnCount()) +
              " vs " + std::to_string(b.rowCount()) + "x" + std::to_string(b.columnCount());
        return false;
    }
    for (std::size_t c = 0; c < a.columnCount(); ++c) {
        const Column& x = a.column(c);
        const Column& y = b.column(c);
        if (!ignoreNames && x.name() != y.name()) {
            why = "column " + std::to_string(c) + ": " + x.name() + " vs " + y.name();
            return false;
        }
        if (x.type() != y.type()) {
            why = "column " + x.name() + ": type " + std::string(toString(x.type())) + " vs " +
                  std::string(toString(y.type()));
            return false;
        }
        if (x.missingCount() != y.missingCount()) {
            why = "column " + x.name() + ": missing " + std::to_string(x.missingCount()) + " vs " +
                  std::to_string(y.missingCount());
            return false;
        }
        if (x.dictionary() != y.dictionary()) {
            why = "column " + x.name() + ": dictionaries differ";
            return false;
        }
        for (std::size_t r = 0; r < a.rowCount(); ++r)
            if (x.value(x.code(r)) != y.value(y.code(r))) {
                why = "column " + x.name() + ", row " + std::to_string(r + 1) + ": '" +
                      x.value(x.code(r)) + "' vs '" + y.value(y.code(r)) + "'";
                return false;
            }
    }
    return true;
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
