#include "risk/riskperspective.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <functional>

#include "charts/panelchart.h"
#include "format/populationtext.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/transform/transformation.h"
#include "ldiv/workflow/risk_report.h"
#include "project/job.h"
#include "project/project.h"
#include "risk/riskcombinationmodel.h"
#include "session/nodechoice.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"
#include "widgets/scrollpanel.h"

namespace ldv::ui {

namespace {

QString percent(double fraction) {
    return QStringLiteral("%1 %").arg(fraction * 100, 0, 'g', 4);
}

// Short tick labels ("33.4", "100"): about 25 bands have to fit under the chart; the axis
// title says they are upper bounds in percent.
QString boundLabel(double bound) {
    return QString::number(bound * 100, 'g', 3);
}

}  // namespace

ChartData riskChartData(const RiskReport& report, const QString& nodeName) {
    ChartData chart;
    chart.title = QObject::tr("Prosecutor re-identification risk");
    chart.note = report.after
                     ? QObject::tr("Records per risk band: the original table and %1").arg(nodeName)
                     : QObject::tr("Records per risk band of the original table");
    ChartPanel panel;
    panel.kind = ChartPanel::Kind::GroupedBars;
    panel.xLabel = QObject::tr("prosecutor risk of a record = 1 / class size (%), up to");
    panel.yLabel = QObject::tr("records (%)");
    const auto& bins = report.before.analysis.distribution;
    const auto* afterBins = report.after ? &report.after->analysis.distribution : nullptr;
    // Only the bands from the first to the last one holding records on either side: the
    // scale has about 25 bands, most of them empty for a given table.
    int first = -1, last = -1;
    for (int i = 0; i < int(bins.size()); ++i) {
        const bool used =
            bins[std::size_t(i)].fraction > 0 ||
            (afterBins && i < int(afterBins->size()) && (*afterBins)[std::size_t(i)].fraction > 0);
        if (!used) continue;
        if (first < 0) first = i;
        last = i;
    }
    if (first < 0) return chart;
    ChartSeries before{QObject::tr("original table"), {}};
    ChartSeries after{nodeName, {}};
    for (int i = first; i <= last; ++i) {
        panel.categories << boundLabel(bins[std::size_t(i)].upperBound);
        before.values << bins[std::size_t(i)].fraction * 100;
        if (afterBins)
            after.values << (i < int(afterBins->size())
                                 ? (*afterBins)[std::size_t(i)].fraction * 100
                                 : 0.0);
    }
    panel.series << before;
    if (afterBins) panel.series << after;
    chart.panels << panel;
    return chart;
}

RiskPerspective::RiskPerspective(QWidget* parent)
    : NodeAssessment(parent),
      m_title(new QLabel(this)),
      m_population(new QLineEdit(this)),
      m_populationError(new QLabel(this)),
      m_threshold(new QDoubleSpinBox(this)),
      m_suda2(new QCheckBox(tr("SUDA2"), this)),
      m_compute(new QPushButton(tr("&Compute"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_figures(new QTableWidget(this)),
      m_chart(new PanelChart(this)),
      m_combinations(new RiskCombinationModel(this)),
      m_sorted(new QSortFilterProxyModel(this)),
      m_combinationView(new QTableView(this)),
      m_combinationNote(new QLabel(this)),
      m_combinationFilter(new QLineEdit(this)),
      m_combinationCsv(new QPushButton(tr("Save table as CSV…"), this)) {
    m_status = new QLabel(this);
    setObjectName("riskPerspective");
    m_title->setStyleSheet(QStringLiteral("font-weight: bold; font-size: 13pt;"));
    m_title->setText(tr("Re-identification risk"));

    m_population->setObjectName("populationSize");
    m_population->setPlaceholderText(tr("not given"));
    m_population->setClearButtonEnabled(true);
    m_population->setFixedWidth(140);  // its clear button must not move the controls
    m_population->setToolTip(
        tr("N, the number of people in the population the data is a sample of. Needed for "
           "journalist risk, population uniqueness and the k-map criterion; saved in the "
           "project. Leave empty when the table is the whole population."));
    m_populationError->setObjectName("populationError");
    m_populationError->setStyleSheet("color: #D55E00");
    m_populationError->setWordWrap(true);
    m_populationError->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* populationLabel = new QLabel(tr("&Population size N:"), this);
    populationLabel->setBuddy(m_population);
    populationLabel->setToolTip(m_population->toolTip());

    m_threshold->setObjectName("riskThreshold");
    m_threshold->setRange(0.01, 100);
    m_threshold->setDecimals(2);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setValue(20);
    m_threshold->setToolTip(
        tr("Records whose risk is above this are counted as \"records above the threshold\" "
           "(20 % = classes of fewer than 5 records)"));
    auto* thresholdLabel = new QLabel(tr("&Threshold:"), this);
    thresholdLabel->setBuddy(m_threshold);
    thresholdLabel->setToolTip(m_threshold->toolTip());

    m_suda2->setObjectName("suda2");
    m_suda2->setToolTip(
        tr("Also find each record's minimal sample uniques (SUDA2, Manning, Haglin & Keane 2008: "
           "the smallest sets of quasi-identifiers on which no other record shares its values) "
           "and their scores, as sdcMicro's suda2. Can take a while with many "
           "quasi-identifiers; Cancel stops it."));
    m_suda2->setChecked(QSettings().value("risk/suda2", false).toBool());

    m_compute->setObjectName("computeRisk");
    m_compute->setToolTip(
        tr("Compute the risk of the original table and of the node chosen in "
           "the lattice, in the background"));
    m_cancel->setToolTip(tr("Stop the computation"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->setToolTip(tr("Progress of the risk computation"));
    m_status->setObjectName("riskStatus");
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* controls = new QHBoxLayout;
    controls->addWidget(populationLabel);
    controls->addWidget(m_population);
    controls->addWidget(thresholdLabel);
    controls->addWidget(m_threshold);
    controls->addWidget(m_suda2);
    controls->addSpacing(12);
    controls->addWidget(m_compute);
    controls->addWidget(m_cancel);
    controls->addWidget(m_progress);
    controls->addStretch(1);
    controls->addWidget(new QLabel(tr("Chart:"), this));
    for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("pdf"),
                                  QStringLiteral("svg"), QStringLiteral("csv")}) {
        auto* b = new QPushButton(suffix.toUpper(), this);
        b->setObjectName("riskExport_" + suffix);
        b->setToolTip(suffix == "csv" ? tr("Save the histogram's data as CSV")
                                      : tr("Save the risk histogram as %1").arg(suffix.toUpper()));
        connect(b, &QPushButton::clicked, this, [this, suffix] { exportDialog(suffix); });
        controls->addWidget(b);
        m_exports << b;
    }

    m_figures->setObjectName("riskFigures");
    m_figures->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_figures->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_figures->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_figures->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_figures->setMinimumWidth(360);
    m_figures->setToolTip(
        tr("Risk figures of the original table and of the node's published "
           "table (suppressed records left out). Hover over a row for its "
           "definition."));
    m_chart->setObjectName("riskChart");
    m_chart->setEmptyText(tr("No risk computed yet"));
    m_chart->setToolTip(tr("Share of records per band of prosecutor risk; right-click to export"));
    m_chart->setMinimumHeight(160);

    m_sorted->setSourceModel(m_combinations);
    m_sorted->setSortRole(Qt::UserRole);
    m_sorted->setFilterKeyColumn(RiskCombinationModel::Attributes);
    m_sorted->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_combinationView->setObjectName("riskCombinations");
    m_combinationView->setModel(m_sorted);
    m_combinationView->setSortingEnabled(true);
    m_combinationView->sortByColumn(RiskCombinationModel::Size, Qt::AscendingOrder);
    m_combinationView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_combinationView->verticalHeader()->hide();
    // Numbers get the width of their header, the attribute names the rest (measuring the
    // contents would read all 2^q − 1 rows).
    m_combinationView->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_combinationView->horizontalHeader()->setStretchLastSection(false);
    m_combinationView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_combinationView->setMinimumHeight(90);
    m_combinationView->setToolTip(
        tr("Distinction and separation of every combination of quasi-identifiers (Motwani & "
           "Xu 2007): the combinations near 100 % make records unique. Click a header to "
           "sort."));
    m_combinationFilter->setObjectName("riskCombinationFilter");
    m_combinationFilter->setPlaceholderText(tr("Filter attributes…"));
    m_combinationFilter->setClearButtonEnabled(true);
    m_combinationFilter->setMaximumWidth(220);
    m_combinationFilter->setToolTip(
        tr("Show only combinations whose attributes contain this text"));
    m_combinationCsv->setToolTip(tr("Save the combination table (every row) as CSV"));
    m_combinationNote->setWordWrap(true);
    auto* combinationHeader = new QHBoxLayout;
    auto* combinationTitle =
        new QLabel(tr("<b>Attribute combinations</b> (distinction and separation, Motwani & Xu "
                      "2007)"),
                   this);
    combinationHeader->addWidget(combinationTitle, 1);
    // A label, not only a placeholder: the placeholder goes as soon as the user types.
    auto* filterLabel = new QLabel(tr("Fi&lter:"), this);
    filterLabel->setObjectName("riskCombinationFilterLabel");
    filterLabel->setBuddy(m_combinationFilter);
    filterLabel->setToolTip(m_combinationFilter->toolTip());
    combinationHeader->addWidget(filterLabel);
    combinationHeader->addWidget(m_combinationFilter);
    combinationHeader->addWidget(m_combinationCsv);
    auto* combinationBox = new QWidget(this);
    auto* combinationLayout = new QVBoxLayout(combinationBox);
    combinationLayout->setContentsMargins(0, 0, 0, 0);
    combinationLayout->addLayout(combinationHeader);
    combinationLayout->addWidget(m_combinationNote);
    combinationLayout->addWidget(m_combinationView, 1);

    auto* upper = new QSplitter(Qt::Horizontal, this);
    upper->setChildrenCollapsible(false);
    upper->addWidget(m_figures);
    upper->addWidget(m_chart);
    upper->setStretchFactor(1, 1);
    upper->setSizes({460, 800});
    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(upper);
    split->addWidget(combinationBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({330, 200});

    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_title);
    topLayout->addLayout(controls);
    topLayout->addWidget(m_populationError);
    topLayout->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(9, 6, 9, 9);
    layout->addWidget(scrollPanel(top, this, true));
    layout->addWidget(split, 1);
    // The controls' row is one line; the scroll panel only matters at 200 % scaling.
    top->setMinimumHeight(0);

    connect(m_compute, &QPushButton::clicked, this, &RiskPerspective::compute);
    connect(m_cancel, &QPushButton::clicked, this, &RiskPerspective::cancel);
    connect(m_population, &QLineEdit::editingFinished, this, &RiskPerspective::populationEdited);
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this,
            [this] { markStale(tr("the threshold changed")); });
    connect(m_suda2, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue("risk/suda2", on);
        markStale(on ? tr("SUDA2 was asked for") : tr("SUDA2 was turned off"));
    });
    connect(m_combinationFilter, &QLineEdit::textChanged, m_sorted,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_combinationCsv, &QPushButton::clicked, this, &RiskPerspective::exportCombinations);
    setRunning(false);
    showReport();
}

void RiskPerspective::projectChanged() {
    m_report.reset();
    followProjectPopulation();
    m_populationError->clear();
    showReport();
}

void RiskPerspective::searchSettingsChanged() {
    followProjectPopulation();
    NodeAssessment::searchSettingsChanged();
}

std::shared_ptr<const SearchOutcome> RiskPerspective::usableOutcome() const {
    return ui::usableOutcome(m_session, m_project, m_dataChanged);
}

void RiskPerspective::compute() {
    if (!m_project) return;
    dropJob();
    RiskOptions options;
    options.populationSize = m_project->searchSettings().populationSize;
    options.threshold = m_threshold->value() / 100;
    const std::shared_ptr<const SearchOutcome> outcome = usableOutcome();
    std::optional<Levels> levels;
    QString nodeName;
    if (outcome)
        if (const std::optional<NodeChoice> choice = chooseNode(*outcome, m_node)) {
            levels = choice->levels;
            nodeName = choice->name;
        }
    // Without a current search the original table is analyzed from a fresh snapshot.
    std::optional<DataSnapshot> snapshot;
    if (!outcome) snapshot = snapshotOf(*m_project);
    const bool suda2 = m_suda2->isChecked();
    // With a per-class model chosen in Privacy ▸ Transformation, its table is what is published,
    // so it is the "after" side (grouped as it stands, as `ldiv risk --published` does).
    const QString model = m_session ? m_session->transformation() : QStringLiteral("full-domain");
    const QString aggregate = m_session ? m_session->transformationAggregate() : QString();
    const bool transformed = outcome && levels && model != "full-domain";
    if (transformed) nodeName = tr("the %1 table").arg(model);
    auto work = [outcome, snapshot, levels, options, suda2, transformed, model,
                 aggregate](Feedback& feedback) -> std::shared_ptr<void> {
        if (transformed) {
            const Dataset& d = outcome->judged();
            const TransformedTable t = transformTable(
                *outcome->data, d, outcome->config,
                transformationSpecOf({model.toStdString(), aggregate.toStdString()}, d));
            feedback.checkCancelled();
            return std::make_shared<RiskReport>(
                computePublishedRiskReport(*outcome->data, t.table, t.outcome.classes.sizes,
                                           t.outcome.suppressedRows, options, &feedback, suda2));
        }
        std::shared_ptr<const Workspace> data =
            outcome ? outcome->data : std::shared_ptr<const Workspace>(snapshot->prepare());
        return std::make_shared<RiskReport>(
            computeRiskReport(*data, levels ? &outcome->config : nullptr,
                              levels ? &*levels : nullptr, options, &feedback, suda2));
    };
    m_job = new Job(tr("Computing the risk"), work, this);
    connect(m_job, &Job::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_job, &Job::succeeded, this, [this, nodeName](std::shared_ptr<void> r) {
        m_report = std::static_pointer_cast<const RiskReport>(r);
        m_reportNode = nodeName;
        m_stale = false;
        showReport();
    });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        m_status->setText(tr("Risk not computed: %1").arg(message));
    });
    connect(m_job, &Job::cancelled, this,
            [this] { m_status->setText(tr("Cancelled. Press Compute to start again.")); });
    connect(m_job, &Job::finished, this, [this] {
        setRunning(false);
        emit finished();
    });
    m_stale = false;  // a change while running marks it stale again
    setRunning(true);
    m_status->setText(tr("Computing the risk…"));
    m_job->start();
}

