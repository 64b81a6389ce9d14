#pragma once
// Comparing a command's --json answer on a database table with its answer on the same data as
// a CSV (tests/postgres): what may differ between the two is left out.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <algorithm>
#include <cmath>

namespace ldv::test {

// The answer without what may differ between a file and a database: timings, how many
// nodes the parallel search happened to check (it varies from run to run), the source's
// statistics and name, row indices (a partitioned table returns its rows partition by
// partition, and an async Append in whichever order the shards answer). Class numbers follow
// the rows' (or groups') order too, so they are left out (class, worst_class: among tied
// classes the first one numbered), and lists of objects (classes) are sorted by their text
// with numbers to 8 significant digits, so that they compare as sets.
inline QJsonValue essentials(const QJsonValue& v) {
    if (v.isArray()) {
        QList<QJsonValue> items;
        bool objects = true;
        for (const QJsonValue& e : v.toArray()) {
            items.append(essentials(e));
            objects = objects && e.isObject();
        }
        if (objects) {
            const auto rounded = [](const QJsonValue& e) {
                QByteArray text = QJsonDocument(e.toObject()).toJson(QJsonDocument::Compact);
                QString out;
                // Each number of the text to 8 significant digits.
                const QRegularExpression number("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
                qsizetype at = 0;
                const QString t = QString::fromUtf8(text);
                for (auto it = number.globalMatch(t); it.hasNext();) {
                    const auto m = it.next();
                    out += t.mid(at, m.capturedStart() - at) +
                           QString::number(m.captured().toDouble(), 'g', 8);
                    at = m.capturedEnd();
                }
                return out + t.mid(at);
            };
            std::sort(items.begin(), items.end(), [&](const QJsonValue& a, const QJsonValue& b) {
                return rounded(a) < rounded(b);
            });
        }
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

// Where the essentials of two answers differ ("" when they agree): numbers to a relative
// 1e-9, since sums of logarithms (KL divergence, entropies) added up in another group order
// differ in their last bits (Adult of 1 M rows: 6e-13 relative), everything else exactly.
inline QString difference(const QJsonValue& a, const QJsonValue& b, const QString& path = "$") {
    if (a.isDouble() && b.isDouble()) {
        const double x = a.toDouble(), y = b.toDouble();
        const double scale = std::max({1.0, std::fabs(x), std::fabs(y)});
        return std::fabs(x - y) <= 1e-9 * scale
                   ? QString()
                   : QString("%1: %2 against %3").arg(path).arg(x, 0, 'g', 17).arg(y, 0, 'g', 17);
    }
    if (a.type() != b.type()) return path + ": types differ";
    if (a.isArray()) {
        const QJsonArray x = a.toArray(), y = b.toArray();
        if (x.size() != y.size())
            return QString("%1: %2 items against %3").arg(path).arg(x.size()).arg(y.size());
        for (qsizetype i = 0; i < x.size(); ++i)
            if (QString d = difference(x[i], y[i], QString("%1[%2]").arg(path).arg(i));
                !d.isEmpty())
                return d;
        return {};
    }
    if (a.isObject()) {
        const QJsonObject x = a.toObject(), y = b.toObject();
        if (x.keys() != y.keys())
            return QString("%1: keys %2 against %3")
                .arg(path, x.keys().join(','), y.keys().join(','));
        for (const QString& k : x.keys())
            if (QString d = difference(x[k], y[k], path + "." + k); !d.isEmpty()) return d;
        return {};
    }
    return a == b ? QString()
                  : QString("%1: %2 against %3")
                        .arg(path, QJsonDocument(QJsonArray{a}).toJson(QJsonDocument::Compact),
                             QJsonDocument(QJsonArray{b}).toJson(QJsonDocument::Compact));
}

// The difference of two --json answers, db's against csv's, with what may differ left out.
inline QString answerDifference(const QJsonObject& db, const QJsonObject& csv) {
    return difference(essentials(db), essentials(csv));
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
