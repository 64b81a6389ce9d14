#include "lattice/transformationmodel.h"

#include <QLocale>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "ldiv/data/feedback.h"
#include "ldiv/search/search_result.h"
#include "project/job.h"
#include "session/searchsession.h"

namespace ldv::ui {

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();

QString fixed(double v, int decimals) {
    return std::isfinite(v) ? QString::number(v, 'f', decimals) : QString();
}

bool matchesText(const Lattice& lattice, NodeId id, NodeState state, const QString& text) {
    if (text.isEmpty()) return true;
    const QString levels = QString::fromStdString(formatLevels(lattice.levels(id)));
    return levels.contains(text) || stateName(state).contains(text, Qt::CaseInsensitive);
}
}  // namespace

bool TransformationFilter::active() const {
    return std::find(states.begin(), states.end(), false) != states.end() || minHeight > 0 ||
           maxHeight != std::numeric_limits<int>::max() || !text.isEmpty();
}

TransformationModel::TransformationModel(NodeSource* source, QObject* parent)
    : QAbstractTableModel(parent), m_source(source) {
    // Measured nodes arrive in batches: their rows' figures (metrics and risk) change.
    connect(source, &NodeSource::nodesMeasured, this, [this] {
        const int rows = rowCount();
        if (rows > 0)
            emit dataChanged(index(0, column(Classes)), index(rows - 1, column(RiskAverage)));
    });
    connect(source, &NodeSource::measuringAllChanged, this, [this](bool running) {
        const int rows = rowCount();
        if (!running && rows > 0)
            emit dataChanged(index(0, column(Classes)), index(rows - 1, column(RiskAverage)));
    });
}

void TransformationModel::setLattice(const Lattice& lattice, std::vector<std::string> qiNames) {
    if (m_job) {
        m_job->cancel();
        m_job->deleteLater();
        m_job = nullptr;
        emit busyChanged(false);
    }
    beginResetModel();
    m_lattice = lattice;
    m_names = std::move(qiNames);
    m_stride.assign(lattice.dimensions(), 1);
    for (std::size_t i = lattice.dimensions(); i-- > 1;)
        m_stride[i - 1] = m_stride[i] * NodeId(lattice.heights()[i] + 1);
    m_stateNames.clear();
    for (int s = 0; s < kNodeStateCount; ++s) m_stateNames << stateName(NodeState(s));
    m_rows.reset();
    m_pinned.clear();
    m_sortColumn = -1;
    m_filter = {};
    endResetModel();
}

void TransformationModel::pinNodes(const std::vector<NodeId>& ids) {
    if (m_lattice.size() <= kListLimit || m_rows) return;
    std::vector<NodeId> pinned = m_pinned;  // kept until the next lattice
    for (NodeId id : ids)
        if (id >= kListLimit && id < m_lattice.size() &&
            std::find(pinned.begin(), pinned.end(), id) == pinned.end())
            pinned.push_back(id);
    if (pinned == m_pinned) return;
    beginResetModel();
    m_pinned = std::move(pinned);
    endResetModel();
}

void TransformationModel::setFilter(TransformationFilter filter) {
    m_filter = std::move(filter);
    recompute();
}

void TransformationModel::sort(int column, Qt::SortOrder order) {
    m_sortColumn = column;
    m_order = order;
    recompute();
}

int TransformationModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid()) return 0;
    if (m_rows) return int(m_rows->size());
    return int(std::min<NodeId>(m_lattice.size(), kListLimit) + m_pinned.size());
}

int TransformationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_lattice.dimensions()) + FixedColumns;
}

NodeId TransformationModel::nodeAt(int row) const {
    if (m_rows) return (*m_rows)[std::size_t(row)];
    const auto pinned = std::size_t(row);
    return pinned < m_pinned.size() ? m_pinned[pinned] : NodeId(pinned - m_pinned.size());
}