void RiskPerspective::setRunning(bool running) {
    m_compute->setEnabled(!running && m_project);
    m_cancel->setEnabled(running);
    // The progress bar keeps its place (no buttons moving): empty when idle.
    m_progress->setValue(0);
    m_progress->setTextVisible(running);
    emit runningChanged(running);
}

QString RiskPerspective::statusText() const {
    return m_status->text();
}

void RiskPerspective::showReport() {
    const bool has = m_report != nullptr;
    for (QPushButton* b : m_exports) {
        b->setEnabled(has);
        if (!has) b->setToolTip(tr("Nothing to export yet: compute the risk first"));
    }
    m_combinationCsv->setEnabled(has && !m_report->before.combinations.empty());
    m_combinations->setReport(m_report);
    if (!has) {
        m_title->setText(tr("Re-identification risk"));
        m_status->setText(m_project ? tr("Not computed yet.")
                                    : tr("Open or create a project to see its risk."));
        m_chart->setData({});
        m_combinationNote->clear();
        fillFigures();
        return;
    }
    for (QPushButton* b : m_exports) {
        const QString suffix = b->text().toLower();
        b->setToolTip(suffix == "csv" ? tr("Save the histogram's data as CSV")
                                      : tr("Save the risk histogram as %1").arg(b->text()));
    }
    const RiskReport& r = *m_report;
    m_title->setText(r.after ? tr("Re-identification risk: original table and %1").arg(m_reportNode)
                             : tr("Re-identification risk of the original table"));
    QStringList notes;
    if (!r.after)
        notes << (usableOutcome()
                      ? tr("No node satisfies the criteria: choose one in the Lattice perspective "
                           "to compare.")
                  : m_session && m_session->outcome()
                      ? tr("The project changed since the search: run it again to compare a "
                           "node with the original table.")
                      : tr("Run the search and choose a node in the Lattice perspective to "
                           "compare it with the original table."));
    else if (r.suppressedRows > 0)
        notes << (r.levels.empty()
                      ? tr("The published table leaves out %1; they are not part of its figures.")
                      : tr("The node suppresses %1; they are not part of its figures."))
                     .arg(countOf(r.suppressedRows, "record", "records"));
    if (!r.before.analysis.populationUniques)
        notes << tr("Give the population size N for journalist risk and population uniqueness.");
    m_status->setText(notes.join(' '));
    m_chart->setData(riskChartData(r, m_reportNode));
    m_combinationNote->setText(QString::fromStdString(r.combinationsNote));
    m_combinationNote->setVisible(!r.combinationsNote.empty());
    QHeaderView* header = m_combinationView->horizontalHeader();
    for (int c = 1; c < m_combinations->columnCount(); ++c)
        header->resizeSection(
            c, header->fontMetrics().horizontalAdvance(
                   m_combinations->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString()) +
                   28);
    header->setSectionResizeMode(RiskCombinationModel::Attributes, QHeaderView::Stretch);
    fillFigures();
}

