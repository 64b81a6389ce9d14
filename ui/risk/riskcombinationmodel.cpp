#include "risk/riskcombinationmodel.h"

#include "ldiv/io/csv_table_reader.h"
#include "ldiv/workflow/risk_report.h"

namespace ldv::ui {

RiskCombinationModel::RiskCombinationModel(QObject* parent) : QAbstractTableModel(parent) {}

void RiskCombinationModel::setReport(std::shared_ptr<const RiskReport> report) {
    beginResetModel();
    m_report = std::move(report);
    endResetModel();
}

int RiskCombinationModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_report) return 0;
    return int(m_report->before.combinations.size());
}

int RiskCombinationModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    return m_report && m_report->after ? ColumnCount : DistinctionAfter;
}

QVariant RiskCombinationModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_report || index.row() >= rowCount()) return {};
    const auto row = std::size_t(index.row());
    const AttributeCombinationRisk& before = m_report->before.combinations[row];
    const AttributeCombinationRisk* after =
        m_report->after && row < m_report->after->combinations.size()
            ? &m_report->after->combinations[row]
            : nullptr;
    auto number = [&](const AttributeCombinationRisk* c, bool distinction) -> QVariant {
        if (!c) return {};
        const double v = distinction ? c->distinction : c->separation;
        if (role == Qt::UserRole) return v;
        return QStringLiteral("%1 %").arg(v * 100, 0, 'f', 2);
    };
    if (role == Qt::TextAlignmentRole)
        return index.column() == Attributes ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Attributes)
        return tr("%n attribute(s): %1", "", int(before.columns.size()))
            .arg(QString::fromStdString(combinationName(*m_report, before)));
    if (role != Qt::DisplayRole && role != Qt::UserRole) return {};
    switch (index.column()) {
        case Attributes:
            return QString::fromStdString(combinationName(*m_report, before));
        case Size:
            return int(before.columns.size());
        case DistinctionBefore:
            return number(&before, true);
        case SeparationBefore:
            return number(&before, false);
        case DistinctionAfter:
            return number(after, true);
        case SeparationAfter:
            return number(after, false);
        default:
            return {};
    }
}

QVariant RiskCombinationModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
            case Attributes:
                return tr("Attributes");
            case Size:
                return tr("Size");
            case DistinctionBefore:
                return tr("Distinction (original)");
            case SeparationBefore:
                return tr("Separation (original)");
            // A transformation's table is no node (its report has no levels).
            case DistinctionAfter:
                return m_report && m_report->levels.empty() ? tr("Distinction (published)")
                                                            : tr("Distinction (node)");
            case SeparationAfter:
                return m_report && m_report->levels.empty() ? tr("Separation (published)")
                                                            : tr("Separation (node)");
            default:
                return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
            case Attributes:
                return tr("The combination of quasi-identifiers");
            case Size:
                return tr("How many attributes the combination has");
            case DistinctionBefore:
            case DistinctionAfter:
                return tr(
                    "Distinction: distinct value combinations ÷ records (Motwani & Xu "
                    "2007). 100 % means every record is unique on these attributes.");
            case SeparationBefore:
            case SeparationAfter:
                return tr(
                    "Separation: the fraction of record pairs these attributes tell apart "
                    "(Motwani & Xu 2007). 100 % means no two records agree on all of "
                    "them.");
            default:
                return {};
        }
    }
    return {};
}

QString RiskCombinationModel::csv() const {
    QString out;
    auto quote = [](const QString& s) {
        return QString::fromStdString(csvField(s.toStdString()));  // core's one quoting rule
    };
    QStringList header;
    for (int c = 0; c < columnCount(); ++c)
        header << quote(headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    out += header.join(',') + '\n';
    for (int r = 0; r < rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < columnCount(); ++c) {
            const QVariant v = data(index(r, c), Qt::UserRole);
            cells << (c == Attributes ? quote(v.toString())
                      : v.isValid()   ? QString::number(v.toDouble(), 'g', 10)
                                      : QString());
        }
        out += cells.join(',') + '\n';
    }
    return out;
}

}  // namespace ldv::ui
