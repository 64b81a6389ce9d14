#pragma once
// "1 level", "2 levels": counts in messages with the right English noun form.
#include <QString>

namespace ldv::ui {

/// "1 row", "0 rows", "12 rows".
inline QString countOf(unsigned long long n, const char* singular, const char* plural) {
    return QStringLiteral("%1 %2").arg(n).arg(QLatin1String(n == 1 ? singular : plural));
}

/// countOf with the locale's digit grouping: "1 row", "30,162 rows".
inline QString countOfL(unsigned long long n, const char* singular, const char* plural) {
    return QStringLiteral("%L1 %2").arg(n).arg(QLatin1String(n == 1 ? singular : plural));
}

}  // namespace ldv::ui