int TransformationModel::rowOf(NodeId id) const {
    if (!m_rows) {
        const auto pin = std::find(m_pinned.begin(), m_pinned.end(), id);
        if (pin != m_pinned.end()) return int(pin - m_pinned.begin());
        return id < std::min<NodeId>(m_lattice.size(), kListLimit) ? int(id + m_pinned.size()) : -1;
    }
    const auto it = std::find(m_rows->begin(), m_rows->end(), id);
    return it == m_rows->end() ? -1 : int(it - m_rows->begin());
}

bool TransformationModel::isMeasureColumn(int kind, std::size_t dims) {
    return kind >= int(dims) + Classes && kind < int(dims) + FixedColumns;
}

double TransformationModel::sortKey(const Lattice& lattice, const std::vector<NodeState>& states,
                                    const SearchOutcome* outcome, NodeId id, int kind,
                                    std::size_t dims) {
    if (kind < int(dims)) return lattice.levels(id)[std::size_t(kind)];
    switch (Column(kind - int(dims))) {
        case State:
            return id < states.size() ? double(states[id])
                   : outcome          ? double(outcome->nodeState(id))
                                      : 0.0;
        case Height:
            return lattice.height(id);
        default:
            return kNaN;
    }
}

double TransformationModel::figureKey(const NodeMetrics* m, const std::optional<NodeRisk>& risk,
                                      int column) {
    switch (Column(column)) {
        case RiskHighest:
            return risk ? risk->highest : kNaN;
        case RiskAverage:
            return risk ? risk->average : kNaN;
        case Classes:
            return m ? double(m->classes) : kNaN;
        case Suppressed:
            return m ? double(m->suppressedRows) : kNaN;
        case AverageClassSize:
            return m ? m->averageClassSize : kNaN;
        case Discernibility:
            return m ? m->discernibility : kNaN;
        case KlDivergence:
            return m ? m->klDivergence : kNaN;
        case Information:
            return m ? m->information : kNaN;
        case Loss:
            return m ? m->loss : kNaN;
        case Precision:
            return m ? m->precision : kNaN;
        default:
            return kNaN;
    }
}

