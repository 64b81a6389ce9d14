#include "analysis/analysisperspective.h"

#include <qcustomplot.h>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>

#include "analysis/analyses.h"
#include "analysis/analysishelpers.h"
#include "analysis/analysisoptionsform.h"
#include "charts/chartjson.h"
#include "charts/panelchart.h"
#include "charts/reportchart.h"
#include "project/job.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "widgets/filedialogs.h"
#include "widgets/scrollpanel.h"

namespace ldv::ui {

namespace {
/// The project file's workbench section of the analyses: {"options": {id: {key: text}},
/// "sensitive": name}.
const QString kSection = QStringLiteral("analysis");
/// The charts computed, by analysis id (analysis_results in the project's workbench section).
const QString kResults = QStringLiteral("analysis_results");
}  // namespace

AnalysisPerspective::AnalysisPerspective(QWidget* parent)
    : QWidget(parent),
      m_list(new QListWidget(this)),
      m_title(new QLabel(this)),
      m_description(new QLabel(this)),
      m_status(new QLabel(this)),
      m_chart(new PanelChart(this)),
      m_sensitive(new QComboBox(this)),
      m_options(new AnalysisOptionsForm(this)),
      m_run(new QPushButton(tr("&Run"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_progress(new QProgressBar(this)),
      m_results(analyses().size()) {
    for (const AnalysisDef& a : analyses()) {
        m_list->addItem(a.title);
        m_values.push_back(defaultOptions(a.options));
    }
    // Wide enough for the longest title at any font size or scale factor (no clipped entries).
    m_list->setMinimumWidth(m_list->sizeHintForColumn(0) + 2 * m_list->frameWidth() + 8);

    m_title->setStyleSheet(QStringLiteral("font-weight: bold; font-size: 13pt;"));
    m_description->setWordWrap(true);
    m_status->setWordWrap(true);
    m_progress->setRange(0, 1000);
    m_progress->setMaximumWidth(200);
    m_run->setObjectName("analysisRun");
    m_run->setDefault(true);
    m_list->setToolTip(tr("The analyses: select one to see its options and its last result"));
    m_cancel->setToolTip(tr("Stop the running analysis"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress);
    buttons->addStretch(1);
    buttons->addWidget(new QLabel(tr("Export:"), this));
    for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("pdf"),
                                  QStringLiteral("svg"), QStringLiteral("csv")}) {
        auto* b = new QPushButton(suffix.toUpper(), this);
        connect(b, &QPushButton::clicked, this, [this, suffix] { exportDialog(suffix); });
        buttons->addWidget(b);
        m_exports << b;
    }

    m_sensitive->setToolTip(
        tr("The sensitive attribute the analyses attack (homogeneity, beliefs, (τ,ℓ), "
           "ℓ-diversity utility); criteria of the privacy perspective that name an attribute "
           "keep it"));
    auto* sensitiveRow = new QHBoxLayout;
    auto* sensitiveLabel = new QLabel(tr("&Sensitive attribute:"), this);
    sensitiveLabel->setBuddy(m_sensitive);
    sensitiveRow->addWidget(sensitiveLabel);
    sensitiveRow->addWidget(m_sensitive);
    sensitiveRow->addStretch(1);

    // Title and buttons first: their place does not depend on how long the analysis'
    // description is or how many options it has (no misclicks when switching analyses).
    // Description and options scroll, the chart takes what is left: it fits 1366×768.
    auto* settings = new QWidget(this);
    auto* settingsLayout = new QVBoxLayout(settings);
    settingsLayout->setContentsMargins(0, 0, 0, 0);
    settingsLayout->addWidget(m_description);
    settingsLayout->addLayout(sensitiveRow);
    settingsLayout->addWidget(m_options);
    settingsLayout->addStretch(1);
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_title);
    topLayout->addLayout(buttons);
    topLayout->addWidget(scrollPanel(settings, this), 1);
    topLayout->addWidget(m_status);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->setChildrenCollapsible(false);
    right->setContentsMargins(0, 6, 9, 9);
    right->addWidget(top);
    right->addWidget(m_chart);
    right->setStretchFactor(1, 1);
    // The chart gets most of the height; longer descriptions and option forms scroll.
    right->setSizes({180, 520});

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->addWidget(new QLabel(tr("Analyses"), this));
    leftLayout->addWidget(m_list, 1);

    auto* splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({m_list->minimumWidth(), 1100});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_list, &QListWidget::currentRowChanged, this, &AnalysisPerspective::showCurrent);
    connect(m_run, &QPushButton::clicked, this, &AnalysisPerspective::run);
    // Results computed for another attribute are out of date, like after a role change.
    connect(m_sensitive, &QComboBox::activated, this, &AnalysisPerspective::markStale);
    connect(m_sensitive, &QComboBox::activated, this, &AnalysisPerspective::storeOptions);
    connect(m_cancel, &QPushButton::clicked, this, &AnalysisPerspective::cancel);
    connect(m_options, &AnalysisOptionsForm::changed, this, [this] {
        if (m_shown >= 0) {
            m_values[std::size_t(m_shown)] = m_options->values();
            storeOptions();
        }
        updateRunButton(isRunning());
    });
    m_list->setCurrentRow(0);
    setRunning(false);
    setProject(nullptr);
}

void AnalysisPerspective::setProject(Project* project) {
    if (m_project) m_project->disconnect(this);
    cancel();
    m_project = project;
    for (Slot& s : m_results) s = Slot{};
    if (project) {
        restoreResults();
        connect(project, &Project::roleChanged, this, &AnalysisPerspective::markStale);
        connect(project, &Project::roleChanged, this, &AnalysisPerspective::fillSensitive);
        connect(project, &Project::typeChanged, this, &AnalysisPerspective::markStale);
        connect(project, &Project::hierarchyChanged, this, &AnalysisPerspective::markStale);
        // N and the heuristic's time limit enter no analysis: changing them leaves the charts
        // current (the report would otherwise call them out of date).
        m_settings = project->searchSettings();
        connect(project, &Project::searchSettingsChanged, this, [this] {
            SearchSettings before = m_settings;
            m_settings = m_project->searchSettings();
            before.populationSize = m_settings.populationSize;
            before.timeLimit = m_settings.timeLimit;
            if (!(before == m_settings)) markStale();
        });
        connect(project, &Project::searchSettingsChanged, this,
                &AnalysisPerspective::followProjectSuppression);
    }
    updateRunButton(false);  // the job was cancelled above
    // The options saved with the project (not per machine); the suppression limit follows the
    // project's unless it was set to something else.
    m_projectSuppression =
        project ? QString::number(project->searchSettings().suppressionLimit) : QString();
    const QJsonObject saved =
        project ? project->workbenchValue(kSection).toObject() : QJsonObject();
    const QJsonObject savedOptions = saved.value("options").toObject();
    for (std::size_t i = 0; i < analyses().size(); ++i) {
        const AnalysisDef& def = analyses()[i];
        m_values[i] = defaultOptions(def.options);
        const QJsonObject mine = savedOptions.value(def.id).toObject();
        for (const OptionDef& d : def.options)
            if (mine.contains(d.key)) m_values[i][d.key] = mine.value(d.key).toString();
    }
    followProjectSuppression();
    fillSensitive();
    if (const QString name = saved.value("sensitive").toString(); !name.isEmpty())
        if (const int i = m_sensitive->findData(name); i >= 0) m_sensitive->setCurrentIndex(i);
    const int shown = m_shown;
    m_shown = -1;  // show the project's values in the form
    if (shown >= 0)
        m_options->setOptions(analyses()[std::size_t(shown)].options, m_values[std::size_t(shown)]);
    m_shown = shown;
    showCurrent();
}

void AnalysisPerspective::storeResults() {
    if (!m_project) return;
    QJsonObject results;
    for (std::size_t i = 0; i < analyses().size(); ++i)
        if (const Slot& s = m_results[i]; s.chart)
            results.insert(analyses()[i].id,
                           QJsonObject{{"chart", chartToJson(*s.chart)}, {"stale", s.stale}});
    // Saved with the next save, not worth a question on close (like the last search result).
    m_project->setWorkbenchValue(kResults, results.isEmpty() ? QJsonValue() : QJsonValue(results),
                                 false);
}

void AnalysisPerspective::restoreResults() {
    const QJsonObject saved = m_project->workbenchValue(kResults).toObject();
    for (std::size_t i = 0; i < analyses().size(); ++i) {
        const QJsonObject entry = saved.value(analyses()[i].id).toObject();
        // A chart the file does not describe whole is left out (chartjson.h).
        if (auto chart = chartFromJson(entry.value("chart").toObject()))
            m_results[i] = Slot{std::move(*chart), entry.value("stale").toBool(), {}};
    }
}

void AnalysisPerspective::storeOptions() {
    if (!m_project) return;
    // Only what differs from the defaults (and from the project's suppression limit, which
    // the analyses follow), so a project without changes has no "analysis" section.
    QJsonObject options;
    for (std::size_t i = 0; i < analyses().size(); ++i) {
        QJsonObject mine;
        for (const OptionDef& d : analyses()[i].options) {
            const QString value = m_values[i].value(d.key, d.defaultText);
            const bool followed =
                d.key == QLatin1String("suppression") && value == m_projectSuppression;
            if (value != d.defaultText && !followed) mine.insert(d.key, value);
        }
        if (!mine.isEmpty()) options.insert(analyses()[i].id, mine);
    }
    QJsonObject section;
    if (!options.isEmpty()) section.insert("options", options);
    // The chosen sensitive attribute when it is not the project's first.
    if (m_sensitive->currentIndex() > 0) section.insert("sensitive", sensitiveAttribute());
    m_project->setWorkbenchValue(kSection, section.isEmpty() ? QJsonValue() : QJsonValue(section));
}

void AnalysisPerspective::followProjectSuppression() {
    if (!m_project) return;
    const QString now = QString::number(m_project->searchSettings().suppressionLimit);
    // An analysis' suppression limit is the project's unless the user typed another one: a
    // value still at the analysis' default, or at the project's previous limit, follows.
    bool shownChanged = false;
    for (std::size_t i = 0; i < analyses().size(); ++i) {
        for (const OptionDef& d : analyses()[i].options) {
            if (d.key != QLatin1String("suppression")) continue;
            const QString value = m_values[i].value(d.key, d.defaultText);
            if (value != d.defaultText && value != m_projectSuppression) continue;
            m_values[i][d.key] = now;
            shownChanged |= int(i) == m_shown;
        }
    }
    m_projectSuppression = now;
    if (shownChanged) {
        const int i = m_shown;
        m_shown = -1;
        m_options->setOptions(analyses()[std::size_t(i)].options, m_values[std::size_t(i)]);
        m_shown = i;
    }
}

void AnalysisPerspective::fillSensitive() {
    const QString current = sensitiveAttribute();
    m_sensitive->clear();
    // Roles only: a snapshot would copy every hierarchy on each role change.
    for (int c = 0; m_project && c < m_project->columnCount(); ++c)
        if (m_project->role(c) == Role::Sensitive)
            m_sensitive->addItem(m_project->columnName(c), m_project->columnName(c));
    if (const int i = m_sensitive->findData(current); i >= 0) m_sensitive->setCurrentIndex(i);
    m_sensitive->setEnabled(m_sensitive->count() > 1);
    if (m_sensitive->count() == 0) m_sensitive->addItem(tr("(none)"));
}

QString AnalysisPerspective::sensitiveAttribute() const {
    return m_sensitive->currentData().toString();
}

bool AnalysisPerspective::setSensitiveAttribute(const QString& name) {
    const int i = m_sensitive->findData(name);
    if (i < 0 || !m_project) return false;
    if (i != m_sensitive->currentIndex()) {
        m_sensitive->setCurrentIndex(i);
        markStale();
    }
    return true;
}

int AnalysisPerspective::analysisCount() const {
    return int(analyses().size());
}
int AnalysisPerspective::currentAnalysis() const {
    return m_list->currentRow();
}
void AnalysisPerspective::setCurrentAnalysis(int index) {
    m_list->setCurrentRow(index);
}

bool AnalysisPerspective::setCurrentAnalysis(const QString& id) {
    for (std::size_t i = 0; i < analyses().size(); ++i) {
        if (analyses()[i].id == id) {
            setCurrentAnalysis(int(i));
            return true;
        }
    }
    return false;
}

bool AnalysisPerspective::isRunning() const {
    return m_job && m_job->isRunning();
}

bool AnalysisPerspective::hasResult() const {
    const int i = currentAnalysis();
    return i >= 0 && m_results[std::size_t(i)].chart.has_value();
}

void AnalysisPerspective::markStale() {
    bool changed = false;
    for (Slot& s : m_results)
        if (s.chart && !s.stale) s.stale = changed = true;
    if (changed) storeResults();
    showCurrent();
}

void AnalysisPerspective::showCurrent() {
    const int i = currentAnalysis();
    if (i < 0) return;
    const AnalysisDef& def = analyses()[std::size_t(i)];
    const Slot& slot = m_results[std::size_t(i)];
    if (m_shown != i) {
        m_shown = -1;  // the form's signals must not overwrite the values being shown
        m_options->setOptions(def.options, m_values[std::size_t(i)]);
        m_shown = i;
        updateRunButton(isRunning());
    }
    m_title->setText(def.title);
    m_description->setText(def.description);
    if (slot.chart) {
        m_chart->setData(*slot.chart);
    } else {
        m_chart->setData({});
        m_chart->setEmptyText(m_project ? tr("Press Run to compute “%1”").arg(def.title)
                                        : tr("Open a project first"));
    }
    QString status;
    if (isRunning() && m_jobAnalysis == i)
        status = tr("Running…");
    else if (!slot.error.isEmpty())
        status =
            QStringLiteral("<span style='color:#b00'>%1</span>").arg(slot.error.toHtmlEscaped());
    else if (slot.stale)
        status = tr("The project changed since this was computed: press Run to update.");
    m_status->setText(status);
    m_status->setVisible(!status.isEmpty());
    for (QPushButton* b : m_exports) {
        b->setEnabled(slot.chart.has_value());
        const QString what = b->text() == "CSV" ? tr("Save the plotted data as CSV")
                                                : tr("Save the chart as %1").arg(b->text());
        b->setToolTip(slot.chart ? what : what + tr(" (nothing to save yet: press Run first)"));
    }
}

void AnalysisPerspective::updateRunButton(bool running) {
    const QString error = m_options->error();
    m_run->setEnabled(!running && m_project && error.isEmpty());
    QString tip = tr("Compute the selected analysis in the background");
    if (!m_project)
        tip += tr(" (open a project first)");
    else if (running)
        tip += tr(" (an analysis is running: wait or Cancel it)");
    else if (!error.isEmpty())
        tip += tr(" (fix the options first: %1)").arg(error);
    m_run->setToolTip(tip);
}

void AnalysisPerspective::run() {
    const int index = currentAnalysis();
    if (!m_project || index < 0) return;
    cancel();
    const AnalysisDef def = analyses()[std::size_t(index)];
    const OptionValues values = m_values[std::size_t(index)];
    if (const QString problem = validateOptions(def.options, values); !problem.isEmpty()) {
        m_results[std::size_t(index)].error = problem;
        showCurrent();
        emit finished();
        return;
    }
    DataSnapshot snapshot = snapshotOf(*m_project);
    // The analyses read the first sensitive attribute: put the chosen one first.
    snapshot.putSensitiveFirst(sensitiveAttribute().toStdString());
    const SearchSettings settings = m_project->searchSettings();
    auto work = [snapshot, def, values, settings](Feedback& feedback) -> std::shared_ptr<void> {
        const std::shared_ptr<Workspace> data = snapshot.prepare();
        feedback.checkCancelled();
        return std::make_shared<ChartData>(
            def.run(AnalysisInput{*data, values, settings}, feedback));
    };
    delete m_job;
    m_job = new Job(def.title, work, this);
    m_jobAnalysis = index;
    m_results[std::size_t(index)].error.clear();
    connect(m_job, &Job::progressChanged, this, [this](double f) {
        m_progress->setValue(int(f * 1000));
        emit progressChanged(f);
    });
    connect(m_job, &Job::succeeded, this, [this, index](std::shared_ptr<void> r) {
        ChartData chart = *std::static_pointer_cast<ChartData>(r);
        analysis::noteCoincidingSeries(chart);
        m_results[std::size_t(index)] = Slot{std::move(chart), false, {}};
        storeResults();
    });
    connect(m_job, &Job::failed, this,
            [this, index](const QString& e) { m_results[std::size_t(index)].error = e; });
    connect(m_job, &Job::cancelled, this,
            [this, index] { m_results[std::size_t(index)].error = tr("Cancelled."); });
    connect(m_job, &Job::finished, this, [this] {
        setRunning(false);
        showCurrent();
        emit finished();
    });
    m_job->start();
    setRunning(true);
    showCurrent();
}

void AnalysisPerspective::cancel() {
    if (m_job && m_job->isRunning()) m_job->cancel();
}

void AnalysisPerspective::setRunning(bool running) {
    m_cancel->setVisible(running);
    m_progress->setVisible(running);
    m_progress->setValue(0);
    updateRunButton(running);
    emit runningChanged(running, running && m_job ? m_job->title() : QString());
}

bool AnalysisPerspective::exportChart(const QString& path) {
    m_error.clear();
    if (!hasResult()) return (m_error = tr("nothing to export: run the analysis first")), false;
    if (!m_chart->exportTo(path)) return (m_error = tr("cannot write %1").arg(path)), false;
    return true;
}

QString AnalysisPerspective::runError() const {
    const int i = currentAnalysis();
    return i < 0 ? QString() : m_results[std::size_t(i)].error;
}

OptionValues AnalysisPerspective::options() const {
    const int i = currentAnalysis();
    return i < 0 ? OptionValues{} : m_values[std::size_t(i)];
}

bool AnalysisPerspective::setOption(const QString& key, const QString& text) {
    return m_options->setValue(key, text);
}

std::vector<ReportChart> AnalysisPerspective::reportCharts() const {
    std::vector<ReportChart> out;
    for (std::size_t i = 0; i < m_results.size(); ++i) {
        const Slot& slot = m_results[i];
        if (!slot.chart) continue;
        QString note = slot.chart->note;
        if (slot.stale) note += tr(" · computed before the project's last change");
        out.push_back({analyses()[i].title + QStringLiteral(" — ") + slot.chart->title, note,
                       reportChartImage(*slot.chart)});
    }
    return out;
}

void AnalysisPerspective::exportDialog(const QString& suffix) {
    const int i = currentAnalysis();
    if (i < 0) return;
    const QString filter =
        suffix == "csv" ? tr("CSV data (*.csv)") : tr("%1 (*.%2)").arg(suffix.toUpper(), suffix);
    QString path = filedialogs::saveFile(this, filedialogs::Kind::Export,
                                         tr("Export %1").arg(analyses()[std::size_t(i)].title),
                                         analyses()[std::size_t(i)].id + '.' + suffix, filter);
    if (path.isEmpty()) return;
    if (!path.endsWith('.' + suffix, Qt::CaseInsensitive)) path += '.' + suffix;
    m_status->setVisible(true);
    m_status->setText(exportChart(path) ? tr("Wrote %1").arg(path) : m_error);
}

}  // namespace ldv::ui
