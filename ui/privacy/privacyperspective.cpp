#include "privacy/privacyperspective.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include "format/nodemetricstext.h"
#include "ldiv/criteria/criterion.h"
#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/io/table_source.h"
#include "ldiv/metrics/node_metrics.h"
#include "ldiv/search/search_result.h"
#include "privacy/criterioneditor.h"
#include "privacy/feasibilitycheck.h"
#include "privacy/metricoptionsdialog.h"
#include "privacy/searchmode.h"
#include "privacy/transformationpanel.h"
#include "project/job.h"
#include "project/project.h"
#include "session/heuristictext.h"
#include "session/missinginputs.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"
#include "widgets/scrollpanel.h"

namespace ldv::ui {

PrivacyPerspective::PrivacyPerspective(QWidget* parent)
    : QWidget(parent),
      m_editor(new CriterionEditor(this)),
      m_criteria(new QListWidget(this)),
      m_suppression(new QDoubleSpinBox(this)),
      m_metric(new QComboBox(this)),
      m_metricOptions(new QPushButton(tr("Options…"), this)),
      m_algorithm(new QComboBox(this)),
      m_timeLimitOn(new QCheckBox(tr("Stop after"), this)),
      m_timeLimit(new QDoubleSpinBox(this)),
      m_rule(new QLabel(this)),
      m_warnings(new QLabel(this)),
      m_editorError(new QLabel(this)),
      m_run(new QPushButton(tr("Run search"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_subset(new QLineEdit(this)),
      m_subsetStatus(new QLabel(this)),
      m_summary(new QTextBrowser(this)),
      m_transformation(new TransformationPanel(this)) {
    m_criteria->setObjectName("criteriaList");
    m_criteria->setToolTip(
        tr("The criteria the published table must satisfy, all of them; select one to remove "
           "it"));
    m_suppression->setRange(0, 100);
    m_suppression->setDecimals(2);
    m_suppression->setSuffix(QStringLiteral(" %"));
    // The core's catalogues: the same names and order as the command line's choices.
    const auto text = [](std::string_view s) {
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    };
    // "Discernibility (dm)", but "Height", not "Height (height)".
    for (const MetricEntry& m : metricCatalogue()) {
        const QString label = text(m.label), name = text(m.name);
        m_metric->addItem(label.compare(name, Qt::CaseInsensitive) == 0
                              ? label
                              : QStringLiteral("%1 (%2)").arg(label, name),
                          name);
    }
    for (const SearchAlgorithmEntry& a : searchAlgorithmCatalogue())
        m_algorithm->addItem(text(a.label), text(a.name));
    // The anytime heuristic, as `ldiv search --algorithm heuristic` runs it: small lattices
    // are classified exactly within the time limit, so for the user it chooses by itself.
    m_algorithm->addItem(tr("Automatic (exact or heuristic)"),
                         text(algorithmChoiceName(AlgorithmChoice::Heuristic)));
    m_timeLimit->setRange(0, 86400);
    m_timeLimit->setDecimals(1);
    m_timeLimit->setValue(30);
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setObjectName("timeLimit");
    m_timeLimitOn->setObjectName("timeLimitOn");
    m_timeLimit->setToolTip(
        tr("Seconds the Automatic search may run (ldiv search --time-limit); saved in the "
           "project as time_limit"));
    m_timeLimitOn->setToolTip(
        tr("Off: the heuristic runs until its walks stop finding better nodes (Cancel stops it "
           "at any time, keeping the best node so far)"));
    m_rule->setObjectName("algorithmRule");
    m_rule->setWordWrap(true);
    m_rule->setTextFormat(Qt::RichText);
    m_rule->setToolTip(
        tr("Automatic runs the anytime heuristic (a greedy walk after ARX's Lightning, Prasser, "
           "Kohlmayer, Kuhn & Bild 2016). Lattices of at most %1 nodes are first classified "
           "exactly with the time left; when that ends within the limit every node is shown "
           "and the optimum is proven. Larger lattices, or when the limit comes first, get the "
           "best satisfying node found, called optimal only when that is proven.")
            .arg(QLocale().toString(qulonglong(kHeuristicExactLimit))));
    m_suppression->setToolTip(
        tr("Share of the rows that may be suppressed (removed or masked) so that a "
           "transformation satisfies the criteria"));
    m_metric->setToolTip(
        tr("The information loss the optimum minimizes among the satisfying transformations"));
    m_algorithm->setToolTip(
        tr("How the lattice is searched: the three exact ones find the same minimal "
           "transformations (brute force checks every node and is the reference); Automatic "
           "classifies small lattices exactly within the time limit and runs the anytime "
           "heuristic on the others"));
    m_run->setToolTip(
        tr("Search the lattice for the transformations that satisfy every criterion "
           "(disabled while a search runs)"));
    m_cancel->setToolTip(tr("Stop the running search; the nodes checked so far are kept"));
    m_warnings->setWordWrap(true);
    m_warnings->setObjectName("feasibilityWarnings");
    m_editorError->setWordWrap(true);
    m_editorError->setStyleSheet("color: #D55E00");
    m_progress->setRange(0, 1000);
    m_progress->hide();
    m_cancel->hide();
    m_summary->setObjectName("searchSummary");
    m_subset->setObjectName("researchSubset");
    m_subset->setPlaceholderText(tr("none: COL=VALUE or file"));
    m_subset->setClearButtonEnabled(true);
    m_subset->setToolTip(
        tr("δ-presence's research subset, the rows that are published (Nergiz, Atzori & "
           "Clifton 2007): COL=VALUE (e.g. study=yes) or a CSV file with a header whose rows are "
           "rows of the table. The loaded table is the population. Saved in the project; only "
           "δ-presence uses it, and with it only the subset's rows are exported."));
    m_subsetStatus->setObjectName("researchSubsetStatus");
    m_subsetStatus->setWordWrap(true);
    m_subsetStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* compose = new QGroupBox(tr("Compose a criterion"), this);
    auto* composeLayout = new QVBoxLayout(compose);
    // The editor scrolls; the button sits below it, outside the scrolling part, so it keeps
    // its place whatever the chosen kind shows (the number of fields changes).
    auto* fields = new QWidget(compose);
    auto* fieldsLayout = new QVBoxLayout(fields);
    fieldsLayout->setContentsMargins(0, 0, 0, 0);
    fieldsLayout->addWidget(m_editor);
    fieldsLayout->addStretch(1);
    fieldsLayout->addWidget(m_editorError);
    composeLayout->addWidget(scrollPanel(fields, compose), 1);
    auto* add = new QPushButton(tr("Add criterion"), compose);
    add->setObjectName("addCriterion");
    add->setToolTip(tr("Add the composed criterion to the requirement"));
    composeLayout->addWidget(add);

    auto* requirement = new QGroupBox(tr("Requirement (all must hold)"), this);
    auto* reqLayout = new QVBoxLayout(requirement);
    reqLayout->addWidget(m_criteria, 1);
    auto* remove = new QPushButton(tr("Remove selected"), requirement);
    remove->setToolTip(tr("Remove the selected criterion from the requirement (undoable)"));
    reqLayout->addWidget(remove);
    auto* form = new QFormLayout;
    form->addRow(tr("Suppression limit"), m_suppression);
    auto* metricRow = new QHBoxLayout;
    metricRow->addWidget(m_metric, 1);
    metricRow->addWidget(m_metricOptions);
    form->addRow(tr("Utility metric (optimum)"), metricRow);
    form->addRow(tr("Algorithm"), m_algorithm);
    auto* limitRow = new QHBoxLayout;
    limitRow->addWidget(m_timeLimitOn);
    limitRow->addWidget(m_timeLimit, 1);
    form->addRow(tr("Time limit"), limitRow);
    form->addRow(QString(), m_rule);
    auto* subsetRow = new QHBoxLayout;
    subsetRow->addWidget(m_subset, 1);
    auto* browse = new QPushButton(tr("Browse…"), requirement);
    browse->setObjectName("browseResearchSubset");
    browse->setToolTip(tr("Choose a CSV file of the research subset's rows"));
    subsetRow->addWidget(browse);
    auto* subsetLabel = new QLabel(tr("&Research subset"), requirement);
    subsetLabel->setBuddy(m_subset);
    subsetLabel->setToolTip(m_subset->toolTip());
    form->addRow(subsetLabel, subsetRow);
    form->addRow(QString(), m_subsetStatus);
    reqLayout->addLayout(form);
    reqLayout->addWidget(m_warnings);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_cancel);
    reqLayout->addLayout(runRow);

    auto* result = new QGroupBox(tr("Result"), this);
    auto* resultLayout = new QVBoxLayout(result);
    resultLayout->addWidget(m_summary);
    // The search's summary above, the chosen transformation and its comparison below; the
    // steward drags the divide.
    auto* resultColumn = new QSplitter(Qt::Vertical, this);
    resultColumn->setChildrenCollapsible(false);
    resultColumn->addWidget(result);
    resultColumn->addWidget(m_transformation);
    resultColumn->setStretchFactor(0, 2);
    resultColumn->setStretchFactor(1, 3);

    // The columns scroll rather than force the window taller (1366×768 screens).
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(compose, 3);
    layout->addWidget(scrollPanel(requirement, this), 3);
    layout->addWidget(resultColumn, 4);

    // A combo box is as wide as its longest entry by default ("Microaggregation + local
    // recoding", the algorithms' descriptions): the three columns would then need more than a
    // 1366-pixel screen, and the main window, which takes the widest perspective's minimum,
    // would grow past it. They start narrower and widen with the column; the lists still open
    // at their entries' width.
    // (An explicit minimum width: the layouts take it instead of the entries' width.)
    for (QComboBox* box : findChildren<QComboBox*>()) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
        box->setMinimumWidth(box->fontMetrics().averageCharWidth() * 16);
    }
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &PrivacyPerspective::checkFeasibility);
    connect(add, &QPushButton::clicked, this, &PrivacyPerspective::addCriterion);
    // A refusal is about the criterion that was composed: editing it removes the message.
    connect(m_editor, &CriterionEditor::specChanged, m_editorError, &QLabel::clear);
    connect(remove, &QPushButton::clicked, this, &PrivacyPerspective::removeSelectedCriterion);
    connect(m_suppression, &QDoubleSpinBox::valueChanged, this,
            [this] { storeSettings(tr("Change suppression limit"), true); });
    m_metricOptions->setObjectName("metricOptions");
    m_metricOptions->setToolTip(
        tr("Weights per attribute, the generalization/suppression factor "
           "and the aggregate of the attribute-wise quality models"));
    connect(m_metricOptions, &QPushButton::clicked, this, [this] {
        Project* p = project();
        if (!p) return;
        MetricOptionsDialog dialog(p->searchSettings(), p->qiOrder(), this);
        if (dialog.exec() == QDialog::Accepted) setMetricOptions(dialog.apply(p->searchSettings()));
    });
    connect(m_metric, &QComboBox::currentIndexChanged, this,
            [this] { storeSettings(tr("Change utility metric"), false); });
    connect(m_algorithm, &QComboBox::currentIndexChanged, this,
            [this] { storeSettings(tr("Change algorithm"), false); });
    connect(m_timeLimitOn, &QCheckBox::toggled, this,
            [this] { storeSettings(tr("Change time limit"), false); });
    connect(m_timeLimit, &QDoubleSpinBox::valueChanged, this,
            [this] { storeSettings(tr("Change time limit"), true); });
    // "Use Automatic" in the rule's warning: the heuristic, kept with the time limit shown.
    connect(m_rule, &QLabel::linkActivated, this, [this, text](const QString&) {
        m_algorithm->setCurrentIndex(
            m_algorithm->findData(text(algorithmChoiceName(AlgorithmChoice::Heuristic))));
    });
    connect(m_subset, &QLineEdit::editingFinished, this,
            [this] { setResearchSubsetText(m_subset->text()); });
    connect(browse, &QPushButton::clicked, this, &PrivacyPerspective::browseResearchSubset);
    connect(m_run, &QPushButton::clicked, this, [this] {
        if (m_session) m_session->run();
    });
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_session) m_session->cancel();
    });
    setSession(nullptr);
}

