#include "lattice/latticeperspective.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <tuple>

#include "format/nodemetricstext.h"
#include "format/nodestyle.h"
#include "lattice/explainpanel.h"
#include "lattice/frontierpanel.h"
#include "lattice/latticelegend.h"
#include "lattice/latticeview.h"
#include "lattice/nodedetailspanel.h"
#include "lattice/nodesource.h"
#include "lattice/transformationlist.h"
#include "lattice/transformationmodel.h"
#include "ldiv/data/error.h"
#include "project/job.h"
#include "project/project.h"
#include "session/heuristictext.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "widgets/plural.h"
#include "widgets/scrollpanel.h"

namespace ldv::ui {

namespace {
// Colouring choices: index 0 = state, then these metrics.
const std::vector<std::pair<QString, Metric>>& colorMetrics() {
    static const std::vector<std::pair<QString, Metric>> list{
        {QObject::tr("Height"), Metric::Height},
        {QObject::tr("Avg. class size"), Metric::AverageClassSize},
        {QObject::tr("Discernibility"), Metric::Discernibility},
        {QObject::tr("KL-divergence"), Metric::KlDivergence},
        {QObject::tr("Information loss (1 − um)"), Metric::Information},
        {QObject::tr("Loss metric (LM)"), Metric::Loss}};
    return list;
}
// After the metrics: the risk figures (NodeRisk), computed for the nodes on screen.
enum RiskChoice { RiskHighest, RiskAverage, RiskChoices };

double parseBound(const QLineEdit* edit) {
    bool ok = false;
    const double v = edit->text().trimmed().toDouble(&ok);
    return ok ? v : std::numeric_limits<double>::quiet_NaN();
}
}  // namespace

LatticePerspective::LatticePerspective(QWidget* parent)
    : QWidget(parent),
      m_view(new LatticeView(this)),
      m_nodes(new NodeSource(this)),
      m_list(new TransformationList(m_nodes, this)),
      m_stack(new QStackedWidget(this)),
      m_refusal(new QLabel(this)),
      m_notice(new QWidget(this)),
      m_noticeText(new QLabel(m_notice)),
      m_randomized(new QLabel(this)),
      m_transformNotice(new QLabel(this)),
      m_selectBest(new QPushButton(tr("Select the best node"), m_notice)),
      m_riskRefresh(new QTimer(this)),
      m_legend(new LatticeLegend(this)),
      m_details(new NodeDetailsPanel(this)),
      m_explain(new ExplainPanel(this)),
      m_frontier(new FrontierPanel(this)),
      m_color(new QComboBox(this)),
      m_levelForm(nullptr),
      m_metricMin(new QLineEdit(this)),
      m_metricMax(new QLineEdit(this)),
      m_find(new QLineEdit(this)),
      m_counts(new QLabel(this)),
      m_measuring(new QWidget(this)),
      m_measuringText(new QLabel(m_measuring)),
      m_measuringCancel(new QPushButton(tr("Cancel"), m_measuring)),
      m_useForExport(new QPushButton(tr("Use for export"), this)),
      m_chosen(new QLabel(this)) {
    m_color->addItem(tr("State"));
    for (const auto& [name, metric] : colorMetrics()) m_color->addItem(name);
    m_color->addItem(tr("Risk (highest, prosecutor)"));
    m_color->addItem(tr("Risk (average, prosecutor)"));
    m_color->setToolTip(
        tr("Colour nodes by their search state or by a metric; risk is "
           "computed for the nodes on screen and appears as it arrives"));

    // Left: colouring and filters.
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    auto* colorForm = new QFormLayout;
    colorForm->addRow(tr("Colour by"), m_color);
    leftLayout->addLayout(colorForm);
    auto* states = new QGroupBox(tr("Show states"), left);
    auto* statesLayout = new QVBoxLayout(states);
    for (int s = kNodeStateCount - 1; s >= 0; --s) {
        auto* box = new QCheckBox(stateName(NodeState(s)), states);
        box->setChecked(true);
        box->setToolTip(tr("Show the %1 nodes (hidden nodes take their edges with them)")
                            .arg(stateName(NodeState(s))));
        statesLayout->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &LatticePerspective::applyFilter);
        m_stateBoxes.insert(m_stateBoxes.begin(), box);
    }
    leftLayout->addWidget(states);
    auto* levels = new QGroupBox(tr("Level range"), left);
    m_levelForm = new QFormLayout(levels);
    leftLayout->addWidget(levels);
    auto* metricBox = new QGroupBox(tr("Metric range (colouring metric)"), left);
    auto* metricForm = new QFormLayout(metricBox);
    m_metricMin->setPlaceholderText(tr("any"));
    m_metricMax->setPlaceholderText(tr("any"));
    m_metricMin->setToolTip(tr("Show only nodes whose colouring metric is at least this"));
    m_metricMax->setToolTip(tr("Show only nodes whose colouring metric is at most this"));
    metricForm->addRow(tr("from"), m_metricMin);
    metricForm->addRow(tr("to"), m_metricMax);
    leftLayout->addWidget(metricBox);
    connect(m_metricMin, &QLineEdit::editingFinished, this, &LatticePerspective::applyFilter);
    connect(m_metricMax, &QLineEdit::editingFinished, this, &LatticePerspective::applyFilter);
    auto* findRow = new QHBoxLayout;
    m_find->setPlaceholderText(tr("levels, e.g. 1,2,0,1"));
    m_find->setToolTip(tr("Levels of a node, one per quasi-identifier in order, e.g. 1,2,0,1"));
    auto* findButton = new QPushButton(tr("Find"), left);
    findButton->setToolTip(tr("Select the node with these levels and centre the view on it"));
    findRow->addWidget(m_find);
    findRow->addWidget(findButton);
    leftLayout->addWidget(new QLabel(tr("Find node by levels:"), left));
    leftLayout->addLayout(findRow);
    leftLayout->addStretch(1);
    connect(findButton, &QPushButton::clicked, this, [this] { findNode(m_find->text()); });
    connect(m_find, &QLineEdit::returnPressed, this, [this] { findNode(m_find->text()); });

