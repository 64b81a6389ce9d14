#pragma once
// A chart's data as JSON, so that the analyses computed in a session are saved with the project
// (issue 37: "analyses … are not saved with the project") and shown again when it is reopened.
// A project file is input like any other: chartFromJson accepts only the shape chartToJson
// writes (every panel's series as long as its x values or categories, finite or null values)
// and gives nothing otherwise, so a crafted file cannot make the plot read past a vector.
#include <QJsonObject>
#include <optional>

#include "charts/chartdata.h"

namespace ldv::ui {

QJsonObject chartToJson(const ChartData& chart);
/// The chart written by chartToJson, or nothing when `json` is not one.
std::optional<ChartData> chartFromJson(const QJsonObject& json);

}  // namespace ldv::ui
