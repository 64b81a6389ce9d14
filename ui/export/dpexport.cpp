#include "export/dpexport.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include "export/releaseexport.h"
#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/release/release_record.h"
#include "ldiv/workflow/dp_publication.h"
#include "project/job.h"
#include "project/project.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
struct DpExportResult {
    DpPublication publication;
    QString matrices;
};
}  // namespace

DpExportBox::DpExportBox(QWidget* parent)
    : QGroupBox(tr("Differentially private table by SafePub (CSV)"), parent),
      m_epsilon(new QDoubleSpinBox(this)),
      m_delta(new QLineEdit(QStringLiteral("1e-5"), this)),
      m_score(new QComboBox(this)),
      m_steps(new QSpinBox(this)),
      m_reproducible(new QCheckBox(tr("Reproducible run (not private)"), this)),
      m_seed(new QSpinBox(this)),
      m_pram(new QLineEdit(this)),
      m_release(new QCheckBox(tr("Write its release record"), this)),
      m_run(this, tr("Publish with differential privacy…"), tr("Stop; nothing is written")),
      m_matricesButton(new QPushButton(tr("PRAM matrices…"), this)) {
    setObjectName("dpExport");
    setToolTip(
        tr("(ε,δ)-differential privacy by SafePub (Bild, Kuhn & Prasser 2018): the rows are "
           "sampled at random, the generalization is drawn at random by the exponential "
           "mechanism, and classes below a k derived from ε and δ are suppressed. The project's "
           "criteria are not used: the guarantee is ε and δ. Each run draws anew (docs/dp.md)."));
    m_epsilon->setObjectName("dpEpsilon");
    m_epsilon->setRange(0.01, 20);
    m_epsilon->setDecimals(2);
    m_epsilon->setSingleStep(0.25);
    m_epsilon->setValue(1);
    m_epsilon->setToolTip(
        tr("ε, the privacy budget: smaller is more private and less useful "
           "(SafePub's evaluation uses 0.01 to 2)"));
    m_delta->setObjectName("dpDelta");
    m_delta->setToolTip(
        tr("δ, the probability that the ε guarantee fails; well below 1 / rows "
           "(e.g. 1e-5 or 1e-6)"));
    m_score->addItem(tr("granularity"), "granularity");
    m_score->addItem(tr("discernibility"), "dm");
    m_score->setToolTip(tr("The utility score the exponential mechanism prefers (SafePub §5)"));
    m_steps->setRange(1, 100000);
    m_steps->setValue(kDefaultSafePubSteps);
    m_steps->setToolTip(
        tr("Steps of the exponential mechanism; the search's ε is shared among "
           "them"));
    m_reproducible->setObjectName("dpReproducible");
    m_reproducible->setToolTip(
        tr("With a seed anyone who knows it replays the sample and every draw: the table is "
           "then NOT differentially private. For tests and teaching only."));
    m_seed->setRange(1, 1000000000);
    m_seed->setObjectName("dpSeed");
    m_seed->setToolTip(
        tr("The seed of a reproducible run: the sample, the draws, PRAM and the "
           "row order replay from it (not private)"));
    m_seed->setEnabled(false);
    m_pram->setObjectName("dpPram");
    m_pram->setPlaceholderText(tr("none (e.g. salary-class=0.8)"));
    m_pram->setToolTip(
        tr("Columns to perturb with invariant PRAM (Gouweleeuw et al. 1998), comma-separated: "
           "COL or COL=p, p the diagonal of the base matrix (default 0.8). Not a "
           "quasi-identifier. The matrices can be inspected after the run."));
    m_release->setObjectName("dpRelease");
    m_release->setChecked(true);
    m_release->setToolTip(
        tr("A record next to the table: ε, δ, β, k, the mechanism, the drawn node and PRAM's "
           "columns. ldiv verify checks β and k, the classes and the values; it says what it "
           "cannot recompute (the sample and the draws)."));
    m_run.button->setObjectName("dpPublish");
    m_matricesButton->setEnabled(false);
    m_matricesButton->setToolTip(tr("The transition matrices PRAM drew from in the last run"));
    m_run.status->setObjectName("dpStatus");

    auto* form = new QFormLayout(this);
    form->addRow(tr("ε"), m_epsilon);
    form->addRow(tr("δ"), m_delta);
    form->addRow(tr("Score"), m_score);
    form->addRow(tr("Steps"), m_steps);
    auto* seedRow = new QWidget(this);
    auto* seedLayout = new QHBoxLayout(seedRow);
    seedLayout->setContentsMargins(0, 0, 0, 0);
    seedLayout->addWidget(m_reproducible, 1);
    seedLayout->addWidget(m_seed);
    form->addRow(seedRow);
    form->addRow(tr("PRAM"), m_pram);
    form->addRow(m_release);
    form->addRow(m_run.buttonRow(m_matricesButton));
    form->addRow(m_run.status);
    connect(m_reproducible, &QCheckBox::toggled, m_seed, &QSpinBox::setEnabled);
    connect(m_run.button, &QPushButton::clicked, this, [this] {
        const QString p = filedialogs::saveFile(this, filedialogs::Kind::Export,
                                                tr("Publish with differential privacy"),
                                                "published_dp.csv", tr("CSV (*.csv)"));
        if (!p.isEmpty()) exportTo(p);
    });
    connect(m_matricesButton, &QPushButton::clicked, this, &DpExportBox::showMatrices);
}