Project* PrivacyPerspective::project() const {
    return m_session ? m_session->project() : nullptr;
}

void PrivacyPerspective::setSession(SearchSession* session) {
    if (m_session) {
        m_session->disconnect(this);
        if (m_session->project()) m_session->project()->disconnect(this);
    }
    m_session = session;
    m_transformation->setSession(session);
    m_editor->setProject(project());
    setEnabled(project() != nullptr);
    if (session) {
        connect(session, &SearchSession::outcomeChanged, this, &PrivacyPerspective::showOutcome);
        connect(session, &SearchSession::staleChanged, this, &PrivacyPerspective::showOutcome);
        connect(session, &SearchSession::runningChanged, this, &PrivacyPerspective::setRunning);
        connect(session, &SearchSession::progressChanged, this,
                [this](double f) { m_progress->setValue(int(f * 1000)); });
        connect(session, &SearchSession::bestSoFarChanged, this,
                &PrivacyPerspective::showBestSoFar);
        connect(session, &SearchSession::failed, this, [this](const QString& e) {
            m_failure = e;
            showOutcome();
        });
        connect(session, &SearchSession::cancelled, this, [this] {
            // A partial outcome explains itself; otherwise the previous one stays in the session.
            // (The heuristic's best node so far is such an outcome.)
            const auto o = m_session->outcome();
            if (o && (!o->complete() || (o->heuristic && o->heuristic->cancelled)))
                showOutcome();
            else if (project() &&
                     project()->searchSettings().algorithm == AlgorithmChoice::Heuristic)
                m_summary->setHtml(
                    tr("<p>The search was cancelled before it found a satisfying node.</p>"));
            else
                m_summary->setHtml(
                    tr("<p>The search was cancelled before it had classified any node.</p>"));
        });
    }
    if (Project* p = project()) {
        connect(p, &Project::searchSettingsChanged, this, &PrivacyPerspective::loadSettings);
        connect(p, &Project::roleChanged, this, [this] {
            m_editor->setProject(project());
            m_debounce.start();
        });
        connect(p, &Project::hierarchyChanged, this, [this] { m_debounce.start(); });
        connect(p, &Project::hierarchyChanged, this, &PrivacyPerspective::showRule);
        connect(p, &Project::roleChanged, this, &PrivacyPerspective::showRule);
        connect(p, &Project::researchSubsetChanged, this, [this] {
            showResearchSubset();
            m_debounce.start();
        });
        connect(p, &Project::researchSubsetChanged, this, &PrivacyPerspective::clearFailure);
        connect(p, &Project::typeChanged, this, &PrivacyPerspective::showResearchSubset);
        // A failure is about the settings it ran with: any change (an undo too) removes it.
        connect(p, &Project::searchSettingsChanged, this, &PrivacyPerspective::clearFailure);
        connect(p, &Project::roleChanged, this, &PrivacyPerspective::clearFailure);
        connect(p, &Project::typeChanged, this, &PrivacyPerspective::clearFailure);
        connect(p, &Project::hierarchyChanged, this, &PrivacyPerspective::clearFailure);
    }
    m_failure.clear();
    loadSettings();
    showResearchSubset();
    showOutcome();
}

