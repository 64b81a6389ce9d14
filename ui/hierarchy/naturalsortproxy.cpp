#include "hierarchy/naturalsortproxy.h"

#include "hierarchy/naturalorder.h"

namespace ldv::ui {

NaturalSortProxy::NaturalSortProxy(QObject* parent) : QSortFilterProxyModel(parent) {
    setDynamicSortFilter(true);
}

void NaturalSortProxy::setSourceModel(QAbstractItemModel* model) {
    if (sourceModel()) sourceModel()->disconnect(this);
    // Drop the ranks before the base class re-sorts on the source's signals.
    const auto forget = [this] { m_ranks.clear(); };
    if (model) {
        connect(model, &QAbstractItemModel::modelAboutToBeReset, this, forget);
        connect(model, &QAbstractItemModel::dataChanged, this, forget);
        connect(model, &QAbstractItemModel::layoutAboutToBeChanged, this, forget);
    }
    m_ranks.clear();
    QSortFilterProxyModel::setSourceModel(model);
}

QVariant NaturalSortProxy::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Vertical && role == Qt::DisplayRole) return section + 1;
    return QSortFilterProxyModel::headerData(section, orientation, role);
}

int NaturalSortProxy::rank(const QModelIndex& index) const {
    const auto column = std::size_t(index.column());
    if (m_ranks.size() <= column) m_ranks.resize(column + 1);
    QHash<QString, int>& ranks = m_ranks[column];
    if (ranks.isEmpty()) {
        QStringList values;
        const QAbstractItemModel* model = index.model();
        for (int r = 0; r < model->rowCount(index.parent()); ++r) {
            const QString v =
                model->index(r, index.column(), index.parent()).data(sortRole()).toString();
            if (!ranks.contains(v)) {
                ranks.insert(v, 0);
                values << v;
            }
        }
        naturalorder::sort(values);
        for (int i = 0; i < values.size(); ++i) ranks[values[i]] = i;
    }
    return ranks.value(index.data(sortRole()).toString(), -1);
}

bool NaturalSortProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const {
    const int a = rank(left), b = rank(right);
    if (a != b) return a < b;
    // Equal groups: keep the base values in natural order under each.
    return left.column() != 0 && rank(left.siblingAtColumn(0)) < rank(right.siblingAtColumn(0));
}

}  // namespace ldv::ui