void DpExportBox::setProject(Project* project) {
    if (m_project) disconnect(m_project, nullptr, this, nullptr);
    m_project = project;
    if (project) connect(project, &Project::roleChanged, this, &DpExportBox::updateAvailability);
    updateAvailability();
}

void DpExportBox::updateAvailability() {
    QString missing;
    if (!m_project) {
        missing = tr("Open a project first.");
    } else {
        bool qi = false;
        for (int c = 0; c < m_project->columnCount(); ++c)
            qi = qi || m_project->role(c) == Role::QuasiIdentifying;
        if (!qi) missing = tr("Mark at least one quasi-identifying attribute (Data perspective).");
    }
    m_run.allow(missing, tr("Draw a generalization with SafePub and write the table as CSV"));
}

bool DpExportBox::isRunning() const {
    return m_run.isRunning();
}
QString DpExportBox::status() const {
    return m_run.status->text();
}

void DpExportBox::exportTo(const QString& path) {
    auto fail = [this](const QString& message) {
        m_run.status->setText(message);
        emit finished(false);
    };
    if (!m_project) return fail(tr("Open a project first."));
    if (m_project->dataPath().isEmpty())
        return fail(
            tr("Not published: SafePub reads the data file, and this table has none "
               "(save it as CSV first)."));
    DpPublishSettings settings;
    settings.epsilon = m_epsilon->value();
    bool ok = false;
    settings.delta = m_delta->text().trimmed().toDouble(&ok);
    if (!ok || !(settings.delta > 0 && settings.delta < 1))
        return fail(
            tr("Not published: δ '%1' is not a number between 0 and 1.").arg(m_delta->text()));
    settings.steps = m_steps->value();
    settings.score =
        m_score->currentData().toString() == "dm" ? DpScore::Discernibility : DpScore::Granularity;
    if (m_reproducible->isChecked()) settings.seed = std::uint64_t(m_seed->value());
    try {
        settings.pram = parsePramList(m_pram->text().toStdString(), "PRAM");
    } catch (const std::exception& e) {
        return fail(tr("Not published: %1").arg(QString::fromStdString(e.what())));
    }
    QString error;
    const std::optional<PseudonymPlan> plan =
        planPseudonyms(this, *m_project, path, m_prompt, &error);
    if (!plan) return fail(error);
    // The project as `ldiv verify --original` will load it: the configuration with its paths
    // relative to the record's folder, read from the files on disk.
    const QString releasePath = m_release->isChecked() ? releasePathFor(path) : QString();
    const QString base = QFileInfo(releasePath.isEmpty() ? path : releasePath).absolutePath();
    ProjectConfig config;
    try {
        config = m_project->configForSave(base + "/x.ldiv.json", false);
    } catch (const std::exception& e) {
        return fail(QString::fromStdString(e.what()));
    }
    const std::string file = QFile::encodeName(QFileInfo(path).absoluteFilePath()).toStdString();
    const std::string record = QFile::encodeName(releasePath).toStdString();
    const std::string folder = QFile::encodeName(base).toStdString();
    const bool neutralize = m_neutralize;
    auto work = [config, folder, settings, file, record, neutralize,
                 plan = *plan](Feedback& feedback) mutable -> std::shared_ptr<void> {
        const Workspace ws(config, folder, &feedback);
        checkDpPublishable(ws, settings);
        const Pseudonyms pseudonyms = plan.make(ws);
        settings.pseudonyms = pseudonyms.columns;
        auto out = std::make_shared<DpExportResult>();
        out->publication = publishDifferentiallyPrivate(ws, settings);
        // The mechanism cannot be interrupted; a cancel during it writes nothing.
        feedback.checkCancelled();
        writeTableCsv(out->publication.table, file, ',', neutralize);
        if (pseudonyms.hasMapping)
            writeTableCsv(publishedMapping(pseudonyms.mapping, out->publication.table),
                          plan.mappingFile, ',', neutralize);
        if (!record.empty())
            writeRelease(makeDpRelease(ws, out->publication.result,
                                       dpReleaseInputs(settings, out->publication), file,
                                       LDIV_VERSION, ReleaseOutput{',', neutralize}),
                         record);
        out->matrices = QString::fromStdString(formatPramMatrices(out->publication.pram));
        return out;
    };
    auto* job = new Job(tr("SafePub (ε = %1, δ = %2)").arg(settings.epsilon).arg(settings.delta),
                        work, this);
    connect(job, &Job::succeeded, this, [this, path, releasePath](std::shared_ptr<void> r) {
        const auto& s = *std::static_pointer_cast<const DpExportResult>(r);
        const SafePubResult& result = s.publication.result;
        const DpParameters& p = result.parameters;
        m_matrices = s.matrices;
        m_pramApplied = s.publication.pram;
        m_releasePath = releasePath;
        m_matricesButton->setEnabled(!m_matrices.isEmpty());
        const QString levels = QString::fromStdString(formatLevels(result.levels));
        QString text =
            tr("Wrote %1 to %2. (%3, %4)-differential privacy: node [%5] drawn at random by the "
               "exponential mechanism in %6; β = %7, k = %8; %9 sampled, %10 suppressed.")
                .arg(countOf(s.publication.table.rowCount(), "row", "rows"), path)
                .arg(p.epsilon)
                .arg(p.delta)
                .arg(levels, countOf(result.steps, "step", "steps"))
                .arg(p.beta, 0, 'g', 4)
                .arg(p.k)
                .arg(countOf(result.sampledRows, "row", "rows"),
                     countOf(result.suppressedRows.size(), "row", "rows"));
        if (!releasePath.isEmpty()) text += " " + tr("Release record: %1.").arg(releasePath);
        if (result.reproducible)
            text += " " + tr("Reproducible with its seed, and therefore NOT private.");
        m_run.status->setText(text);
        emit drawn(levels,
                   tr("SafePub drew node [%1] at random (ε = %2, δ = %3): another run draws "
                      "another node and another sample. The lattice's colours and optimum are "
                      "the project's criteria, not the differential-privacy guarantee.")
                       .arg(levels)
                       .arg(p.epsilon)
                       .arg(p.delta));
        emit wrote(path);
        emit finished(true);
    });
    connect(job, &Job::failed, this, [this](const QString& e) {
        m_run.status->setText(tr("Not published: %1").arg(e));
        emit finished(false);
    });
    connect(job, &Job::cancelled, this, [this] {
        m_run.status->setText(tr("SafePub cancelled; nothing was written."));
        emit finished(false);
    });
    connect(job, &Job::finished, this, &DpExportBox::updateAvailability);
    m_run.start(job, tr("Drawing with SafePub…"));
}