QString PrivacyPerspective::subsetBaseDir() const {
    const Project* p = project();
    if (!p) return {};
    const QString file = p->filePath().isEmpty() ? p->dataPath() : p->filePath();
    return isSourceUri(file.toStdString()) ? QDir::currentPath() : QFileInfo(file).absolutePath();
}

void PrivacyPerspective::showResearchSubset() {
    const Project* p = project();
    const QString text = p ? QString::fromStdString(p->researchSubset()) : QString();
    if (m_subset->text() != text) m_subset->setText(text);
    m_subsetStatus->setStyleSheet({});
    if (!p || text.isEmpty()) {
        m_subsetStatus->setText(tr("No research subset: δ-presence needs one."));
        return;
    }
    try {
        const auto in = researchSubsetRows(p->table(), {}, p->researchSubset(),
                                           subsetBaseDir().toStdString(), p->config().csv);
        const auto rows = std::count(in.begin(), in.end(), std::uint8_t(1));
        m_subsetStatus->setText(tr("%1 of %2 rows are the research subset (with δ-presence only "
                                   "they are published).")
                                    .arg(rows)
                                    .arg(in.size()));
    } catch (const std::exception& e) {
        m_subsetStatus->setStyleSheet("color: #D55E00");
        m_subsetStatus->setText(QString::fromStdString(e.what()));
    }
}

