#pragma once
// Small files the tests make from the bundled examples.
#include <QFile>
#include <QString>

namespace ldv::test {

/// Writes the header and the first `rows` data rows of `source` to `target` (a new table of
/// the same schema); false when either file cannot be opened.
inline bool writeFirstRows(const QString& source, const QString& target, int rows) {
    QFile in(source), out(target);
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly)) return false;
    for (int i = 0; i <= rows && !in.atEnd(); ++i) out.write(in.readLine());
    return true;
}

}  // namespace ldv::test
