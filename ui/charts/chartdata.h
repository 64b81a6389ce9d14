#pragma once
// Plot data independent of QCustomPlot: a chart is a title and panels; a panel is either lines
// over numeric x values or grouped bars over categories. The CSV of a chart is exactly what is
// plotted (long format: panel, x, series, value), so a figure can be redrawn elsewhere.
#include <QString>
#include <QStringList>
#include <QVector>

namespace ldv::ui {

struct ChartSeries {
    QString name;
    QVector<double> values;  ///< one per x value / category; NaN = no point (gap, no bar)
    bool dashed = false;
};

struct ChartPanel {
    enum class Kind { Lines, GroupedBars };
    Kind kind = Kind::Lines;
    QString title, xLabel, yLabel;
    QVector<double> x;     ///< Lines: the x values (ticks are put at them)
    QStringList categories;  ///< GroupedBars: one label per group
    QVector<ChartSeries> series;
    int count() const { return kind == Kind::Lines ? int(x.size()) : int(categories.size()); }
    QString xText(int i) const;
};

struct ChartData {
    QString title;
    QString note;  ///< a line under the title (data set, attributes, options)
    QVector<ChartPanel> panels;
    bool isEmpty() const { return panels.isEmpty(); }
};

/// "panel,x,series,value" rows of every point (NaN points are left out); RFC 4180 quoting.
QString chartCsv(const ChartData& data);

}  // namespace ldv::ui
