#include "hierarchy/buildersettings.h"

#include <QRegularExpression>
#include <QStringList>
#include <algorithm>

#include "hierarchy/naturalorder.h"
#include "ldiv/csv.h"
#include "ldiv/error.h"
#include "ldiv/hierarchy_builders.h"

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

Hierarchy buildHierarchy(const BuilderSettings& s, const Column& column,
                         const std::vector<std::string>& missingTokens) {
    using Kind = BuilderSettings::Kind;
    const std::string top = s.topValue.isEmpty() ? "*" : s.topValue.toStdString();
    std::vector<std::string> values, missing;
    const bool skipMissing =
        s.kind == Kind::Intervals || s.kind == Kind::Dates || s.kind == Kind::OrderedGrouping;
    for (const std::string& v : column.dictionary()) {
        const bool isMissing =
            std::find(missingTokens.begin(), missingTokens.end(), v) != missingTokens.end();
        (skipMissing && isMissing ? missing : values).push_back(v);
    }
    Hierarchy h;
    switch (s.kind) {
        case Kind::Intervals: {
            IntervalOptions o;
            o.widths = numbers(s.widths, "interval widths");
            if (o.widths.empty())
                throw ParameterError("interval widths: give at least one width, e.g. 5,10,20");
            o.origin = s.origin;
            o.bottom = optionalNumber(s.bottom, "bottom coding");
            o.top = optionalNumber(s.top, "top coding");
            o.integerLabels = column.type() == ColumnType::Integer;
            o.topValue = top;
            h = buildIntervals(values, o);
            break;
        }
        case Kind::Masking: {
            std::vector<int> steps;
            for (double d : numbers(s.maskSteps, "masking steps")) steps.push_back(int(d));
            h = buildMasking(values, steps);
            break;
        }
        case Kind::Dates:
            h = buildDates(values, top);
            break;
        case Kind::OrderedGrouping: {
            std::vector<std::string> ordered;
            for (const QString& line : s.order.split('\n', Qt::SkipEmptyParts))
                if (!line.trimmed().isEmpty()) ordered.push_back(line.trimmed().toStdString());
            if (ordered.empty()) {
                // Natural order: numbers numerically, dates and month names in calendar order.
                ordered = values;
                naturalorder::sort(ordered);
            }
            std::vector<std::size_t> sizes;
            for (double d : numbers(s.groupSizes, "group sizes")) sizes.push_back(std::size_t(d));
            h = buildOrderedGrouping(ordered, sizes, top);
            break;
        }
        case Kind::Suppression:
            h = buildSuppression(values, top);
            break;
        case Kind::Taxonomy: {
            std::vector<std::pair<std::string, std::string>> edges;
            const std::string text = s.edges.toStdString();
            const auto records = parseCsvRecords(text, "taxonomy", ',');
            bool first = true;
            for (std::size_t r = 0; r < records.size(); ++r) {
                if (records[r].size() == 1 && records[r][0].empty()) continue;
                // An optional "parent,child" header row, as `ldiv`'s taxonomy:FILE builder reads it
                // (a file opened with "Load edges…" usually has one).
                const bool header = first && records[r].size() == 2 && records[r][0] == "parent" &&
                                    records[r][1] == "child";
                first = false;
                if (header) continue;
                if (records[r].size() != 2)
                    throw InputError("taxonomy", r + 1, 1,
                                     "a taxonomy line needs two fields: parent,child");
                edges.emplace_back(records[r][0], records[r][1]);
            }
            h = buildTaxonomy(edges, values);
            break;
        }
    }
    if (!h.empty() && !missing.empty()) {
        const int height = h.height();
        for (const std::string& m : missing) {
            std::vector<std::string> row{m};
            for (int j = 1; j <= height; ++j) row.push_back(h.rows().front().back());
            h.rows().push_back(std::move(row));
        }
    }
    h.setSource(s.description().toStdString());
    return h;
}

}  // namespace ldv::ui
