#include "lattice/frontierpanel.h"

#include "format/nodemetricstext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QFile>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "charts/panelchart.h"  // seriesColor
#include "charts/plotexport.h"
#include "format/populationtext.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "project/job.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "widgets/filedialogs.h"

namespace ldv::ui {

namespace {
QString requirementText(const FrontierPoint& p) {
    QStringList parts;
    for (const std::string& c : p.criteria) parts << QString::fromStdString(c);
    return parts.join(QStringLiteral(" + "));
}

/// Plain numbers (the CSV export, the suppression percentages): no digit grouping, which
/// would split a CSV field. Measures in the table use measureText.
QString number(double v) {
    return QString::number(v, 'g', 6);
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return item;
}

/// Suppression limits typed as percentages ("0, 1, 2, 5") become fractions.
std::vector<double> parseLimits(const QString& text) {
    std::vector<double> out;
    for (const QString& part : text.split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const double v = part.trimmed().toDouble(&ok);
        if (!ok || v < 0 || v > 100)
            throw ParameterError("suppression limit '" + part.trimmed().toStdString() +
                                 "' is not a percentage between 0 and 100");
        out.push_back(v / 100);
    }
    if (out.empty()) throw ParameterError("give at least one suppression limit, e.g. 0");
    return out;
}
}  // namespace

FrontierPanel::FrontierPanel(QWidget* parent)
    : SessionJobPanel(parent),
      m_grid(new QLineEdit(QStringLiteral("k=2..50"), this)),
      m_grid2(new QLineEdit(this)),
      m_suppression(new QLineEdit(QStringLiteral("0, 1, 2, 5"), this)),
      m_keepOthers(new QCheckBox(this)),
      m_risk(new QComboBox(this)),
      m_population(new QLineEdit(this)),
      m_run(new QPushButton(tr("Compute frontier"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_status(new QLabel(this)),
      m_plot(new QCustomPlot(this)),
      m_table(new QTableWidget(0, 6, this)) {
    setObjectName("frontierPanel");
    m_grid->setObjectName("frontierGrid");
    m_grid->setToolTip(
        tr("A criterion with one parameter ranging: k=2..50, entropy-l=2..6, "
           "recursive-cl=3,2..5, entropy-l=2..4:0.5 (step 0.5), k=2,5,10"));
    m_grid2->setObjectName("frontierGrid2");
    m_grid2->setPlaceholderText(tr("optional, e.g. entropy-l=2..4"));
    m_grid2->setToolTip(
        tr("A second grid: every requirement is a pair of both grids' values "
           "(the cross product)"));
    m_suppression->setObjectName("frontierSuppression");
    m_suppression->setToolTip(
        tr("Suppression limits in percent of the rows, comma separated; "
           "every requirement is taken at each"));
    m_keepOthers->setObjectName("frontierKeepOthers");
    m_keepOthers->setText(tr("Also require the project's other criteria"));
    m_keepOthers->setChecked(true);
    m_keepOthers->setToolTip(
        tr("Every requirement also holds the project's criteria of other "
           "kinds than the grids' (e.g. its ℓ-diversity when the grid "
           "ranges k)"));
    m_risk->setObjectName("frontierRisk");
    m_risk->addItem(tr("Prosecutor (highest, 1 / smallest class)"), int(FrontierRisk::Prosecutor));
    m_risk->addItem(tr("Journalist (highest, needs population)"), int(FrontierRisk::Journalist));
    m_risk->addItem(tr("Marketer (records re-identified)"), int(FrontierRisk::Marketer));
    m_risk->setToolTip(
        tr("Re-identification risk on the horizontal axis (El Emam & Dankar 2008): prosecutor "
           "knows the target is in the table; journalist matches against the population; "
           "marketer re-identifies as many records as possible"));
    m_population->setObjectName("frontierPopulation");
    m_population->setPlaceholderText(tr("population size N"));
    m_population->setToolTip(
        tr("Size of the population the table was sampled from (journalist "
           "risk); at least the table's rows. The project's one value: the Risk and Export "
           "perspectives show and edit it too"));
    m_run->setObjectName("frontierRun");
    m_run->setToolTip(
        tr("Find the optimum of every requirement of the grid (in the "
           "background) and plot its risk and utility"));
    m_cancel->setObjectName("frontierCancel");
    m_cancel->setToolTip(tr("Stop computing the frontier"));
    m_cancel->setEnabled(false);
    m_status->setObjectName("frontierStatus");
    m_status->setWordWrap(true);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(10);

    m_plot->setObjectName("frontierPlot");
    m_plot->setMinimumHeight(180);
    m_plot->installEventFilter(this);
    m_plot->setMouseTracking(true);
    m_plot->setToolTip(
        tr("Click a point to select its node in the lattice; right-click to "
           "export the chart"));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

    m_table->setObjectName("frontierTable");
    m_table->setHorizontalHeaderLabels({tr("Requirement"), tr("Suppr. %"), tr("Optimum"),
                                        tr("Risk"), tr("Utility"), tr("Pareto")});
    m_table->verticalHeader()->setVisible(false);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->setToolTip(tr("Every requirement and its optimum; click a row to select the node"));
    connect(m_table, &QTableWidget::cellClicked, this,
            [this](int row, int) { choosePoint(std::size_t(row)); });

    auto* form = new QFormLayout;
    form->addRow(tr("Criteria grid"), m_grid);
    form->addRow(tr("Second grid"), m_grid2);
    form->addRow(tr("Suppression %"), m_suppression);
    form->addRow(QString(), m_keepOthers);
    auto* riskRow = new QHBoxLayout;
    riskRow->addWidget(m_risk, 1);
    riskRow->addWidget(m_population);
    form->addRow(tr("Risk"), riskRow);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress, 1);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_plot);
    split->addWidget(m_table);
    split->setSizes({330, 150});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    auto updatePopulation = [this] {
        m_population->setEnabled(FrontierRisk(m_risk->currentData().toInt()) ==
                                 FrontierRisk::Journalist);
    };
    connect(m_risk, &QComboBox::currentIndexChanged, this, updatePopulation);
    updatePopulation();
    connect(m_run, &QPushButton::clicked, this, &FrontierPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &FrontierPanel::cancel);
    connect(m_grid, &QLineEdit::returnPressed, this, &FrontierPanel::run);
    m_status->setText(tr("Choose a grid of requirements and compute their optima."));
    showResult();
}

void FrontierPanel::setSession(SearchSession* session) {
    follow(session);
    cancel();
    m_result.reset();
    if (session)
        connect(session, &SearchSession::projectChanged, this, [this] {
            cancel();
            m_result.reset();
            restoreResult();
            showResult();
        });
    restoreResult();
    showResult();
    followPopulation();
}

namespace {
const QString kFrontier = QStringLiteral("frontier");
}

void FrontierPanel::storeResult() {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project || !m_result) return;
    QJsonArray points;
    for (const FrontierPoint& p : m_result->points) {
        QJsonArray criteria, levels;
        for (const std::string& c : p.criteria) criteria.append(QString::fromStdString(c));
        if (p.optimum)
            for (int l : *p.optimum) levels.append(l);
        points.append(QJsonObject{{"criteria", criteria},
                                  {"suppression", p.suppression},
                                  {"optimum", p.optimum ? QJsonValue(levels) : QJsonValue()},
                                  {"risk", p.riskValue},
                                  {"utility", p.utility},
                                  {"pareto", p.pareto}});
    }
    // Saved with the next save, not worth a question on close (like the last search result).
    project->setWorkbenchValue(kFrontier,
                               QJsonObject{{"grid", m_grid->text()},
                                           {"grid2", m_grid2->text()},
                                           {"suppression", m_suppression->text()},
                                           {"keep_others", m_keepOthers->isChecked()},
                                           {"risk", m_risk->currentData().toInt()},
                                           {"metric_name", m_metricName},
                                           {"risk_name", m_riskName},
                                           {"grid_count", int(m_gridCount)},
                                           {"elapsed_ms", m_result->elapsedMs},
                                           {"shared_grouping", m_result->sharedGrouping},
                                           {"points", points}},
                               false);
}

void FrontierPanel::restoreResult() {
    const Project* project = m_session ? m_session->project() : nullptr;
    if (!project) return;
    const QJsonObject saved = project->workbenchValue(kFrontier).toObject();
    if (saved.isEmpty()) return;
    m_grid->setText(saved.value("grid").toString(m_grid->text()));
    m_grid2->setText(saved.value("grid2").toString());
    m_suppression->setText(saved.value("suppression").toString(m_suppression->text()));
    m_keepOthers->setChecked(saved.value("keep_others").toBool(true));
    if (const int i = m_risk->findData(saved.value("risk").toInt()); i >= 0)
        m_risk->setCurrentIndex(i);
    // A project file is input: a point whose node does not fit this project's lattice (or a
    // malformed entry) drops the saved points, never a view that reads past the lattice.
    const std::vector<int> heights = project->qiHeights();
    auto result = std::make_shared<FrontierResult>();
    for (const QJsonValue& v : saved.value("points").toArray()) {
        const QJsonObject o = v.toObject();
        FrontierPoint p;
        for (const QJsonValue& c : o.value("criteria").toArray())
            p.criteria.push_back(c.toString().toStdString());
        p.suppression = o.value("suppression").toDouble();
        p.riskValue = o.value("risk").toDouble();
        p.utility = o.value("utility").toDouble();
        p.pareto = o.value("pareto").toBool();
        if (o.value("optimum").isArray()) {
            Levels levels;
            for (const QJsonValue& l : o.value("optimum").toArray()) levels.push_back(l.toInt(-1));
            if (levels.size() != heights.size()) return;
            for (std::size_t i = 0; i < levels.size(); ++i)
                if (levels[i] < 0 || levels[i] > heights[i]) return;
            p.optimum = std::move(levels);
        }
        if (!std::isfinite(p.riskValue) || !std::isfinite(p.utility)) return;
        result->points.push_back(std::move(p));
    }
    for (std::size_t i = 0; i < result->points.size(); ++i)
        if (result->points[i].pareto) result->pareto.push_back(i);
    m_metricName = saved.value("metric_name").toString();
    m_riskName = saved.value("risk_name").toString();
    m_gridCount = std::size_t(std::max(1, saved.value("grid_count").toInt(1)));
    result->elapsedMs = saved.value("elapsed_ms").toDouble();
    result->sharedGrouping = saved.value("shared_grouping").toBool();
    // grid_count names how many leading criteria are the grids' (the rest are the project's).
    for (const FrontierPoint& p : result->points)
        if (p.criteria.size() < m_gridCount) return;
    if (!result->points.empty()) m_result = std::move(result);
}

void FrontierPanel::followPopulation() {
    const Project* project = m_session ? m_session->project() : nullptr;
    if (project && !m_population->hasFocus())
        m_population->setText(populationText(project->searchSettings().populationSize));
}

void FrontierPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    followPopulation();
}