bool PrivacyPerspective::setResearchSubsetText(const QString& input) {
    Project* p = project();
    if (!p) return false;
    QString text = input.trimmed();
    const std::string base = subsetBaseDir().toStdString();
    // A file is held by its absolute path (saved relative to the project file).
    if (researchSubsetIsFile(text.toStdString(), base))
        text = QDir::cleanPath(QDir(subsetBaseDir()).absoluteFilePath(text));
    if (m_subset->text() != text) m_subset->setText(text);
    if (!text.isEmpty()) {
        try {
            researchSubsetRows(p->table(), {}, text.toStdString(), base, p->config().csv);
        } catch (const std::exception& e) {
            m_subsetStatus->setStyleSheet("color: #D55E00");
            m_subsetStatus->setText(tr("Not set: %1").arg(QString::fromStdString(e.what())));
            return false;
        }
    }
    p->setResearchSubset(text.toStdString());
    showResearchSubset();
    return true;
}

void PrivacyPerspective::browseResearchSubset() {
    const QString file =
        filedialogs::openFile(this, filedialogs::Kind::ResearchSubset,
                              tr("Research subset: a CSV file of the published rows"),
                              tr("CSV files (*.csv *.txt);;All files (*)"));
    if (!file.isEmpty()) setResearchSubsetText(file);
}