    // Middle: view, its toolbar and the legend.
    auto* middle = new QWidget(this);
    auto* middleLayout = new QVBoxLayout(middle);
    middleLayout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    for (auto [text, tip, slot] :
         {std::tuple{tr("Fit"), tr("Fit the nodes the filter shows into the view"),
                     &LatticeView::fitAll},
          std::tuple{tr("+"), tr("Zoom in (or turn the mouse wheel): nodes, then labels, appear"),
                     &LatticeView::zoomIn},
          std::tuple{tr("−"), tr("Zoom out: each height becomes a strip coloured by its nodes"),
                     &LatticeView::zoomOut}}) {
        auto* b = new QToolButton(middle);
        b->setText(text);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, m_view, slot);
        bar->addWidget(b);
    }
    bar->addWidget(m_counts, 1);
    m_chosen->setObjectName(QStringLiteral("chosenForExport"));
    m_chosen->setToolTip(
        tr("The node Export publishes and Risk assesses, with its verdict. Clicking, Ctrl+click "
           "comparison and hovering do not change it."));
    m_useForExport->setObjectName(QStringLiteral("useForExport"));
    m_useForExport->setEnabled(false);
    m_useForExport->setToolTip(
        tr("Publish the selected node: Export and Risk take it (also: double-click a node, or "
           "press Enter in the diagram or the list)"));
    connect(m_useForExport, &QPushButton::clicked, this, &LatticePerspective::useSelectedForExport);
    connect(m_view, &LatticeView::nodeActivated, this, &LatticePerspective::useForExport);
    connect(m_list, &TransformationList::nodeActivated, this, &LatticePerspective::useForExport);
    middleLayout->addLayout(bar);
    // A row of its own: the toolbar's counts keep their width at 1366×768.
    auto* chooseRow = new QHBoxLayout;
    chooseRow->addWidget(m_chosen, 1);
    chooseRow->addWidget(m_useForExport);
    middleLayout->addLayout(chooseRow);
    // After a heuristic run that did not classify the lattice: what is known, and the node.
    m_notice->setObjectName(QStringLiteral("heuristicNotice"));
    auto* noticeLayout = new QHBoxLayout(m_notice);
    noticeLayout->setContentsMargins(6, 2, 6, 2);
    m_noticeText->setWordWrap(true);
    m_noticeText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_selectBest->setObjectName(QStringLiteral("selectBestNode"));
    m_selectBest->setToolTip(
        tr("Select the heuristic's node and centre the view on it: its details appear on the "
           "right, and Risk and Export take it"));
    noticeLayout->addWidget(m_noticeText, 1);
    noticeLayout->addWidget(m_selectBest);
    m_notice->setStyleSheet(QStringLiteral("#heuristicNotice { background: #FFF4D6; }"));
    m_notice->hide();
    middleLayout->addWidget(m_notice);
    m_randomized->setObjectName(QStringLiteral("randomizedNotice"));
    m_randomized->setWordWrap(true);
    m_randomized->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_randomized->setStyleSheet(
        QStringLiteral("#randomizedNotice { background: #E3EEFA; padding: 3px 6px; }"));
    m_randomized->setToolTip(
        tr("Differential privacy's guarantee comes from the randomness of the choice and of the "
           "sample, not from a property of the node (docs/dp.md)"));
    m_randomized->hide();
    middleLayout->addWidget(m_randomized);
    m_transformNotice->setObjectName(QStringLiteral("transformationNotice"));
    m_transformNotice->setWordWrap(true);
    m_transformNotice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_transformNotice->setStyleSheet(
        QStringLiteral("#transformationNotice { background: #E3EEFA; padding: 3px 6px; }"));
    m_transformNotice->hide();
    middleLayout->addWidget(m_transformNotice);
    connect(m_selectBest, &QPushButton::clicked, this, [this] {
        const auto o = m_session ? m_session->outcome() : nullptr;
        if (o && o->result.optimum &&
            findNode(QString::fromStdString(
                formatLevels(o->data->dataset().lattice().levels(*o->result.optimum)))))
            useForExport(*o->result.optimum);
    });
    // The diagram above, the list of transformations below (a splitter: both fit 1366×768).
    auto* diagram = new QWidget(middle);
    auto* diagramLayout = new QVBoxLayout(diagram);
    diagramLayout->setContentsMargins(0, 0, 0, 0);
    diagramLayout->addWidget(m_view, 1);
    diagramLayout->addWidget(m_legend);
    // Colouring by a metric needs every node's: measured after the search, only when asked,
    // with its own status (never "Searching…") and Cancel, which goes back to the states.
    auto* measuringLayout = new QHBoxLayout(m_measuring);
    measuringLayout->setContentsMargins(4, 0, 4, 0);
    measuringLayout->addWidget(m_measuringText, 1);
    measuringLayout->addWidget(m_measuringCancel);
    m_measuring->setObjectName(QStringLiteral("measuringAll"));
    m_measuringCancel->setToolTip(tr("Stop measuring and colour the lattice by state"));
    m_measuring->hide();
    diagramLayout->addWidget(m_measuring);
    connect(m_measuringCancel, &QPushButton::clicked, this, [this] {
        m_nodes->cancelMeasureAll();
        m_color->setCurrentIndex(0);
    });
    connect(m_nodes, &NodeSource::measureAllProgress, this, [this](double f) {
        m_measuringText->setText(
            tr("Measuring every node for the colouring… %1 %").arg(int(f * 100)));
    });
    connect(m_nodes, &NodeSource::measuringAllChanged, this, [this](bool running) {
        m_measuring->setVisible(running);
        if (running) {
            m_measuringText->setText(tr("Measuring every node for the colouring…"));
            return;
        }
        // Done (or cancelled): colour by the metric now known, or by state.
        if (colorNeedsMeasures() && !m_nodes->hasAllMetrics())
            m_color->setCurrentIndex(0);
        else
            applyColoring();
    });
    auto* vertical = new QSplitter(Qt::Vertical, middle);
    vertical->addWidget(diagram);
    vertical->addWidget(m_list);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    m_refusal->setWordWrap(true);
    m_refusal->setAlignment(Qt::AlignCenter);
    m_refusal->setObjectName(QStringLiteral("latticeRefusal"));
    m_refusal->setMargin(24);
    m_stack->addWidget(vertical);
    m_stack->addWidget(m_refusal);
    middleLayout->addWidget(m_stack, 1);
    // Never wider than the view: the text wraps rather than widening the window.
    m_counts->setWordWrap(true);
    m_counts->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_counts->setToolTip(
        tr("Nodes in the lattice, nodes the filter shows, and the search's result"));

    auto* split = new QSplitter(this);
    // The filters scroll (one level range per quasi-identifier): the perspective fits 1366×768.
    split->addWidget(scrollPanel(left, this));
    // The frontier (ui/frontier) beside the lattice; its points select nodes of the lattice.
    auto* centre = new QTabWidget(this);
    centre->setDocumentMode(true);
    centre->addTab(middle, tr("Lattice"));
    centre->addTab(m_frontier, tr("Frontier"));
    split->addWidget(centre);
    split->addWidget(m_details);
    m_details->tabs()->addTab(m_explain, tr("Explain"));
    connect(m_explain, &ExplainPanel::nodeRequested, this,
            [this](const QString& levels) { findNode(levels); });
    connect(m_frontier, &FrontierPanel::nodeRequested, this,
            [this](const QString& levels) { findNode(levels); });
    connect(m_view, &LatticeView::selectionChanged, m_explain,
            [this](const std::vector<NodeId>& s) {
                if (!s.empty()) m_explain->explain(m_view->layout().lattice().levels(s.back()));
            });
    split->setStretchFactor(1, 1);
    // The details get as much as the lattice: the Explain tab's classes need the width.
    split->setSizes({220, 560, 560});
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_color, &QComboBox::currentIndexChanged, this, &LatticePerspective::applyColoring);
    connect(m_view, &LatticeView::selectionChanged, this, &LatticePerspective::selectionChanged);
    connect(m_list, &TransformationList::selectionChanged, this,
            &LatticePerspective::listSelectionChanged);
    // Risks arrive in batches: the strips are re-aggregated at most a few times a second.
    m_riskRefresh->setSingleShot(true);
    m_riskRefresh->setInterval(250);
    connect(m_riskRefresh, &QTimer::timeout, this, [this] {
        if (m_view->item() && colorsByRisk()) m_view->item()->refreshValues();
    });
    connect(m_nodes, &NodeSource::nodesMeasured, this, [this] {
        if (colorsByRisk() && !m_riskRefresh->isActive()) m_riskRefresh->start();
        showComparison();
    });
    m_view->setTooltipProvider([this](NodeId id) { return tooltip(id); });
}

