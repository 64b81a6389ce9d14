#include "privacy/transformationpanel.h"

#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ldiv/criteria/criterion.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/lattice/lattice.h"
#include "ldiv/lattice/row_order.h"
#include "ldiv/release/transform_release.h"
#include "ldiv/workflow/publication_figures.h"
#include "ldiv/workflow/requirement.h"
#include "project/releasepath.h"
#include "report/reportdata.h"
#include "report/reportwriter.h"
#include "session/searchsession.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

namespace ldv::ui {
namespace {

struct ModelEntry {
    const char* name;
    const char* label;
    const char* shortLabel;  ///< the comparison's column title (two lines where long)
    const char* tip;
};

// Each model's citation is in docs/transformations.md and docs/references.md.
const ModelEntry kModels[] = {
    {"full-domain",
     QT_TRANSLATE_NOOP("TransformationPanel", "Full-domain generalization (lattice)"),
     QT_TRANSLATE_NOOP("TransformationPanel", "Full-domain"),
     QT_TRANSLATE_NOOP("TransformationPanel",
                       "Every value of an attribute is lifted to the same level, and whole "
                       "records are suppressed: a node of the lattice (Samarati 2001; the "
                       "ℓ-diversity paper's model), exported from the Export perspective")},
    {"local", QT_TRANSLATE_NOOP("TransformationPanel", "Local recoding"),
     QT_TRANSLATE_NOOP("TransformationPanel", "Local\nrecoding"),
     QT_TRANSLATE_NOOP("TransformationPanel",
                       "ARX's iterated local generalization (Prasser et al. 2016): the rows a "
                       "full-domain node suppresses are searched again on their own, so one "
                       "value may be published at different levels in different classes")},
    {"mondrian", QT_TRANSLATE_NOOP("TransformationPanel", "Mondrian partitioning"),
     QT_TRANSLATE_NOOP("TransformationPanel", "Mondrian"),
     QT_TRANSLATE_NOOP("TransformationPanel",
                       "Strict multidimensional partitioning (LeFevre, DeWitt & Ramakrishnan "
                       "2006): median cuts per partition, not per column")},
    {"microaggregation", QT_TRANSLATE_NOOP("TransformationPanel", "Microaggregation (MDAV)"),
     QT_TRANSLATE_NOOP("TransformationPanel", "Micro-\naggregation"),
     QT_TRANSLATE_NOOP("TransformationPanel",
                       "Groups of at least k similar records replaced by an aggregate "
                       "(Domingo-Ferrer & Mateo-Sanz 2002); every quasi-identifier must be "
                       "numeric")},
    {"microaggregation+local",
     QT_TRANSLATE_NOOP("TransformationPanel", "Microaggregation + local recoding"),
     QT_TRANSLATE_NOOP("TransformationPanel", "Micro-\naggr. + local"),
     QT_TRANSLATE_NOOP("TransformationPanel",
                       "MDAV on the numeric quasi-identifiers (groups of at least k), then local "
                       "recoding of every quasi-identifier, the aggregates generalizing only to "
                       "\"*\": every published class is judged by local recoding")},
    {"cell-suppression", QT_TRANSLATE_NOOP("TransformationPanel", "Cell suppression"),
     QT_TRANSLATE_NOOP("TransformationPanel", "Cell\nsuppression"),
     QT_TRANSLATE_NOOP("TransformationPanel",
                       "Single quasi-identifier cells replaced by \"*\", the least important "
                       "attribute first, until every record is k-anonymous (sdcMicro's "
                       "localSuppression; Templ, Kowarik & Meindl 2015); k only")},
};

/// The figures of both sides, computed on a worker thread.
struct Comparison {
    std::optional<PublicationFigures> fullDomain;
    QString fullDomainLevels;
    PublicationFigures model;
};

QString number(double x, int decimals = 0) {
    return QLocale().toString(x, 'f', decimals);
}
QString count(std::uint64_t n) {
    return QLocale().toString(qulonglong(n));
}

}  // namespace

TransformationPanel::TransformationPanel(QWidget* parent)
    : QGroupBox(tr("Transformation"), parent),
      m_model(new QComboBox(this)),
      m_aggregate(new QComboBox(this)),
      m_compare(new QPushButton(tr("Compare"), this)),
      m_export(new QPushButton(tr("Export table…"), this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_reportButton(new QPushButton(tr("Export report…"), this)),
      m_table(new QTableWidget(this)),
      m_status(new QLabel(this)) {
    setObjectName("transformationPanel");
    m_model->setObjectName("transformationModel");
    for (const ModelEntry& m : kModels) {
        m_model->addItem(tr(m.label), QString::fromLatin1(m.name));
        m_model->setItemData(m_model->count() - 1, tr(m.tip), Qt::ToolTipRole);
    }
    m_model->setToolTip(
        tr("How the published table is made: one node of the lattice for every record, or a "
           "transformation that generalizes each class on its own and keeps more of the data "
           "under the same requirement"));
    m_aggregate->setObjectName("transformationAggregate");
    for (const char* a : {"mean", "median", "mode", "interval"})
        m_aggregate->addItem(QString::fromLatin1(a), QString::fromLatin1(a));
    m_aggregate->setToolTip(
        tr("What replaces each quasi-identifier's values in a group: their mean, median, most "
           "frequent value, or the interval from the smallest to the largest"));
    m_compare->setObjectName("compareTransformation");
    m_compare->setToolTip(
        tr("Run the chosen transformation on the search's requirement and show it beside the "
           "full-domain optimum (also done after each search)"));
    m_export->setObjectName("exportTransformation");
    m_export->setToolTip(
        tr("Write the chosen transformation's table (CSV, rows shuffled) and its release "
           "record, which ldiv verify checks on the published file"));
    m_reportButton->setObjectName("exportTransformationReport");
    m_reportButton->setToolTip(
        tr("The publication report of the table last exported here (HTML or PDF): its "
           "figures beside the full-domain optimum, the release record's claims, risk before "
           "and after, and utility"));
    m_cancel->setToolTip(tr("Stop the running transformation"));
    m_cancel->hide();
    m_table->setObjectName("transformationComparison");
    m_table->setToolTip(
        tr("The chosen transformation beside the search's full-domain optimum, on the same "
           "requirement; each row's header says what it counts"));
    m_table->setColumnCount(2);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Figures never wrap (a wrapped "7,074,918" reads as two numbers); the two columns share
    // the width, and long titles take two lines.
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    // The column titles wrap (a node of 16 levels is long): the column never widens the window.
    m_table->horizontalHeader()->setMinimumSectionSize(40);
    m_table->setMinimumWidth(120);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->hide();
    m_status->setObjectName("transformationStatus");
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    form->addRow(tr("&Model"), m_model);
    form->addRow(tr("&Aggregate"), m_aggregate);
    layout->addLayout(form);
    // Two rows: four buttons in one would widen the result column past a 1366-pixel window.
    auto* buttons = new QGridLayout;
    buttons->addWidget(m_compare, 0, 0);
    buttons->addWidget(m_cancel, 0, 1);
    buttons->addWidget(m_export, 1, 0);
    buttons->addWidget(m_reportButton, 1, 1);
    buttons->setColumnStretch(2, 1);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    // Takes the room while there is no comparison, so the rows above stay together.
    layout->addStretch();

    connect(m_model, &QComboBox::currentIndexChanged, this, &TransformationPanel::modelChosen);
    connect(m_aggregate, &QComboBox::currentIndexChanged, this, &TransformationPanel::modelChosen);
    connect(m_compare, &QPushButton::clicked, this, &TransformationPanel::compare);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_job) m_job->cancel();
    });
    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path =
            filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export transformed table"),
                                  QStringLiteral("published.csv"), tr("CSV files (*.csv)"));
        if (!path.isEmpty()) exportTo(path);
    });
    connect(m_reportButton, &QPushButton::clicked, this, [this] {
        const QString path =
            filedialogs::saveFile(this, filedialogs::Kind::Export, tr("Export report"),
                                  QStringLiteral("report.pdf"), tr("PDF (*.pdf);;HTML (*.html)"));
        if (!path.isEmpty()) exportReportTo(path);
    });
    setSession(nullptr);
}

