#pragma once
// Reading `ldiv verify --json`: the verdict of one claim, and the claims that fail.
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

namespace ldv::test {

inline QString verdict(const QJsonObject& j, const QString& claim) {
    for (const QJsonValue& c : j["claims"].toArray())
        if (c["claim"].toString() == claim) return c["verdict"].toString();
    return "missing";
}
inline QStringList failing(const QJsonObject& j) {
    QStringList out;
    for (const QJsonValue& c : j["claims"].toArray())
        if (c["verdict"].toString() == "fails") out << c["claim"].toString();
    return out;
}

}  // namespace ldv::test
