#include "analysis/analysishelpers.h"

#include <QCoreApplication>
#include <QStringList>

#include "ldiv/error.h"
#include "search/preparedinput.h"

namespace ldv::ui::analysis {

QString tr(const char* text) { return QCoreApplication::translate("ldv::ui::Analyses", text); }

void requireSensitive(const PreparedData& data) {
    if (data.sensitiveNames.empty())
        throw ParameterError("this analysis needs a sensitive attribute: mark one as sensitive in the Data perspective");
}

QString qiText(const PreparedData& data) {
    QStringList names;
    for (const std::string& n : data.qiNames) names << QString::fromStdString(n);
    return names.join(QStringLiteral(", "));
}

QString sensitiveText(const PreparedData& data) {
    return data.sensitiveNames.empty() ? QStringLiteral("—") : QString::fromStdString(data.sensitiveNames[0]);
}

ChartPanel linePanel(const QString& title, const QString& xLabel, const QString& yLabel, const QVector<double>& x) {
    ChartPanel p;
    p.title = title;
    p.xLabel = xLabel;
    p.yLabel = yLabel;
    p.x = x;
    return p;
}

ChartPanel barPanel(const QString& title, const QString& xLabel, const QString& yLabel, const QStringList& categories) {
    ChartPanel p;
    p.kind = ChartPanel::Kind::GroupedBars;
    p.title = title;
    p.xLabel = xLabel;
    p.yLabel = yLabel;
    p.categories = categories;
    return p;
}

}  // namespace ldv::ui::analysis
