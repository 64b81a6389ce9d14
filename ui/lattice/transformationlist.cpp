#include "lattice/transformationlist.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include "lattice/nodesource.h"
#include "lattice/transformationmodel.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
// State filter choices: which NodeStates each shows.
struct StateChoice {
    const char* name;
    std::vector<NodeState> states;
};
const std::vector<StateChoice>& stateChoices() {
    static const std::vector<StateChoice> list{
        {QT_TRANSLATE_NOOP("TransformationList", "All states"), {}},
        {QT_TRANSLATE_NOOP("TransformationList", "Satisfying (incl. minimal, optimum)"),
         {NodeState::Satisfying, NodeState::Minimal, NodeState::Optimum}},
        {QT_TRANSLATE_NOOP("TransformationList", "Minimal and optimum"),
         {NodeState::Minimal, NodeState::Optimum}},
        {QT_TRANSLATE_NOOP("TransformationList", "Failing"), {NodeState::Failing}},
        {QT_TRANSLATE_NOOP("TransformationList", "Not evaluated"), {NodeState::NotEvaluated}}};
    return list;
}
}  // namespace

TransformationList::TransformationList(NodeSource* source, QWidget* parent)
    : QWidget(parent),
      m_source(source),
      m_model(new TransformationModel(source, this)),
      m_table(new QTableView(this)),
      m_state(new QComboBox(this)),
      m_minHeight(new QSpinBox(this)),
      m_maxHeight(new QSpinBox(this)),
      m_text(new QLineEdit(this)),
      m_status(new QLabel(this)) {
    setObjectName(QStringLiteral("transformationList"));
    m_table->setObjectName(QStringLiteral("transformationTable"));
    for (const StateChoice& c : stateChoices()) m_state->addItem(tr(c.name));
    m_state->setToolTip(tr("Show only the transformations in these states"));
    m_minHeight->setToolTip(tr("Lowest height listed (sum of the levels)"));
    m_maxHeight->setToolTip(tr("Highest height listed (sum of the levels)"));
    m_text->setPlaceholderText(tr("levels or state contains…"));
    m_text->setToolTip(tr("Show only rows whose levels (e.g. \"2,1\") or state contain this text"));
    m_text->setClearButtonEnabled(true);
    // A short line of its own under the filters, with the explanation in the tooltip: in the
    // filter bar it got what the filters left (~70 px at 1366x768 with a node pinned on an
    // 85 M-node lattice) and wrapped to six lines, leaving the table two visible rows. It
    // still wraps rather than widening the window when the list is very narrow.
    m_status->setObjectName(QStringLiteral("transformationStatus"));
    m_status->setWordWrap(true);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_state);
    bar->addWidget(new QLabel(tr("height"), this));
    bar->addWidget(m_minHeight);
    bar->addWidget(new QLabel(QStringLiteral("–"), this));
    bar->addWidget(m_maxHeight);
    bar->addWidget(m_text, 1);

    m_table->setModel(m_model);
    m_table->setToolTip(
        tr("Every transformation of the lattice; click a header to sort, select "
           "rows to show them in the lattice and the details"));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    // Fixed row heights: scrolling 100,000+ rows never measures a row.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setDefaultSectionSize(72);
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);

    connect(m_state, &QComboBox::currentIndexChanged, this, &TransformationList::applyFilter);
    connect(m_minHeight, &QSpinBox::valueChanged, this, &TransformationList::applyFilter);
    connect(m_maxHeight, &QSpinBox::valueChanged, this, &TransformationList::applyFilter);
    connect(m_text, &QLineEdit::textChanged, this, &TransformationList::applyFilter);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &TransformationList::userSelectionChanged);
    // Double-click or Enter (the event filter); not QAbstractItemView::activated, which some
    // styles emit on a single click.
    connect(m_table, &QAbstractItemView::doubleClicked, this,
            [this](const QModelIndex& index) { emit nodeActivated(m_model->nodeAt(index.row())); });
    m_table->installEventFilter(this);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        selectNodes(m_wanted);
        updateStatus();
    });
    connect(m_model, &QAbstractItemModel::layoutChanged, this, [this] {
        updateStatus();
        // After a sort the selected node is still selected: keep it in view (the rows that
        // were in view before are somewhere else now).
        const QModelIndex current = m_table->selectionModel()->currentIndex();
        if (current.isValid()) m_table->scrollTo(current, QAbstractItemView::PositionAtCenter);
    });
    connect(m_model, &TransformationModel::busyChanged, this, &TransformationList::updateStatus);
}