void LatticePerspective::setSession(SearchSession* session) {
    if (m_session) m_session->disconnect(this);
    m_session = session;
    m_explain->setSession(session);
    m_frontier->setSession(session);
    if (session) {
        connect(session, &SearchSession::outcomeChanged, this, &LatticePerspective::rebuild);
        connect(session, &SearchSession::transformationChanged, this,
                &LatticePerspective::showTransformation);
    }
    showTransformation();
    rebuild();
}

void LatticePerspective::showTransformation() {
    const QString model = m_session ? m_session->transformation() : QStringLiteral("full-domain");
    m_transformNotice->setVisible(model != "full-domain");
    if (model == "full-domain") return;
    // Why the chosen transformation's result is not a node here, and where it is.
    m_transformNotice->setText(
        tr("The transformation chosen in Privacy ▸ Transformation publishes no node of this "
           "lattice: it generalizes each class on its own, so one value may be published at "
           "different levels. The lattice shows the full-domain search on the same "
           "requirement, for comparison; the result and the comparison are in the Privacy "
           "perspective, where it is exported."));
}

void LatticePerspective::rebuild() {
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    m_randomized->hide();  // it spoke of the lattice before this outcome
    try {
        if (outcome) {
            const Lattice& lattice = outcome->data->dataset().lattice();
            m_view->setLattice(lattice);
            m_nodes->setOutcome(outcome, lattice.size());
            m_view->item()->setStates(m_nodes->states());
            // A heuristic run knows one node without per-node states: marked on its own.
            if (!outcome->classified() && outcome->result.optimum)
                m_view->item()->setKnownNode(std::pair{
                    *outcome->result.optimum, outcome->nodeState(*outcome->result.optimum)});
        } else if (m_session && m_session->project()) {
            // Throws ParameterError when the lattice has more nodes than a node id addresses.
            m_view->setLattice(Lattice(m_session->project()->qiHeights()));
            m_nodes->setOutcome(nullptr, m_view->layout().size());
        } else {
            m_view->setLattice(Lattice(std::vector<int>{}));
            m_nodes->setOutcome(nullptr, m_view->layout().size());
        }
    } catch (const ParameterError& e) {
        m_view->setLattice(Lattice(std::vector<int>{}));
        m_nodes->setOutcome(nullptr, m_view->layout().size());
        showRefusal(tr("This lattice cannot be shown: %1.").arg(QString::fromStdString(e.what())));
        return;
    }
    showHeuristicNotice();
    // After a search Export publishes its optimum until another node is used for export.
    m_chosen->setText(
        outcome && outcome->result.optimum
            ? tr("For export: [%1], the optimum")
                  .arg(QString::fromStdString(formatLevels(
                      outcome->data->dataset().lattice().levels(*outcome->result.optimum))))
            : QString());
    m_useForExport->setEnabled(!m_view->selection().empty());
    m_stack->setCurrentIndex(0);
    m_view->item()->setDrawnHook([this](const std::vector<NodeId>& ids) {
        if (colorsByRisk()) m_nodes->requestNodes(ids);
    });
    std::vector<std::string> names =
        outcome ? outcome->data->qiNames() : std::vector<std::string>{};
    if (!outcome && m_session && m_session->project()) names = m_session->project()->qiOrder();
    m_list->setLattice(m_view->layout().lattice(), names);
    m_details->clear(
        outcome ? tr("Click a node to see its details; Ctrl+click more nodes to compare them.")
                : tr("Run the search in the Privacy & search perspective to classify the nodes."));
    rebuildLevelFilters();
    applyColoring();
}