void FrontierPanel::cancel() {
    if (isRunning()) m_job->cancel();
}

void FrontierPanel::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setValue(0);
}

bool FrontierPanel::run() {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project) {
        m_status->setText(tr("Open a project first."));
        return false;
    }
    FrontierConfig config;
    try {
        config.grids.push_back(expandCriteriaGrid(m_grid->text().trimmed().toStdString()));
        if (!m_grid2->text().trimmed().isEmpty())
            config.grids.push_back(expandCriteriaGrid(m_grid2->text().trimmed().toStdString()));
        config.suppressions = parseLimits(m_suppression->text());
        if (m_keepOthers->isChecked()) {
            std::vector<CriterionKind> gridKinds;
            for (const auto& grid : config.grids)
                if (!grid.empty()) gridKinds.push_back(parseCriterionSpec(grid.front()).kind);
            for (const std::string& spec : project->searchSettings().criteria)
                if (std::find(gridKinds.begin(), gridKinds.end(), parseCriterionSpec(spec).kind) ==
                    gridKinds.end())
                    config.fixed.push_back(spec);
        }
        // The frontier binds its requirements without a population size or research subset:
        // say so in the workbench's words rather than let the core ask for command-line
        // options.
        std::vector<std::string> requirement = config.fixed;
        for (const auto& grid : config.grids)
            requirement.insert(requirement.end(), grid.begin(), grid.end());
        for (const std::string& spec : requirement) {
            const CriterionKind kind = parseCriterionSpec(spec).kind;
            if (kind == CriterionKind::KMap || kind == CriterionKind::PopulationUniqueness ||
                kind == CriterionKind::DeltaPresence)
                throw ParameterError(
                    tr("the frontier cannot judge '%1' (it takes no population size or research "
                       "subset): leave it out of the grids, or untick 'Also require the "
                       "project's other criteria'")
                        .arg(QString::fromStdString(spec))
                        .toStdString());
        }
        config.metric = project->searchSettings().metric;
        config.risk = FrontierRisk(m_risk->currentData().toInt());
        if (config.risk == FrontierRisk::Journalist) {
            const PopulationInput input =
                parsePopulation(m_population->text(), project->table().rowCount());
            if (!input.ok) throw ParameterError(input.error.toStdString());
            if (!input.value)
                throw ParameterError(tr("the journalist risk needs the population size N: type "
                                        "it here, or in the Risk or Export perspective")
                                         .toStdString());
            // The project's one N (undoable): Risk's and Export's fields follow.
            project->setPopulationSize(input.value);
            config.populationSize = *input.value;
        }
    } catch (const std::exception& e) {
        m_status->setText(QString::fromStdString(e.what()));
        return false;
    }
    // The search's dataset when it is current (its lattice is the one shown), else the
    // project's, prepared on the worker.
    const auto outcome = m_session->outcome();
    std::shared_ptr<const Workspace> prepared =
        outcome && !m_session->isStale() ? outcome->data : nullptr;
    const DataSnapshot snapshot = snapshotOf(*project);
    auto work = [prepared, snapshot, config](Feedback& feedback) -> std::shared_ptr<void> {
        const std::shared_ptr<const Workspace> data = prepared ? prepared : snapshot.prepare();
        return std::make_shared<FrontierResult>(frontier(data->dataset(), config, &feedback));
    };
    m_metricName = QString::fromStdString(std::string(metricName(config.metric)));
    m_gridCount = config.grids.size();
    m_riskName = m_risk->currentText().section(' ', 0, 0);
    delete m_job;
    m_job = new Job(tr("Computing the frontier"), work, this);
    connect(m_job, &Job::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_result = std::static_pointer_cast<const FrontierResult>(r);
        storeResult();
        showResult();
    });
    connect(m_job, &Job::failed, this, [this](const QString& e) { m_status->setText(e); });
    connect(m_job, &Job::cancelled, this,
            [this] { m_status->setText(tr("Frontier cancelled; the previous one is shown.")); });
    connect(m_job, &Job::finished, this, [this] { setRunning(false); });
    setRunning(true);
    m_status->setText(tr("Computing the optimum of each of %1 requirements…")
                          .arg(qulonglong(config.suppressions.size()) *
                               qulonglong(std::max<std::size_t>(1, config.grids[0].size())) *
                               qulonglong(config.grids.size() > 1 ? config.grids[1].size() : 1)));
    m_job->start();
    return true;
}