void PrivacyPerspective::clearFailure() {
    if (m_failure.isEmpty()) return;
    m_failure.clear();
    if (!m_session || !m_session->isRunning()) showOutcome();
}

void PrivacyPerspective::loadSettings() {
    m_loading = true;
    m_criteria->clear();
    if (Project* p = project()) {
        const SearchSettings s = p->searchSettings();
        for (const std::string& c : s.criteria) m_criteria->addItem(QString::fromStdString(c));
        m_suppression->setValue(s.suppressionLimit * 100);
        auto text = [](std::string_view name) {
            return QString::fromUtf8(name.data(), qsizetype(name.size()));
        };
        m_metric->setCurrentIndex(std::max(0, m_metric->findData(text(metricName(s.metric)))));
        m_metricOptions->setToolTip(
            tr("Weights per attribute, the generalization/suppression factor and the aggregate "
               "of the attribute-wise quality models (now: %1)")
                .arg(metricOptionsText(s)));
        m_algorithm->setCurrentIndex(
            std::max(0, m_algorithm->findData(text(algorithmChoiceName(s.algorithm)))));
        m_timeLimitOn->setChecked(s.timeLimit.has_value());
        if (s.timeLimit) m_timeLimit->setValue(*s.timeLimit);
    }
    m_loading = false;
    showRule();
    m_debounce.start();
}

void PrivacyPerspective::setMetricOptions(const SearchSettings& settings) {
    if (Project* p = project())
        p->setSearchSettings(settings, tr("Change quality model options"), false);
}

void PrivacyPerspective::storeSettings(const QString& text, bool mergeable) {
    Project* p = project();
    if (m_loading || !p) return;
    SearchSettings s = p->searchSettings();
    s.criteria.clear();
    for (int i = 0; i < m_criteria->count(); ++i)
        s.criteria.push_back(m_criteria->item(i)->text().toStdString());
    s.suppressionLimit = m_suppression->value() / 100;
    s.metric = parseMetric(m_metric->currentData().toString().toStdString());
    s.algorithm = parseAlgorithmChoice(m_algorithm->currentData().toString().toStdString());
    if (m_timeLimitOn->isChecked())
        s.timeLimit = m_timeLimit->value();
    else
        s.timeLimit.reset();
    p->setSearchSettings(s, text, mergeable);
}

void PrivacyPerspective::showRule() {
    const Project* p = project();
    const SearchSettings s = p ? p->searchSettings() : SearchSettings{};
    // The limit is the heuristic's: the exact searches run to the end.
    const bool heuristic = s.algorithm == AlgorithmChoice::Heuristic;
    m_timeLimitOn->setEnabled(heuristic);
    m_timeLimit->setEnabled(heuristic && m_timeLimitOn->isChecked());
    bool warning = false;
    const QString text =
        p ? algorithmRuleText(s.algorithm, latticeNodeCount(p->qiHeights()), s.timeLimit, &warning)
          : QString();
    m_rule->setText(text);
    m_rule->setVisible(!text.isEmpty());
    m_rule->setStyleSheet(warning ? "color: #D55E00" : "color: palette(text)");
}

void PrivacyPerspective::showBestSoFar() {
    if (!m_session || !m_session->isRunning()) return;
    const Project* p = project();
    m_summary->setHtml(tr("<p>Searching with the heuristic…</p>") +
                       bestSoFarHtml(m_session->bestSoFar(),
                                     p ? p->searchSettings().metric : Metric::Discernibility));
}