void LatticePerspective::showRefusal(const QString& message) {
    m_notice->hide();
    m_refusal->setText(message);
    m_refusal->setToolTip(message);
    m_stack->setCurrentIndex(1);
    m_list->setLattice(Lattice(std::vector<int>{}), {});
    rebuildLevelFilters();
    m_details->clear(message);
    m_counts->setText(tr("Lattice too large to show"));
}

void LatticePerspective::showHeuristicNotice() {
    const auto o = m_session ? m_session->outcome() : nullptr;
    if (!o || !o->heuristic || o->classified()) {
        m_noticeText->clear();
        m_notice->hide();
        return;
    }
    const Lattice& lattice = o->data->dataset().lattice();
    QString text = tr("The heuristic did not classify this lattice of %1 nodes: every node but "
                      "its best one is shown as not evaluated.")
                       .arg(nodeCountText(double(lattice.size())));
    if (o->result.optimum)
        text += tr(" Best node found: <b>%1</b>. %2")
                    .arg(bestNodeText(lattice.levels(*o->result.optimum), o->result.optimumMetrics,
                                      o->settings.metric)
                             .toHtmlEscaped(),
                         heuristicVerdict(*o).toHtmlEscaped());
    else
        text += tr(" It found no satisfying node. %1").arg(heuristicVerdict(*o).toHtmlEscaped());
    m_noticeText->setText(text);
    m_selectBest->setVisible(o->result.optimum.has_value());
    m_notice->show();
}

