#pragma once
// Plot data independent of QCustomPlot: a chart is a title and panels; a panel is lines over
// numeric x values, grouped bars over categories, or a colour map over an x × y grid (one
// series per y value, its values over x, so the CSV stays the same long format). The CSV of a chart
// is exactly what is plotted (long format: panel, x, series, value), so a figure can be redrawn
// elsewhere.
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
    enum class Kind { Lines, GroupedBars, ColorMap };
    Kind kind = Kind::Lines;
    QString title, xLabel, yLabel;
    QVector<double> x;        ///< Lines, ColorMap: the x values (ticks are put at them)
    QStringList categories;   ///< GroupedBars: one label per group; ColorMap: x labels (optional)
    QVector<double> y;        ///< ColorMap: the y value of each series (row of cells)
    QStringList yCategories;  ///< ColorMap: labels of the y values (optional)
    QString valueLabel;       ///< ColorMap: the label of the colour scale
    QVector<ChartSeries> series;
    int count() const { return kind == Kind::GroupedBars ? int(categories.size()) : int(x.size()); }
    QString xText(int i) const;
};

struct ChartData {
    QString title;
    QString note;  ///< a line under the title (data set, attributes, options)
    QVector<ChartPanel> panels;
    bool isEmpty() const { return panels.isEmpty(); }
};

/// A Lines panel over these x values (series to add).
ChartPanel linePanel(const QString& title, const QString& xLabel, const QString& yLabel,
                     const QVector<double>& x);
/// A GroupedBars panel over these categories (series to add).
ChartPanel barPanel(const QString& title, const QString& xLabel, const QString& yLabel,
                    const QStringList& categories);

/// "panel,x,series,value" rows of every point (NaN points are left out); RFC 4180 quoting.
QString chartCsv(const ChartData& data);

}  // namespace ldv::ui
