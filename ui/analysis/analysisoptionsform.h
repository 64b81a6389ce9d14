#pragma once
// The options of one analysis as a compact form above its chart: a line edit per list or
// text option, a spin box per whole number, a combo box per choice, laid out three per row.
// Every edit is validated at once (validateOptions) and the first problem is shown under the
// form; *Defaults* restores the definitions' defaults.
#include <QWidget>
#include <vector>

#include "analysis/analysisoptions.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class AnalysisOptionsForm : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisOptionsForm(QWidget* parent = nullptr);
    /// Replaces the form by `defs` showing `values`.
    void setOptions(const std::vector<OptionDef>& defs, const OptionValues& values);
    OptionValues values() const;
    /// Sets one option's text (false when there is no such option).
    bool setValue(const QString& key, const QString& text);
    /// The first problem of the current values, "" when they are valid.
    QString error() const { return validateOptions(m_defs, values()); }

signals:
    void changed();

private:
    void validate();
    std::vector<OptionDef> m_defs;
    QList<QWidget*> m_editors;
    QGridLayout* m_grid;
    QLabel* m_error;
};

}  // namespace ldv::ui