void FrontierPanel::showResult() {
    // Every plottable: the Pareto line is a QCPCurve, which clearGraphs() would leave behind
    // (a second result showed it twice in the legend).
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_table->setRowCount(0);
    m_plot->xAxis->setLabel(
        tr("Re-identification risk (%1)")
            .arg(m_riskName.isEmpty() ? tr("prosecutor") : m_riskName.toLower()));
    m_plot->yAxis->setLabel(tr("Information loss: %1 (lower is better)")
                                .arg(m_metricName.isEmpty() ? tr("utility metric") : m_metricName));
    m_plot->legend->setVisible(bool(m_result));
    if (!m_result) {
        m_plot->replot();
        return;
    }
    QVector<double> ox, oy, px, py;
    const auto& points = m_result->points;
    std::size_t feasible = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const FrontierPoint& p = points[i];
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, cell(requirementText(p)));
        m_table->setItem(row, 1, cell(number(p.suppression * 100)));
        m_table->setItem(row, 2,
                         cell(p.optimum ? QStringLiteral("[%1]").arg(
                                              QString::fromStdString(formatLevels(*p.optimum)))
                                        : tr("none satisfies")));
        m_table->setItem(row, 3, cell(p.optimum ? measureText(p.riskValue) : QString()));
        m_table->setItem(row, 4, cell(p.optimum ? measureText(p.utility) : QString()));
        m_table->setItem(row, 5, cell(p.pareto ? tr("yes") : QString()));
        if (!p.optimum) continue;
        ++feasible;
        (p.pareto ? px : ox).push_back(p.riskValue);
        (p.pareto ? py : oy).push_back(p.utility);
    }
    QCPGraph* others = m_plot->addGraph();
    others->setName(tr("requirement's optimum"));
    others->setLineStyle(QCPGraph::lsNone);
    others->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(0x88, 0x88, 0x88), Qt::white, 7));
    others->setData(ox, oy);
    // The Pareto points joined in order of risk: the trade-off curve.
    std::vector<std::pair<double, double>> front;
    for (int i = 0; i < px.size(); ++i) front.emplace_back(px[i], py[i]);
    std::sort(front.begin(), front.end());
    QCPCurve* curve = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    curve->setName(tr("Pareto-optimal"));
    curve->setPen(QPen(seriesColor(0), 2));
    curve->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDisc, seriesColor(0), seriesColor(0), 9));
    QVector<double> cx, cy;
    for (const auto& [x, y] : front) {
        cx << x;
        cy << y;
    }
    curve->setData(cx, cy);
    m_plot->rescaleAxes();
    // Some air around the points, so that none sits on the frame.
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        const QCPRange r = axis->range();
        const double pad = r.size() > 0 ? r.size() * 0.06 : std::max(1e-3, std::abs(r.lower) * 0.1);
        axis->setRange(r.lower - pad, r.upper + pad);
    }
    m_plot->replot();
    QString fixed;
    if (!m_result->points.empty()) {
        const FrontierPoint& first = m_result->points.front();
        QStringList grids;
        for (std::size_t i = m_gridCount; i < first.criteria.size(); ++i)
            grids << QString::fromStdString(first.criteria[i]);
        if (!grids.isEmpty()) fixed = tr(" · each also requires %1").arg(grids.join(", "));
    }
    m_status->setText(
        tr("%1 requirements, %2 with an optimum, %3 Pareto-optimal · %4 ms%5%6")
            .arg(points.size())
            .arg(feasible)
            .arg(m_result->pareto.size())
            .arg(m_result->elapsedMs, 0, 'f', 0)
            .arg(m_result->sharedGrouping ? tr(" (one grouping shared by the grid)") : QString(),
                 fixed));
}