void LatticePerspective::showRandomizedChoice(const QString& levels, const QString& explanation) {
    m_randomized->setText(explanation);
    m_randomized->show();
    // Selected only: the node Export publishes stays the one the user chose.
    findNode(levels);
}

QString LatticePerspective::randomizedNotice() const {
    return m_randomized->isHidden() ? QString() : m_randomized->text();
}

QString LatticePerspective::heuristicNotice() const {
    return m_notice->isHidden() ? QString() : m_noticeText->text();
}

QString LatticePerspective::refusal() const {
    return m_stack->currentIndex() == 1 ? m_refusal->text() : QString();
}

void LatticePerspective::rebuildLevelFilters() {
    while (m_levelForm->rowCount() > 0) m_levelForm->removeRow(0);
    m_levelBoxes.clear();
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    const auto& heights = m_view->layout().lattice().heights();
    // Attribute names, also before a search (the lattice is then built from the project).
    std::vector<std::string> names =
        outcome ? outcome->data->qiNames() : std::vector<std::string>{};
    if (!outcome && m_session && m_session->project()) names = m_session->project()->qiOrder();
    for (std::size_t i = 0; i < heights.size(); ++i) {
        auto* low = new QSpinBox(this);
        auto* high = new QSpinBox(this);
        low->setToolTip(tr("Lowest level of this attribute shown"));
        high->setToolTip(tr("Highest level of this attribute shown"));
        low->setRange(0, heights[i]);
        high->setRange(0, heights[i]);
        high->setValue(heights[i]);
        auto* row = new QWidget(this);
        auto* rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        rowLayout->addWidget(low);
        rowLayout->addWidget(new QLabel(QStringLiteral("–"), row));
        rowLayout->addWidget(high);
        const QString name =
            i < names.size() ? QString::fromStdString(names[i]) : tr("QI %1").arg(i + 1);
        m_levelForm->addRow(name, row);
        connect(low, &QSpinBox::valueChanged, this, &LatticePerspective::applyFilter);
        connect(high, &QSpinBox::valueChanged, this, &LatticePerspective::applyFilter);
        m_levelBoxes.emplace_back(low, high);
    }
}

