#include "session/heuristictext.h"

#include "format/nodemetricstext.h"

#include <QLocale>
#include <cmath>

#include "session/searchsession.h"

namespace ldv::ui {

double latticeNodeCount(const std::vector<int>& heights) {
    double n = 1;
    for (int h : heights) n *= double(h + 1);
    return n;
}

QString nodeCountText(double nodes, bool html) {
    if (nodes < 1e8) return QLocale().toString(qulonglong(std::llround(nodes)));
    const int exponent = int(std::floor(std::log10(nodes)));
    double mantissa = nodes / std::pow(10.0, exponent);
    // 9.96·10^11 rounds to 10.0: say 1.0·10^12.
    int e = exponent;
    if (std::round(mantissa * 10) >= 100) {
        mantissa /= 10;
        ++e;
    }
    const QString m = QString::number(mantissa, 'f', 1);
    return html ? QStringLiteral("%1·10<sup>%2</sup>").arg(m).arg(e)
                : QStringLiteral("%1·10^%2").arg(m).arg(e);
}

QString metricValueText(const NodeMetrics& metrics, Metric metric) {
    QString label;
    for (const MetricEntry& m : metricCatalogue())
        if (m.value == metric) label = QString::fromUtf8(m.label.data(), qsizetype(m.label.size()));
    const double v = metricValue(metrics, metric);
    return QStringLiteral("%1 %2").arg(label, measureText(v));
}

QString bestNodeText(const Levels& levels, const NodeMetrics& metrics, Metric metric) {
    return QStringLiteral("[%1] (%2)")
        .arg(QString::fromStdString(formatLevels(levels)), metricValueText(metrics, metric));
}

QString heuristicVerdict(const SearchOutcome& o) {
    if (!o.heuristic) return {};
    // The core's note repeats "not proven optimal" (it is also the CLI's whole sentence).
    QString note = QString::fromStdString(o.heuristic->note);
    note.replace(QStringLiteral("; not proven optimal ("), QStringLiteral(" ("));
    if (o.restored)
        return o.result.optimum ? QObject::tr(
                                      "Restored from the project: the saved node, checked again on "
                                      "the data (the search was not re-run; Run search looks "
                                      "further). %1")
                                      .arg(o.heuristic->provenOptimal
                                               ? QObject::tr("Proven optimal: %1.").arg(note)
                                               : QObject::tr("Not proven optimal."))
                                : QObject::tr(
                                      "The project's saved node no longer satisfies the criteria; "
                                      "Run search to look for another.");
    return o.heuristic->provenOptimal ? QObject::tr("Proven optimal: %1.").arg(note)
                                      : QObject::tr("Not proven optimal: %1.").arg(note);
}

}  // namespace ldv::ui
