#pragma once
// Chart data of the Utility perspective (docs/utility.md): an attribute's input and output
// distributions as two bar panels (the output in its generalized labels: the two sides have
// different values, so they are not forced onto one axis), and a pair's two-way tables as two
// colour maps (input, output) titled with Cramér's V.
#include "charts/chartdata.h"
#include "ldiv/utility/utility_report.h"

namespace ldv::ui {

/// Rows per value, input panel then output panel; `nodeName` names the output.
ChartData distributionChartData(const AttributeUtility& attribute, const QString& nodeName);

/// Rows per cell of the pair's input and output two-way tables.
ChartData contingencyChartData(const PairUtility& pair, const QString& nodeName);

}  // namespace ldv::ui
