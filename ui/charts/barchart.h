#pragma once
// ldiv's bar chart: an adapter from labelled counts to QCustomPlot, so views never touch
// QCustomPlot directly and a chart can be exported or tested on its own.
#include <QColor>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include "widgets/qtforward.h"

class QCustomPlot;
class QCPBars;

namespace ldv::ui {

class BarChart : public QWidget {
    Q_OBJECT
public:
    explicit BarChart(QWidget* parent = nullptr);

    /// Horizontal bars, the first label on top. An empty list shows `emptyText`.
    void setBars(const QStringList& labels, const QVector<double>& values,
                 const QString& valueAxisLabel);
    void setTitle(const QString& title);
    const QString& title() const { return m_title; }
    void setColor(const QColor& color);
    void setEmptyText(const QString& text);
    int barCount() const { return int(m_labels.size()); }
    const QStringList& labels() const { return m_labels; }
    const QVector<double>& values() const { return m_values; }
    /// PNG, PDF or SVG by the file's suffix. Returns false when writing fails.
    bool exportTo(const QString& path) const;
    QCustomPlot* plot() const { return m_plot; }
    /// Height of one bar with its label: every bar is labelled and none touches the next;
    /// bars that do not fit the chart's height scroll.
    static constexpr int kBarPixels = 16;

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void rebuild();
    QScrollArea* m_scroll;
    QCustomPlot* m_plot;
    QCPBars* m_bars = nullptr;
    QStringList m_labels;
    QVector<double> m_values;
    QString m_axisLabel, m_title, m_emptyText;
    QColor m_color{0x00, 0x72, 0xB2};
};

}  // namespace ldv::ui
