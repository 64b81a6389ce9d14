#include "export/exportperspective.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include <qcustomplot.h>

#include "charts/barchart.h"
#include "export/dpexport.h"
#include "export/releaseexport.h"
#include "export/sweepexport.h"
#include "export/tableexport.h"
#include "format/nodemetricstext.h"
#include "format/nodestyle.h"
#include "format/populationtext.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/row_order.h"
#include "ldiv/project/publish_guard.h"
#include "ldiv/project/workspace_publish.h"
#include "project/job.h"
#include "project/project.h"
#include "report/reportdata.h"
#include "report/reportwriter.h"
#include "session/missinginputs.h"
#include "session/nodeanalysis.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"
#include "widgets/scrollpanel.h"

namespace ldv::ui {

ExportPerspective::ExportPerspective(QWidget* parent)
    : QWidget(parent),
      m_node(new QLineEdit(this)),
      m_nodeOrigin(new QLabel(this)),
      m_nodeInfo(new QLabel(this)),
      m_transformNotice(new QLabel(this)),
      m_remove(new QRadioButton(tr("remove them"), this)),
      m_mask(new QRadioButton(tr("keep them masked (*)"), this)),
      m_neutralize(
          new QCheckBox(tr("Neutralise cells starting with = + - @ (formula injection)"), this)),
      m_keepOrder(new QCheckBox(tr("Keep the source's row order"), this)),
      m_pram(new QLineEdit(this)),
      m_writeRelease(
          new QCheckBox(tr("Also write a release record (NAME.ldiv-release.json)"), this)),
      m_population(new QLineEdit(this)),
      m_populationError(new QLabel(this)),
      m_preview(new QTextBrowser(this)),
      m_chart(new BarChart(this)),
      m_sweep(new SweepExportBox(this)),
      m_dp(new DpExportBox(this)) {
    m_remove->setChecked(true);
    m_neutralize->setChecked(true);
    m_remove->setToolTip(tr("Leave the suppressed rows out of the published table"));
    m_mask->setToolTip(tr("Keep the suppressed rows, with every quasi-identifier replaced by *"));
    m_neutralize->setToolTip(
        tr("Prefix cells that start with = + - @ with a quote, so a spreadsheet does not run "
           "them as formulas"));
    m_keepOrder->setObjectName("keepOrder");
    m_keepOrder->setToolTip(
        tr("Off (the default): the published rows are shuffled, since a source sorted by name, "
           "id or date identifies rows by their position; the seed is recorded in the release "
           "record, so that ldiv verify reproduces the file. On: the source's order, on "
           "purpose."));
    m_nodeInfo->setObjectName("nodeInfo");
    m_nodeInfo->setWordWrap(true);
    m_chart->setTitle(tr("Class sizes of the published table"));
    m_chart->setMinimumHeight(220);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    auto* nodeBox = new QGroupBox(tr("Node to publish"), left);
    auto* nodeForm = new QFormLayout(nodeBox);
    m_node->setObjectName("nodeLevels");
    m_node->setPlaceholderText(tr("levels, e.g. 0,1,2"));
    m_node->setToolTip(
        tr("The transformation to publish: one generalization level per quasi-identifier, "
           "in order; set by choosing a node in the lattice, or typed"));
    // A model other than full-domain chosen in the Privacy perspective is exported there:
    // say so where a steward would look for it.
    m_transformNotice->setObjectName("transformationNotice");
    m_transformNotice->setWordWrap(true);
    m_transformNotice->setStyleSheet(
        QStringLiteral("#transformationNotice { background: #E3EEFA; padding: 3px 6px; }"));
    m_transformNotice->setText(
        tr("Privacy ▸ Transformation is set to a model that publishes no node: its table is "
           "exported there (Export table…). This perspective publishes full-domain nodes."));
    m_transformNotice->hide();
    nodeForm->addRow(m_transformNotice);
    nodeForm->addRow(tr("Levels"), m_node);
    // A node chosen in the Lattice replaces the one published: say so, and which it replaced.
    m_nodeOrigin->setObjectName("nodeOrigin");
    m_nodeOrigin->setWordWrap(true);
    m_nodeOrigin->setToolTip(
        tr("Where the node to publish came from: the search's result, the Lattice (a click on a "
           "node or on a row of its list), or typed here"));
    nodeForm->addRow(tr("From"), m_nodeOrigin);
    nodeForm->addRow(m_nodeInfo);
    leftLayout->addWidget(nodeBox);
    auto* tableBox = new QGroupBox(tr("Publishable table (CSV)"), left);
    auto* tableLayout = new QVBoxLayout(tableBox);
    // Wrapped, so that this sentence does not widen the panel and squeeze the report preview.
    auto* publishing =
        new QLabel(tr("Identifying attributes are removed, or pseudonymized as chosen in the "
                      "Data perspective. Suppressed rows:"),
                   tableBox);
    publishing->setWordWrap(true);
    tableLayout->addWidget(publishing);
    tableLayout->addWidget(m_remove);
    tableLayout->addWidget(m_mask);
    tableLayout->addWidget(m_neutralize);
    tableLayout->addWidget(m_keepOrder);
    m_pram->setObjectName("pramColumns");
    m_pram->setPlaceholderText(tr("none (e.g. salary-class=0.8)"));
    m_pram->setToolTip(
        tr("Columns to perturb with invariant PRAM (Gouweleeuw et al. 1998), comma-separated: "
           "COL or COL=p, p the diagonal of the base matrix (default 0.8). Only insensitive "
           "columns that are not quasi-identifiers: the criteria's claims stay true. The "
           "release record names them; ldiv verify checks every other cell."));
    // A label of its own: the placeholder is gone once a column is typed.
    auto* pramRow = new QHBoxLayout;
    auto* pramLabel = new QLabel(tr("P&RAM:"), tableBox);
    pramLabel->setBuddy(m_pram);
    pramLabel->setToolTip(m_pram->toolTip());
    pramRow->addWidget(pramLabel);
    pramRow->addWidget(m_pram, 1);
    tableLayout->addLayout(pramRow);
    m_writeRelease->setObjectName("writeRelease");
    m_writeRelease->setChecked(true);
    m_writeRelease->setToolTip(
        tr("Next to the table, a record of what the publication claims: SHA-256 of the original "
           "data, the configuration and the table, ldiv's version, each criterion's measured "
           "value, the suppressed rows and the risk. 'ldiv verify RECORD --published TABLE' "
           "rechecks it; the report shows it."));
    tableLayout->addWidget(m_writeRelease);
    m_tableButton = new QPushButton(tr("Export table…"), tableBox);
    m_tableButton->setProperty(
        "purpose", tr("The chosen node's table: generalized, identifying columns removed, the "
                      "rows of failing classes suppressed as the search suppressed them"));
    m_mappingButton = new QPushButton(tr("Export value mapping…"), tableBox);
    m_mappingButton->setProperty("purpose",
                                 tr("attribute, level, value, generalized value and rows for every "
                                    "quasi-identifier value"));
    auto* tableButton = m_tableButton;
    auto* mappingButton = m_mappingButton;
    auto* tableButtons = new QHBoxLayout;
    tableButtons->addWidget(tableButton);
    tableButtons->addWidget(mappingButton);
    tableLayout->addLayout(tableButtons);
    leftLayout->addWidget(tableBox);
    leftLayout->addWidget(m_sweep);
    leftLayout->addWidget(m_dp);
    auto* otherBox = new QGroupBox(tr("Hierarchies, configuration and report"), left);
    auto* otherLayout = new QGridLayout(otherBox);
    m_hierarchiesButton = new QPushButton(tr("Export hierarchies…"), otherBox);
    m_hierarchiesButton->setProperty("purpose",
                                     tr("hierarchy_<attribute>.csv for every quasi-identifier and "
                                        "sensitive attribute with one"));
    m_configButton = new QPushButton(tr("Export configuration…"), otherBox);
    m_configButton->setProperty(
        "purpose", tr("An ldiv project file that re-runs headless on a new table of the same "
                      "schema:\nldiv generalize --project FILE NEW.csv --node optimum "
                      "--output published.csv"));
    m_htmlButton = new QPushButton(tr("Export report as HTML…"), otherBox);
    m_htmlButton->setProperty(
        "purpose",
        tr("The report of the chosen node: configuration, node, neighbours, risks, charts"));
    m_pdfButton = new QPushButton(tr("Export report as PDF…"), otherBox);
    m_pdfButton->setProperty("purpose", m_htmlButton->property("purpose"));
    auto* hierarchiesButton = m_hierarchiesButton;
    auto* configButton = m_configButton;
    auto* htmlButton = m_htmlButton;
    auto* pdfButton = m_pdfButton;
    const QStringList names{"exportTable",         "exportMapping", "exportHierarchies",
                            "exportConfiguration", "exportHtml",    "exportPdf"};
    for (int i = 0; i < names.size(); ++i) exportButtons()[i]->setObjectName(names[i]);
    otherLayout->addWidget(hierarchiesButton, 0, 0);
    otherLayout->addWidget(configButton, 0, 1);
    otherLayout->addWidget(htmlButton, 1, 0);
    otherLayout->addWidget(pdfButton, 1, 1);
    m_population->setObjectName("populationSize");
    m_population->setPlaceholderText(tr("not given"));
    m_population->setToolTip(
        tr("N, the size of the population the table was sampled from: the report then gives "
           "the journalist risk and the estimated population uniques (at least the table's "
           "rows). The project's one value: the Risk perspective shows and edits the same."));
    auto* populationLabel = new QLabel(tr("Population size &N:"), otherBox);
    populationLabel->setBuddy(m_population);
    populationLabel->setToolTip(m_population->toolTip());
    otherLayout->addWidget(populationLabel, 2, 0);
    otherLayout->addWidget(m_population, 2, 1);
    m_populationError->setObjectName("populationError");
    m_populationError->setStyleSheet("color: #D55E00");
    m_populationError->setWordWrap(true);
    m_populationError->hide();
    otherLayout->addWidget(m_populationError, 3, 0, 1, 2);
    connect(m_population, &QLineEdit::editingFinished, this,
            [this] { setPopulationSize(m_population->text()); });
    leftLayout->addWidget(otherBox);
    leftLayout->addWidget(m_chart, 1);

    // The settings column scrolls rather than force the window taller (1366×768 screens).
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(scrollPanel(left, this), 2);
    auto* previewBox = new QGroupBox(tr("Report preview"), this);
    auto* previewLayout = new QVBoxLayout(previewBox);
    previewLayout->addWidget(m_preview);
    m_preview->setObjectName("reportPreview");
    // As on paper: table headers wrap between words, never inside one.
    m_preview->setWordWrapMode(QTextOption::WordWrap);
    layout->addWidget(previewBox, 3);

    connect(m_node, &QLineEdit::editingFinished, this, [this] {
        // Only the user's typing (setText, by the Lattice or the search, clears the flag).
        const bool typed = m_node->isModified();
        if (setNode(m_node->text()) && typed) m_nodeOrigin->setText(tr("typed here"));
        m_node->setModified(false);
    });
    auto ask = [this](const QString& title, const QString& name, const QString& filter) {
        return filedialogs::saveFile(this, filedialogs::Kind::Export, title, name, filter);
    };
    connect(tableButton, &QPushButton::clicked, this, &ExportPerspective::exportTableInteractively);
    connect(mappingButton, &QPushButton::clicked, this, [this, ask] {
        write(ask(tr("Export value mapping"), "value_mapping.csv", tr("CSV (*.csv)")),
              &ExportPerspective::exportValueMapping);
    });
    connect(configButton, &QPushButton::clicked, this, [this, ask] {
        write(ask(tr("Export configuration"), "configuration.ldiv.json",
                  tr("ldiv project (*.ldiv.json)")),
              &ExportPerspective::exportConfiguration);
    });
    connect(hierarchiesButton, &QPushButton::clicked, this, [this] {
        write(filedialogs::folder(this, filedialogs::Kind::Export, tr("Export hierarchies")),
              &ExportPerspective::exportHierarchies);
    });
    connect(htmlButton, &QPushButton::clicked, this, [this, ask] {
        write(ask(tr("Export report"), "report.html", tr("HTML (*.html)")),
              &ExportPerspective::exportReport);
    });
    connect(pdfButton, &QPushButton::clicked, this, [this, ask] {
        write(ask(tr("Export report"), "report.pdf", tr("PDF (*.pdf)")),
              &ExportPerspective::exportReport);
    });
    connect(m_sweep, &SweepExportBox::wrote, this, &ExportPerspective::wrote);
    connect(m_dp, &DpExportBox::wrote, this, &ExportPerspective::wrote);
    connect(m_dp, &DpExportBox::drawn, this, &ExportPerspective::randomlyDrawn);
    connect(m_remove, &QRadioButton::toggled, this, &ExportPerspective::prepare);
    connect(m_neutralize, &QCheckBox::toggled, m_sweep, &SweepExportBox::setNeutralizeFormulas);
    connect(m_neutralize, &QCheckBox::toggled, m_dp, &DpExportBox::setNeutralizeFormulas);
    outcomeChanged();
}

void ExportPerspective::setSession(SearchSession* session) {
    if (m_session) {
        m_session->disconnect(this);
        if (m_session->project()) m_session->project()->disconnect(this);
    }
    m_session = session;
    m_sweep->setProject(session ? session->project() : nullptr);
    m_dp->setProject(session ? session->project() : nullptr);
    if (session) {
        connect(session, &SearchSession::outcomeChanged, this, &ExportPerspective::outcomeChanged);
        connect(session, &SearchSession::transformationChanged, this,
                [this](const QString& m) { m_transformNotice->setVisible(m != "full-domain"); });
    }
    m_transformNotice->setVisible(session && session->transformation() != "full-domain");
    if (Project* p = session ? session->project() : nullptr) {
        // Levels typed without a search were judged with the settings of their time.
        auto drop = [this] {
            if (!m_typed.outcome && !m_typed.isPreparing()) return;
            const QString typed = m_node->text();
            outcomeChanged();
            if (!typed.isEmpty() && !(m_session && m_session->outcome()) && setNode(typed))
                m_nodeOrigin->setText(tr("typed here"));
        };
        connect(p, &Project::searchSettingsChanged, this, drop);
        // N is the project's (population_size), edited here or in the Risk perspective.
        connect(p, &Project::searchSettingsChanged, this, [this] {
            if (followPopulation()) prepare();
        });
        connect(p, &Project::roleChanged, this, drop);
        connect(p, &Project::typeChanged, this, drop);
        connect(p, &Project::hierarchyChanged, this, drop);
    }
    followPopulation();
    outcomeChanged();
}

bool ExportPerspective::followPopulation() {
    Project* p = m_session ? m_session->project() : nullptr;
    const auto n = p ? p->searchSettings().populationSize : std::nullopt;
    m_populationError->hide();
    const QString text = populationText(n);
    if (m_population->text() != text) m_population->setText(text);
    if (n == m_reportPopulation) return false;
    m_reportPopulation = n;
    return true;
}

std::shared_ptr<const SearchOutcome> ExportPerspective::outcome() const {
    if (m_session && m_session->outcome()) return m_session->outcome();
    return m_typed.outcome;
}

QList<QPushButton*> ExportPerspective::exportButtons() const {
    return {m_tableButton,  m_mappingButton, m_hierarchiesButton,
            m_configButton, m_htmlButton,    m_pdfButton};
}

void ExportPerspective::updateActions() {
    const bool project = m_session && m_session->project();
    const bool node = outcome() && !m_node->text().isEmpty();
    const QString noProject = tr("Open a project first.");
    const QString noNode =
        tr("Nothing to export yet: run the search (Privacy & search), pick a node in the "
           "Lattice, or type a node's levels above.");
    const QString noReport = tr("The report of the chosen node is not ready yet.");
    auto set = [](QPushButton* b, bool enabled, const QString& why) {
        b->setEnabled(enabled);
        b->setToolTip(enabled ? b->property("purpose").toString() : why);
    };
    set(m_tableButton, node, project ? noNode : noProject);
    set(m_mappingButton, node, project ? noNode : noProject);
    set(m_hierarchiesButton, project, noProject);
    set(m_configButton, project, noProject);
    set(m_htmlButton, node && m_report, !project ? noProject : node ? noReport : noNode);
    set(m_pdfButton, node && m_report, !project ? noProject : node ? noReport : noNode);
}

void ExportPerspective::write(const QString& path,
                              bool (ExportPerspective::*writer)(const QString&)) {
    if (path.isEmpty()) return;
    if (!(this->*writer)(path)) return m_nodeInfo->setText(m_error);
    emit wrote(path);
}

void ExportPerspective::prepareTyped(const QString& levels) {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project) return;
    const DataSnapshot snapshot = snapshotOf(*project);
    const SearchSettings settings = project->searchSettings();
    if (const QString missing = missingCriteriaInput(snapshot.config, settings.criteria);
        !missing.isEmpty())
        return m_nodeInfo->setText(missing);
    // The node is judged on its own, as `ldiv generalize --node` does: no search needed.
    auto work = [snapshot, settings](Feedback&) -> std::shared_ptr<void> {
        auto out = std::make_shared<SearchOutcome>();
        out->data = snapshot.prepare();
        out->settings = settings;
        // With delta-presence judged on the data with the research subset (requirement.h).
        out->config = workbenchRequirement(*out->data, settings).config;
        // Nothing classified by a search, and nothing allocated per node (the lattice may
        // have 10^11 nodes): SearchOutcome::nodeState says "not evaluated" for every node.
        out->result.latticeSize = out->data->dataset().lattice().size();
        return out;
    };
    delete m_typed.job;
    m_typed.job = new Job(tr("Preparing node [%1]").arg(levels), work, this);
    m_nodeInfo->setText(tr("Node [%1]: preparing (no search has run)…").arg(levels));
    connect(m_typed.job, &Job::succeeded, this, [this, levels](std::shared_ptr<void> r) {
        m_typed.outcome = std::static_pointer_cast<const SearchOutcome>(r);
        const Lattice& lattice = m_typed.outcome->data->dataset().lattice();
        setNode(lattice.id(parseLevels(levels.toStdString())));
    });
    connect(m_typed.job, &Job::failed, this, [this](const QString& e) { m_nodeInfo->setText(e); });
    m_typed.job->start();
}