void TransformationModel::recompute() {
    if (m_job) {
        m_job->cancel();
        m_job->deleteLater();
        m_job = nullptr;
    }
    if (m_lattice.size() > kListLimit || !m_source) return;  // listed in id order only
    const bool sorted = m_sortColumn >= 0;
    if (!sorted && !m_filter.active()) {
        apply(nullptr);
        return;
    }
    // Everything the worker reads, shared or copied (the GUI thread may move on).
    const auto outcome = m_source->outcome();
    const Lattice lattice = m_lattice;
    const std::vector<NodeState> states = m_source->states();
    const TransformationFilter filter = m_filter;
    const int kind = m_sortColumn;
    const bool descending = m_order == Qt::DescendingOrder;
    const std::size_t dims = lattice.dimensions();
    // Sorting by a figure (a metric or risk) needs every listed node's: the known ones are
    // copied here, the others computed in the job and handed to the cache.
    const bool byFigure = sorted && isMeasureColumn(kind, dims);
    // A metric of every listed node: measured all at once (measureLattice rolls classes up
    // from node to node, far faster than judging each), and kept by the source.
    const bool measureAll = byFigure && kind < int(dims) + RiskHighest &&
                            !m_source->hasAllMetrics() && m_source->hasRisk();
    std::vector<double> known;
    if (byFigure && !measureAll) {
        known.assign(lattice.size(), kNaN);
        for (NodeId id = 0; id < lattice.size(); ++id)
            known[id] = figureKey(m_source->metrics(id), m_source->risk(id), kind - int(dims));
    }
    struct Result {
        std::shared_ptr<std::vector<NodeId>> rows;
        std::vector<std::pair<NodeId, NodeFigures>> figures;
        std::shared_ptr<const std::vector<NodeMetrics>> all;
    };
    auto work = [=](Feedback& feedback) -> std::shared_ptr<void> {
        auto result = std::make_shared<Result>();
        auto rows = std::make_shared<std::vector<NodeId>>();
        // Without per-node states (a heuristic run) the outcome knows its one node.
        const auto state = [&](NodeId id) {
            return id < states.size() ? states[id]
                   : outcome          ? outcome->nodeState(id)
                                      : NodeState::NotEvaluated;
        };
        for (NodeId id = 0; id < lattice.size(); ++id) {
            if ((id & 0xFFFF) == 0) feedback.checkCancelled();
            const NodeState s = state(id);
            if (!filter.states[std::size_t(s)]) continue;
            const int h = lattice.height(id);
            if (h < filter.minHeight || h > filter.maxHeight) continue;
            if (!matchesText(lattice, id, s, filter.text)) continue;
            rows->push_back(id);
        }
        if (measureAll)
            result->all = std::make_shared<const std::vector<NodeMetrics>>(
                measureLattice(outcome->judged(), outcome->config, &feedback));
        if (kind >= 0) {
            std::vector<double> keys(rows->size());
            for (std::size_t i = 0; i < rows->size(); ++i) {
                const NodeId id = (*rows)[i];
                if (!byFigure) {
                    keys[i] = sortKey(lattice, states, outcome.get(), id, kind, dims);
                    continue;
                }
                if (result->all) {
                    keys[i] = figureKey(&(*result->all)[id], std::nullopt, kind - int(dims));
                    continue;
                }
                double v = known[id];
                if (std::isnan(v) && outcome && outcome->data) {
                    const NodeFigures f = computeNodeFigures(*outcome, id);
                    result->figures.emplace_back(id, f);
                    v = figureKey(&f.metrics, f.risk, kind - int(dims));
                    feedback.checkCancelled();
                    feedback.setProgress(double(i) / double(rows->size()));
                }
                keys[i] = v;
            }
            std::vector<std::uint32_t> order(rows->size());
            std::iota(order.begin(), order.end(), 0u);
            // Unknown values last in either direction; ties in id order.
            std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
                const double ka = keys[a], kb = keys[b];
                if (std::isnan(ka) != std::isnan(kb)) return std::isnan(kb);
                if (ka != kb && !std::isnan(ka)) return descending ? ka > kb : ka < kb;
                return a < b;
            });
            auto sortedRows = std::make_shared<std::vector<NodeId>>(rows->size());
            for (std::size_t i = 0; i < order.size(); ++i) (*sortedRows)[i] = (*rows)[order[i]];
            rows = sortedRows;
        }
        result->rows = rows;
        return result;
    };
    if (lattice.size() <= kSyncLimit && !byFigure) {
        Feedback feedback;
        apply(std::static_pointer_cast<Result>(work(feedback))->rows);
        return;
    }
    m_job = new Job(tr("Sorting the list of transformations"), work, this);
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        const auto result = std::static_pointer_cast<Result>(r);
        if (result->all) m_source->setAllMetrics(result->all);
        if (!result->figures.empty()) m_source->insertFigures(result->figures);
        apply(result->rows);
    });
    connect(m_job, &Job::finished, this, [this, job = m_job] {
        if (m_job != job) return;
        job->deleteLater();
        m_job = nullptr;
        emit busyChanged(false);
    });
    emit busyChanged(true);
    m_job->start();
}

