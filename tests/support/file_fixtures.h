#pragma once
// Small files the tests make from the bundled examples.
#include <QByteArray>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QtTest>

namespace ldv::test {

/// Writes the header and the first `rows` data rows of `source` to `target` (a new table of
/// the same schema); false when either file cannot be opened.
inline bool writeFirstRows(const QString& source, const QString& target, int rows) {
    QFile in(source), out(target);
    if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly)) return false;
    for (int i = 0; i <= rows && !in.atEnd(); ++i) out.write(in.readLine());
    return true;
}

/// The bytes of `path`; empty when it cannot be read.
inline QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Writes `bytes` to `path` in full; false when it cannot.
inline bool writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

/// The JSON object in `path` (empty when unreadable).
inline QJsonObject readJson(const QString& path) {
    return QJsonDocument::fromJson(readFile(path)).object();
}

/// Writes `text` to `path` (a test failure when it cannot be opened).
inline void writeFile(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY2(f.open(QIODevice::WriteOnly), qPrintable(path));
    f.write(text);
}

}  // namespace ldv::test