bool LatticePerspective::colorNeedsMeasures() const {
    const int index = m_color->currentIndex();
    // The height is the lattice's own; every other metric is measured per node.
    return index > 0 && !colorsByRisk() &&
           colorMetrics()[std::size_t(index - 1)].second != Metric::Height;
}

bool LatticePerspective::colorsByRisk() const {
    return m_color->currentIndex() > int(colorMetrics().size());
}

std::vector<double> LatticePerspective::colorValues() const {
    const int index = m_color->currentIndex();
    if (index <= 0 || colorsByRisk()) return {};
    const Metric metric = colorMetrics()[std::size_t(index - 1)].second;
    if (metric == Metric::Height) {  // the lattice's own: nothing to measure
        const Lattice& lattice = m_view->layout().lattice();
        std::vector<double> values(lattice.size());
        for (NodeId id = 0; id < values.size(); ++id) values[id] = lattice.height(id);
        return values;
    }
    if (!m_nodes->hasAllMetrics()) return {};
    std::vector<double> values(m_nodes->size());
    for (NodeId id = 0; id < values.size(); ++id)
        values[id] = metricValue(*m_nodes->metrics(id), metric);
    return values;
}

void LatticePerspective::applyColoring() {
    if (!m_view->item()) return;
    if (colorsByRisk() && m_nodes->hasRisk()) {
        // Lazily: the item asks for the nodes it draws (setDrawnHook); unknown ones are grey.
        const bool highest =
            m_color->currentIndex() - int(colorMetrics().size()) - 1 == RiskHighest;
        QPointer<NodeSource> nodes = m_nodes;
        m_view->item()->setValueProvider(
            [nodes, highest](NodeId id) {
                const auto r = nodes ? nodes->risk(id) : std::nullopt;
                return r ? (highest ? r->highest : r->average)
                         : std::numeric_limits<double>::quiet_NaN();
            },
            0.0, 1.0);
        m_legend->showScale(m_color->currentText(), 0.0, 1.0);
        applyFilter();
        return;
    }
    // Colours by state until every node is measured.
    if (colorNeedsMeasures() && !m_nodes->hasAllMetrics() && m_nodes->hasRisk())
        m_nodes->measureAll();
    std::vector<double> values = colorValues();
    const bool byMetric = !values.empty();
    m_view->item()->setMetricValues(std::move(values));
    if (byMetric) {
        const auto [min, max] = m_view->item()->metricRange();
        m_legend->showScale(m_color->currentText(), min, max);
    } else {
        m_legend->showStates();
    }
    applyFilter();
}

void LatticePerspective::applyFilter() {
    if (!m_view->item()) return;
    LatticeFilter filter;
    for (std::size_t s = 0; s < m_stateBoxes.size(); ++s)
        filter.states[s] = m_stateBoxes[s]->isChecked();
    for (const auto& [low, high] : m_levelBoxes)
        filter.levels.emplace_back(low->value(), high->value());
    filter.metricMin = parseBound(m_metricMin);
    filter.metricMax = parseBound(m_metricMax);
    m_view->item()->setFilter(filter);
    updateCounts();
}

