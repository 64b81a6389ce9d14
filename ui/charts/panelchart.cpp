#include "charts/panelchart.h"

#include "charts/plotexport.h"
#include "charts/reportchart.h"
#include "widgets/filedialogs.h"

#include <qcustomplot.h>
#include <QContextMenuEvent>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace ldv::ui {

QColor seriesColor(int index) {
    static const QColor colors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00),
                                    QColor(0x00, 0x9E, 0x73), QColor(0xD5, 0x5E, 0x00),
                                    QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9),
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

QString PanelChart::wrappedNote() const {
    const QFontMetrics metrics(QFont(font().family(), 8));
    const int available = std::max(160, width() - 24);
    QStringList lines;
    for (const QString& paragraph : m_data.note.split('\n')) {
        QString line;
        for (const QString& word : paragraph.split(' ', Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + ' ' + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > available) {
                lines << line;
                line = word;
            } else {
                line = longer;
            }
        }
        lines << line;
    }
    return lines.join('\n');
}

void PanelChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // The note's lines and whether x labels fit at every x follow the width.
    if (width() != m_builtWidth && !m_data.isEmpty()) rebuild();
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

/// Every how many categories one gets a tick label: about 24 short or 12 long labels fit
/// across a chart, fewer when `across` panels share its width.
int labelStep(int count, bool longLabels, int across = 1) {
    const int fit = std::max(4, (longLabels ? 12 : 24) / std::max(1, across));
    return count <= fit ? 1 : (count + fit - 1) / fit;
}

/// `panelPixels`: about the width of the panel's axis, in pixels.
void styleAxes(QCPAxisRect* rect, const ChartPanel& panel, const QFont& base, int across,
               int panelPixels) {
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
    bool longLabels = false;
    for (int i = 0; i < panel.count(); ++i) longLabels = longLabels || panel.xText(i).size() > 9;
    // Categories beyond what fits side by side (74 ages, 41 countries) get a label every
    // `step` bars or cells, so the labels stay legible; the CSV and the tables have them all.
    const int step =
        panel.kind == ChartPanel::Kind::Lines ? 1 : labelStep(panel.count(), longLabels, across);
    for (int i = 0; i < panel.count(); i += step)
        ticker->addTick(panel.kind == ChartPanel::Kind::Lines ? panel.x[i] : double(i),
                        panel.xText(i));
    // A tick at every x reads best, unless x values crowd together (e.g. δ = 0, 0.005, 0.01,
    // 0.1) for the panel's width: then their labels would overlap and evenly spaced automatic
    // ticks are used (k = 2, 5, 10, 15, 20 overlapped in the 640-px report chart of three
    // panels, and fit on screen).
    bool crowded = false;
    if (panel.kind == ChartPanel::Kind::Lines && panel.x.size() > 2) {
        const QFontMetrics metrics(bottom->tickLabelFont());
        std::vector<std::pair<double, int>> labels;  // x, label width in pixels
        for (int i = 0; i < panel.count(); ++i)
            labels.emplace_back(panel.x[i], metrics.horizontalAdvance(panel.xText(i)));
        std::sort(labels.begin(), labels.end());
        const double span = labels.back().first - labels.front().first;
        // Neighbouring labels need their half widths and a small gap between their centres.
        for (std::size_t i = 1; i < labels.size() && span > 0; ++i) {
            const double apart = (labels[i].first - labels[i - 1].first) / span * panelPixels;
            crowded = crowded || apart < (labels[i].second + labels[i - 1].second) / 2.0 + 4;
        }
    }
    if (crowded)
        bottom->setTicker(QSharedPointer<QCPAxisTicker>::create());
    else
        bottom->setTicker(ticker);
    bottom->grid()->setVisible(panel.kind == ChartPanel::Kind::Lines);
    // Many long category labels (sensitive values, requirements) would overlap side by side.
    bottom->setTickLabelRotation(
        panel.kind != ChartPanel::Kind::Lines && longLabels && panel.count() > 3 ? 35 : 0);
}

/// Viridis (perceptually uniform, colour-blind safe); cells without a value are light grey.
QCPColorGradient mapGradient() {
    QCPColorGradient g;
    g.clearColorStops();
    g.setColorStopAt(0, QColor(0x44, 0x01, 0x54));
    g.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
    g.setColorStopAt(0.5, QColor(0x21, 0x91, 0x8c));
    g.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
    g.setColorStopAt(1, QColor(0xfd, 0xe7, 0x25));
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(QColor(0xe8, 0xe8, 0xe8));
    return g;
}

