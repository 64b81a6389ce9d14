#include "analysis/analysishelpers.h"

#include <QCoreApplication>
#include <QStringList>
#include <cmath>
#include <vector>

#include "ldiv/data/error.h"
#include "session/preparedinput.h"

namespace ldv::ui::analysis {

QString tr(const char* text) {
    return QCoreApplication::translate("ldv::ui::Analyses", text);
}

void requireSensitive(const Workspace& data) {
    if (data.sensitiveNames().empty())
        throw ParameterError(
            "this analysis needs a sensitive attribute: mark one as sensitive in the Data "
            "perspective");
}

QString qiText(const Workspace& data) {
    QStringList names;
    for (const std::string& n : data.qiNames()) names << QString::fromStdString(n);
    return names.join(QStringLiteral(", "));
}

QString sensitiveText(const Workspace& data) {
    return data.sensitiveNames().empty() ? QStringLiteral("—")
                                         : QString::fromStdString(data.sensitiveNames()[0]);
}

QStringList coincidingSeries(const ChartData& chart) {
    QStringList out;
    for (const ChartPanel& panel : chart.panels) {
        if (panel.kind == ChartPanel::Kind::ColorMap) continue;
        std::vector<bool> grouped(std::size_t(panel.series.size()), false);
        for (int a = 0; a < panel.series.size(); ++a) {
            if (grouped[std::size_t(a)]) continue;
            QStringList same{panel.series[a].name};
            for (int b = a + 1; b < panel.series.size(); ++b) {
                const QVector<double>& x = panel.series[a].values;
                const QVector<double>& y = panel.series[b].values;
                bool equal = x.size() == y.size() && !x.isEmpty();
                for (int i = 0; equal && i < x.size(); ++i)
                    equal = x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i]));
                if (equal) {
                    grouped[std::size_t(b)] = true;
                    same << panel.series[b].name;
                }
            }
            if (same.size() > 1)
                out << (panel.title.isEmpty() ? QString() : panel.title + ": ") + same.join(" = ");
        }
    }
    return out;
}

void noteCoincidingSeries(ChartData& chart) {
    const QStringList same = coincidingSeries(chart);
    if (same.isEmpty()) return;
    // The same series coinciding in every panel is said once; otherwise one line per panel
    // (a single line ran off both sides of the chart).
    QStringList bare;
    for (const QString& s : same) {
        QString b = s;
        for (const ChartPanel& panel : chart.panels)
            if (!panel.title.isEmpty() && s.startsWith(panel.title + ": ")) {
                b = s.mid(panel.title.size() + 2);
                break;
            }
        bare << b;
    }
    bare.removeDuplicates();
    QString text;
    if (same.size() > 1 && same.size() == chart.panels.size() && bare.size() == 1)
        text = tr("Identical in every panel, drawn on top of each other (told apart by their "
                  "markers): %1")
                   .arg(bare.first());
    else
        text = tr("Identical series, drawn on top of each other (told apart by their markers): %1")
                   .arg(same.join("\n"));
    chart.note += (chart.note.isEmpty() ? QString() : QStringLiteral("\n")) + text;
}

}  // namespace ldv::ui::analysis