void ExportPerspective::outcomeChanged() {
    const auto session = m_session ? m_session->outcome() : nullptr;
    m_report.reset();
    m_typed.outcome.reset();
    if (m_typed.job) m_typed.job->cancel();
    const auto o = session;
    if (!o) {
        m_node->clear();
        m_nodeOrigin->setText(tr("no node yet"));
        m_nodeInfo->setText(
            tr("Run the search (Privacy & search) to choose a node, or type a node's levels to "
               "publish it without a search."));
        m_preview->setHtml(QString());
        m_chart->setBars({}, {}, {});
        updateActions();
        return;
    }
    if (o->result.optimum && o->heuristic && !o->heuristic->provenOptimal)
        setNodeFrom(*o->result.optimum, tr("the heuristic's best node (not proven optimal)"));
    else if (o->result.optimum)
        setNodeFrom(*o->result.optimum, tr("the search's optimum"));
    else if (!o->result.satisfying.empty())
        setNodeFrom(o->result.satisfying.front(), tr("the search's first satisfying node"));
    else
        setNodeFrom(o->data->dataset().lattice().top(),
                    tr("the most general node (no node satisfies the requirement)"));
}

void ExportPerspective::setNodeFrom(NodeId id, const QString& origin) {
    m_nodeOrigin->setText(origin);
    setNode(id);
}