void RiskPerspective::fillFigures() {
    const RiskReport* r = m_report.get();
    const bool after = r && r->after;
    m_figures->clear();
    m_figures->setColumnCount(after ? 2 : 1);
    // "Node": the title above names it (its levels would not fit the column); "Published" for a
    // transformation's table, which is no node.
    const QString afterTitle = r && r->levels.empty() ? tr("Published") : tr("Node");
    m_figures->setHorizontalHeaderLabels(after ? QStringList{tr("Original"), afterTitle}
                                               : QStringList{tr("Original")});
    if (after) m_figures->horizontalHeaderItem(1)->setToolTip(m_reportNode);
    m_figures->horizontalHeaderItem(0)->setToolTip(tr("The table as loaded"));
    struct Row {
        QString label, tip;
        std::function<QString(const RiskAnalysis&)> value;
        /// Instead of `value`, for figures beyond the analysis (survey risk).
        std::function<QString(const RiskSide&)> sideValue = {};
    };
    const QString needsN = tr("needs N");
    auto figure = [](const RiskAnalysis& a, bool journalist) -> const RiskFigures* {
        return journalist ? (a.journalist ? &*a.journalist : nullptr) : &a.prosecutor;
    };
    std::vector<Row> rows{
        {tr("Records"), tr("Records in the table (the node's: without suppressed ones)"),
         [](const RiskAnalysis& a) { return QLocale().toString(qulonglong(a.rows)); }},
        {tr("Classes"), tr("Equivalence classes: records sharing all quasi-identifier values"),
         [](const RiskAnalysis& a) { return QLocale().toString(qulonglong(a.classes)); }},
    };
    for (bool journalist : {false, true}) {
        const QString who = journalist ? tr("Journalist") : tr("Prosecutor");
        const QString model =
            journalist ? tr("The attacker does not know whether the target is in the sample and "
                            "matches against the population: risk 1 / (estimated population class "
                            "size) (El Emam & Dankar 2008).")
                       : tr("The attacker knows the target is in the data: a record's risk is 1 / "
                            "its class size (El Emam & Dankar 2008).");
        auto add = [&](const QString& what, const QString& tip, double RiskFigures::*member) {
            rows.push_back({who + ": " + what, model + ' ' + tip, [=](const RiskAnalysis& a) {
                                const RiskFigures* f = figure(a, journalist);
                                return f ? percent(f->*member) : needsN;
                            }});
        };
        add(tr("highest"), tr("The highest risk of any record."), &RiskFigures::highest);
        add(tr("average"), tr("The mean risk over all records."), &RiskFigures::average);
        add(tr("records at highest"), tr("Share of records whose risk is the highest."),
            &RiskFigures::recordsAtHighest);
        add(tr("records above threshold"),
            tr("Share of records whose risk is above the threshold set above."),
            &RiskFigures::recordsAboveThreshold);
    }
    rows.push_back({tr("Marketer: average"),
                    tr("The attacker re-identifies as many records as possible: the expected "
                       "share is classes ÷ records (El Emam & Dankar 2008)."),
                    [](const RiskAnalysis& a) { return percent(a.marketer); }});
    rows.push_back({tr("Sample uniques"), tr("Share of records alone in their class in this table"),
                    [](const RiskAnalysis& a) { return percent(a.sampleUniques); }});
    const std::pair<QString, QString> estimators[] = {
        {tr("Population uniques: Pitman"), tr("Pitman's sampling formula (Hoshino 2001)")},
        {tr("Population uniques: Zayatz"), tr("Zayatz 1991")},
        {tr("Population uniques: SNB"), tr("Slide negative binomial (Chen & McNulty 1998)")},
        {tr("Population uniques: Dankar et al."),
         tr("The estimate the decision rule of Dankar, El Emam, Neisa & Roffey 2012 picks "
            "(the model it chose is in brackets)")},
    };
    for (int e = 0; e < 4; ++e) {
        rows.push_back(
            {estimators[e].first,
             tr("Estimated share of the population's N people that are unique on the "
                "quasi-identifiers: %1. Needs the population size N.")
                 .arg(estimators[e].second),
             [e, needsN](const RiskAnalysis& a) -> QString {
                 if (!a.populationUniques) return needsN;
                 const PopulationUniqueness& p = *a.populationUniques;
                 const UniquenessEstimate* est[] = {&p.pitman, &p.zayatz, &p.snb, &p.dankar};
                 const UniquenessEstimate& u = *est[e];
                 if (!u.fraction) return tr("none (%1)").arg(QString::fromStdString(u.reason));
                 QString text = percent(*u.fraction);
                 if (e == 3)
                     text += QStringLiteral(" (%1)").arg(QString::fromStdString(p.recommended));
                 return text;
             }});
    }
    // Survey risk, with a weight or household role in the project (docs/risk.md).
    if (r && r->before.survey) {
        const SurveyFigures& f = *r->before.survey;
        auto individual = [](double IndividualRisk::*member, bool asPercent) {
            return [member, asPercent](const RiskSide& side) -> QString {
                if (!side.survey || !side.survey->individual) return QStringLiteral("–");
                const double v = (*side.survey->individual).*member;
                return asPercent ? percent(v) : QLocale().toString(v, 'f', 2);
            };
        };
        const QString bf = tr("Benedetti & Franconi 1998 from the sampling weights in %1 (as "
                              "sdcMicro's indivRisk): the probability that a record is "
                              "re-identified, from its class's size in the sample and the sum "
                              "of its weights.")
                               .arg(QString::fromStdString(f.weight));
        if (f.individual) {
            rows.push_back({tr("Individual risk: highest"), bf + tr(" The highest of any record."),
                            nullptr, individual(&IndividualRisk::highest, true)});
            rows.push_back({tr("Individual risk: expected re-identifications"),
                            bf + tr(" The sum over all records: the number of records an "
                                    "intruder is expected to re-identify (global risk)."),
                            nullptr, individual(&IndividualRisk::global, false)});
        }
        if (f.households)
            rows.push_back(
                {tr("Household risk: highest"),
                 tr("The chance that at least one member of a household (%1) is re-identified: "
                    "1 − Π(1 − rᵢ) over its members (as sdcMicro).")
                     .arg(QString::fromStdString(f.household)),
                 nullptr, [](const RiskSide& side) -> QString {
                     return side.survey && side.survey->households
                                ? percent(side.survey->households->highest)
                                : QStringLiteral("–");
                 }});
    }
    // SUDA2's special uniques (docs/risk.md "SUDA2"), when asked for.
    if (r && r->before.survey && r->before.survey->suda) {
        const QString msu =
            tr("A minimal sample unique (MSU) of a record: a smallest set of quasi-identifiers on "
               "which no other record shares its values (SUDA2, Manning, Haglin & Keane 2008).");
        auto suda = [](std::function<QString(const Suda2Result&)> f) {
            return [f](const RiskSide& side) -> QString {
                return side.survey && side.survey->suda ? f(*side.survey->suda)
                                                        : QStringLiteral("–");
            };
        };
        rows.push_back({tr("SUDA2: records with an MSU"), msu + tr(" Records that have one."),
                        nullptr, suda([](const Suda2Result& s) {
                            std::size_t n = 0;
                            for (const auto& m : s.msus) n += m.empty() ? 0 : 1;
                            return QLocale().toString(qulonglong(n));
                        })});
        rows.push_back({tr("SUDA2: MSUs"), msu + tr(" All of them, over all records."), nullptr,
                        suda([](const Suda2Result& s) {
                            std::uint64_t n = 0;
                            for (std::uint64_t c : s.msusBySize) n += c;
                            return QLocale().toString(qulonglong(n));
                        })});
        rows.push_back({tr("SUDA2: highest score"),
                        msu + tr(" A record's score sums (M − k)! over its MSUs of k attributes "
                                 "(M quasi-identifiers; sdcMicro's original scores)."),
                        nullptr, suda([](const Suda2Result& s) {
                            double best = 0;
                            for (double v : s.score) best = std::max(best, v);
                            return QLocale().toString(best, 'g', 6);
                        })});
        for (std::size_t a = 0; a < r->qiNames.size(); ++a)
            rows.push_back({tr("SUDA2 contribution: %1").arg(QString::fromStdString(r->qiNames[a])),
                            msu + tr(" The share of the total score carried by MSUs that contain "
                                     "this attribute."),
                            nullptr, suda([a](const Suda2Result& s) {
                                return a < s.attributeContribution.size()
                                           ? percent(s.attributeContribution[a])
                                           : QStringLiteral("–");
                            })});
    }
    m_figures->setRowCount(int(rows.size()));
    for (int i = 0; i < int(rows.size()); ++i) {
        auto* header = new QTableWidgetItem(rows[std::size_t(i)].label);
        header->setToolTip(rows[std::size_t(i)].tip);
        m_figures->setVerticalHeaderItem(i, header);
        if (!r) continue;
        const RiskSide* sides[] = {&r->before, after ? &*r->after : nullptr};
        for (int c = 0; c < (after ? 2 : 1); ++c) {
            const Row& row = rows[std::size_t(i)];
            auto* item = new QTableWidgetItem(row.sideValue ? row.sideValue(*sides[c])
                                                            : row.value(sides[c]->analysis));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            item->setToolTip(rows[std::size_t(i)].tip);
            m_figures->setItem(i, c, item);
        }
    }
}