bool PrivacyPerspective::addCriterion() {
    const QString spec = m_editor->spec();
    if (const QString problem = m_editor->problem(); !problem.isEmpty()) {
        // The editor already shows the problem itself: do not repeat it.
        m_editorError->setText(tr("Not added: fix the problem shown above."));
        return false;
    }
    try {
        const CriterionSpec parsed = parseCriterionSpec(spec.toStdString());
        m_editorError->clear();
        m_criteria->addItem(QString::fromStdString(formatCriterionSpec(parsed)));
        storeSettings(tr("Add criterion %1").arg(spec), false);
        return true;
    } catch (const ParameterError& e) {
        m_editorError->setText(QString::fromStdString(e.what()));
        return false;
    }
}

void PrivacyPerspective::removeSelectedCriterion() {
    const int row = m_criteria->currentRow();
    if (row < 0) return;
    const QString text = m_criteria->item(row)->text();
    delete m_criteria->takeItem(row);
    storeSettings(tr("Remove criterion %1").arg(text), false);
}

bool PrivacyPerspective::isCheckingFeasibility() const {
    return m_debounce.isActive() || (m_feasibilityJob && m_feasibilityJob->isRunning());
}

void PrivacyPerspective::checkFeasibility() {
    Project* p = project();
    if (!p) return;
    const DataSnapshot snapshot = snapshotOf(*p);
    const SearchSettings settings = p->searchSettings();
    // Read on this thread: the worker sees only the snapshot.
    const QStringList rigid = rigidQuasiIdentifiers(*p);
    auto work = [snapshot, settings, rigid](Feedback&) -> std::shared_ptr<void> {
        return std::make_shared<Feasibility>(checkRequirement(snapshot, settings, rigid));
    };
    delete m_feasibilityJob;
    m_feasibilityJob = new Job(tr("Checking feasibility"), work, this);
    connect(m_feasibilityJob, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        const FeasibilityText text = feasibilityText(*std::static_pointer_cast<Feasibility>(r));
        m_warnings->setText(text.html);
        m_warnings->setStyleSheet(text.styleSheet);
    });
    m_feasibilityJob->start();
}

void PrivacyPerspective::setRunning(bool running) {
    if (running) m_failure.clear();
    const bool cancelHadFocus = !running && m_cancel->hasFocus();
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    // The focus goes from Run to Cancel and back, rather than to the next field: Qt hands a
    // disabled button's focus on, and after a click on Run it landed in the research subset,
    // where a stray keystroke would edit the requirement.
    if (running && m_run->hasFocus()) m_cancel->setFocus(Qt::OtherFocusReason);
    m_run->setEnabled(!running);
    if (cancelHadFocus) m_run->setFocus(Qt::OtherFocusReason);
    m_progress->setValue(0);
    // The heuristic without a time limit cannot say how far it is: a busy bar.
    const Project* p = project();
    const bool open = p && p->searchSettings().algorithm == AlgorithmChoice::Heuristic &&
                      !p->searchSettings().timeLimit;
    m_progress->setRange(0, running && open ? 0 : 1000);
    if (running && p && p->searchSettings().algorithm == AlgorithmChoice::Heuristic)
        showBestSoFar();
    else if (running)
        m_summary->setHtml(tr("<p>Searching…</p>"));
}