void ExportPerspective::chooseNode(NodeId id) {
    const auto o = outcome();
    if (!o || id >= o->result.latticeSize) return;
    const QString levels =
        QString::fromStdString(formatLevels(o->data->dataset().lattice().levels(id)));
    if (levels == m_node->text()) return;  // the same node: where it came from stays true
    const QString before = m_node->text();
    const QString was = m_nodeOrigin->text();
    // "chosen in the Lattice; before: [2,1,0], the search's optimum" (only the last one:
    // a chain of clicks would otherwise grow the label for ever).
    QString origin = tr("chosen in the Lattice");
    if (!before.isEmpty()) {
        const int cut = was.indexOf(QStringLiteral("; "));
        origin += tr("; before: [%1], %2").arg(before, cut < 0 ? was : was.left(cut));
    }
    setNodeFrom(id, origin);
}

QString ExportPerspective::nodeOrigin() const {
    return m_nodeOrigin->text();
}

bool ExportPerspective::setNode(const QString& text) {
    const auto o = outcome();
    Project* project = m_session ? m_session->project() : nullptr;
    if (!o && !project) return false;
    try {
        const Levels levels = parseLevels(text.trimmed().toStdString());
        if (!o) {
            // No search: check the levels against the project's hierarchies, then prepare.
            if (!Lattice(project->qiHeights()).contains(levels))
                throw ParameterError("not in the lattice");
            m_node->setText(QString::fromStdString(formatLevels(levels)));
            prepareTyped(m_node->text());
            updateActions();
            return true;
        }
        if (!o->data->dataset().lattice().contains(levels))
            throw ParameterError("not in the lattice");
        setNode(o->data->dataset().lattice().id(levels));
        return true;
    } catch (const ParameterError&) {
        m_nodeInfo->setText(
            tr("'%1' is not a node of the lattice (one level per quasi-identifier).").arg(text));
        return false;
    }
}

