#include "utility/utilityperspective.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "charts/panelchart.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/transform/transformation.h"
#include "project/job.h"
#include "project/project.h"
#include "session/nodechoice.h"
#include "session/searchsession.h"
#include "utility/utilitycharts.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {

QString numberText(double v) {
    return QLocale().toString(v, 'g', 6);
}

/// A read-only cell whose Qt::UserRole keeps the exact value the text rounds.
QTableWidgetItem* cell(const QString& text, const QVariant& exact = {}) {
    auto* item = new QTableWidgetItem(text);
    item->setData(Qt::UserRole, exact.isValid() ? exact : QVariant(text));
    return item;
}

QTableWidgetItem* numberCell(const std::optional<double>& v) {
    if (!v) return cell(QStringLiteral("–"), QVariant());
    auto* item = cell(numberText(*v), *v);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidgetItem* countCell(std::size_t n) {
    auto* item = cell(QLocale().toString(qulonglong(n)), qulonglong(n));
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

}  // namespace

UtilityPerspective::UtilityPerspective(QWidget* parent)
    : NodeAssessment(parent),
      m_title(new QLabel(this)),
      m_attribute(new QComboBox(this)),
      m_first(new QComboBox(this)),
      m_second(new QComboBox(this)),
      m_target(new QComboBox(this)),
      m_classificationNote(new QLabel(this)),
      m_classification(new QTableWidget(this)),
      m_compute(new QPushButton(tr("&Compute"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_summary(new QTableWidget(this)),
      m_distribution(new QTableWidget(this)),
      m_distributionChart(new PanelChart(this)),
      m_contingencyChart(new PanelChart(this)) {
    m_status = new QLabel(this);
    setObjectName("utilityPerspective");
    m_title->setStyleSheet(QStringLiteral("font-weight: bold; font-size: 13pt;"));
    m_title->setText(tr("Utility: input against output"));

    m_attribute->setObjectName("utilityAttribute");
    m_attribute->setToolTip(tr("The attribute whose distributions are shown"));
    m_attribute->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* attributeLabel = new QLabel(tr("&Attribute:"), this);
    attributeLabel->setBuddy(m_attribute);
    m_first->setObjectName("utilityPairFirst");
    m_second->setObjectName("utilityPairSecond");
    for (QComboBox* box : {m_first, m_second}) {
        box->setToolTip(
            tr("Two attributes whose two-way tables (input and output) are shown as heatmaps, "
               "with Cramér's V: how much of their association publishing kept"));
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    }
    auto* pairLabel = new QLabel(tr("&Heatmap of:"), this);
    pairLabel->setBuddy(m_first);
    pairLabel->setToolTip(m_first->toolTip());

    m_compute->setObjectName("computeUtility");
    m_compute->setToolTip(
        tr("Compare the node chosen in the lattice with the input, in the "
           "background"));
    m_cancel->setToolTip(tr("Stop the computation"));
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(160);
    m_progress->setToolTip(tr("Progress of the utility computation"));
    m_status->setObjectName("utilityStatus");
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* controls = new QHBoxLayout;
    controls->addWidget(attributeLabel);
    controls->addWidget(m_attribute);
    controls->addSpacing(12);
    controls->addWidget(pairLabel);
    controls->addWidget(m_first);
    controls->addWidget(new QLabel(QStringLiteral("×"), this));
    controls->addWidget(m_second);
    controls->addSpacing(12);
    controls->addWidget(m_compute);
    controls->addWidget(m_cancel);
    controls->addWidget(m_progress);
    controls->addStretch(1);

    m_summary->setObjectName("utilitySummary");
    m_summary->setColumnCount(4);
    m_summary->setHorizontalHeaderLabels(
        {tr("Attribute"), tr("Statistic"), tr("Input"), tr("Output")});
    m_summary->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_summary->setSelectionMode(QAbstractItemView::ContiguousSelection);
    m_summary->verticalHeader()->hide();
    m_summary->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    // Names and statistics as wide as they are; input and output share the rest equally.
    m_summary->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_summary->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_summary->horizontalHeader()->setSectionResizeMode(3, QHeaderView::Stretch);
    m_summary->setToolTip(
        tr("Summary statistics of every quasi-identifier and sensitive attribute. Numeric "
           "attributes: the output is summarized on the midpoints of its intervals (hover over "
           "an output cell for the method). Categorical: distinct values, mode and Shannon "
           "entropy in bits."));
    m_distribution->setObjectName("utilityDistribution");
    m_distribution->setColumnCount(4);
    m_distribution->setHorizontalHeaderLabels(
        {tr("Input value"), tr("Rows"), tr("Output value"), tr("Rows")});
    m_distribution->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_distribution->verticalHeader()->hide();
    m_distribution->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_distribution->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_distribution->setToolTip(
        tr("Rows per value of the attribute shown: the input's values "
           "and the published labels, side by side"));
    m_distributionChart->setObjectName("utilityDistributionChart");
    m_distributionChart->setEmptyText(tr("No utility computed yet"));
    m_distributionChart->setToolTip(tr("Rows per value, input and output; right-click to export"));
    m_distributionChart->setMinimumHeight(150);
    m_contingencyChart->setObjectName("utilityContingencyChart");
    m_contingencyChart->setEmptyText(tr("Choose two attributes for a heatmap"));
    m_contingencyChart->setToolTip(
        tr("Rows per pair of values, input and output; right-click to export"));
    m_contingencyChart->setMinimumHeight(150);

    auto* distributionBox = new QWidget(this);
    auto* distributionLayout = new QVBoxLayout(distributionBox);
    distributionLayout->setContentsMargins(0, 0, 0, 0);
    distributionLayout->addWidget(m_distributionChart, 1);
    distributionLayout->addWidget(exportButtons(m_distributionChart, "utility-distribution"));
    auto* contingencyBox = new QWidget(this);
    auto* contingencyLayout = new QVBoxLayout(contingencyBox);
    contingencyLayout->setContentsMargins(0, 0, 0, 0);
    contingencyLayout->addWidget(m_contingencyChart, 1);
    contingencyLayout->addWidget(exportButtons(m_contingencyChart, "utility-heatmap"));

    m_target->setObjectName("utilityTarget");
    m_target->setToolTip(
        tr("Train classifiers to predict this attribute from the other quasi-identifiers, on the "
           "input and on the output, with 5-fold cross-validation on the same folds: how much "
           "of the data's predictive value publishing kept"));
    m_target->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* targetLabel = new QLabel(tr("Classification &target:"), this);
    targetLabel->setBuddy(m_target);
    targetLabel->setToolTip(m_target->toolTip());
    m_classification->setObjectName("utilityClassification");
    m_classification->setColumnCount(6);
    m_classification->setHorizontalHeaderLabels({tr("Model"), tr("Input"), tr("Output"),
                                                 tr("Baseline"), tr("Relative"),
                                                 tr("Suppressed rows")});
    const QStringList columnTips{
        tr("logistic: L2-regularized logistic regression (LIBLINEAR, Fan et al. 2008); "
           "naive_bayes: categorical naive Bayes with Laplace smoothing; decision_tree: CART "
           "with the Gini index, depth at most 8 (Breiman et al. 1984)"),
        tr("Accuracy of the model trained and tested on the input (cross-validated)"),
        tr("Accuracy of the model trained and tested on the published table, suppressed rows "
           "included with every feature unknown"),
        tr("Accuracy of always predicting the most frequent class"),
        tr("(output − baseline) ÷ (input − baseline): 1 = publishing lost nothing, 0 = the "
           "output predicts no better than the baseline"),
        tr("Output accuracy on the suppressed rows alone")};
    for (int c = 0; c < 6; ++c)
        m_classification->horizontalHeaderItem(c)->setToolTip(columnTips[c]);
    m_classification->setToolTip(
        tr("Accuracy of each model trained on the input and on the published table, with the "
           "same cross-validation folds; hover over a header for its meaning"));
    m_classification->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_classification->verticalHeader()->hide();
    m_classification->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_classification->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_classification->horizontalHeader()->setStretchLastSection(true);
    m_classificationNote->setObjectName("utilityClassificationNote");
    m_classificationNote->setWordWrap(true);
    auto* classificationBox = new QWidget(this);
    auto* classificationLayout = new QVBoxLayout(classificationBox);
    classificationLayout->setContentsMargins(0, 0, 0, 0);
    auto* targetRow = new QHBoxLayout;
    targetRow->addWidget(targetLabel);
    targetRow->addWidget(m_target);
    targetRow->addStretch(1);
    classificationLayout->addLayout(targetRow);
    classificationLayout->addWidget(m_classificationNote);
    classificationLayout->addWidget(m_classification, 1);

    auto* tables = new QSplitter(Qt::Vertical, this);
    tables->setChildrenCollapsible(false);
    tables->addWidget(m_summary);
    tables->addWidget(m_distribution);
    tables->addWidget(classificationBox);
    auto* charts = new QSplitter(Qt::Vertical, this);
    charts->setChildrenCollapsible(false);
    charts->addWidget(distributionBox);
    charts->addWidget(contingencyBox);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    split->addWidget(tables);
    split->addWidget(charts);
    split->setStretchFactor(1, 1);
    split->setSizes({540, 800});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(9, 6, 9, 9);
    layout->addWidget(m_title);
    layout->addLayout(controls);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);

    connect(m_compute, &QPushButton::clicked, this, &UtilityPerspective::compute);
    connect(m_cancel, &QPushButton::clicked, this, &UtilityPerspective::cancel);
    connect(m_attribute, &QComboBox::currentTextChanged, this, [this](const QString& name) {
        if (!name.isEmpty()) QSettings().setValue("utility/attribute", name);
        showAttribute();
    });
    connect(m_target, &QComboBox::activated, this, [this] {
        QSettings().setValue("utility/target", m_target->currentData().toString());
        markStale(tr("another classification target was chosen"));
    });
    for (QComboBox* box : {m_first, m_second})
        connect(box, &QComboBox::activated, this, [this] {
            QSettings().setValue("utility/pair",
                                 QStringList{m_first->currentText(), m_second->currentText()});
            markStale(tr("another pair of attributes was chosen"));
        });
    setRunning(false);
    showView();
}

QWidget* UtilityPerspective::exportButtons(PanelChart* chart, const QString& baseName) {
    auto* row = new QWidget(this);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addStretch(1);
    layout->addWidget(new QLabel(tr("Save chart as:"), row));
    for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("svg"),
                                  QStringLiteral("pdf"), QStringLiteral("csv")}) {
        auto* b = new QPushButton(suffix.toUpper(), row);
        b->setObjectName(baseName + '_' + suffix);
        b->setToolTip(suffix == "csv" ? tr("Save the chart's data as CSV")
                                      : tr("Save the chart as %1").arg(suffix.toUpper()));
        connect(b, &QPushButton::clicked, this, [this, chart, baseName, suffix] {
            const QString filter = suffix == "csv" ? tr("CSV data (*.csv)")
                                                   : tr("%1 (*.%2)").arg(suffix.toUpper(), suffix);
            QString path =
                filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export chart"),
                                      baseName + '.' + suffix, filter);
            if (path.isEmpty()) return;
            if (!path.endsWith('.' + suffix, Qt::CaseInsensitive)) path += '.' + suffix;
            m_status->setText(chart->exportTo(path) ? tr("Wrote %1").arg(path)
                                                    : tr("Could not write %1").arg(path));
        });
        layout->addWidget(b);
        m_exports << b;
    }
    return row;
}