void PrivacyPerspective::showOutcome() {
    const auto o = m_session ? m_session->outcome() : nullptr;
    if (!o) {
        if (!m_failure.isEmpty())
            return m_summary->setHtml(tr("<p style='color:#D55E00'><b>Search failed:</b> %1</p>")
                                          .arg(m_failure.toHtmlEscaped()));
        m_summary->setHtml(
            tr("<p>No search yet. Compose the requirement and press <b>Run search</b>.</p>"));
        return;
    }
    const SearchResult& r = o->result;
    const Dataset& data = o->data->dataset();
    QString html;
    if (o->heuristic && !o->classified()) {
        // Only the best node is known: heuristicOutcomeHtml says which and how sure it is.
        if (!m_failure.isEmpty())
            html += tr("<p style='color:#D55E00'><b>Search failed:</b> %1</p>")
                        .arg(m_failure.toHtmlEscaped());
        if (m_session->isStale())
            html +=
                tr("<p style='color:#D55E00'>The settings changed since this search; run it "
                   "again.</p>");
        return m_summary->setHtml(html + heuristicOutcomeHtml(*o));
    }
    if (!m_failure.isEmpty())
        html += tr("<p style='color:#D55E00'><b>Search failed:</b> %1</p>")
                    .arg(m_failure.toHtmlEscaped());
    if (m_session->isStale())
        html += tr(
            "<p style='color:#D55E00'>The settings changed since this search; run it again.</p>");
    QStringList criteria;
    for (const BoundCriterion& c : o->config.criteria)
        criteria << QString::fromStdString(c.criterion.describe()).toHtmlEscaped();
    if (!o->complete())
        html +=
            tr("<h3>Search cancelled: %1 of %2 nodes classified</h3><p>The lattice shows the "
               "others as not "
               "evaluated. Run the search to the end for every minimal node and the optimum.</p>")
                .arg(std::count(o->decided.begin(), o->decided.end(), std::uint8_t(1)))
                .arg(r.latticeSize);
    html +=
        (o->complete() ? tr("<h3>%1 of %2 nodes satisfy</h3><p>%3<br>Suppression limit %4 % "
                            "(%5 rows), metric %6, "
                            "algorithm %7.</p>")
                       : tr("<h3>Satisfying nodes found so far: %1 (of %2 "
                            "nodes)</h3><p>%3<br>Suppression limit %4 % (%5 "
                            "rows), metric %6, algorithm %7.</p>"))
            .arg(r.satisfying.size())
            .arg(r.latticeSize)
            .arg(criteria.join("<br>"))
            .arg(o->settings.suppressionLimit * 100)
            // A share of the published rows: with δ-presence, the research subset's.
            .arg(qulonglong(
                suppressionLimitRows(o->settings.suppressionLimit, o->judged().rowCount())))
            .arg(QString::fromStdString(std::string(metricName(o->settings.metric))),
                 QString::fromStdString(std::string(algorithmChoiceName(o->settings.algorithm))));
    if (r.optimum) {
        const NodeMetrics& m = r.optimumMetrics;
        QStringList levels;
        const Levels lv = data.lattice().levels(*r.optimum);
        for (std::size_t i = 0; i < lv.size(); ++i)
            levels << QStringLiteral("%1=%2")
                          .arg(QString::fromStdString(o->data->qiNames()[i]))
                          .arg(lv[i]);
        html +=
            tr("<h3>Optimum [%1]</h3><p>%2</p>")
                .arg(QString::fromStdString(formatLevels(lv)), levels.join(", ").toHtmlEscaped()) +
            nodeFiguresHtml(m);
    } else if (o->complete()) {
        html += tr("<h3>No node satisfies the requirement</h3>");
    }
    QStringList minimal;
    for (std::size_t i = 0; i < r.minimal.size() && i < 12; ++i)
        minimal << QStringLiteral("[%1]").arg(
            QString::fromStdString(formatLevels(data.lattice().levels(r.minimal[i]))));
    if (r.minimal.size() > 12) minimal << tr("… (%1 in all)").arg(r.minimal.size());
    html += (o->complete() ? tr("<p><b>Minimal nodes (%1):</b> %2</p>")
                           : tr("<p><b>Proven minimal so far (%1):</b> %2</p>"))
                .arg(r.minimal.size())
                .arg(minimal.join(" "));
    if (o->heuristic)
        html += QStringLiteral("<p style='color:#009E73'>%1</p>")
                    .arg(heuristicVerdict(*o).toHtmlEscaped());
    for (const std::string& w : r.warnings)
        html +=
            tr("<p style='color:#D55E00'>⚠ %1</p>").arg(QString::fromStdString(w).toHtmlEscaped());
    if (o->complete())
        html += tr("<p><small>%1 checked · search %2 ms</small></p>")
                    .arg(countOfL(r.statistics.checkedNodes, "node", "nodes"))
                    .arg(r.statistics.times.elapsedMs, 0, 'f', 0);
    else
        html += tr("<p><small>%1 checked before Cancel</small></p>")
                    .arg(countOfL(r.statistics.checkedNodes, "node", "nodes"));
    m_summary->setHtml(html);
}

}  // namespace ldv::ui
