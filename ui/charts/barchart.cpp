#include "charts/barchart.h"

#include "charts/plotexport.h"
#include "widgets/filedialogs.h"

#include <qcustomplot.h>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QMenu>
#include <QScrollArea>
#include <QVBoxLayout>
#include <algorithm>

namespace ldv::ui {

BarChart::BarChart(QWidget* parent)
    : QWidget(parent), m_scroll(new QScrollArea(this)), m_plot(new QCustomPlot) {
    // The plot is as tall as its bars need (kBarPixels each) and at least as tall as the
    // chart; a taller plot scrolls. Thinning out the labels left every other bar unnamed,
    // and 30 bars in 150 pixels drew into one another.
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setWidgetResizable(true);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(m_plot);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_scroll);
    setMinimumHeight(120);
    m_plot->setMinimumHeight(100);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(
        0, 0, new QCPTextElement(m_plot, QString(), QFont(font().family(), 9, QFont::Bold)));
    m_emptyText = tr("No data");
    rebuild();
}

void BarChart::setBars(const QStringList& labels, const QVector<double>& values,
                       const QString& axisLabel) {
    m_labels = labels;
    m_values = values;
    m_axisLabel = axisLabel;
    rebuild();
}

void BarChart::setTitle(const QString& title) {
    m_title = title;
    rebuild();
}

void BarChart::setColor(const QColor& color) {
    m_color = color;
    rebuild();
}

void BarChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    rebuild();
}

void BarChart::rebuild() {
    if (auto* title = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0)))
        title->setText(m_labels.isEmpty() ? m_title + (m_title.isEmpty() ? "" : " — ") + m_emptyText
                                          : m_title);
    m_plot->clearPlottables();
    m_bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);  // horizontal: keys on the left axis
    m_bars->setPen(QPen(m_color.darker(120)));
    m_bars->setBrush(m_color);
    m_bars->setWidth(0.7);
    QVector<double> keys;
    QVector<QString> names;
    const int n = int(m_labels.size());
    double max = 0;
    for (int i = 0; i < n; ++i) {
        keys << n - i;  // first label on top
        QString label = m_labels[i];
        if (label.size() > 22) label = label.left(20) + QStringLiteral("…");
        names << label;
        max = std::max(max, m_values.value(i));
    }
    m_bars->setData(keys, m_values);
    // Every bar labelled: the plot grows by kBarPixels per bar (title and value axis take
    // about 70 pixels) and scrolls inside the chart.
    m_plot->setMinimumHeight(std::max(100, n * kBarPixels + 70));
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < n; ++i) ticker->addTick(keys[i], names[i]);
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(0.4, std::max(n, 1) + 0.6);
    m_plot->yAxis->grid()->setVisible(false);
    m_plot->yAxis->setTickLabelFont(QFont(font().family(), 8));
    m_plot->xAxis->setTickLabelFont(QFont(font().family(), 8));
    m_plot->xAxis->setRange(0, max > 0 ? max * 1.05 : 1);
    m_plot->xAxis->setLabel(m_axisLabel);
    m_plot->replot();
}

bool BarChart::exportTo(const QString& path) const {
    return exportPlot(m_plot, path, m_plot->width(), m_plot->height());
}

void BarChart::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Export chart…"), this, [this] {
        const QString path =
            filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export chart"), "chart.png",
                                  tr("PNG (*.png);;PDF (*.pdf);;SVG (*.svg)"));
        if (!path.isEmpty()) exportTo(path);
    });
    menu.exec(event->globalPos());
}

}  // namespace ldv::ui
