#pragma once
// The attribute-combination table of the Risk perspective: one row per combination of the
// quasi-identifiers with its distinction and separation (Motwani & Xu 2007) in the original
// table and, when a node is shown, in the node's published table. Read lazily from the
// report; Qt::UserRole gives the raw number each column sorts by.
#include <QAbstractTableModel>
#include <memory>

namespace ldv {
struct RiskReport;
}

namespace ldv::ui {

class RiskCombinationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Attributes,
        Size,
        DistinctionBefore,
        SeparationBefore,
        DistinctionAfter,
        SeparationAfter,
        ColumnCount
    };
    explicit RiskCombinationModel(QObject* parent = nullptr);
    void setReport(std::shared_ptr<const RiskReport> report);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    /// The table as CSV (every row, model order; fractions as plain numbers).
    QString csv() const;

private:
    std::shared_ptr<const RiskReport> m_report;
};

}  // namespace ldv::ui
