#include "export/sweepexport.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>

#include "ldiv/crypto/pseudonyms.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/tau/sweep_result.h"
#include "ldiv/tau/tau_analysis.h"
#include "project/job.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
struct SweepExportResult {
    std::size_t rows = 0, classes = 0, saRows = 0, failingClasses = 0;
    double e = 0;
};
}  // namespace

SweepExportBox::SweepExportBox(QWidget* parent)
    : QGroupBox(tr("(τ,ℓ)-diverse table by SWEEP (CSV)"), parent),
      m_tau(new QDoubleSpinBox(this)),
      m_l(new QSpinBox(this)),
      m_seed(new QSpinBox(this)),
      m_run(this, tr("Export SWEEP table…"), tr("Stop SWEEP; nothing is written")) {
    m_tau->setRange(0.01, 0.99);
    m_tau->setSingleStep(0.05);
    m_tau->setDecimals(2);
    m_tau->setValue(0.5);
    m_tau->setToolTip(
        tr("τ: no sensitive value may have a frequency above τ in a class (Tian & Zhang 2011 Def. "
           "11); 1/ℓ ≤ τ < 1"));
    m_l->setRange(2, 1000);
    m_l->setValue(3);
    m_l->setToolTip(
        tr("ℓ: every class needs ℓ well-represented sensitive values; 2 ≤ ℓ ≤ number of sensitive "
           "values"));
    m_seed->setRange(1, 1000000);
    m_seed->setToolTip(
        tr("Seed of the row order that breaks ties (the output is a function of table, τ, ℓ and "
           "seed)"));
    setToolTip(
        tr("Sequential Sweep generalizes quasi-identifiers per class (local recoding) and, where a "
           "class "
           "still fails, sensitive values along the sensitive attribute's hierarchy."));
    auto* form = new QFormLayout(this);
    form->addRow(tr("τ"), m_tau);
    form->addRow(tr("ℓ"), m_l);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(m_run.buttonRow());
    form->addRow(m_run.status);
    connect(m_run.button, &QPushButton::clicked, this, [this] {
        const QString p =
            filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export SWEEP table"),
                                  "published_sweep.csv", tr("CSV (*.csv)"));
        if (!p.isEmpty()) exportTo(p, m_neutralize);
    });
}

void SweepExportBox::setProject(Project* project) {
    if (m_project) disconnect(m_project, nullptr, this, nullptr);
    m_project = project;
    if (project) connect(project, &Project::roleChanged, this, &SweepExportBox::updateAvailability);
    updateAvailability();
}

void SweepExportBox::updateAvailability() {
    // SWEEP needs quasi-identifiers to recode and a sensitive attribute to diversify; say which
    // is missing rather than failing after the save dialog.
    QString missing;
    if (!m_project) {
        missing = tr("Open a project first.");
    } else {
        bool qi = false, sensitive = false;
        for (int c = 0; c < m_project->columnCount(); ++c) {
            qi = qi || m_project->role(c) == Role::QuasiIdentifying;
            sensitive = sensitive || m_project->role(c) == Role::Sensitive;
        }
        if (!qi)
            missing = tr("Mark at least one quasi-identifying attribute (Data perspective).");
        else if (!sensitive)
            missing = tr("Mark a sensitive attribute (Data perspective): SWEEP diversifies it.");
    }
    m_run.allow(missing, tr("Run SWEEP with this τ, ℓ and seed and write the table as CSV"));
}

void SweepExportBox::setParameters(double tau, double l) {
    m_tau->setValue(tau);
    m_l->setValue(int(l));
}

bool SweepExportBox::isRunning() const {
    return m_run.isRunning();
}
QString SweepExportBox::status() const {
    return m_run.status->text();
}

void SweepExportBox::exportTo(const QString& path, bool neutralizeFormulas) {
    if (!m_project) {
        m_run.status->setText(tr("Open a project first."));
        emit finished(false);
        return;
    }
    QString error;
    const std::optional<PseudonymPlan> plan =
        planPseudonyms(this, *m_project, path, m_prompt, &error);
    if (!plan) {
        m_run.status->setText(error);
        emit finished(false);
        return;
    }
    const bool random = plan->random;
    const std::shared_ptr<PseudonymInputs> inputs = plan->inputs;
    m_mappingPath.clear();
    const DataSnapshot snapshot = snapshotOf(*m_project);
    SweepOptions options;
    options.tau = m_tau->value();
    options.l = m_l->value();
    options.seed = std::uint64_t(m_seed->value());
    const std::string file = path.toStdString();
    auto work = [snapshot, options, file, neutralizeFormulas,
                 plan = *plan](Feedback& feedback) -> std::shared_ptr<void> {
        const std::shared_ptr<Workspace> data = snapshot.prepare();
        // Columns without a role are not published verbatim (issue 32 item 4), as `sweep -o`.
        requireRoles(*data);
        const TauInput input = tauInputOf(*data);
        const SweepResult result = sweep(input, options, &feedback);
        auto out = std::make_shared<SweepExportResult>();
        const TauCheck check = checkTau(input, result.recoding, options.tau, options.l);
        if (!check.valid)
            throw std::runtime_error("SWEEP's output is not a generalization of the table: " +
                                     check.problem);
        out->failingClasses = check.failingClasses;
        out->classes = result.recoding.classes.size();
        out->saRows = generalizedSaRows(input, result.recoding);
        out->e = excessiveProtection(input, result.recoding, options.tau, options.l);
        // The core's pseudonyms, the code of `ldiv sweep -o --pseudonymize`.
        const Pseudonyms pseudonyms = plan.make(*data);
        const Table table =
            recodedTable(input, result.recoding, data->identifyingColumns(), pseudonyms.columns);
        out->rows = table.rowCount();
        writeTableCsv(table, file, ',', neutralizeFormulas);
        // The mapping of the published people, apart from the table.
        if (pseudonyms.hasMapping)
            writeTableCsv(publishedMapping(pseudonyms.mapping, table), plan.mappingFile, ',',
                          neutralizeFormulas);
        return out;
    };
    auto* job = new Job(tr("SWEEP (τ = %1, ℓ = %2)").arg(options.tau).arg(options.l), work, this);
    connect(job, &Job::succeeded, this, [this, path, random, inputs](std::shared_ptr<void> r) {
        const auto& s = *std::static_pointer_cast<const SweepExportResult>(r);
        if (random) m_mappingPath = inputs->mappingPath;
        m_run.status->setText(
            tr("Wrote %1 to %2: %3, %4 with a generalized sensitive value, "
               "excessive protection e(P) = %5; %6")
                .arg(countOf(s.rows, "row", "rows"), path, countOf(s.classes, "class", "classes"),
                     countOf(s.saRows, "row", "rows"))
                .arg(s.e, 0, 'g', 4)
                .arg(s.failingClasses == 0   ? tr("every class is (τ,ℓ)-diverse.")
                     : s.failingClasses == 1 ? tr("1 class fails (τ,ℓ).")
                                             : tr("%1 classes fail (τ,ℓ).").arg(s.failingClasses)));
        emit wrote(path);
        emit finished(s.failingClasses == 0);
    });
    connect(job, &Job::failed, this, [this](const QString& e) {
        m_run.status->setText(e);
        emit finished(false);
    });
    connect(job, &Job::cancelled, this, [this] {
        m_run.status->setText(tr("SWEEP cancelled; nothing was written."));
        emit finished(false);
    });
    connect(job, &Job::finished, this, &SweepExportBox::updateAvailability);
    m_run.start(job, tr("Running SWEEP…"));
}

}  // namespace ldv::ui