QPoint FrontierPanel::pointPixel(std::size_t index) const {
    if (!m_result || index >= m_result->points.size()) return {};
    const FrontierPoint& p = m_result->points[index];
    return QPoint(int(std::lround(m_plot->xAxis->coordToPixel(p.riskValue))),
                  int(std::lround(m_plot->yAxis->coordToPixel(p.utility))));
}

int FrontierPanel::pointAt(const QPoint& pos) const {
    if (!m_result) return -1;
    int best = -1;
    double bestDistance = 10 * 10;
    for (std::size_t i = 0; i < m_result->points.size(); ++i) {
        if (!m_result->points[i].optimum) continue;
        const QPoint d = pointPixel(i) - pos;
        const double distance = double(d.x()) * d.x() + double(d.y()) * d.y();
        // Coinciding points: the Pareto one (the one drawn on top) wins.
        if (distance < bestDistance ||
            (distance == bestDistance && best >= 0 && m_result->points[i].pareto &&
             !m_result->points[std::size_t(best)].pareto)) {
            bestDistance = distance;
            best = int(i);
        }
    }
    return best;
}

void FrontierPanel::choosePoint(std::size_t index) {
    if (!m_result || index >= m_result->points.size()) return;
    const FrontierPoint& p = m_result->points[index];
    if (!p.optimum) return;
    m_table->selectRow(int(index));
    emit nodeRequested(QString::fromStdString(formatLevels(*p.optimum)));
}

