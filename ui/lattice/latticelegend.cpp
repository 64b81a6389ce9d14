#include "lattice/latticelegend.h"

#include <QLinearGradient>
#include <QPainter>

#include "format/nodestyle.h"

namespace ldv::ui {

LatticeLegend::LatticeLegend(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

QSize LatticeLegend::sizeHint() const {
    return {400, 26};
}

void LatticeLegend::showStates() {
    m_scale = false;
    update();
}

void LatticeLegend::showScale(const QString& metric, double min, double max) {
    m_scale = true;
    m_metric = metric;
    m_min = min;
    m_max = max;
    update();
}

void LatticeLegend::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm = p.fontMetrics();
    const int cy = height() / 2;
    int x = 6;
    if (!m_scale) {
        for (int s = kNodeStateCount - 1; s >= 0; --s) {
            const auto state = NodeState(s);
            p.setPen(QColor(60, 60, 60));
            p.setBrush(stateColor(state));
            p.drawEllipse(QPointF(x + 6, cy), 6, 6);
            const QString text = stateName(state);
            p.drawText(x + 16, cy + fm.ascent() / 2 - 1, text);
            x += 30 + fm.horizontalAdvance(text);
        }
        return;
    }
    const QString low = QString::number(m_min, 'g', 5), high = QString::number(m_max, 'g', 5);
    p.setPen(palette().color(QPalette::WindowText));
    const QString label = m_metric + ":";
    p.drawText(x, cy + fm.ascent() / 2 - 1, label);
    x += fm.horizontalAdvance(label) + 8;
    p.drawText(x, cy + fm.ascent() / 2 - 1, low);
    x += fm.horizontalAdvance(low) + 6;
    const int w = std::max(60, std::min(260, width() - x - fm.horizontalAdvance(high) - 20));
    QLinearGradient g(x, 0, x + w, 0);
    for (int i = 0; i <= 10; ++i) g.setColorAt(i / 10.0, scaleColor(i / 10.0));
    p.setPen(Qt::NoPen);
    p.setBrush(g);
    p.drawRect(QRect(x, cy - 6, w, 12));
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(x + w + 6, cy + fm.ascent() / 2 - 1, high + tr("  (lower is better)"));
}

}  // namespace ldv::ui
