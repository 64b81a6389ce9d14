#pragma once
// The editable options of an analysis: each is described once (key, label, kind, bounds and
// a default taken from the engine's documented defaults, e.g. homogeneityOptions()), shown as
// one row of the options form, kept as text (what the user typed) and parsed when the
// analysis runs. Parsing throws ParameterError naming the option, so the form and the worker
// report the same message.
#include <QMap>
#include <QString>
#include <QStringList>
#include <vector>

namespace ldv::ui {

struct OptionDef {
    enum class Kind {
        Numbers,  ///< comma-separated numbers ("2, 5, 10")
        Number,   ///< one number
        Choice,   ///< one of `choices`
        Text,     ///< free text (e.g. background statements separated by ';')
    };
    OptionDef(QString key, QString label, QString tooltip, Kind kind, QString defaultText,
              double min = 0, double max = 1e9, bool integer = false, QStringList choices = {},
              bool optional = false, QString placeholder = {})
        : key(std::move(key)),
          label(std::move(label)),
          tooltip(std::move(tooltip)),
          kind(kind),
          defaultText(std::move(defaultText)),
          min(min),
          max(max),
          integer(integer),
          choices(std::move(choices)),
          optional(optional),
          placeholder(std::move(placeholder)) {}
    QString key;  ///< stable id, also the key in the project file
    QString label;
    QString tooltip;
    Kind kind = Kind::Numbers;
    QString defaultText;
    double min = 0, max = 1e9;
    bool integer = false;
    QStringList choices;
    bool optional = false;  ///< an empty value is allowed (the analysis picks a default)
    QString placeholder;    ///< shown in an empty editor: what empty means
};

/// Option texts by key. Missing keys take the definition's default.
using OptionValues = QMap<QString, QString>;

/// The parsed value of one option (throws ParameterError "option 'label': …").
std::vector<double> optionNumbers(const std::vector<OptionDef>& defs, const OptionValues& values,
                                  const QString& key);
double optionNumber(const std::vector<OptionDef>& defs, const OptionValues& values,
                    const QString& key);
QString optionText(const std::vector<OptionDef>& defs, const OptionValues& values,
                   const QString& key);
/// The first problem of `values` against `defs` ("" when every option parses).
QString validateOptions(const std::vector<OptionDef>& defs, const OptionValues& values);
/// Every definition's default.
OptionValues defaultOptions(const std::vector<OptionDef>& defs);

/// "2, 5, 10" for {2, 5, 10} (the default text of a list option).
QString numbersText(const std::vector<double>& values);

}  // namespace ldv::ui
