#include "export/exportperspective.h"

#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <qcustomplot.h>

#include "charts/barchart.h"
#include "export/reportdata.h"
#include "export/reportwriter.h"
#include "export/sweepexport.h"
#include "export/tableexport.h"
#include "ldiv/error.h"
#include "lattice/nodedetailspanel.h"
#include "lattice/nodestyle.h"
#include "project/job.h"
#include "project/project.h"
#include "search/preparedinput.h"
#include "search/searchsession.h"

namespace ldv::ui {

ExportPerspective::ExportPerspective(QWidget* parent)
    : QWidget(parent), m_node(new QLineEdit(this)), m_nodeInfo(new QLabel(this)),
      m_remove(new QRadioButton(tr("remove them"), this)), m_mask(new QRadioButton(tr("keep them masked (*)"), this)),
      m_neutralize(new QCheckBox(tr("Neutralise cells starting with = + - @ (formula injection)"), this)),
      m_preview(new QTextBrowser(this)), m_chart(new BarChart(this)), m_sweep(new SweepExportBox(this)) {
    m_remove->setChecked(true);
    m_neutralize->setChecked(true);
    m_nodeInfo->setWordWrap(true);
    m_chart->setTitle(tr("Class sizes of the published table"));
    m_chart->setMinimumHeight(220);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    auto* nodeBox = new QGroupBox(tr("Node to publish"), left);
    auto* nodeForm = new QFormLayout(nodeBox);
    m_node->setPlaceholderText(tr("levels, e.g. 0,1,2"));
    nodeForm->addRow(tr("Levels"), m_node);
    nodeForm->addRow(m_nodeInfo);
    leftLayout->addWidget(nodeBox);
    auto* tableBox = new QGroupBox(tr("Publishable table (CSV)"), left);
    auto* tableLayout = new QVBoxLayout(tableBox);
    tableLayout->addWidget(new QLabel(tr("Identifying attributes are always removed. Suppressed rows:"), tableBox));
    tableLayout->addWidget(m_remove);
    tableLayout->addWidget(m_mask);
    tableLayout->addWidget(m_neutralize);
    auto* tableButton = new QPushButton(tr("Export table…"), tableBox);
    tableButton->setToolTip(tr("The chosen node's table: generalized, identifying columns removed, the rows of "
                               "failing classes suppressed as the search suppressed them"));
    auto* mappingButton = new QPushButton(tr("Export value mapping…"), tableBox);
    mappingButton->setToolTip(tr("attribute, level, value, generalized value and rows for every quasi-identifier value"));
    auto* tableButtons = new QHBoxLayout;
    tableButtons->addWidget(tableButton);
    tableButtons->addWidget(mappingButton);
    tableLayout->addLayout(tableButtons);
    leftLayout->addWidget(tableBox);
    leftLayout->addWidget(m_sweep);
    auto* otherBox = new QGroupBox(tr("Hierarchies, configuration and report"), left);
    auto* otherLayout = new QGridLayout(otherBox);
    auto* hierarchiesButton = new QPushButton(tr("Export hierarchies…"), otherBox);
    hierarchiesButton->setToolTip(tr("hierarchy_<attribute>.csv for every quasi-identifier and sensitive attribute with one"));
    auto* configButton = new QPushButton(tr("Export configuration…"), otherBox);
    configButton->setToolTip(tr("An ldiv project file that re-runs headless on a new table of the same schema:\n"
                                "ldiv generalize --project FILE NEW.csv --node optimum --output published.csv"));
    auto* htmlButton = new QPushButton(tr("Export report as HTML…"), otherBox);
    auto* pdfButton = new QPushButton(tr("Export report as PDF…"), otherBox);
    otherLayout->addWidget(hierarchiesButton, 0, 0);
    otherLayout->addWidget(configButton, 0, 1);
    otherLayout->addWidget(htmlButton, 1, 0);
    otherLayout->addWidget(pdfButton, 1, 1);
    leftLayout->addWidget(otherBox);
    leftLayout->addWidget(m_chart, 1);

    auto* layout = new QHBoxLayout(this);
    layout->addWidget(left, 2);
    auto* previewBox = new QGroupBox(tr("Report preview"), this);
    auto* previewLayout = new QVBoxLayout(previewBox);
    previewLayout->addWidget(m_preview);
    layout->addWidget(previewBox, 3);

    connect(m_node, &QLineEdit::editingFinished, this, [this] { setNode(m_node->text()); });
    auto ask = [this](const QString& title, const QString& name, const QString& filter) {
        return QFileDialog::getSaveFileName(this, title, name, filter);
    };
    connect(tableButton, &QPushButton::clicked, this, [this, ask] {
        const QString p = ask(tr("Export table"), "published.csv", tr("CSV (*.csv)"));
        if (!p.isEmpty() && !exportTable(p)) m_nodeInfo->setText(m_error);
    });
    connect(mappingButton, &QPushButton::clicked, this, [this, ask] {
        const QString p = ask(tr("Export value mapping"), "value_mapping.csv", tr("CSV (*.csv)"));
        if (!p.isEmpty() && !exportValueMapping(p)) m_nodeInfo->setText(m_error);
    });
    connect(configButton, &QPushButton::clicked, this, [this, ask] {
        const QString p = ask(tr("Export configuration"), "configuration.ldiv.json", tr("ldiv project (*.ldiv.json)"));
        if (!p.isEmpty() && !exportConfiguration(p)) m_nodeInfo->setText(m_error);
    });
    connect(hierarchiesButton, &QPushButton::clicked, this, [this] {
        const QString d = QFileDialog::getExistingDirectory(this, tr("Export hierarchies"));
        if (!d.isEmpty() && !exportHierarchies(d)) m_nodeInfo->setText(m_error);
    });
    connect(htmlButton, &QPushButton::clicked, this, [this, ask] {
        const QString p = ask(tr("Export report"), "report.html", tr("HTML (*.html)"));
        if (!p.isEmpty() && !exportReport(p)) m_nodeInfo->setText(m_error);
    });
    connect(pdfButton, &QPushButton::clicked, this, [this, ask] {
        const QString p = ask(tr("Export report"), "report.pdf", tr("PDF (*.pdf)"));
        if (!p.isEmpty() && !exportReport(p)) m_nodeInfo->setText(m_error);
    });
    connect(m_remove, &QRadioButton::toggled, this, &ExportPerspective::prepare);
    connect(m_neutralize, &QCheckBox::toggled, m_sweep, &SweepExportBox::setNeutralizeFormulas);
    outcomeChanged();
}

void ExportPerspective::setSession(SearchSession* session) {
    if (m_session) m_session->disconnect(this);
    m_session = session;
    m_sweep->setProject(session ? session->project() : nullptr);
    if (session) connect(session, &SearchSession::outcomeChanged, this, &ExportPerspective::outcomeChanged);
    outcomeChanged();
}

void ExportPerspective::outcomeChanged() {
    const auto o = m_session ? m_session->outcome() : nullptr;
    m_report.reset();
    if (!o) {
        m_node->clear();
        m_nodeInfo->setText(tr("Run the search (Privacy & search) to choose a node."));
        m_preview->setHtml(QString());
        return;
    }
    if (o->result.optimum) setNode(*o->result.optimum);
    else if (!o->result.satisfying.empty()) setNode(o->result.satisfying.front());
    else setNode(o->data->dataset->lattice().top());
}

bool ExportPerspective::setNode(const QString& text) {
    const auto o = m_session ? m_session->outcome() : nullptr;
    if (!o) return false;
    try {
        const Levels levels = parseLevels(text.trimmed().toStdString());
        if (!o->data->dataset->lattice().contains(levels)) throw ParameterError("not in the lattice");
        setNode(o->data->dataset->lattice().id(levels));
        return true;
    } catch (const ParameterError&) {
        m_nodeInfo->setText(tr("'%1' is not a node of the lattice (one level per quasi-identifier).").arg(text));
        return false;
    }
}

void ExportPerspective::setNode(NodeId id) {
    const auto o = m_session ? m_session->outcome() : nullptr;
    if (!o || id >= o->result.latticeSize) return;
    m_node->setText(QString::fromStdString(formatLevels(o->data->dataset->lattice().levels(id))));
    prepare();
}

QString ExportPerspective::nodeText() const { return m_node->text(); }

bool ExportPerspective::isPreparing() const { return m_job && m_job->isRunning(); }

void ExportPerspective::setMaskSuppressed(bool mask) { (mask ? m_mask : m_remove)->setChecked(true); }
void ExportPerspective::setNeutralizeFormulas(bool on) { m_neutralize->setChecked(on); }

void ExportPerspective::prepare() {
    const auto o = m_session ? m_session->outcome() : nullptr;
    if (!o) return;
    const Levels levels = parseLevels(m_node->text().toStdString());
    const NodeId id = o->data->dataset->lattice().id(levels);
    const std::vector<NodeState> states = nodeStates(&o->result, o->result.latticeSize, o->decided);
    const QString state = stateName(states[id]);
    const QString name = m_session->project() ? m_session->project()->displayName() : QString();
    m_nodeInfo->setText(tr("Node [%1]: %2 — preparing the report…").arg(m_node->text(), state));
    auto work = [o, id, name, state](Feedback&) -> std::shared_ptr<void> {
        return std::make_shared<ReportData>(buildReportData(*o, id, name, state));
    };
    delete m_job;
    m_job = new Job(tr("Preparing the report"), work, this);
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_report = std::static_pointer_cast<const ReportData>(r);
        const NodeDetails& d = m_report->node;
        QStringList labels;
        QVector<double> values;
        classSizeBars(d.classSizes, &labels, &values);
        m_chart->setBars(labels, values, tr("number of classes"));
        m_nodeInfo->setText(tr("Node [%1]: %2 · %3 classes · %4 suppressed rows")
                                .arg(m_node->text(), m_report->nodeState)
                                .arg(d.metrics.classes).arg(d.metrics.suppressedRows));
        m_preview->setHtml(reportHtml(*m_report, {}));
    });
    connect(m_job, &Job::failed, this, [this](const QString& e) { m_nodeInfo->setText(e); });
    m_job->start();
}

