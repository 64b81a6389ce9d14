#pragma once
// Comparing a command's --json answer on a database table with its answer on the same data as
// a CSV (tests/postgres): what may differ between the two is left out.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <algorithm>

namespace ldv::test {

// The answer without what may differ between a file and a database: timings, how many
// nodes the parallel search happened to check (it varies from run to run), the source's
// statistics and name, row indices (a partitioned table returns its rows partition by
// partition, and an async Append in whichever order the shards answer), and the last bits
// of sums of logarithms added in a different group order (12 significant digits kept).
// Class numbers follow the rows' (or groups') order too, so they are left out (class,
// worst_class: among tied classes the first one numbered), and lists of objects (classes) are
// compared as sets.
inline QJsonValue essentials(const QJsonValue& v) {
    if (v.isDouble()) return QString::number(v.toDouble(), 'g', 12);
    if (v.isArray()) {
        QList<QJsonValue> items;
        bool objects = true;
        for (const QJsonValue& e : v.toArray()) {
            items.append(essentials(e));
            objects = objects && e.isObject();
        }
        auto text = [](const QJsonValue& e) {
            return QJsonDocument(e.toObject()).toJson(QJsonDocument::Compact);
        };
        if (objects)
            std::sort(items.begin(), items.end(),
                      [&](const QJsonValue& a, const QJsonValue& b) { return text(a) < text(b); });
        QJsonArray out;
        for (const QJsonValue& e : items) out.append(e);
        return out;
    }
    if (!v.isObject()) return v;
    QJsonObject out;
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString k = it.key();
        if (k.endsWith("_ms") || k == "statistics" || k == "source" || k == "data" ||
            k == "checked_nodes" || k == "class" || k == "worst_class" ||
            (k == "rows" && it.value().isArray()) || k == "threads")
            continue;
        out[k] = essentials(it.value());
    }
    return out;
}

// The statements a command sent, from its --explain-sql output (stderr): each is printed as
// "-- STATEMENT" above its plan.
inline QStringList statementsSent(const QByteArray& err) {
    QStringList out;
    for (const QString& line : QString::fromUtf8(err).split('\n'))
        if (line.startsWith("-- ")) out << line.mid(3);
    return out;
}

// True when every statement sent is a GROUP BY with counts: no row left the database.
inline bool onlyGroupsSent(const QStringList& statements) {
    if (statements.isEmpty()) return false;
    for (const QString& s : statements)
        if (!s.contains("GROUP BY") || !s.contains("count(*)") || s.contains("SELECT * FROM"))
            return false;
    return true;
}

}  // namespace ldv::test