void UtilityPerspective::projectChanged() {
    m_view.reset();
    fillAttributeChoices();
    showView();
}

void UtilityPerspective::fillAttributeChoices() {
    QStringList names;
    if (m_project)
        for (Role role : {Role::QuasiIdentifying, Role::Sensitive})
            for (const std::string& n : m_project->config().namesWithRole(role))
                names << QString::fromStdString(n);
    const QStringList pair = QSettings().value("utility/pair").toStringList();
    const QString shown = m_attribute->currentText().isEmpty()
                              ? QSettings().value("utility/attribute").toString()
                              : m_attribute->currentText();
    const QSignalBlocker block(m_attribute);
    for (QComboBox* box : {m_attribute, m_first, m_second}) {
        const QString current = box->currentText();
        box->clear();
        box->addItems(names);
        const int at = names.indexOf(current);
        if (at >= 0) box->setCurrentIndex(at);
    }
    if (names.contains(shown)) m_attribute->setCurrentText(shown);
    // Any attribute can be the target (a quasi-identifier is then left out of the features);
    // none by default: the classifiers take a second or two on large tables.
    const QString target = m_target->currentData().isValid()
                               ? m_target->currentData().toString()
                               : QSettings().value("utility/target").toString();
    m_target->clear();
    m_target->addItem(tr("none"), QString());
    if (m_project)
        for (int c = 0; c < m_project->columnCount(); ++c)
            if (m_project->role(c) != Role::Identifying)
                m_target->addItem(m_project->columnName(c), m_project->columnName(c));
    m_target->setCurrentIndex(std::max(0, m_target->findData(target)));
    // The remembered pair where both still exist, else the first two attributes.
    if (pair.size() == 2 && names.contains(pair[0]) && names.contains(pair[1])) {
        m_first->setCurrentText(pair[0]);
        m_second->setCurrentText(pair[1]);
    } else if (m_first->currentText() == m_second->currentText() && names.size() > 1) {
        m_first->setCurrentIndex(0);
        m_second->setCurrentIndex(1);
    }
}