void TransformationPanel::setSession(SearchSession* session) {
    if (m_session) m_session->disconnect(this);
    m_session = session;
    if (session) {
        connect(session, &SearchSession::outcomeChanged, this, [this] {
            m_table->hide();
            m_jobSpoke = false;
            showAvailability();
            // A search run with another model chosen is that model's comparison: shown
            // without a further click.
            const auto outcome = m_session->outcome();
            if (m_session->transformation() != "full-domain" && outcome && outcome->complete())
                compare();
        });
        // A comparison of an outdated search is not shown as if it held.
        connect(session, &SearchSession::staleChanged, this, [this](bool stale) {
            if (stale) {
                m_table->hide();
                m_jobSpoke = false;
            }
            showAvailability();
        });
        // The choice is the project's: undo, redo and opening a project show it here.
        connect(session, &SearchSession::transformationChanged, this,
                &TransformationPanel::followSession);
        followSession();
        return;
    }
    showAvailability();
}

void TransformationPanel::followSession() {
    const QSignalBlocker blockModel(m_model), blockAggregate(m_aggregate);
    const int model = m_model->findData(m_session->transformation());
    const int aggregate = m_aggregate->findData(m_session->transformationAggregate());
    const bool same = m_model->currentIndex() == std::max(model, 0) &&
                      (!m_model->currentData().toString().startsWith("microaggregation") ||
                       m_aggregate->currentIndex() == std::max(aggregate, 0));
    m_model->setCurrentIndex(std::max(model, 0));
    if (aggregate >= 0) m_aggregate->setCurrentIndex(aggregate);
    if (!same) {
        m_report.reset();
        m_table->hide();
        m_jobSpoke = false;
    }
    showAvailability();
}

