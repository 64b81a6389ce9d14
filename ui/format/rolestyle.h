#pragma once
// How roles and types look everywhere in the workbench (header, column list, hierarchy list).
#include <QColor>
#include <QIcon>
#include <QString>
#include <QStringList>

#include "ldiv/data/table.h"

namespace ldv::ui {

QString roleName(Role role);
/// The four roles in menu order, as shown to the user.
QStringList roleNames();
std::optional<Role> roleFromName(const QString& name);
/// Strong colour (icons, chart bars) and a light tint (backgrounds) per role.
QColor roleColor(Role role);
QColor roleTint(Role role);
QIcon roleIcon(Role role);

QString typeName(ColumnType type);
QStringList typeNames();
std::optional<ColumnType> typeFromName(const QString& name);

}  // namespace ldv::ui
