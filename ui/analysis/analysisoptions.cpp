#include "analysis/analysisoptions.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <cmath>

#include "ldiv/data/error.h"

namespace ldv::ui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("ldv::ui::AnalysisOptions", text);
}

const OptionDef& find(const std::vector<OptionDef>& defs, const QString& key) {
    for (const OptionDef& d : defs)
        if (d.key == key) return d;
    // A programming error (an analysis reading an option it did not declare).
    throw ParameterError("no analysis option '" + key.toStdString() + "'");
}

[[noreturn]] void fail(const OptionDef& d, const QString& message) {
    throw ParameterError(QStringLiteral("option “%1”: %2").arg(d.label, message).toStdString());
}

QString textOf(const OptionDef& d, const OptionValues& values) {
    return values.contains(d.key) ? values.value(d.key).trimmed() : d.defaultText;
}

double parseOne(const OptionDef& d, const QString& token) {
    bool ok = false;
    const double v = token.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v)) fail(d, tr("“%1” is not a number").arg(token.trimmed()));
    if (d.integer && v != std::floor(v))
        fail(d, tr("%1 is not a whole number").arg(token.trimmed()));
    if (v < d.min || v > d.max)
        fail(d, tr("%1 is outside %2 … %3")
                    .arg(token.trimmed())
                    .arg(d.min, 0, 'g', 10)
                    .arg(d.max, 0, 'g', 10));
    return v;
}

}  // namespace

std::vector<double> optionNumbers(const std::vector<OptionDef>& defs, const OptionValues& values,
                                  const QString& key) {
    const OptionDef& d = find(defs, key);
    const QString text = textOf(d, values);
    std::vector<double> out;
    for (const QString& token :
         text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts)) {
        const double v = parseOne(d, token);
        for (double seen : out)
            if (seen == v) fail(d, tr("%1 is listed twice").arg(token));
        out.push_back(v);
    }
    if (out.empty() && !d.optional) fail(d, tr("give at least one value"));
    return out;
}

double optionNumber(const std::vector<OptionDef>& defs, const OptionValues& values,
                    const QString& key) {
    const OptionDef& d = find(defs, key);
    const QString text = textOf(d, values);
    if (text.isEmpty()) {
        if (d.optional) return std::nan("");
        fail(d, tr("give a value"));
    }
    return parseOne(d, text);
}

QString optionText(const std::vector<OptionDef>& defs, const OptionValues& values,
                   const QString& key) {
    const OptionDef& d = find(defs, key);
    const QString text = textOf(d, values);
    if (d.kind == OptionDef::Kind::Choice && !d.choices.contains(text))
        fail(d, tr("“%1” is not one of %2").arg(text, d.choices.join(QStringLiteral(", "))));
    if (text.isEmpty() && !d.optional) fail(d, tr("give a value"));
    return text;
}

QString validateOptions(const std::vector<OptionDef>& defs, const OptionValues& values) {
    try {
        for (const OptionDef& d : defs) {
            switch (d.kind) {
                case OptionDef::Kind::Numbers:
                    optionNumbers(defs, values, d.key);
                    break;
                case OptionDef::Kind::Number:
                    optionNumber(defs, values, d.key);
                    break;
                case OptionDef::Kind::Choice:
                case OptionDef::Kind::Text:
                    optionText(defs, values, d.key);
                    break;
            }
        }
    } catch (const ParameterError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

OptionValues defaultOptions(const std::vector<OptionDef>& defs) {
    OptionValues v;
    for (const OptionDef& d : defs) v.insert(d.key, d.defaultText);
    return v;
}

QString numbersText(const std::vector<double>& values) {
    QStringList parts;
    for (double v : values) parts << QString::number(v, 'g', 10);
    return parts.join(QStringLiteral(", "));
}

}  // namespace ldv::ui