void ExportPerspective::setNode(NodeId id) {
    const auto o = outcome();
    if (!o || id >= o->result.latticeSize) return;
    m_node->setText(QString::fromStdString(formatLevels(o->data->dataset().lattice().levels(id))));
    prepare();
}

QString ExportPerspective::nodeText() const {
    return m_node->text();
}

bool ExportPerspective::Typed::isPreparing() const {
    return job && job->isRunning();
}

bool ExportPerspective::isPreparing() const {
    return (m_reportJob && m_reportJob->isRunning()) || m_typed.isPreparing();
}

void ExportPerspective::setMaskSuppressed(bool mask) {
    (mask ? m_mask : m_remove)->setChecked(true);
}
void ExportPerspective::setNeutralizeFormulas(bool on) {
    m_neutralize->setChecked(on);
}
void ExportPerspective::setKeepOrder(bool on) {
    m_keepOrder->setChecked(on);
}

void ExportPerspective::exportTableInteractively() {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project) return;
    if (const std::vector<std::string> unroled = project->unroledColumns(); !unroled.empty()) {
        QStringList names;
        for (const std::string& n : unroled) names << QString::fromStdString(n);
        QMessageBox box(QMessageBox::Question, tr("Columns without a role"),
                        tr("These columns have no role: %1.").arg(names.join(", ")),
                        QMessageBox::Cancel, this);
        box.setInformativeText(
            tr("Exported now, they would be published exactly as they are, although nobody "
               "said they may be. Declare them insensitive if their values may be published "
               "as they are (Ctrl+Z undoes it), or cancel and give them a role in the Data "
               "perspective (identifying removes a column)."));
        QPushButton* declare = box.addButton(tr("Declare insensitive"), QMessageBox::AcceptRole);
        box.setDefaultButton(QMessageBox::Cancel);
        box.exec();
        if (box.clickedButton() != declare) return;
        std::vector<int> columns;
        for (const std::string& n : unroled) columns.push_back(project->columnIndex(n));
        project->setRoles(columns, Role::Insensitive);
    }
    const QString path = filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export table"),
                                               "published.csv", tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (exportTable(path)) return emit wrote(path);
    if (!m_refusedFailing) return m_nodeInfo->setText(m_error);
    // The refusal, with the failing criteria and their counts; publishing anyway is a
    // deliberate second choice, never the default button.
    QMessageBox box(QMessageBox::Warning, tr("The node fails its criteria"),
                    tr("Not exported: %1.").arg(m_error), QMessageBox::Cancel, this);
    box.setInformativeText(
        tr("A table of this node does not meet the privacy criteria. Publish anyway only if "
           "you must: its release record says which criteria fail, and ldiv verify rejects "
           "it."));
    QPushButton* anyway = box.addButton(tr("Publish anyway"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    m_nodeInfo->setText(tr("Not exported: %1").arg(m_error));
    if (box.clickedButton() != anyway) return;
    if (!publishAnyway(path)) return m_nodeInfo->setText(m_error);
    m_nodeInfo->setText(tr("Published anyway, although the node fails: %1").arg(path));
    emit wrote(path);
}

void ExportPerspective::prepare() {
    const auto o = outcome();
    const Levels levels = o ? parseLevels(m_node->text().toStdString()) : Levels{};
    // The report of another node must not be written for this one (the same node's stays
    // until the new one is ready: suppression options do not change it).
    if (m_report && m_report->node.levels != levels) m_report.reset();
    // A release record certifies one node's file: another node has none yet.
    if (m_release && m_release->levels != levels) {
        m_release.reset();
        m_releasePath.clear();
    }
    updateActions();
    if (!o) return;
    const NodeId id = o->data->dataset().lattice().id(levels);
    const bool searched = o != m_typed.outcome;
    // One node's state: nothing per node of the lattice (a heuristic's may be huge).
    const QString state = searched ? stateName(o->nodeState(id)) : tr("no search");
    const QString name = m_session->project() ? m_session->project()->displayName() : QString();
    m_nodeInfo->setText(tr("Node [%1]: %2 — preparing the report…").arg(m_node->text(), state));
    const std::optional<double> populationSize = m_reportPopulation;
    auto work = [o, id, name, state, searched, populationSize](Feedback&) -> std::shared_ptr<void> {
        auto report =
            std::make_shared<ReportData>(buildReportData(*o, id, name, state, populationSize));
        // Without a search the node's own judgement is its state.
        if (!searched)
            report->nodeState = report->node.satisfies
                                    ? tr("satisfies the requirement (judged without a search)")
                                    : tr("fails the requirement (judged without a search)");
        return report;
    };
    delete m_reportJob;
    m_reportJob = new Job(tr("Preparing the report"), work, this);
    connect(m_reportJob, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_report = std::static_pointer_cast<const ReportData>(r);
        const NodeDetails& d = m_report->node;
        QStringList labels;
        QVector<double> values;
        classSizeBars(d.classSizes, &labels, &values);
        m_chart->setBars(labels, values, tr("number of classes"));
        m_nodeInfo->setText(
            tr("Node [%1]: %2 · %3 · %4")
                .arg(m_node->text(), m_report->nodeState,
                     countOfL(d.metrics.classes, "class", "classes"),
                     countOfL(d.metrics.suppressedRows, "suppressed row", "suppressed rows")));
        m_preview->setHtml(reportHtml(*reportWithRelease(), {}));
        updateActions();
    });
    connect(m_reportJob, &Job::failed, this, [this](const QString& e) { m_nodeInfo->setText(e); });
    m_reportJob->start();
}