void RiskPerspective::followProjectPopulation() {
    const auto n = m_project ? m_project->searchSettings().populationSize : std::nullopt;
    const QString text = populationText(n);
    if (m_population->text() != text) m_population->setText(text);
}

void RiskPerspective::populationEdited() {
    setPopulationText(m_population->text());
}

bool RiskPerspective::setPopulationText(const QString& text) {
    if (!m_project) return false;
    if (m_population->text() != text) m_population->setText(text);
    const PopulationInput input = parsePopulation(text, m_project->table().rowCount());
    if (!input.ok) {
        m_populationError->setText(input.error);
        return false;
    }
    m_populationError->clear();
    // Unchanged, the field is re-shown: "100000" as typed reads "100,000".
    if (!m_project->setPopulationSize(input.value)) followProjectPopulation();
    return true;
}

QString RiskPerspective::populationError() const {
    return m_populationError->text();
}

bool RiskPerspective::exportChart(const QString& path) {
    if (!m_report || m_chart->data().isEmpty()) return false;
    return m_chart->exportTo(path);
}

void RiskPerspective::exportDialog(const QString& suffix) {
    const QString filter =
        suffix == "csv" ? tr("CSV data (*.csv)") : tr("%1 (*.%2)").arg(suffix.toUpper(), suffix);
    QString path = filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export risk chart"),
                                         "risk-distribution." + suffix, filter);
    if (path.isEmpty()) return;
    if (!path.endsWith('.' + suffix, Qt::CaseInsensitive)) path += '.' + suffix;
    m_status->setText(exportChart(path) ? tr("Wrote %1").arg(path)
                                        : tr("Could not write %1").arg(path));
}

void RiskPerspective::exportCombinations() {
    QString path =
        filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Save attribute combinations"),
                              "risk-attribute-combinations.csv", tr("CSV data (*.csv)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(".csv", Qt::CaseInsensitive)) path += ".csv";
    QFile file(path);
    const bool ok = file.open(QIODevice::WriteOnly | QIODevice::Truncate) &&
                    file.write(m_combinations->csv().toUtf8()) >= 0 && file.flush();
    m_status->setText(ok ? tr("Wrote %1").arg(path) : tr("Could not write %1").arg(path));
}

}  // namespace ldv::ui
