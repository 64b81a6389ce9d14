#pragma once
// The options of the attribute-wise quality models (docs/utility.md, ARX's definitions):
// per-attribute weights, the generalization/suppression factor and the aggregate across
// attributes. Saved in the project ("weights", "gs_factor", "aggregate") as one undoable edit,
// and read by `ldiv search --weight/--gs-factor/--metric-aggregate` alike.
#include <QDialog>
#include <QString>
#include <string>
#include <vector>

#include "ldiv/project/search_settings.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class MetricOptionsDialog : public QDialog {
    Q_OBJECT
public:
    /// `qis`: the quasi-identifiers in QI order, whose weights are shown (1 unless set).
    MetricOptionsDialog(const SearchSettings& settings, const std::vector<std::string>& qis,
                        QWidget* parent = nullptr);
    /// `settings` with the dialog's weights (only those ≠ 1, in QI order), factor and aggregate.
    SearchSettings apply(SearchSettings settings) const;

    QDoubleSpinBox* gsFactorBox() const { return m_gsFactor; }
    QComboBox* aggregateBox() const { return m_aggregate; }
    QTableWidget* weightTable() const { return m_weights; }

private:
    std::vector<std::string> m_qis;
    QDoubleSpinBox* m_gsFactor;
    QComboBox* m_aggregate;
    QTableWidget* m_weights;
};

/// "gs-factor 0.5, sum, weights age=2" or "defaults" for the line beside the metric choice.
QString metricOptionsText(const SearchSettings& settings);

}  // namespace ldv::ui
