#include "format/rolestyle.h"

#include <QObject>
#include <QPainter>
#include <QPixmap>
#include <array>

namespace ldv::ui {

namespace {
constexpr std::array kRoles{Role::Identifying, Role::QuasiIdentifying, Role::Sensitive,
                            Role::Insensitive};
constexpr std::array kTypes{ColumnType::Integer, ColumnType::Decimal, ColumnType::Date,
                            ColumnType::Text};
}  // namespace

QString roleName(Role role) {
    switch (role) {
        case Role::Identifying:
            return QObject::tr("identifying");
        case Role::QuasiIdentifying:
            return QObject::tr("quasi-identifying");
        case Role::Sensitive:
            return QObject::tr("sensitive");
        case Role::Insensitive:
            return QObject::tr("insensitive");
    }
    return {};
}

QStringList roleNames() {
    QStringList out;
    for (Role r : kRoles) out << roleName(r);
    return out;
}

std::optional<Role> roleFromName(const QString& name) {
    for (Role r : kRoles)
        if (roleName(r) == name) return r;
    return roleFromString(name.toStdString());
}

QColor roleColor(Role role) {
    // Colour-blind-safe palette (Okabe–Ito): vermillion, blue, orange, grey.
    switch (role) {
        case Role::Identifying:
            return QColor(0xD5, 0x5E, 0x00);
        case Role::QuasiIdentifying:
            return QColor(0x00, 0x72, 0xB2);
        case Role::Sensitive:
            return QColor(0xE6, 0x9F, 0x00);
        case Role::Insensitive:
            return QColor(0x99, 0x99, 0x99);
    }
    return Qt::gray;
}

QColor roleTint(Role role) {
    QColor c = roleColor(role);
    return QColor::fromRgbF(0.78 + 0.22 * c.redF(), 0.78 + 0.22 * c.greenF(),
                            0.78 + 0.22 * c.blueF());
}

QIcon roleIcon(Role role) {
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(roleColor(role));
    p.setPen(roleColor(role).darker(130));
    p.drawRoundedRect(QRectF(0.5, 0.5, 11, 11), 3, 3);
    return QIcon(pixmap);
}

QString typeName(ColumnType type) {
    return QString::fromUtf8(toString(type).data(), qsizetype(toString(type).size()));
}

QStringList typeNames() {
    QStringList out;
    for (ColumnType t : kTypes) out << typeName(t);
    return out;
}

std::optional<ColumnType> typeFromName(const QString& name) {
    return columnTypeFromString(name.toStdString());
}

}  // namespace ldv::ui