void LatticePerspective::updateCounts() {
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    const NodeId n = m_view->layout().size();
    QString text = tr("%1, %2 shown")
                       .arg(countOfL(n, "node", "nodes"),
                            QLocale().toString(
                                qulonglong(m_view->item() ? m_view->item()->visibleCount() : 0)));
    // (The node's levels are in the notice below: with many quasi-identifiers they would
    // widen this line, and so the window, beyond a 1366-pixel screen.)
    if (outcome && !outcome->classified() && outcome->heuristic)
        text += !outcome->result.optimum ? tr(" · heuristic: no satisfying node found")
                : outcome->heuristic->provenOptimal
                    ? tr(" · heuristic: its node (marked) is proven optimal")
                    : tr(" · heuristic: its best node is marked");
    else if (outcome && !outcome->complete())
        text +=
            tr(" · cancelled: %1 classified, %2 satisfying")
                .arg(std::count(outcome->decided.begin(), outcome->decided.end(), std::uint8_t(1)))
                .arg(outcome->result.satisfying.size());
    else if (outcome)
        text += tr(" · %1 satisfying, %2 minimal%3")
                    .arg(outcome->result.satisfying.size())
                    .arg(outcome->result.minimal.size())
                    .arg(outcome->result.optimum
                             ? tr(", optimum [%1]")
                                   .arg(QString::fromStdString(
                                       formatLevels(outcome->data->dataset().lattice().levels(
                                           *outcome->result.optimum))))
                             : tr(", no optimum"));
    if (m_session && m_session->isStale()) text += tr(" · settings changed since this search");
    m_counts->setText(text);
}

bool LatticePerspective::findNode(const QString& text, bool centre) {
    try {
        const Levels levels = parseLevels(text.trimmed().toStdString());
        const Lattice& lattice = m_view->layout().lattice();
        if (!lattice.contains(levels)) return false;
        const NodeId id = lattice.id(levels);
        m_view->selectNode(id);
        if (centre) m_view->centerOnNode(id);
        return true;
    } catch (const ParameterError&) {
        return false;
    }
}

bool LatticePerspective::isLoadingDetails() const {
    return m_detailsJob && m_detailsJob->isRunning();
}
bool LatticePerspective::isDiffing() const {
    return m_diffJob && m_diffJob->isRunning();
}

QString LatticePerspective::tooltip(NodeId id) const {
    const Lattice& lattice = m_view->layout().lattice();
    QString text = tr("<b>[%1]</b> — %2")
                       .arg(QString::fromStdString(formatLevels(lattice.levels(id))),
                            stateName(m_view->item()->state(id)));
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    if (const NodeMetrics* m = m_nodes->metrics(id)) {
        const QStringList names = metricRowNames();
        const QStringList values = metricRowValues(*m);
        for (int i = 0; i < names.size(); ++i)
            text += QStringLiteral("<br>%1: %2").arg(names[i], values[i]);
    } else if (outcome && m_nodes->hasRisk()) {
        m_nodes->requestNodes({id});  // for the next time the pointer rests here
        text += tr("<br><i>Measuring…</i>");
    }
    if (const auto risk = m_nodes->risk(id))
        text += tr("<br>Risk (prosecutor): highest %1, average %2")
                    .arg(risk->highest, 0, 'f', 4)
                    .arg(risk->average, 0, 'f', 4);
    return text;
}

void LatticePerspective::listSelectionChanged(const std::vector<NodeId>& selection) {
    m_fromList = true;
    m_view->setSelection(selection);
    m_fromList = false;
    // At overview the selection ring marks the node: the view moves (and zooms in) only for a
    // node out of view, so a click in the list does not lose the whole lattice.
    if (!selection.empty() &&
        !m_view->viewport()->rect().contains(m_view->nodeViewportPosition(selection.back())))
        m_view->centerOnNode(selection.back());
}

