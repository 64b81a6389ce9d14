#include "charts/panelchart.h"

#include <QContextMenuEvent>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace ldv::ui {

QColor seriesColor(int index) {
    static const QColor colors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
                                    QColor(0xD5, 0x5E, 0x00), QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9),
                                    QColor(0x55, 0x55, 0x55), QColor(0xF0, 0xE4, 0x42)};
    return colors[index % 8];
}

PanelChart::PanelChart(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumSize(320, 240);
    m_plot->setAutoAddPlottableToLegend(false);
    m_emptyText = tr("No data");
    rebuild();
}

void PanelChart::setData(const ChartData& data) {
    m_data = data;
    rebuild();
}

void PanelChart::setEmptyText(const QString& text) {
    m_emptyText = text;
    rebuild();
}

namespace {

struct Range {
    double lo = 0, hi = 0;
    bool any = false;
    void add(double v) {
        if (!std::isfinite(v)) return;
        lo = any ? std::min(lo, v) : v;
        hi = any ? std::max(hi, v) : v;
        any = true;
    }
};

void styleAxes(QCPAxisRect* rect, const ChartPanel& panel, const QFont& base) {
    QCPAxis* bottom = rect->axis(QCPAxis::atBottom);
    QCPAxis* left = rect->axis(QCPAxis::atLeft);
    QCPAxis* top = rect->axis(QCPAxis::atTop);
    top->setVisible(true);
    top->setTicks(false);
    top->setTickLabels(false);
    top->setLabel(panel.title);
    top->setLabelFont(QFont(base.family(), 9, QFont::Bold));
    bottom->setLabel(panel.xLabel);
    left->setLabel(panel.yLabel);
    for (QCPAxis* axis : {bottom, left}) {
        axis->setLabelFont(QFont(base.family(), 9));
        axis->setTickLabelFont(QFont(base.family(), 8));
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < panel.count(); ++i)
        ticker->addTick(panel.kind == ChartPanel::Kind::Lines ? panel.x[i] : double(i), panel.xText(i));
    bottom->setTicker(ticker);
    bottom->grid()->setVisible(panel.kind == ChartPanel::Kind::Lines);
}

void setValueRange(QCPAxis* axis, const Range& r) {
    if (!r.any) return axis->setRange(0, 1);
    const double lo = std::min(0.0, r.lo);
    const double hi = r.hi > lo ? r.hi : lo + 1;
    axis->setRange(lo, hi + (hi - lo) * 0.1);
}

}  // namespace

