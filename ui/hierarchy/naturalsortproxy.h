#pragma once
#include <QHash>
#include <QSortFilterProxyModel>
#include <vector>

namespace ldv::ui {

/// Sorts the rows of a table by the natural order of a column's text (numbers numerically,
/// dates chronologically, months in calendar order; see naturalorder.h), so the hierarchy
/// levels table lists 9, 10, 11 rather than 10, 11, 9, and every column header sorts.
/// Ties are broken by column 0. Each column's distinct values are ranked once per reset, so
/// a sort does not parse labels in every comparison.
class NaturalSortProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit NaturalSortProxy(QObject* parent = nullptr);
    void setSourceModel(QAbstractItemModel* model) override;
    /// Rows are numbered as shown (1, 2, 3, …), not by their place in the hierarchy file.
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    int rank(const QModelIndex& index) const;
    mutable std::vector<QHash<QString, int>> m_ranks;  ///< per source column, filled lazily
};

}  // namespace ldv::ui