void UtilityPerspective::compute() {
    if (!m_project) return;
    dropJob();
    const std::shared_ptr<const SearchOutcome> outcome =
        usableOutcome(m_session, m_project, m_dataChanged);
    const std::optional<NodeChoice> choice = outcome ? chooseNode(*outcome, m_node) : std::nullopt;
    if (!choice) {
        m_view.reset();
        m_stale = false;
        showView();
        return;
    }
    UtilityRequest request;
    const QString first = m_first->currentText(), second = m_second->currentText();
    if (!first.isEmpty() && !second.isEmpty() && first != second)
        request.pairs.emplace_back(first.toStdString(), second.toStdString());
    request.target = m_target->currentData().toString().toStdString();
    // With a per-class model chosen in Privacy ▸ Transformation, its table is what is
    // published, so it is what is compared with the input (there is no node to name).
    const QString model = m_session->transformation();
    const QString aggregate = m_session->transformationAggregate();
    auto work = [outcome, choice = *choice, request, model,
                 aggregate](Feedback& feedback) -> std::shared_ptr<void> {
        feedback.checkCancelled();
        auto view = std::make_shared<UtilityView>();
        if (model == "full-domain") {
            view->report = nodeUtility(*outcome->data, outcome->config, choice.levels, request);
            view->levels = choice.levels;
            view->nodeName = choice.name;
            return view;
        }
        const Dataset& data = outcome->judged();
        const TransformedTable t = transformTable(
            *outcome->data, data, outcome->config,
            transformationSpecOf({model.toStdString(), aggregate.toStdString()}, data));
        feedback.checkCancelled();
        view->report = publishedUtility(*outcome->data, t.table, request);
        view->nodeName = tr("the %1 table").arg(model);
        return view;
    };
    m_job = new Job(tr("Computing the utility"), work, this);
    connect(m_job, &Job::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_view = std::static_pointer_cast<const UtilityView>(r);
        showView();
    });
    connect(m_job, &Job::failed, this, [this](const QString& message) {
        m_status->setText(tr("Utility not computed: %1").arg(message));
    });
    connect(m_job, &Job::cancelled, this,
            [this] { m_status->setText(tr("Cancelled. Press Compute to start again.")); });
    connect(m_job, &Job::finished, this, [this] {
        setRunning(false);
        emit finished();
    });
    m_stale = false;
    setRunning(true);
    m_status->setText(tr("Computing the utility…"));
    m_job->start();
}