/// A colour map over grid indices (x and y values need not be evenly spaced): a colour
/// scale beside it and each cell's value written in it, so the map reads without the scale.
void drawColorMap(QCustomPlot* plot, QCPLayoutGrid* cell, const ChartPanel& panel,
                  const QFont& base, int across) {
    auto* rect = new QCPAxisRect(plot);
    cell->addElement(0, 0, rect);
    // A colour map's columns are categories: the crowding test of lines does not apply.
    styleAxes(rect, panel, base, across, plot->width());
    QCPAxis* keyAxis = rect->axis(QCPAxis::atBottom);
    QCPAxis* valueAxis = rect->axis(QCPAxis::atLeft);
    const int nx = int(panel.x.size()), ny = int(panel.y.size());
    auto yTicker = QSharedPointer<QCPAxisTickerText>::create();
    for (int j = 0; j < ny; j += labelStep(ny, false, 2))
        yTicker->addTick(j, panel.yCategories.isEmpty() ? QString::number(panel.y[j], 'g', 10)
                                                        : panel.yCategories.value(j));
    valueAxis->setTicker(yTicker);
    valueAxis->grid()->setVisible(false);
    keyAxis->setRange(-0.5, nx - 0.5);
    valueAxis->setRange(-0.5, ny - 0.5);
    auto* map = new QCPColorMap(keyAxis, valueAxis);
    // QCPColorMap draws nothing along a side of one cell (its data range is then a point): a
    // single row or column is stored twice, as two half cells over [-0.25, 0.25], which span
    // the whole cell [-0.5, 0.5].
    const int cellsX = std::max(2, nx), cellsY = std::max(2, ny);
    map->data()->setSize(cellsX, cellsY);
    map->data()->setRange(nx > 1 ? QCPRange(0, nx - 1) : QCPRange(-0.25, 0.25),
                          ny > 1 ? QCPRange(0, ny - 1) : QCPRange(-0.25, 0.25));
    Range values;
    for (int j = 0; j < cellsY; ++j)
        for (int i = 0; i < cellsX; ++i) {
            const int row = ny > 1 ? j : 0, column = nx > 1 ? i : 0;
            const double v = row < panel.series.size() && column < nx && row < ny
                                 ? panel.series[row].values.value(column, std::nan(""))
                                 : std::nan("");
            map->data()->setCell(i, j, v);
            values.add(v);
        }
    const QCPRange range =
        values.any ? QCPRange(values.lo, values.hi > values.lo ? values.hi : values.lo + 1)
                   : QCPRange(0, 1);
    map->setGradient(mapGradient());
    map->setDataRange(range);
    map->setInterpolate(false);
    auto* scale = new QCPColorScale(plot);
    cell->addElement(0, 1, scale);
    scale->setType(QCPAxis::atRight);
    scale->setGradient(mapGradient());
    scale->setDataRange(range);
    scale->setBarWidth(14);
    scale->axis()->setLabel(panel.valueLabel);
    scale->axis()->setLabelFont(QFont(base.family(), 9));
    scale->axis()->setTickLabelFont(QFont(base.family(), 8));
    map->setColorScale(scale);
    auto* margins = new QCPMarginGroup(plot);
    rect->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    scale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    cell->setColumnStretchFactor(1, 0.01);
    // Beyond about 16 cells across the chart (or 12 down) the numbers would not fit in them
    // (and thousands of text items slow every redraw): the colour scale and the CSV give them.
    if (nx * across > 16 || ny > 12) return;
    for (int j = 0; j < ny && j < panel.series.size(); ++j)
        for (int i = 0; i < nx; ++i) {
            const double v = panel.series[j].values.value(i, std::nan(""));
            auto* label = new QCPItemText(plot);
            label->setClipAxisRect(rect);
            label->position->setAxes(keyAxis, valueAxis);
            label->position->setCoords(i, j);
            label->setFont(QFont(base.family(), 8));
            // Round-off like 1.1e-16 reads as 0 in a cell (the CSV keeps the exact value).
            // Counts (whole numbers below 100,000) in full: "4008" fits a cell, "4.01e+03" not.
            const bool count = std::isfinite(v) && v == std::round(v) && std::abs(v) < 1e5;
            label->setText(!std::isfinite(v) ? QStringLiteral("–")
                           : count           ? QString::number(v, 'f', 0)
                                   : QString::number(std::abs(v) < 1e-9 ? 0.0 : v, 'g', 3));
            // Light text on the dark lower half of viridis, dark text on the light upper half.
            const double t = std::isfinite(v) ? (v - range.lower) / range.size() : 1;
            label->setColor(t < 0.55 ? Qt::white : QColor(0x22, 0x22, 0x22));
        }
}