void LatticePerspective::useSelectedForExport() {
    if (!m_view->selection().empty()) useForExport(m_view->selection().back());
}

void LatticePerspective::useForExport(NodeId id) {
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    if (!outcome || !m_view->item() || id >= outcome->result.latticeSize) return;
    m_chosen->setText(tr("For export: [%1], %2")
                          .arg(QString::fromStdString(
                                   formatLevels(outcome->data->dataset().lattice().levels(id))),
                               stateName(m_view->item()->state(id))));
    emit nodeChosen(id);
}

QString LatticePerspective::chosenText() const {
    return m_chosen->text();
}

void LatticePerspective::selectionChanged(const std::vector<NodeId>& selection) {
    m_useForExport->setEnabled(!selection.empty());
    if (!m_fromList) m_list->selectNodes(selection);
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    if (selection.empty() || !outcome) {
        if (m_detailsJob) m_detailsJob->cancel();
        if (!outcome) m_details->clear(tr("Run the search first to see node details."));
        return;
    }
    m_comparisonPending = true;
    showComparison();
    if (m_diffJob) m_diffJob->cancel();
    if (selection.size() >= 2) {
        const NodeId from = selection.front(), to = selection.back();
        const Lattice& lattice = outcome->data->dataset().lattice();
        m_details->setDiffMessage(
            tr("Comparing the published values of [%1] and [%2]…")
                .arg(QString::fromStdString(formatLevels(lattice.levels(from))),
                     QString::fromStdString(formatLevels(lattice.levels(to)))));
        auto diff = [outcome, from, to](Feedback&) -> std::shared_ptr<void> {
            const Lattice& l = outcome->data->dataset().lattice();
            return std::make_shared<NodeDiff>(
                diffNodes(*outcome->data, outcome->config, l.levels(from), l.levels(to)));
        };
        delete m_diffJob;
        m_diffJob = new Job(tr("Comparing nodes"), diff, this);
        connect(m_diffJob, &Job::succeeded, this, [this, outcome](std::shared_ptr<void> r) {
            m_details->setDiff(*std::static_pointer_cast<NodeDiff>(r), outcome->data->qiNames());
        });
        connect(m_diffJob, &Job::failed, this,
                [this](const QString& e) { m_details->setDiffMessage(e); });
        m_diffJob->start();
    }
    const NodeId id = selection.back();
    m_details->showLoading(
        QString::fromStdString(formatLevels(outcome->data->dataset().lattice().levels(id))));
    auto work = [outcome, id](Feedback&) -> std::shared_ptr<void> {
        return std::make_shared<NodeDetails>(analyzeNode(*outcome->data, outcome->config, id));
    };
    delete m_detailsJob;
    m_detailsJob = new Job(tr("Node details"), work, this);
    connect(m_detailsJob, &Job::succeeded, this, [this, outcome](std::shared_ptr<void> r) {
        const auto details = std::static_pointer_cast<NodeDetails>(r);
        m_details->setDetails(*details, outcome->data->qiNames(),
                              stateName(m_view->item()->state(details->id)));
        // The Explain tab stays open while its fixes select other nodes.
        if (m_view->selection().size() < 2 && m_details->tabs()->currentWidget() != m_explain)
            m_details->tabs()->setCurrentIndex(0);
    });
    connect(m_detailsJob, &Job::failed, this, [this](const QString& e) { m_details->clear(e); });
    m_detailsJob->start();
}

void LatticePerspective::showComparison() {
    const std::vector<NodeId>& selection = m_view->selection();
    if (!m_comparisonPending || selection.empty() || !m_view->item()) return;
    std::vector<NodeMetrics> nodes;
    QStringList states;
    std::vector<NodeId> missing;
    for (NodeId id : selection) {
        const NodeMetrics* m = m_nodes->metrics(id);
        if (!m) {
            missing.push_back(id);
            continue;
        }
        nodes.push_back(*m);
        states << stateName(m_view->item()->state(id));
    }
    // The rest arrive with nodesMeasured, which calls this again.
    if (!missing.empty()) {
        m_nodes->requestNodes(missing);
        return;
    }
    m_comparisonPending = false;
    m_details->setComparison(nodes, states);
}

}  // namespace ldv::ui