bool ExportPerspective::exportTable(const QString& path) {
    return exportTableChecked(path, false);
}

bool ExportPerspective::publishAnyway(const QString& path) {
    return exportTableChecked(path, true);
}

bool ExportPerspective::exportTableChecked(const QString& path, bool allowFailing) {
    m_refusedFailing = false;
    const auto o = outcome();
    if (!o) return (m_error = tr("no search result")), false;
    if (m_session && m_session->project()) {
        QStringList unroled;
        for (const std::string& n : m_session->project()->unroledColumns())
            unroled << QString::fromStdString(n);
        if (!unroled.isEmpty())
            return (m_error = tr("Not exported: %1 without a role would be published as they "
                                 "are; give each a role in the Data perspective (insensitive "
                                 "publishes it as it is).")
                                  .arg(unroled.join(", "))),
                   false;
    }
    TableExportOptions options;
    options.suppressed = m_mask->isChecked() ? TableExportOptions::Suppressed::Mask
                                             : TableExportOptions::Suppressed::Remove;
    options.neutralizeFormulas = m_neutralize->isChecked();
    options.shuffle = !m_keepOrder->isChecked();
    options.seed = randomSeed();
    options.allowFailing = allowFailing;
    m_pseudonymMapping.clear();
    try {
        options.pram = parsePramList(m_pram->text().toStdString(), "PRAM");
    } catch (const std::exception& e) {
        return (m_error = tr("Not exported: %1").arg(QString::fromStdString(e.what()))), false;
    }
    try {
        const Levels levels = parseLevels(m_node->text().toStdString());
        // Identifying attributes to pseudonymize (the project's choice; the same core code as
        // `ldiv generalize --pseudonymize`). What they need is asked now and kept in memory
        // for this export only: the secret is never stored.
        std::vector<PseudonymSpec> specs;
        if (m_session && m_session->project())
            for (PseudonymSpec& spec : projectPseudonymSpecs(m_session->project()->config())) {
                const auto c = o->data->table().columnIndex(spec.column);
                const auto& ids = o->data->identifyingColumns();
                if (c && std::find(ids.begin(), ids.end(), *c) != ids.end())
                    specs.push_back(std::move(spec));
            }
        PseudonymInputs inputs;
        if (pseudonymsNeedInputs(specs)) {
            const bool given = m_pseudonymPrompt ? m_pseudonymPrompt(specs, path, inputs)
                                                 : askPseudonymInputs(this, specs, path, inputs);
            if (!given)
                return (m_error = tr("Not exported: the pseudonyms' secret or mapping file was "
                                     "not given.")),
                       false;
        }
        Pseudonyms pseudonyms = pseudonymizeIdentifying(
            o->data->table(), o->data->identifyingColumns(), specs, inputs.secret);
        std::fill(inputs.secret.begin(), inputs.secret.end(), '\0');
        if (pseudonyms.hasMapping) {
            const QString map = QFileInfo(inputs.mappingPath).absoluteFilePath();
            if (inputs.mappingPath.isEmpty() || map == QFileInfo(path).absoluteFilePath() ||
                map == releasePathFor(path))
                return (m_error = tr("Not exported: the random pseudonyms' mapping needs a file "
                                     "of its own, apart from the published table.")),
                       false;
        }
        options.pseudonyms = pseudonyms.columns;
        const Table published =
            exportTableCsv(*o->data, o->config, levels, options, path.toStdString());
        if (pseudonyms.hasMapping) {
            // The published people only (not the rows left out or removed).
            writeTableCsv(publishedMapping(pseudonyms.mapping, published),
                          QFile::encodeName(inputs.mappingPath).toStdString(), options.separator,
                          options.neutralizeFormulas);
            m_pseudonymMapping = inputs.mappingPath;
        }
        m_release.reset();
        m_releasePath.clear();
        if (m_writeRelease->isChecked() && m_session && m_session->project()) {
            // The table's own options: the same seed, so verify --original reproduces it.
            const PublishOptions publish = publishOptions(options);
            const QString releasePath = releasePathFor(path);
            try {
                m_release = std::make_shared<ReleaseRecord>(
                    writeWorkbenchRelease(*m_session->project(), o->settings, levels, publish,
                                          releaseOutput(options), path, releasePath));
            } catch (const std::exception& e) {
                m_error = tr("The table was written to %1, but not its release record: %2")
                              .arg(path, QString::fromStdString(e.what()));
                return false;
            }
            m_releasePath = releasePath;
            if (m_report) m_preview->setHtml(reportHtml(*reportWithRelease(), {}));
        }
        return true;
    } catch (const NodeFailsError& e) {
        m_refusedFailing = true;
        m_error = QString::fromStdString(e.what());
        return false;
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        return false;
    }
}