void setValueRange(QCPAxis* axis, const Range& r) {
    if (!r.any) return axis->setRange(0, 1);
    const double lo = std::min(0.0, r.lo);
    const double hi = r.hi > lo ? r.hi : lo + 1;
    axis->setRange(lo, hi + (hi - lo) * 0.1);
}

}  // namespace

void PanelChart::rebuild() {
    m_builtWidth = width();
    m_plot->clearPlottables();
    m_plot->clearItems();
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
        auto* note = new QCPTextElement(m_plot, wrappedNote(), QFont(base.family(), 8));
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
            if (panel.kind != ChartPanel::Kind::ColorMap && !names.contains(s.name))
                names << s.name;
    QStringList inLegend;

    const int n = int(m_data.panels.size());
    const int columns = n <= 3 ? n : (n == 4 ? 2 : 3);
    for (int p = 0; p < n; ++p) {
        const ChartPanel& panel = m_data.panels[p];
        if (panel.kind == ChartPanel::Kind::ColorMap) {
            auto* cell = new QCPLayoutGrid;
            grid->addElement(p / columns, p % columns, cell);
            drawColorMap(m_plot, cell, panel, base, columns);
            continue;
        }
        auto* rect = new QCPAxisRect(m_plot);
        grid->addElement(p / columns, p % columns, rect);
        // The axis gets the panel's share of the width less its left margin and labels (the
        // chart's own width: a hidden chart, as the report renders, has not laid out m_plot).
        styleAxes(rect, panel, base, columns, std::max(80, width() / columns - 60));
        QCPAxis* keyAxis = rect->axis(QCPAxis::atBottom);
        QCPAxis* valueAxis = rect->axis(QCPAxis::atLeft);
        Range values;
        QCPAbstractPlottable* plottable = nullptr;
        if (panel.kind == ChartPanel::Kind::Lines) {
            Range xs;
            for (double x : panel.x) xs.add(x);
            // 5 % of the span keeps the end markers inside the frame at any scale of x.
            const double pad = xs.any && xs.hi > xs.lo ? (xs.hi - xs.lo) * 0.05 : 0.5;
            keyAxis->setRange(xs.lo - pad, xs.hi + pad);
            for (const ChartSeries& s : panel.series) {
                QCPGraph* graph = m_plot->addGraph(keyAxis, valueAxis);
                graph->setData(panel.x, s.values.mid(0, panel.x.size()));
                QPen pen(seriesColor(int(names.indexOf(s.name))), 2);
                if (s.dashed) pen.setStyle(Qt::DashLine);
                // Distinct markers (and the earlier series drawn wider) keep equal series visible.
                static const QCPScatterStyle::ScatterShape shapes[] = {
                    QCPScatterStyle::ssCircle,   QCPScatterStyle::ssSquare,
                    QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond,
                    QCPScatterStyle::ssCross,    QCPScatterStyle::ssPlus};
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
                    if (c < panel.series[s].values.size() &&
                        std::isfinite(panel.series[s].values[c]))
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
                    const double offset =
                        double(it - present[c].begin()) - (double(present[c].size()) - 1) / 2;
                    bars->addData(c + offset * width, series.values[c]);
                    values.add(series.values[c]);
                }
                plottable = bars;
                if (!inLegend.contains(series.name))
                    bars->addToLegend(legend), inLegend << series.name;
            }
        }
        Q_UNUSED(plottable);
        setValueRange(valueAxis, values);
    }
    // Colour maps have no legend entries, and an empty legend's maximum width (its margins)
    // would cap the width of the layout's only column: the maps drew in a sliver on the left.
    if (legend->itemCount() == 0) {
        m_plot->plotLayout()->remove(legend);
        m_plot->legend = nullptr;
        m_plot->plotLayout()->simplify();
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
    return exportPlot(m_plot, path, w, h, m_data.title);
}

void PanelChart::contextMenuEvent(QContextMenuEvent* event) {
    QMenu menu(this);
    menu.addAction(tr("Export chart…"), this, [this] {
        const QString path =
            filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export chart"), "chart.png",
                                  tr("PNG (*.png);;PDF (*.pdf);;SVG (*.svg);;CSV data (*.csv)"));
        if (!path.isEmpty()) exportTo(path);
    });
    menu.exec(event->globalPos());
}

QImage reportChartImage(const ChartData& data) {
    PanelChart chart;
    chart.resize(kReportChartWidth, kReportChartHeight);
    chart.setData(data);
    return chart.plot()->toPixmap(kReportChartWidth, kReportChartHeight, 2.0).toImage();
}

}  // namespace ldv::ui