void PanelChart::rebuild() {
    m_plot->clearPlottables();
    m_plot->plotLayout()->clear();
    m_plot->legend = nullptr;
    const QFont base = font();
    int row = 0;
    auto* title = new QCPTextElement(m_plot, m_data.isEmpty() ? m_emptyText : m_data.title,
                                     QFont(base.family(), 11, QFont::Bold));
    m_plot->plotLayout()->addElement(row++, 0, title);
    if (m_data.isEmpty()) {
        m_plot->replot();
        return;
    }
    if (!m_data.note.isEmpty()) {
        auto* note = new QCPTextElement(m_plot, m_data.note, QFont(base.family(), 8));
        note->setTextColor(QColor(0x55, 0x55, 0x55));
        m_plot->plotLayout()->addElement(row++, 0, note);
    }
    auto* legend = new QCPLegend;
    m_plot->plotLayout()->addElement(row++, 0, legend);
    m_plot->legend = legend;  // the old one went with the layout
    legend->setLayer(QStringLiteral("legend"));
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setWrap(6);
    legend->setFont(QFont(base.family(), 8));
    legend->setBorderPen(Qt::NoPen);
    legend->setVisible(true);
    auto* grid = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(row, 0, grid);
    for (int r = 0; r < row; ++r) m_plot->plotLayout()->setRowStretchFactor(r, 0.001);

    // Colours by series name, in order of first appearance, shared by every panel.
    QStringList names;
    for (const ChartPanel& panel : m_data.panels)
        for (const ChartSeries& s : panel.series)
            if (!names.contains(s.name)) names << s.name;
    QStringList inLegend;

    const int n = int(m_data.panels.size());
    const int columns = n <= 3 ? n : (n == 4 ? 2 : 3);
    for (int p = 0; p < n; ++p) {
        const ChartPanel& panel = m_data.panels[p];
        auto* rect = new QCPAxisRect(m_plot);
        grid->addElement(p / columns, p % columns, rect);
        styleAxes(rect, panel, base);
        QCPAxis* keyAxis = rect->axis(QCPAxis::atBottom);
        QCPAxis* valueAxis = rect->axis(QCPAxis::atLeft);
        Range values;
        QCPAbstractPlottable* plottable = nullptr;
        if (panel.kind == ChartPanel::Kind::Lines) {
            Range xs;
            for (double x : panel.x) xs.add(x);
            const double pad = xs.any ? std::max(0.5, (xs.hi - xs.lo) * 0.04) : 1;
            keyAxis->setRange(xs.lo - pad, xs.hi + pad);
            for (const ChartSeries& s : panel.series) {
                QCPGraph* graph = m_plot->addGraph(keyAxis, valueAxis);
                graph->setData(panel.x, s.values.mid(0, panel.x.size()));
                QPen pen(seriesColor(int(names.indexOf(s.name))), 2);
                if (s.dashed) pen.setStyle(Qt::DashLine);
                // Distinct markers (and the earlier series drawn wider) keep equal series visible.
                static const QCPScatterStyle::ScatterShape shapes[] = {
                    QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssTriangle,
                    QCPScatterStyle::ssDiamond, QCPScatterStyle::ssCross, QCPScatterStyle::ssPlus};
                const int order = int(names.indexOf(s.name));
                pen.setWidthF(order == 0 ? 3.5 : 2);
                graph->setPen(pen);
                graph->setScatterStyle(QCPScatterStyle(shapes[order % 6], order == 0 ? 9 : 7));
                graph->setName(s.name);
                for (double v : s.values) values.add(v);
                plottable = graph;
                if (!inLegend.contains(s.name)) graph->addToLegend(legend), inLegend << s.name;
            }
        } else {
            const int count = panel.count();
            keyAxis->setRange(-0.6, count - 0.4);
            // Bars are placed by hand (not QCPBarsGroup) so a group only spaces the series it has.
            int widest = 1;
            std::vector<std::vector<int>> present(count);
            for (int c = 0; c < count; ++c) {
                for (int s = 0; s < panel.series.size(); ++s)
                    if (c < panel.series[s].values.size() && std::isfinite(panel.series[s].values[c]))
                        present[c].push_back(s);
                widest = std::max(widest, int(present[c].size()));
            }
            const double width = 0.8 / widest;
            for (int s = 0; s < panel.series.size(); ++s) {
                const ChartSeries& series = panel.series[s];
                auto* bars = new QCPBars(keyAxis, valueAxis);
                bars->setWidth(width);
                const QColor color = seriesColor(int(names.indexOf(series.name)));
                bars->setPen(QPen(color.darker(130)));
                bars->setBrush(color);
                bars->setName(series.name);
                for (int c = 0; c < count; ++c) {
                    const auto it = std::find(present[c].begin(), present[c].end(), s);
                    if (it == present[c].end()) continue;
                    const double offset = double(it - present[c].begin()) - (double(present[c].size()) - 1) / 2;
                    bars->addData(c + offset * width, series.values[c]);
                    values.add(series.values[c]);
                }
                plottable = bars;
                if (!inLegend.contains(series.name)) bars->addToLegend(legend), inLegend << series.name;
            }
        }
        Q_UNUSED(plottable);
        setValueRange(valueAxis, values);
    }
    m_plot->replot();
}

bool PanelChart::exportTo(const QString& path) const {
    const QString suffix = path.section('.', -1).toLower();
    if (suffix == "csv") {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) return false;
        return file.write(csv().toUtf8()) >= 0;
    }
    // A chart that was never laid out (hidden) is exported at a readable size.
    const bool small = m_plot->width() < 300 || m_plot->height() < 200;
    const int w = small ? 1200 : m_plot->width(), h = small ? 800 : m_plot->height();
    if (suffix == "pdf") return m_plot->savePdf(path, w, h);
    if (suffix == "svg") {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        generator.setTitle(m_data.title);
        QCPPainter painter;
        if (!painter.begin(&generator)) return false;
        m_plot->toPainter(&painter, w, h);
        return painter.end();
    }
    return m_plot->savePng(path, w, h);
}

void PanelChart::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Export chart…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export chart"), "chart.png",
                                                          tr("PNG (*.png);;PDF (*.pdf);;SVG (*.svg);;CSV data (*.csv)"));
        if (!path.isEmpty()) exportTo(path);
    });
    menu.exec(event->globalPos());
}

}  // namespace ldv::ui