void TransformationModel::apply(std::shared_ptr<std::vector<NodeId>> rows) {
    const int count = int(rows ? rows->size() : std::min<NodeId>(m_lattice.size(), kListLimit));
    if (count != rowCount()) {
        // Rows come and go (a filter): a reset; the panel selects its node again.
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return;
    }
    // Same rows in another order (a sort): a layout change keeps the selection on its nodes.
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<NodeId> ids;
    for (const QModelIndex& i : before) ids.push_back(nodeAt(i.row()));
    m_rows = std::move(rows);
    QModelIndexList after;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const int row = rowOf(ids[i]);
        after << (row < 0 ? QModelIndex() : index(row, before[int(i)].column()));
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

QVariant TransformationModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || !m_source) return {};
    const NodeId id = nodeAt(index.row());
    const std::size_t dims = m_lattice.dimensions();
    const int c = index.column();
    if (role == Qt::UserRole) return QVariant::fromValue<qulonglong>(id);
    if (role == Qt::TextAlignmentRole)
        return int(c == int(dims) + State ? Qt::AlignLeft | Qt::AlignVCenter
                                          : Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::DecorationRole && c == int(dims) + State)
        return stateColor(m_source->state(id));
    if (role != Qt::DisplayRole) return {};
    if (c < int(dims))
        return int(id / m_stride[std::size_t(c)] % NodeId(m_lattice.heights()[std::size_t(c)] + 1));
    switch (Column(c - int(dims))) {
        case State:
            return m_stateNames[int(m_source->state(id))];
        case Height:
            return m_lattice.height(id);
        default:
            break;
    }
    const NodeMetrics* m = m_source->metrics(id);
    const std::optional<NodeRisk> risk = m_source->risk(id);
    const bool isRisk = c - int(dims) == RiskHighest || c - int(dims) == RiskAverage;
    if (isRisk ? !risk : !m) {
        if (!m_source->hasRisk()) return {};  // nothing to judge a node on (no data)
        // Asked for because it is on screen: judged in the background (NodeSource).
        m_source->requestNodes({id});
        return QStringLiteral("…");
    }
    const double v = figureKey(m, risk, c - int(dims));
    switch (Column(c - int(dims))) {
        case Classes:
        case Suppressed:
            return QVariant(qulonglong(v));
        case AverageClassSize:
            return fixed(v, 2);
        case Discernibility:
            return fixed(v, 0);
        default:
            return fixed(v, 4);
    }
}

QVariant TransformationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    const std::size_t dims = m_lattice.dimensions();
    if (section < int(dims)) {
        const QString name = std::size_t(section) < m_names.size()
                                 ? QString::fromStdString(m_names[std::size_t(section)])
                                 : tr("QI %1").arg(section + 1);
        if (role == Qt::DisplayRole) return name;
        if (role == Qt::ToolTipRole)
            return tr("Generalization level of %1 (0 = original values, %2 = most general)")
                .arg(name)
                .arg(m_lattice.heights()[std::size_t(section)]);
        return {};
    }
    static const char* names[FixedColumns] = {
        QT_TR_NOOP("State"),           QT_TR_NOOP("Height"),
        QT_TR_NOOP("Classes"),         QT_TR_NOOP("Suppressed"),
        QT_TR_NOOP("Avg. class size"), QT_TR_NOOP("Discernibility"),
        QT_TR_NOOP("KL-divergence"),   QT_TR_NOOP("Information um(G)"),
        QT_TR_NOOP("Loss (LM)"),       QT_TR_NOOP("Precision"),
        QT_TR_NOOP("Risk (highest)"),  QT_TR_NOOP("Risk (average)")};
    static const char* tips[FixedColumns] = {
        QT_TR_NOOP("The search's verdict: optimum, minimal, satisfying, failing or not evaluated"),
        QT_TR_NOOP("Sum of the levels"),
        QT_TR_NOOP("Published equivalence classes"),
        QT_TR_NOOP("Rows suppressed to satisfy the criteria"),
        QT_TR_NOOP("Published rows per class"),
        QT_TR_NOOP("Discernibility metric: Σ|E|² + n·suppressed (Bayardo & Agrawal 2005)"),
        QT_TR_NOOP("KL-divergence of the published table from the original"),
        QT_TR_NOOP("Information um(G) kept: 1 = nothing generalized"),
        QT_TR_NOOP("Loss metric LM (Iyengar 2002): 0 = nothing generalized, 1 = all suppressed"),
        QT_TR_NOOP("Precision (Sweeney 2002): 1 − mean of level/height"),
        QT_TR_NOOP("Highest prosecutor re-identification risk, 1/(smallest published class) "
                   "(El Emam & Dankar 2008); computed when shown"),
        QT_TR_NOOP("Average prosecutor risk: published classes / published rows (El Emam & "
                   "Dankar 2008); computed when shown")};
    const int k = section - int(dims);
    if (k < 0 || k >= FixedColumns) return {};
    if (role == Qt::DisplayRole) return tr(names[k]);
    if (role == Qt::ToolTipRole) return tr(tips[k]);
    return {};
}

}  // namespace ldv::ui
