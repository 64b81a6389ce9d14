#pragma once
// The order a reader expects for base values and groups (numbers numerically, interval labels
// by their lower bound, dates chronologically, month names in calendar order, other text
// case-insensitively with embedded numbers compared as numbers, punctuation last): the core's
// naturalLess and naturalSort (ldiv/hierarchy/natural_order.h) for Qt strings.
#include <QString>
#include <QStringList>
#include <string>
#include <vector>

namespace ldv::ui::naturalorder {

/// True when `a` comes before `b` in natural order.
bool less(const QString& a, const QString& b);
bool less(const std::string& a, const std::string& b);

/// Sorts in natural order (stable: equal keys keep their order).
void sort(QStringList& values);
void sort(std::vector<std::string>& values);

}  // namespace ldv::ui::naturalorder