void UtilityPerspective::setRunning(bool running) {
    m_compute->setEnabled(!running && m_project);
    m_cancel->setEnabled(running);
    m_progress->setValue(0);
    m_progress->setTextVisible(running);
    emit runningChanged(running);
}

QString UtilityPerspective::statusText() const {
    return m_status->text();
}

std::vector<ReportChart> UtilityPerspective::reportCharts(const Levels& levels) const {
    std::vector<ReportChart> out;
    if (!m_view || m_view->levels != levels) return out;
    for (const PanelChart* chart : {m_distributionChart, m_contingencyChart})
        if (!chart->data().isEmpty())
            out.push_back({tr("Utility — %1").arg(chart->data().title), chart->data().note,
                           reportChartImage(chart->data())});
    return out;
}

std::optional<ClassificationReport> UtilityPerspective::classification(const Levels& levels) const {
    if (!m_view || m_view->levels != levels) return std::nullopt;
    return m_view->report.classification;
}

void UtilityPerspective::showView() {
    const bool has = m_view != nullptr;
    for (QPushButton* b : m_exports) b->setEnabled(has);
    fillSummary();
    fillClassification();
    showAttribute();
    if (!has) {
        m_title->setText(tr("Utility: input against output"));
        m_status->setText(
            !m_project ? tr("Open or create a project to compare its input and output.")
            : m_session && m_session->outcome() &&
                    !usableOutcome(m_session, m_project, m_dataChanged)
                ? tr("The project changed since the search: run it again to compare a node "
                     "with the input.")
                : tr("Run the search and choose a node in the Lattice perspective: its published "
                     "table is compared here with the input."));
        m_contingencyChart->setData({});
        return;
    }
    const UtilityReport& r = m_view->report;
    m_title->setText(tr("Utility: input and %1").arg(m_view->nodeName));
    m_status->setText(
        r.suppressedRows
            ? tr("%1 input rows, %2 published; %3 suppressed, counted apart and not in the "
                 "output's figures.")
                  .arg(QLocale().toString(qulonglong(r.inputRows)))
                  .arg(QLocale().toString(qulonglong(r.outputRows)))
                  .arg(countOfL(r.suppressedRows, "row", "rows"))
            : tr("%1 input rows, all published.").arg(QLocale().toString(qulonglong(r.inputRows))));
    m_contingencyChart->setData(
        r.contingency.empty() ? ChartData{}
                              : contingencyChartData(r.contingency.front(), m_view->nodeName));
}

