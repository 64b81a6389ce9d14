#include "charts/chartjson.h"

#include <QJsonArray>
#include <cmath>
#include <limits>

namespace ldv::ui {
namespace {

// NaN (a gap, no bar) has no JSON number: it is written as null.
QJsonArray numbers(const QVector<double>& values) {
    QJsonArray out;
    for (double v : values) out.append(std::isfinite(v) ? QJsonValue(v) : QJsonValue());
    return out;
}

std::optional<QVector<double>> numbersOf(const QJsonValue& value) {
    if (!value.isArray()) return std::nullopt;
    QVector<double> out;
    for (const QJsonValue& v : value.toArray()) {
        if (v.isNull())
            out.push_back(std::numeric_limits<double>::quiet_NaN());
        else if (v.isDouble())
            out.push_back(v.toDouble());
        else
            return std::nullopt;
    }
    return out;
}

std::optional<QStringList> textsOf(const QJsonValue& value) {
    if (!value.isArray()) return std::nullopt;
    QStringList out;
    for (const QJsonValue& v : value.toArray()) {
        if (!v.isString()) return std::nullopt;
        out << v.toString();
    }
    return out;
}

QJsonArray texts(const QStringList& values) {
    return QJsonArray::fromStringList(values);
}

const char* kindName(ChartPanel::Kind k) {
    switch (k) {
        case ChartPanel::Kind::Lines:
            return "lines";
        case ChartPanel::Kind::GroupedBars:
            return "bars";
        case ChartPanel::Kind::ColorMap:
            return "colormap";
    }
    return "lines";
}

}  // namespace

QJsonObject chartToJson(const ChartData& chart) {
    QJsonArray panels;
    for (const ChartPanel& p : chart.panels) {
        QJsonArray series;
        for (const ChartSeries& s : p.series)
            series.append(
                QJsonObject{{"name", s.name}, {"values", numbers(s.values)}, {"dashed", s.dashed}});
        panels.append(QJsonObject{{"kind", kindName(p.kind)},
                                  {"title", p.title},
                                  {"x_label", p.xLabel},
                                  {"y_label", p.yLabel},
                                  {"x", numbers(p.x)},
                                  {"categories", texts(p.categories)},
                                  {"y", numbers(p.y)},
                                  {"y_categories", texts(p.yCategories)},
                                  {"value_label", p.valueLabel},
                                  {"series", series}});
    }
    return QJsonObject{{"title", chart.title}, {"note", chart.note}, {"panels", panels}};
}

std::optional<ChartData> chartFromJson(const QJsonObject& json) {
    if (!json.value("title").isString() || !json.value("panels").isArray()) return std::nullopt;
    ChartData chart;
    chart.title = json.value("title").toString();
    chart.note = json.value("note").toString();
    for (const QJsonValue& pv : json.value("panels").toArray()) {
        if (!pv.isObject()) return std::nullopt;
        const QJsonObject o = pv.toObject();
        ChartPanel p;
        const QString kind = o.value("kind").toString();
        if (kind == "lines")
            p.kind = ChartPanel::Kind::Lines;
        else if (kind == "bars")
            p.kind = ChartPanel::Kind::GroupedBars;
        else if (kind == "colormap")
            p.kind = ChartPanel::Kind::ColorMap;
        else
            return std::nullopt;
        p.title = o.value("title").toString();
        p.xLabel = o.value("x_label").toString();
        p.yLabel = o.value("y_label").toString();
        p.valueLabel = o.value("value_label").toString();
        const auto x = numbersOf(o.value("x"));
        const auto y = numbersOf(o.value("y"));
        const auto categories = textsOf(o.value("categories"));
        const auto yCategories = textsOf(o.value("y_categories"));
        if (!x || !y || !categories || !yCategories || !o.value("series").isArray())
            return std::nullopt;
        p.x = *x;
        p.y = *y;
        p.categories = *categories;
        p.yCategories = *yCategories;
        for (const QJsonValue& sv : o.value("series").toArray()) {
            if (!sv.isObject()) return std::nullopt;
            const QJsonObject so = sv.toObject();
            const auto values = numbersOf(so.value("values"));
            // The plot reads one value per x value or category (a colour map reads its rows
            // defensively): anything else is not a chart chartToJson wrote.
            if (!values || values->size() != p.count()) return std::nullopt;
            p.series.push_back({so.value("name").toString(), *values, so.value("dashed").toBool()});
        }
        chart.panels.push_back(std::move(p));
    }
    return chart;
}

}  // namespace ldv::ui
