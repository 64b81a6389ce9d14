#include "format/nodemetricstext.h"

#include <QLocale>
#include <QObject>
#include <cmath>

namespace ldv::ui {

QString measureText(double v) {
    if (std::abs(v - std::round(v)) < 1e-9 && std::abs(v) < 1e15)
        return QLocale().toString(qlonglong(std::llround(v)));
    return QString::number(v, 'g', 6);
}

QString nodeFiguresHtml(const NodeMetrics& m) {
    return QObject::tr(
               "<table cellspacing=4>"
               "<tr><td>classes</td><td align=right>%1</td></tr>"
               "<tr><td>suppressed rows</td><td align=right>%2</td></tr>"
               "<tr><td>avg. class size</td><td align=right>%3</td></tr>"
               "<tr><td>discernibility</td><td align=right>%4</td></tr>"
               "<tr><td>KL-divergence</td><td align=right>%5</td></tr>"
               "<tr><td>height</td><td align=right>%6</td></tr></table>")
        .arg(m.classes)
        .arg(m.suppressedRows)
        .arg(m.averageClassSize, 0, 'f', 2)
        .arg(measureText(m.discernibility))
        .arg(m.klDivergence, 0, 'f', 4)
        .arg(m.height);
}

QStringList metricRowNames() {
    return {QObject::tr("Height"),
            QObject::tr("Classes"),
            QObject::tr("Suppressed rows"),
            QObject::tr("Avg. class size"),
            QObject::tr("Discernibility"),
            QObject::tr("KL-divergence"),
            QObject::tr("Information um(G)"),
            QObject::tr("Precision")};
}

QStringList metricRowTooltips() {
    return {QObject::tr("Height: the sum of the node's levels, its distance from the bottom "
                        "of the lattice (not a hierarchy's height)"),
            QObject::tr("Equivalence classes of the published table (suppressed rows not "
                        "counted)"),
            QObject::tr("Rows of the classes suppressed to meet the criteria"),
            QObject::tr("AECS: published rows divided by published classes"),
            QObject::tr("Σ|E|² over the published classes plus n for every suppressed row "
                        "(Bayardo & Agrawal 2005); ARX's discernibility is the same"),
            QObject::tr("KL-divergence between the input and the published distribution "
                        "(Kifer & Gehrke 2006)"),
            QObject::tr("um(G) of Tian & Zhang 2011: 1 = nothing generalized"),
            QObject::tr("Sweeney's precision: 1 − mean of level/height over the attributes, "
                        "1 = nothing generalized, suppression not reflected. ARX reports "
                        "precision as a loss instead (0 = nothing generalized).")};
}

QStringList metricRowValues(const NodeMetrics& m) {
    return {QString::number(m.height),
            QString::number(qulonglong(m.classes)),
            QString::number(qulonglong(m.suppressedRows)),
            QString::number(m.averageClassSize, 'f', 2),
            measureText(m.discernibility),
            QString::number(m.klDivergence, 'f', 4),
            QString::number(m.information, 'f', 4),
            QString::number(m.precision, 'f', 4)};
}

void classSizeBars(const std::vector<std::pair<std::uint32_t, std::uint32_t>>& sizes,
                   QStringList* labels, QVector<double>* values) {
    labels->clear();
    values->clear();
    // Up to 16 distinct sizes one bar each; more are binned on a 1-2-5 scale.
    if (sizes.size() <= 16) {
        for (const auto& [size, n] : sizes) {
            *labels << QObject::tr("size %1").arg(size);
            *values << double(n);
        }
    } else {
        std::vector<std::uint32_t> edges{1};
        for (std::uint32_t base = 1; edges.back() <= sizes.back().first; base *= 10)
            for (std::uint32_t f : {2u, 5u, 10u}) edges.push_back(base * f);
        for (std::size_t b = 0; b + 1 < edges.size(); ++b) {
            double n = 0;
            for (const auto& [size, count] : sizes)
                if (size >= edges[b] && size < edges[b + 1]) n += count;
            if (n == 0 && labels->isEmpty()) continue;
            *labels << QObject::tr("%1–%2").arg(edges[b]).arg(edges[b + 1] - 1);
            *values << n;
        }
        while (!values->isEmpty() && values->back() == 0) {
            values->removeLast();
            labels->removeLast();
        }
    }
}

}  // namespace ldv::ui