bool TransformationPanel::isRunning() const {
    return m_job && m_job->isRunning();
}

void TransformationPanel::modelChosen() {
    m_report.reset();
    if (m_session)
        m_session->setTransformation(m_model->currentData().toString(),
                                     m_aggregate->currentData().toString());
    m_table->hide();
    m_jobSpoke = false;
    showAvailability();
}

void TransformationPanel::showAvailability() {
    const QString model = m_model->currentData().toString();
    const bool lattice = model == "full-domain";
    m_aggregate->setEnabled(model.startsWith("microaggregation"));
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    const bool ready = outcome && outcome->complete() && !m_session->isStale();
    m_compare->setEnabled(!lattice && ready && !isRunning());
    m_export->setEnabled(!lattice && m_session && m_session->project() && !isRunning());
    m_reportButton->setEnabled(m_report && !isRunning());
    // A job's own message (its result, refusal or cancellation) stays until something changes.
    if (isRunning() || m_jobSpoke) return;
    if (lattice)
        m_status->setText(
            tr("The search's optimum (or the node you choose in the Lattice perspective) is "
               "published from the Export perspective."));
    else if (!ready)
        m_status->setText(
            tr("Run the search: the comparison needs the full-domain optimum on "
               "the same requirement."));
    else
        m_status->setText(tr("Ready to compare with the search's optimum."));
}

void TransformationPanel::runJob(const QString& title, Job::Work work,
                                 std::function<void(std::shared_ptr<void>)> done,
                                 std::function<void()> failed) {
    if (m_job) m_job->cancel();
    auto* job = new Job(title, std::move(work), this);
    m_job = job;
    m_cancel->show();
    m_jobSpoke = true;
    m_status->setText(tr("%1…").arg(title));
    connect(job, &Job::succeeded, this, std::move(done));
    connect(job, &Job::failed, this, [this, failed](const QString& message) {
        m_status->setText(message);
        failed();
    });
    connect(job, &Job::cancelled, this, [this, failed] {
        m_status->setText(tr("Cancelled."));
        failed();
    });
    connect(job, &Job::finished, this, [this, job] {
        m_cancel->hide();
        job->deleteLater();
        showAvailability();
    });
    job->start();
    showAvailability();
}

