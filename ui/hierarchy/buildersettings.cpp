#include "hierarchy/buildersettings.h"

#include <QRegularExpression>
#include <QStringList>

#include "hierarchy/naturalorder.h"
#include "ldiv/data/error.h"

namespace ldv::ui {

namespace {

std::vector<double> numbers(const QString& text, const char* what) {
    std::vector<double> out;
    for (const QString& part : text.split(QRegularExpression("[,;\\s]+"), Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.toDouble(&ok);
        if (!ok || v <= 0)
            throw ParameterError(std::string(what) + ": '" + part.toStdString() +
                                 "' is not a positive number");
        out.push_back(v);
    }
    return out;
}

std::optional<double> optionalNumber(const QString& text, const char* what) {
    if (text.trimmed().isEmpty()) return std::nullopt;
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok)
        throw ParameterError(std::string(what) + ": '" + text.toStdString() + "' is not a number");
    return v;
}

}  // namespace

QStringList BuilderSettings::kindNames() {
    return {QObject::tr("Intervals"),        QObject::tr("Masking"),     QObject::tr("Dates"),
            QObject::tr("Ordered grouping"), QObject::tr("Suppression"), QObject::tr("Taxonomy")};
}

QString BuilderSettings::description() const {
    switch (kind) {
        case Kind::Intervals:
            return QObject::tr("intervals %1").arg(widths);
        case Kind::Masking:
            return QObject::tr("masking %1").arg(maskSteps.isEmpty() ? "1 per level" : maskSteps);
        case Kind::Dates:
            return QObject::tr("dates");
        case Kind::OrderedGrouping:
            return QObject::tr("ordered grouping %1").arg(groupSizes);
        case Kind::Suppression:
            return QObject::tr("suppression");
        case Kind::Taxonomy:
            return QObject::tr("taxonomy");
    }
    return {};
}

HierarchySpec BuilderSettings::spec(const Column& column) const {
    using SpecKind = HierarchySpec::Kind;
    HierarchySpec s;
    s.topValue = topValue.isEmpty() ? "*" : topValue.toStdString();
    switch (kind) {
        case Kind::Intervals:
            s.kind = SpecKind::Intervals;
            s.widths = numbers(widths, "interval widths");
            s.origin = origin;
            s.bottom = optionalNumber(bottom, "bottom coding");
            s.top = optionalNumber(top, "top coding");
            break;
        case Kind::Masking:
            s.kind = SpecKind::Masking;
            for (double d : numbers(maskSteps, "masking steps")) s.maskSteps.push_back(int(d));
            break;
        case Kind::Dates:
            s.kind = SpecKind::Dates;
            break;
        case Kind::OrderedGrouping:
            s.kind = SpecKind::OrderedGrouping;
            for (const QString& line : order.split('\n', Qt::SkipEmptyParts))
                if (!line.trimmed().isEmpty()) s.order.push_back(line.trimmed().toStdString());
            if (s.order.empty()) {
                s.order = column.dictionary();
                naturalorder::sort(s.order);
            }
            for (double d : numbers(groupSizes, "group sizes"))
                s.groupSizes.push_back(std::size_t(d));
            break;
        case Kind::Suppression:
            s.kind = SpecKind::Suppression;
            break;
        case Kind::Taxonomy:
            s.kind = SpecKind::Taxonomy;
            s.edges = parseTaxonomyEdges(edges.toStdString(), "taxonomy");
            break;
    }
    return s;
}

Hierarchy buildHierarchy(const BuilderSettings& s, const Column& column,
                         const std::vector<std::string>& missingTokens) {
    Hierarchy h = ldv::buildHierarchy(s.spec(column), column, missingTokens);
    h.setSource(s.description().toStdString());
    return h;
}

}  // namespace ldv::ui
