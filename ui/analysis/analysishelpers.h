#pragma once
// Small pieces shared by the analyses' chart adapters: the note texts
// (data set, attributes) and the checks every analysis starts with.
#include <QString>
#include <limits>

#include "charts/chartdata.h"
#include "ldiv/data/feedback.h"

namespace ldv {
class Workspace;
}

namespace ldv::ui {

namespace analysis {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Translation in the "ldv::ui::Analyses" context.
QString tr(const char* text);
/// Throws ParameterError telling the user to mark a sensitive attribute.
void requireSensitive(const Workspace& data);
/// "sex, age, race".
QString qiText(const Workspace& data);
/// The first sensitive attribute, or "—".
QString sensitiveText(const Workspace& data);
/// Series of a panel whose every value is equal ("ℓ = 2" and "ℓ = 3" drawn on top of each
/// other), as "panel: a = b" texts; appended to the chart's note so the reader knows why a
/// legend entry seems to have no line of its own.
QStringList coincidingSeries(const ChartData& chart);
void noteCoincidingSeries(ChartData& chart);

}  // namespace analysis
}  // namespace ldv::ui
