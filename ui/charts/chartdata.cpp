#include "charts/chartdata.h"

#include <cmath>

#include "ldiv/io/csv_table_reader.h"

namespace ldv::ui {

QString ChartPanel::xText(int i) const {
    if (kind == Kind::GroupedBars || (kind == Kind::ColorMap && !categories.isEmpty()))
        return categories.value(i);
    return QString::number(x.value(i), 'g', 10);
}

namespace {
QString quoted(const QString& s) {
    return QString::fromStdString(csvField(s.toStdString()));  // core's one quoting rule
}
}  // namespace

QString chartCsv(const ChartData& data) {
    QString out = QStringLiteral("panel,x,series,value\n");
    for (const ChartPanel& panel : data.panels) {
        for (const ChartSeries& s : panel.series) {
            for (int i = 0; i < panel.count() && i < s.values.size(); ++i) {
                if (std::isnan(s.values[i])) continue;
                out += quoted(panel.title) + ',' + quoted(panel.xText(i)) + ',' + quoted(s.name) +
                       ',' + QString::number(s.values[i], 'g', 12) + '\n';
            }
        }
    }
    return out;
}

ChartPanel linePanel(const QString& title, const QString& xLabel, const QString& yLabel,
                     const QVector<double>& x) {
    ChartPanel p;
    p.title = title;
    p.xLabel = xLabel;
    p.yLabel = yLabel;
    p.x = x;
    return p;
}

ChartPanel barPanel(const QString& title, const QString& xLabel, const QString& yLabel,
                    const QStringList& categories) {
    ChartPanel p;
    p.kind = ChartPanel::Kind::GroupedBars;
    p.title = title;
    p.xLabel = xLabel;
    p.yLabel = yLabel;
    p.categories = categories;
    return p;
}

}  // namespace ldv::ui