void TransformationPanel::compare() {
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    const QString model = m_model->currentData().toString();
    if (!outcome || model == "full-domain") return;
    const QString aggregate = m_aggregate->currentData().toString();
    auto work = [outcome, model, aggregate](Feedback& feedback) -> std::shared_ptr<void> {
        auto out = std::make_shared<Comparison>();
        const Dataset& data = outcome->judged();
        const TransformationSpec spec =
            transformationSpecOf({model.toStdString(), aggregate.toStdString()}, data);
        const TransformationOutcome t =
            runTransformation(*outcome->data, data, outcome->config, spec);
        requirePublishable(t);
        feedback.checkCancelled();
        out->model = transformationFigures(t, data.table().rowCount());
        if (outcome->result.optimum) {
            const Levels levels = data.lattice().levels(*outcome->result.optimum);
            out->fullDomain = nodePublicationFigures(*outcome->data, outcome->config, levels);
            out->fullDomainLevels = QString::fromStdString(formatLevels(levels));
        }
        return out;
    };
    const QString label = m_model->currentText();
    const QString shortLabel = tr(kModels[m_model->currentIndex()].shortLabel);
    runJob(
        tr("Running %1").arg(label), work,
        [this, label, shortLabel](std::shared_ptr<void> r) {
            const auto& c = *std::static_pointer_cast<const Comparison>(r);
            m_table->clear();
            // Short titles: a node of many levels would not fit a column; it is in the tooltip
            // and the status line.
            m_table->setHorizontalHeaderLabels({tr("Full-domain"), shortLabel});
            m_table->horizontalHeaderItem(0)->setToolTip(
                c.fullDomain ? tr("The search's optimum [%1]").arg(c.fullDomainLevels)
                             : tr("No node of the lattice satisfies the requirement"));
            m_table->horizontalHeaderItem(1)->setToolTip(label);
            const bool cells = c.model.model == "cell-suppression";
            const struct Row {
                QString name, tip;
                std::function<QString(const PublicationFigures&)> value;
            } rows[] = {
                {tr("Published rows"), tr("Rows in the published table"),
                 [](const PublicationFigures& f) { return count(f.publishedRows); }},
                {tr("Classes"),
                 tr("Groups of records that share their published quasi-identifiers"),
                 [](const PublicationFigures& f) { return count(f.classes); }},
                {cells ? tr("Smallest frequency") : tr("Smallest class"),
                 tr("For cell suppression, the smallest number of records a published record "
                    "matches, \"*\" matching every value"),
                 [](const PublicationFigures& f) { return count(f.smallestClass); }},
                {tr("Average class size"), tr("Published rows per class"),
                 [](const PublicationFigures& f) { return number(f.averageClassSize, 2); }},
                {tr("Discernibility"),
                 tr("Information loss: Σ|E|² over the classes plus n per suppressed record "
                    "(Bayardo & Agrawal 2005); lower keeps more"),
                 [](const PublicationFigures& f) { return number(f.discernibility); }},
                {tr("Suppressed records"),
                 tr("Records not published, or with every quasi-identifier suppressed"),
                 [](const PublicationFigures& f) { return count(f.suppressedRecords); }},
                {tr("Suppressed cells"), tr("Quasi-identifier cells published as \"*\""),
                 [](const PublicationFigures& f) { return count(f.suppressedCells); }},
                {tr("Highest risk"), tr("Prosecutor risk: 1 / the smallest class"),
                 [](const PublicationFigures& f) { return number(f.highestRisk * 100, 2) + " %"; }},
                {tr("Average risk"),
                 tr("Prosecutor risk: classes / published rows (for cell suppression an upper "
                    "bound: a record's frequency is at least its tuple's count)"),
                 [](const PublicationFigures& f) { return number(f.averageRisk * 100, 2) + " %"; }},
            };
            m_table->setRowCount(int(std::size(rows)));
            for (int i = 0; i < int(std::size(rows)); ++i) {
                auto* header = new QTableWidgetItem(rows[i].name);
                header->setToolTip(rows[i].tip);
                m_table->setVerticalHeaderItem(i, header);
                m_table->setItem(i, 0,
                                 new QTableWidgetItem(c.fullDomain ? rows[i].value(*c.fullDomain)
                                                                   : QStringLiteral("—")));
                m_table->setItem(i, 1, new QTableWidgetItem(rows[i].value(c.model)));
                for (int col : {0, 1})
                    m_table->item(i, col)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
            m_table->show();
            m_status->setText(
                c.fullDomain
                    ? tr("%1 beside the full-domain optimum [%2], on the same requirement.")
                          .arg(label, c.fullDomainLevels)
                    : tr("%1; no full-domain node satisfies the same requirement.").arg(label));
            emit compared(true);
        },
        [this] { emit compared(false); });
}

void TransformationPanel::exportTo(const QString& path) {
    Project* project = m_session ? m_session->project() : nullptr;
    const QString model = m_model->currentData().toString();
    if (!project || model == "full-domain") return;
    // The project as `ldiv verify --original` will load it: paths relative to the record's
    // folder, read from the files on disk (as the differential-privacy export does).
    const QString releasePath = releasePathFor(path);
    const QString base = QFileInfo(releasePath).absolutePath();
    ProjectConfig config;
    try {
        config = project->configForSave(base + "/x.ldiv.json", false);
    } catch (const std::exception& e) {
        m_status->setText(QString::fromStdString(e.what()));
        emit exported(false);
        return;
    }
    const std::string file = QFile::encodeName(QFileInfo(path).absoluteFilePath()).toStdString();
    const std::string record = QFile::encodeName(releasePath).toStdString();
    const std::string folder = QFile::encodeName(base).toStdString();
    const QString aggregate = m_aggregate->currentData().toString();
    struct Written {
        std::size_t rows = 0;
        QString noRecord;  ///< why no record was written ("" when one was)
        std::shared_ptr<const ReportData> report;
    };
    // The report's comparison: the search's optimum, when the search still stands.
    const auto outcome = m_session->outcome();
    std::optional<Levels> optimum;
    if (outcome && outcome->complete() && !m_session->isStale() && outcome->result.optimum)
        optimum = outcome->judged().lattice().levels(*outcome->result.optimum);
    TransformationSummary summary;
    summary.model = m_model->currentText();
    summary.publishedPath = path;
    const QString projectName = project->displayName();
    const std::optional<double> population = project->searchSettings().populationSize;
    auto work = [config, folder, file, record, model, aggregate, optimum, summary, projectName,
                 population](Feedback& feedback) -> std::shared_ptr<void> {
        const Workspace ws(config, folder, &feedback);
        const Requirement requirement = prepareRequirement(ws, config.search);
        TransformationSpec spec =
            transformationSpecOf({model.toStdString(), aggregate.toStdString()}, *requirement.data);
        // Shuffled as `ldiv generalize` shuffles: the source's order would identify rows.
        spec.shuffled = true;
        spec.seed = randomSeed();
        // Every criterion is checked on the model's classes before anything is written; the
        // table is published only when the model met them all (runTransformation throws).
        const TransformedTable t =
            publishTransformation(ws, *requirement.data, requirement.config, spec);
        const Table& table = t.table;
        feedback.checkCancelled();
        auto out = std::make_shared<Written>();
        out->rows = table.rowCount();
        std::vector<std::string> criteria;
        for (const BoundCriterion& b : requirement.config.criteria)
            criteria.push_back(b.criterion.spec());
        try {
            checkTransformReleasable(spec.model, criteria);
        } catch (const std::exception& e) {
            out->noRecord = QString::fromStdString(e.what());
        }
        writeTableCsv(table, file, ',', true);
        std::optional<ReleaseRecord> written;
        if (out->noRecord.isEmpty()) {
            written = makeTransformRelease(ws, *requirement.data, requirement.config, spec, file,
                                           LDIV_VERSION, ReleaseOutput{',', true});
            writeRelease(*written, record);
        }
        // The report of what was written: its claims are the record's, judged from the file.
        TransformationSummary s = summary;
        s.figures = transformationFigures(t.outcome, requirement.data->table().rowCount());
        if (optimum) s.fullDomain = nodePublicationFigures(ws, requirement.config, *optimum);
        s.noClaims = out->noRecord;
        auto report = std::make_shared<ReportData>(buildTransformationReportData(
            ws, *requirement.data, requirement.config, t, written ? &*written : nullptr, s,
            projectName, population));
        if (written) {
            report->release = std::make_shared<const ReleaseRecord>(*written);
            report->releasePath = QString::fromStdString(record);
        }
        out->report = std::move(report);
        return out;
    };
    runJob(
        tr("Publishing with %1").arg(m_model->currentText()), work,
        [this, path, releasePath](std::shared_ptr<void> r) {
            const auto& w = *std::static_pointer_cast<const Written>(r);
            m_report = w.report;
            m_status->setText(w.noRecord.isEmpty()
                                  ? tr("Wrote %1 to %2 and its release record to %3.")
                                        .arg(countOfL(w.rows, "row", "rows"), path, releasePath)
                                  : tr("Wrote %1 to %2; no release record: %3")
                                        .arg(countOfL(w.rows, "row", "rows"), path, w.noRecord));
            emit exported(true);
        },
        [this] { emit exported(false); });
}

bool TransformationPanel::exportReportTo(const QString& path) {
    if (!m_report) {
        m_status->setText(tr("Export the table first: the report describes the table written."));
        return false;
    }
    QString error;
    const bool ok = writeReport(*m_report, {}, path, &error);
    m_jobSpoke = true;
    m_status->setText(ok ? tr("Wrote the report to %1.").arg(path) : error);
    return ok;
}

}  // namespace ldv::ui