void UtilityPerspective::fillSummary() {
    m_summary->setRowCount(0);
    if (!m_view) return;
    for (const AttributeUtility& a : m_view->report.attributes) {
        const QString name = QString::fromStdString(a.name);
        bool firstRow = true;
        auto add = [&](const QString& statistic, QTableWidgetItem* input,
                       QTableWidgetItem* output) {
            const int row = m_summary->rowCount();
            m_summary->insertRow(row);
            // The name on the attribute's first row only: the table reads as groups.
            m_summary->setItem(row, 0, cell(firstRow ? name : QString(), name));
            firstRow = false;
            m_summary->setItem(row, 1, cell(statistic));
            m_summary->setItem(row, 2, input);
            if (a.numeric && !a.outputMethod.empty())
                output->setToolTip(tr("On %1").arg(QString::fromStdString(a.outputMethod)));
            m_summary->setItem(row, 3, output);
        };
        if (a.numeric) {
            const NumericSummary &in = a.inputNumbers, &out = a.outputNumbers;
            add(tr("count"), countCell(in.count), countCell(out.count));
            add(tr("missing"), countCell(in.missing), countCell(out.missing));
            add(tr("min"), numberCell(in.min), numberCell(out.min));
            add(tr("max"), numberCell(in.max), numberCell(out.max));
            add(tr("mean"), numberCell(in.mean), numberCell(out.mean));
            add(tr("median"), numberCell(in.median), numberCell(out.median));
            add(tr("sd"), numberCell(in.sd), numberCell(out.sd));
        } else {
            const CategoricalSummary &in = a.inputCategories, &out = a.outputCategories;
            add(tr("distinct"), countCell(in.distinct), countCell(out.distinct));
            auto mode = [](const CategoricalSummary& s) {
                return s.distinct ? cell(tr("%1 (%2 rows)")
                                             .arg(QString::fromStdString(s.mode))
                                             .arg(QLocale().toString(qulonglong(s.modeCount))),
                                         QString::fromStdString(s.mode))
                                  : cell(QStringLiteral("–"), QVariant());
            };
            add(tr("mode"), mode(in), mode(out));
            add(tr("entropy (bits)"), numberCell(in.entropy), numberCell(out.entropy));
        }
    }
}

