#pragma once
// Reading `ldiv verify --json`: the verdict of one claim, its detail, and the claims that
// fail; and editing a record as anyone can (its configuration hash made to match again).
#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace ldv::test {

inline QString verdict(const QJsonObject& j, const QString& claim) {
    for (const QJsonValue& c : j["claims"].toArray())
        if (c["claim"].toString() == claim) return c["verdict"].toString();
    return "missing";
}
inline QString detailOf(const QJsonObject& j, const QString& claim) {
    for (const QJsonValue& c : j["claims"].toArray())
        if (c["claim"].toString() == claim) return c["detail"].toString();
    return {};
}
/// `record` with its configuration hash made to match again after an edit (or a round trip
/// through QJsonDocument, which writes 0.0 as 0).
inline QJsonObject rehashed(QJsonObject record) {
    QJsonObject h = record["hashes"].toObject();
    h["configuration"] = QString::fromLatin1(
        QCryptographicHash::hash(
            QJsonDocument(record["configuration"].toObject()).toJson(QJsonDocument::Compact),
            QCryptographicHash::Sha256)
            .toHex());
    record["hashes"] = h;
    return record;
}
inline QStringList failing(const QJsonObject& j) {
    QStringList out;
    for (const QJsonValue& c : j["claims"].toArray())
        if (c["verdict"].toString() == "fails") out << c["claim"].toString();
    return out;
}

}  // namespace ldv::test
