#pragma once
// A chart as the publication report embeds it. The analysis perspective renders its charts
// into these and the export perspective writes them into the report, so the type lives with
// the charts rather than with either perspective.
#include <QImage>
#include <QString>

namespace ldv::ui {

/// Charts are rendered for the report at this logical width (px at 96 dpi) and shown at the
/// full text width of an A4 page with 2 cm margins (170 mm ≈ 643 px): their text prints at
/// the point size it has on screen (9 pt), never scaled down.
inline constexpr int kReportChartWidth = 640;
inline constexpr int kReportChartHeight = 400;

struct ReportChart {
    QString title;
    QString note;  ///< data set and options of the chart (may be empty)
    QImage image;
};

}  // namespace ldv::ui