bool ExportPerspective::exportHierarchies(const QString& directory) {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project) return (m_error = tr("no project")), false;
    auto file = [&](const std::string& name) {
        return QDir(directory)
            .filePath(QStringLiteral("hierarchy_%1.csv").arg(QString::fromStdString(name)))
            .toStdString();
    };
    try {
        for (const std::string& name : project->qiOrder())
            writeHierarchy(project->hierarchyOrIdentity(name), file(name));
        // A sensitive attribute's hierarchy is its taxonomy for (τ,ℓ)-diversity.
        for (std::size_t c = 0; c < project->table().columnCount(); ++c) {
            const std::string& name = project->table().column(c).name();
            if (project->role(int(c)) != Role::Sensitive) continue;
            if (const Hierarchy* h = project->hierarchy(name)) writeHierarchy(*h, file(name));
        }
        return true;
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        return false;
    }
}

bool ExportPerspective::exportValueMapping(const QString& path) {
    const auto o = outcome();
    if (!o) return (m_error = tr("no search result")), false;
    TableExportOptions options;
    options.neutralizeFormulas = m_neutralize->isChecked();
    try {
        exportValueMappingCsv(*o->data, parseLevels(m_node->text().toStdString()), options,
                              path.toStdString());
        return true;
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        return false;
    }
}

