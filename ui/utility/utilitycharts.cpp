#include "utility/utilitycharts.h"

#include <QObject>

namespace ldv::ui {

namespace {

ChartPanel distributionPanel(const Distribution& d, const QString& title, const QString& xLabel,
                             const QString& series) {
    ChartPanel panel = barPanel(title, xLabel, QObject::tr("rows"), {});
    ChartSeries s{series, {}};
    for (const ValueCount& v : d) {
        panel.categories << QString::fromStdString(v.value);
        s.values << double(v.count);
    }
    panel.series << s;
    return panel;
}

QStringList labels(const std::vector<std::string>& values) {
    QStringList out;
    for (const std::string& v : values) out << QString::fromStdString(v);
    return out;
}

ChartPanel contingencyPanel(const ContingencyTable& t, const QString& title, const QString& first,
                            const QString& second) {
    ChartPanel panel;
    panel.kind = ChartPanel::Kind::ColorMap;
    panel.title = QObject::tr("%1 (Cramér's V %2)").arg(title).arg(t.cramersV, 0, 'f', 3);
    panel.xLabel = second;
    panel.yLabel = first;
    panel.valueLabel = QObject::tr("rows");
    panel.categories = labels(t.columnValues);
    panel.yCategories = labels(t.rowValues);
    for (std::size_t j = 0; j < t.columnValues.size(); ++j) panel.x << double(j);
    for (std::size_t i = 0; i < t.rowValues.size(); ++i) {
        panel.y << double(i);
        ChartSeries row{QString::fromStdString(t.rowValues[i]), {}};
        for (std::size_t j = 0; j < t.columnValues.size(); ++j)
            row.values << double(t.counts[i][j]);
        panel.series << row;
    }
    return panel;
}

}  // namespace

ChartData distributionChartData(const AttributeUtility& a, const QString& nodeName) {
    ChartData chart;
    const QString name = QString::fromStdString(a.name);
    chart.title = QObject::tr("Distribution of %1").arg(name);
    chart.note = a.suppressedRows
                     ? QObject::tr("Input and %1; %2 suppressed rows are not in the output")
                           .arg(nodeName)
                           .arg(a.suppressedRows)
                     : QObject::tr("Input and %1").arg(nodeName);
    ChartPanel input = distributionPanel(a.input, QObject::tr("Input"), name, QObject::tr("input"));
    // The output spread back over the input's values, beside the input on its own axis.
    if (a.outputOnInput) {
        ChartSeries spread{QObject::tr("output, spread over the input's values"), {}};
        for (const auto& [value, rows] : *a.outputOnInput) spread.values << rows;
        input.series << spread;
    }
    chart.panels << input
                 << distributionPanel(a.output, QObject::tr("Output"),
                                      QObject::tr("%1 (published labels)").arg(name),
                                      QObject::tr("output"));
    return chart;
}

ChartData contingencyChartData(const PairUtility& p, const QString& nodeName) {
    ChartData chart;
    const QString first = QString::fromStdString(p.first);
    const QString second = QString::fromStdString(p.second);
    chart.title = QObject::tr("%1 × %2").arg(first, second);
    chart.note = QObject::tr("Rows per pair of values: input and %1").arg(nodeName);
    chart.panels << contingencyPanel(p.input, QObject::tr("Input"), first, second)
                 << contingencyPanel(p.output, QObject::tr("Output"), first, second);
    return chart;
}

}  // namespace ldv::ui
