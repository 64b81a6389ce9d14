#include "format/populationtext.h"

#include <QLocale>
#include <QObject>
#include <cmath>

#include "widgets/plural.h"

namespace ldv::ui {

namespace {
// The user's locale, grouping digits even where it omits them by default (the C locale).
QLocale grouping() {
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    return locale;
}
}  // namespace

QString populationText(std::optional<double> n) {
    if (!n) return {};
    const QLocale locale = grouping();
    if (std::isfinite(*n) && *n == std::floor(*n) && std::abs(*n) < 9e15)
        return locale.toString(qlonglong(*n));
    // A fraction (an estimate): grouped digits, trailing zeros dropped.
    QString text = locale.toString(*n, 'f', 6);
    if (text.contains(locale.decimalPoint())) {
        while (text.endsWith(locale.zeroDigit())) text.chop(1);
        if (text.endsWith(locale.decimalPoint())) text.chop(1);
    }
    return text;
}

PopulationInput parsePopulation(const QString& text, std::size_t rows) {
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) return {true, std::nullopt, {}};
    // The locale's reading first (it takes the grouping the field shows), then the C locale's
    // (a number pasted from a program: "100000.5", "1e5").
    bool ok = false;
    double value = grouping().toDouble(trimmed, &ok);
    if (!ok) value = QLocale::c().toDouble(trimmed, &ok);
    if (!ok || !std::isfinite(value) || value <= 0)
        return {false, std::nullopt,
                QObject::tr("population size '%1' is not allowed: it is the number of people in "
                            "the population (a number above 0)")
                    .arg(trimmed)};
    if (value < double(rows))
        return {false, std::nullopt,
                QObject::tr("population size %1 is not allowed: the population holds the "
                            "sample, so N must be at least its %2")
                    .arg(trimmed, countOf(rows, "record", "records"))};
    return {true, value, {}};
}

}  // namespace ldv::ui