void UtilityPerspective::fillClassification() {
    m_classification->setRowCount(0);
    const auto* c =
        m_view && m_view->report.classification ? &*m_view->report.classification : nullptr;
    if (!c) {
        m_classificationNote->setText(
            m_target->currentData().toString().isEmpty()
                ? tr("Choose a target to compare classifiers trained on the input and on the "
                     "output.")
                : QString());
        return;
    }
    m_classificationNote->setText(
        tr("Predicting %1 from %2; %3-fold cross-validation (seed %4), %5 classes.")
            .arg(QString::fromStdString(c->target),
                 c->features.empty()
                     ? tr("no feature")
                     : QString::fromStdString(c->features.front()) +
                           (c->features.size() > 1 ? tr(" and %1 more").arg(c->features.size() - 1)
                                                   : QString()))
            .arg(c->folds)
            .arg(qulonglong(c->seed))
            .arg(c->classes.size()));
    auto percentCell = [](const std::optional<double>& v) {
        if (!v) return cell(QStringLiteral("–"), QVariant());
        auto* item = cell(QLocale().toString(*v * 100, 'f', 2) + QStringLiteral(" %"), *v);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    };
    for (const ModelAccuracy& m : c->models) {
        const int row = m_classification->rowCount();
        m_classification->insertRow(row);
        m_classification->setItem(row, 0, cell(QString::fromStdString(m.model)));
        m_classification->setItem(row, 1, percentCell(m.inputAccuracy));
        m_classification->setItem(row, 2, percentCell(m.outputAccuracy));
        m_classification->setItem(row, 3, percentCell(c->baseline));
        auto* relative = m.relativeAccuracy ? cell(QLocale().toString(*m.relativeAccuracy, 'f', 3),
                                                   *m.relativeAccuracy)
                                            : cell(QStringLiteral("–"), QVariant());
        relative->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_classification->setItem(row, 4, relative);
        m_classification->setItem(row, 5, percentCell(m.suppressedAccuracy));
    }
}

void UtilityPerspective::showAttribute() {
    m_distribution->setRowCount(0);
    const AttributeUtility* shown = nullptr;
    if (m_view)
        for (const AttributeUtility& a : m_view->report.attributes)
            if (QString::fromStdString(a.name) == m_attribute->currentText()) shown = &a;
    if (!shown) {
        m_distributionChart->setData({});
        return;
    }
    m_distributionChart->setData(distributionChartData(*shown, m_view->nodeName));
    const std::size_t rows = std::max(shown->input.size(), shown->output.size());
    m_distribution->setRowCount(int(rows));
    for (std::size_t i = 0; i < rows; ++i) {
        const int row = int(i);
        if (i < shown->input.size()) {
            m_distribution->setItem(row, 0, cell(QString::fromStdString(shown->input[i].value)));
            m_distribution->setItem(row, 1, countCell(shown->input[i].count));
        }
        if (i < shown->output.size()) {
            m_distribution->setItem(row, 2, cell(QString::fromStdString(shown->output[i].value)));
            m_distribution->setItem(row, 3, countCell(shown->output[i].count));
        }
    }
}

}  // namespace ldv::ui