bool FrontierPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_plot) return QWidget::eventFilter(watched, event);
    if (event->type() == QEvent::MouseButtonRelease) {
        auto* mouse = static_cast<QMouseEvent*>(event);
        if (mouse->button() == Qt::LeftButton) {
            const int i = pointAt(mouse->position().toPoint());
            if (i >= 0) choosePoint(std::size_t(i));
        }
    } else if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = pointAt(help->pos());
        if (i >= 0) {
            const FrontierPoint& p = m_result->points[std::size_t(i)];
            QToolTip::showText(
                help->globalPos(),
                tr("%1, suppression %2 %<br>optimum [%3]%4<br>risk %5, %6 %7")
                    .arg(requirementText(p).toHtmlEscaped(), number(p.suppression * 100),
                         QString::fromStdString(formatLevels(*p.optimum)),
                         p.pareto ? tr(" — Pareto-optimal") : QString(), number(p.riskValue),
                         m_metricName, measureText(p.utility)),
                m_plot);
            return true;
        }
    } else if (event->type() == QEvent::ContextMenu) {
        auto* menu = new QMenu(this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->addAction(tr("Export chart…"), this, [this] {
            const QString path = filedialogs::saveFile(
                this, filedialogs::Kind::Export, tr("Export frontier"), "frontier.png",
                tr("PNG (*.png);;PDF (*.pdf);;SVG (*.svg);;CSV (*.csv)"));
            if (!path.isEmpty()) exportTo(path);
        });
        menu->popup(static_cast<QContextMenuEvent*>(event)->globalPos());
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

QString FrontierPanel::csv() const {
    QString out = QStringLiteral("requirement,suppression,optimum,risk,utility,pareto\n");
    if (!m_result) return out;
    for (const FrontierPoint& p : m_result->points)
        out += QStringLiteral("\"%1\",%2,\"%3\",%4,%5,%6\n")
                   .arg(requirementText(p), number(p.suppression),
                        p.optimum ? QString::fromStdString(formatLevels(*p.optimum)) : QString(),
                        p.optimum ? number(p.riskValue) : QString(),
                        p.optimum ? number(p.utility) : QString(), p.pareto ? "1" : "0");
    return out;
}

bool FrontierPanel::exportTo(const QString& path) const {
    if (path.endsWith(".csv", Qt::CaseInsensitive)) {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
        return file.write(csv().toUtf8()) >= 0;
    }
    return exportPlot(m_plot, path, 800, 520, tr("Risk–utility frontier"));
}

}  // namespace ldv::ui
