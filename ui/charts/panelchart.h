#pragma once
// ldiv's generic chart: ChartData (line panels and grouped-bar panels) drawn as axis rects of
// one QCustomPlot, with one shared legend (a series name has the same colour in every panel).
// One plot means PNG, PDF and SVG exports keep every panel as vectors; csv() is the data.
#include <QImage>
#include <QWidget>

#include "charts/chartdata.h"

class QCustomPlot;

namespace ldv::ui {

class PanelChart : public QWidget {
    Q_OBJECT
public:
    explicit PanelChart(QWidget* parent = nullptr);

    void setData(const ChartData& data);
    const ChartData& data() const { return m_data; }
    /// Shown (as the title) while there is no data.
    void setEmptyText(const QString& text);
    /// The plotted data as CSV (chartCsv).
    QString csv() const { return chartCsv(m_data); }
    /// PNG, PDF, SVG or CSV by the file's suffix. Returns false when writing fails.
    bool exportTo(const QString& path) const;
    QCustomPlot* plot() const { return m_plot; }

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;
    /// Lays the chart out again for a new width (the note's lines, the x labels).
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    /// The note broken into lines that fit the chart's width (a report chart is 640 px wide:
    /// one line clipped at both ends).
    QString wrappedNote() const;
    QCustomPlot* m_plot;
    ChartData m_data;
    QString m_emptyText;
    int m_builtWidth = -1;  ///< the width the last rebuild laid out for
};

/// `data` drawn by an unshown chart at the report's chart size (reportchart.h), with twice the
/// pixels for print: the report shows it at the full text width, so its text prints at the
/// size it has on screen (≥ 8 pt).
QImage reportChartImage(const ChartData& data);

/// Okabe–Ito colour of the i-th series (colour-blind safe).
QColor seriesColor(int index);

}  // namespace ldv::ui