bool ExportPerspective::exportTable(const QString& path) {
    const auto o = m_session ? m_session->outcome() : nullptr;
    if (!o) return (m_error = tr("no search result")), false;
    TableExportOptions options;
    options.suppressed = m_mask->isChecked() ? TableExportOptions::Suppressed::Mask : TableExportOptions::Suppressed::Remove;
    options.neutralizeFormulas = m_neutralize->isChecked();
    try {
        exportTableCsv(*o->data, o->config, parseLevels(m_node->text().toStdString()), options, path.toStdString());
        return true;
    } catch (const std::exception& e) {
        m_error = QString::fromStdString(e.what());
        return false;
    }
}

bool ExportPerspective::exportHierarchies(const QString& directory) {
    Project* project = m_session ? m_session->project() : nullptr;
    if (!project) return (m_error = tr("no project")), false;
    auto file = [&](const std::string& name) {
        return QDir(directory).filePath(QStringLiteral("hierarchy_%1.csv").arg(QString::fromStdString(name))).toStdString();
    };
    try {
        for (const std::string& name : project->qiOrder()) writeHierarchy(project->hierarchyOrIdentity(name), file(name));
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
    const auto o = m_session ? m_session->outcome() : nullptr;
    if (!o) return (m_error = tr("no search result")), false;
    TableExportOptions options;
    options.neutralizeFormulas = m_neutralize->isChecked();
    try {
        exportValueMappingCsv(*o->data, parseLevels(m_node->text().toStdString()), options, path.toStdString());
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

bool ExportPerspective::exportReport(const QString& path) {
    if (!m_report) return (m_error = tr("the report is not ready yet")), false;
    std::vector<ReportChart> charts;
    charts.push_back({tr("Class sizes of node [%1]").arg(m_node->text()), QString(), m_chart->plot()->toPixmap(720, 360).toImage()});
    if (m_chartSource)
        for (ReportChart& c : m_chartSource()) charts.push_back(std::move(c));
    if (!writeReport(*m_report, charts, path, &m_error)) return false;  // m_error: "PATH: reason"
    return true;
}

}  // namespace ldv::ui