void TransformationList::setLattice(const Lattice& lattice,
                                    const std::vector<std::string>& qiNames) {
    m_syncing = true;
    m_wanted.clear();
    m_state->setCurrentIndex(0);
    m_text->clear();
    m_minHeight->setRange(0, lattice.maxHeight());
    m_maxHeight->setRange(0, lattice.maxHeight());
    m_minHeight->setValue(0);
    m_maxHeight->setValue(lattice.maxHeight());
    m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_model->setLattice(lattice, qiNames);
    // Columns as wide as their headers (levels are one or two digits), so the metrics and
    // the risk are in view without scrolling sideways.
    const QFontMetrics metrics(m_table->horizontalHeader()->font());
    for (int c = 0; c < m_model->columnCount(); ++c)
        m_table->setColumnWidth(
            c, std::max(40, metrics.horizontalAdvance(
                                m_model->headerData(c, Qt::Horizontal).toString()) +
                                24));
    // The state column holds a colour swatch and the longest state name.
    m_table->setColumnWidth(m_model->column(TransformationModel::State),
                            metrics.horizontalAdvance(stateName(NodeState::NotEvaluated)) + 40);
    // Filtering and sorting need a permutation of every node: not for the largest lattices.
    const bool listable = lattice.size() <= TransformationModel::kListLimit;
    for (QWidget* w : std::initializer_list<QWidget*>{m_state, m_minHeight, m_maxHeight, m_text})
        w->setEnabled(listable);
    m_table->setSortingEnabled(listable);
    m_syncing = false;
    updateStatus();
}

void TransformationList::applyFilter() {
    if (m_syncing) return;
    TransformationFilter filter;
    const auto& choice = stateChoices()[std::size_t(std::max(0, m_state->currentIndex()))];
    if (!choice.states.empty()) {
        filter.states.assign(kNodeStateCount, false);
        for (NodeState s : choice.states) filter.states[std::size_t(s)] = true;
    }
    filter.minHeight = m_minHeight->value();
    if (m_maxHeight->value() < m_maxHeight->maximum()) filter.maxHeight = m_maxHeight->value();
    filter.text = m_text->text().trimmed();
    m_model->setFilter(filter);
    updateStatus();
}

void TransformationList::updateStatus() {
    const NodeId total = m_model->totalNodes();
    const QString all = QLocale().toString(qulonglong(total));
    QString text = tr("%1 of %2").arg(QLocale().toString(m_model->rowCount()), all);
    QString tip = tr("Rows listed of all nodes in the lattice");
    if (total > TransformationModel::kListLimit) {
        const int pinned = int(m_model->pinnedCount());
        const QString listed = QLocale().toString(m_model->rowCount() - pinned);
        text = tr("%1 of %2 listed").arg(listed, all);
        tip = tr("The lattice has %1 nodes, too many to sort or filter: the first %2 are listed "
                 "in the lattice's order.")
                  .arg(all, listed);
        if (pinned > 0) {
            text += tr(" · %n pinned", nullptr, pinned);
            tip += tr(" Pinned on top: %1 chosen in the lattice (such as the heuristic's best "
                      "node).")
                       .arg(countOfL(qulonglong(pinned), "node", "nodes"));
        }
    }
    if (m_model->isBusy()) text += tr(" · sorting…");
    m_status->setText(text);
    m_status->setToolTip(tip);
}

void TransformationList::selectNodes(const std::vector<NodeId>& ids) {
    m_wanted = ids;
    // Beyond the listed part of a huge lattice (a heuristic's node): listed on top. Its
    // model reset comes back here, with the rows found.
    m_model->pinNodes(ids);
    m_syncing = true;
    QItemSelection selection;
    int current = -1;
    for (NodeId id : ids) {
        const int row = m_model->rowOf(id);
        if (row < 0) continue;
        selection.select(m_model->index(row, 0), m_model->index(row, m_model->columnCount() - 1));
        current = row;
    }
    m_table->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (current >= 0) {
        m_table->selectionModel()->setCurrentIndex(m_model->index(current, 0),
                                                   QItemSelectionModel::NoUpdate);
        m_table->scrollTo(m_model->index(current, 0));
    }
    m_syncing = false;
}

void TransformationList::userSelectionChanged() {
    if (m_syncing) return;
    std::vector<NodeId> ids;
    const QModelIndex current = m_table->selectionModel()->currentIndex();
    for (const QModelIndex& row : m_table->selectionModel()->selectedRows())
        if (!current.isValid() || row.row() != current.row())
            ids.push_back(m_model->nodeAt(row.row()));
    if (current.isValid() && m_table->selectionModel()->isRowSelected(current.row()))
        ids.push_back(m_model->nodeAt(current.row()));
    m_wanted = ids;
    emit selectionChanged(ids);
}

bool TransformationList::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_table && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        const QModelIndex current = m_table->selectionModel()->currentIndex();
        if ((key == Qt::Key_Return || key == Qt::Key_Enter) && current.isValid()) {
            emit nodeActivated(m_model->nodeAt(current.row()));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

}  // namespace ldv::ui