void DpExportBox::showMatrices() {
    QDialog dialog(this);
    dialog.setWindowTitle(tr("PRAM transition matrices"));
    auto* layout = new QVBoxLayout(&dialog);
    auto* intro = new QLabel(tr("Row: the original value; columns: the probability that it is "
                                "published as each value. Invariant PRAM keeps each column's "
                                "expected frequencies (Gouweleeuw et al. 1998)."),
                             &dialog);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto* tabs = new QTabWidget(&dialog);
    for (const PramApplied& a : m_pramApplied) {
        const int n = int(a.matrix.values.size());
        auto* table = new QTableWidget(n, n, tabs);
        QStringList labels;
        for (const std::string& v : a.matrix.values) labels << QString::fromStdString(v);
        table->setHorizontalHeaderLabels(labels);
        table->setVerticalHeaderLabels(labels);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j) {
                auto* item = new QTableWidgetItem(
                    QLocale().toString(a.matrix.at(std::size_t(i), std::size_t(j)), 'f', 4));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
                table->setItem(i, j, item);
            }
        table->resizeColumnsToContents();
        tabs->addTab(table, tr("%1 (p = %2)").arg(QString::fromStdString(a.column)).arg(a.p));
    }
    layout->addWidget(tabs);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    auto* copy = buttons->addButton(tr("Copy as CSV"), QDialogButtonBox::ActionRole);
    connect(copy, &QPushButton::clicked, this,
            [this] { QGuiApplication::clipboard()->setText(m_matrices); });
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(640, 400);
    dialog.exec();
}

}  // namespace ldv::ui