bool ExportPerspective::exportConfiguration(const QString& path) {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project) return (m_error = tr("no project")), false;
    try {
        saveProject(project->configForSave(path, false), path.toStdString());
        return true;
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        return false;
    }
}

std::shared_ptr<const ReportData> ExportPerspective::reportWithRelease() const {
    if (!m_report) return m_report;
    std::optional<ClassificationReport> classification;
    if (m_classificationSource && m_report->utility)
        classification = m_classificationSource(m_report->node.levels);
    if (!m_release && !classification) return m_report;
    auto report = std::make_shared<ReportData>(*m_report);
    if (m_release) {
        report->release = m_release;
        report->releasePath = m_releasePath;
    }
    if (classification) report->utility->classification = std::move(classification);
    return report;
}

void ExportPerspective::setWriteRelease(bool on) {
    m_writeRelease->setChecked(on);
}

bool ExportPerspective::setPopulationSize(const QString& size) {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project) return false;
    if (m_population->text() != size) m_population->setText(size);
    const PopulationInput input = parsePopulation(size, project->table().rowCount());
    m_populationError->setText(input.error);
    m_populationError->setVisible(!input.ok);
    if (!input.ok) return false;
    // The project's setting, undoable; its change signal updates this field, Risk's and the
    // report. Unchanged, the field is re-shown: "100000" as typed reads "100,000".
    if (!project->setPopulationSize(input.value)) followPopulation();
    return true;
}

QString ExportPerspective::populationError() const {
    return m_populationError->isHidden() ? QString() : m_populationError->text();
}

bool ExportPerspective::exportReport(const QString& path) {
    if (!m_report) return (m_error = tr("the report is not ready yet")), false;
    std::vector<ReportChart> charts;
    // Rendered at the report's chart width (twice the pixels, for print): its text prints at
    // the size it has on screen.
    charts.push_back(
        {tr("Class sizes of node [%1]").arg(m_node->text()), QString(),
         m_chart->plot()->toPixmap(kReportChartWidth, kReportChartHeight, 2.0).toImage()});
    if (m_chartSource)
        for (ReportChart& c : m_chartSource(m_report->node.levels)) charts.push_back(std::move(c));
    // m_error: "PATH: reason"
    if (!writeReport(*reportWithRelease(), charts, path, &m_error)) return false;
    return true;
}

void ExportPerspective::setPseudonymPrompt(PseudonymPrompt prompt) {
    m_sweep->setPseudonymPrompt(prompt);
    m_dp->setPseudonymPrompt(prompt);
    m_pseudonymPrompt = std::move(prompt);
}

}  // namespace ldv::ui
