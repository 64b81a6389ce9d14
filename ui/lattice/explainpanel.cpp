#include "lattice/explainpanel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "ldiv/data/error.h"
#include "project/job.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
QString levelsText(const Levels& levels) {
    return QString::fromStdString(formatLevels(levels));
}

QString number(double v) {
    return QString::number(v, 'g', 6);
}

/// Rows as the data table numbers them (1-based), at most `cap` of `total`.
QString rowsText(const std::vector<std::uint32_t>& rows, std::size_t total) {
    QStringList list;
    for (std::uint32_t r : rows) list << QString::number(r + 1);
    QString text = list.join(", ");
    if (rows.size() < total) text += QObject::tr(", … (%1 rows)").arg(total);
    return text;
}

QTableWidgetItem* cell(const QString& text, const QString& tip = {}) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (!tip.isEmpty()) item->setToolTip(tip);
    return item;
}
}  // namespace

ExplainPanel::ExplainPanel(QWidget* parent)
    : SessionJobPanel(parent),
      m_summary(new QLabel(this)),
      m_cancel(new QPushButton(tr("Cancel"), this)),
      m_criteria(new QTreeWidget(this)),
      m_fixes(new QTableWidget(0, 3, this)) {
    setObjectName("explainPanel");
    m_summary->setObjectName("explainSummary");
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_cancel->setObjectName("explainCancel");
    m_cancel->setToolTip(tr("Stop explaining this node (its result is dropped)"));
    m_cancel->setVisible(false);
    // Kept in place when hidden, so the summary does not jump.
    QSizePolicy keep = m_cancel->sizePolicy();
    keep.setRetainSizeWhenHidden(true);
    m_cancel->setSizePolicy(keep);

    m_criteria->setObjectName("explainCriteria");
    m_criteria->setColumnCount(5);
    m_criteria->setHeaderLabels({tr("Criterion / failing class"), tr("Size"), tr("Short by"),
                                 tr("Dominating value"), tr("Rows")});
    m_criteria->setToolTip(
        tr("Each criterion of the requirement on this node. Failing classes are listed worst "
           "first with their quasi-identifier values, size, how far they are from the "
           "threshold (rows, distinct values, ℓ − exp(H), …), the most frequent sensitive "
           "value and the rows they cover (numbered as in the Data view)."));
    m_criteria->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_criteria->setColumnWidth(0, 200);
    m_criteria->setColumnWidth(1, 60);
    m_criteria->setColumnWidth(2, 60);
    m_criteria->setColumnWidth(3, 150);
    m_criteria->setUniformRowHeights(true);
    m_criteria->viewport()->installEventFilter(this);

    m_fixes->setObjectName("explainFixes");
    // The result (node and verdict, or the limit) is the longest text: last, where it can run.
    m_fixes->setHorizontalHeaderLabels({tr("Fix"), tr("Utility"), tr("Result")});
    m_fixes->horizontalHeader()->setStretchLastSection(true);
    m_fixes->verticalHeader()->setVisible(false);
    m_fixes->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_fixes->setSelectionMode(QAbstractItemView::SingleSelection);
    m_fixes->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_fixes->setColumnWidth(0, 175);
    m_fixes->setColumnWidth(1, 165);
    m_fixes->setWordWrap(false);
    m_fixes->verticalHeader()->setDefaultSectionSize(m_fixes->fontMetrics().height() + 6);
    m_fixes->setToolTip(
        tr("The cheapest fixes, each computed by judging it: raising one attribute by one "
           "level (ranked: satisfying nodes first, then by the project's utility metric; click "
           "one to select that node), suppressing the failing rows, and the strongest "
           "parameter of each criterion that holds on this node."));
    connect(m_fixes, &QTableWidget::cellClicked, this, [this](int row, int) { fixClicked(row); });
    connect(m_cancel, &QPushButton::clicked, this, &ExplainPanel::cancel);

    auto* top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_cancel, 0, Qt::AlignTop);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_criteria);
    auto* fixesBox = new QWidget(this);
    auto* fixesLayout = new QVBoxLayout(fixesBox);
    fixesLayout->setContentsMargins(0, 0, 0, 0);
    fixesLayout->addWidget(new QLabel(tr("<b>Cheapest fixes</b>"), fixesBox));
    fixesLayout->addWidget(m_fixes, 1);
    split->addWidget(fixesBox);
    split->setSizes({260, 220});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    clear(tr("Click a node to see why it satisfies or fails the requirement."));
}

void ExplainPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitColumns();
}

bool ExplainPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_criteria->viewport() && event->type() == QEvent::Resize) fitColumns();
    return QWidget::eventFilter(watched, event);
}

void ExplainPanel::fitColumns() {
    if (m_criteria->topLevelItemCount() == 0) return;
    const int width = m_criteria->viewport()->width();
    int rest = width;
    for (int c = 1; c <= 3; ++c) {
        m_criteria->resizeColumnToContents(c);
        rest -= m_criteria->columnWidth(c);
    }
    // The widest class (criterion rows span every column and do not count).
    int classes = m_criteria->header()->sectionSizeHint(0);
    for (int i = 0; i < m_criteria->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* item = m_criteria->topLevelItem(i);
        for (int j = 0; j < item->childCount(); ++j)
            classes = std::max(
                classes, m_criteria->fontMetrics().horizontalAdvance(item->child(j)->text(0)) +
                             2 * m_criteria->indentation() + 12);
    }
    m_criteria->setColumnWidth(0, std::max(width / 3, std::min(rest, classes)));
}

void ExplainPanel::setSession(SearchSession* session) {
    follow(session);
    if (session)
        connect(session, &SearchSession::outcomeChanged, this, [this] {
            cancel();
            clear(tr("Click a node to see why it satisfies or fails the requirement."));
        });
    clear(tr("Click a node to see why it satisfies or fails the requirement."));
}

void ExplainPanel::cancel() {
    if (!isRunning()) return;
    m_job->cancel();
    m_cancel->setVisible(false);
    m_summary->setText(tr("<b>[%1]</b>: explanation cancelled; click the node again to "
                          "explain it.")
                           .arg(levelsText(m_levels)));
}

void ExplainPanel::clear(const QString& message) {
    m_explanation.reset();
    m_summary->setText(message);
    m_cancel->setVisible(false);
    m_criteria->clear();
    m_fixes->setRowCount(0);
}

void ExplainPanel::explain(const Levels& levels) {
    const auto outcome = m_session ? m_session->outcome() : nullptr;
    if (!outcome) {
        if (m_job) m_job->cancel();
        clear(tr("Run the search first: the node is explained against its requirement."));
        return;
    }
    m_levels = levels;
    auto work = [outcome, levels](Feedback& feedback) -> std::shared_ptr<void> {
        auto e =
            std::make_shared<Explanation>(explainNode(outcome->judged(), outcome->config, levels));
        // explainNode does not poll: a cancel asked meanwhile drops the result here.
        feedback.checkCancelled();
        return e;
    };
    delete m_job;
    m_job = new Job(tr("Explaining node [%1]").arg(levelsText(levels)), work, this);
    Job* job = m_job;
    connect(job, &Job::succeeded, this, [this, outcome](std::shared_ptr<void> r) {
        m_cancel->setVisible(false);
        show(*std::static_pointer_cast<const Explanation>(r), *outcome);
        m_explanation = std::static_pointer_cast<const Explanation>(r);
    });
    connect(job, &Job::failed, this, [this](const QString& e) { clear(e); });
    job->start();
    // Only a slow explanation (a large table or many criteria) shows progress and Cancel: a
    // fast one would just flicker.
    QTimer::singleShot(100, this, [this, job] {
        if (m_job != job || !job->isRunning()) return;
        m_summary->setText(tr("<b>[%1]</b>: explaining…").arg(levelsText(m_levels)));
        m_cancel->setVisible(true);
    });
}

void ExplainPanel::show(const Explanation& e, const SearchOutcome& outcome) {
    const QString metric = QString::fromStdString(std::string(metricName(outcome.config.metric)));
    m_summary->setText(tr("<b>[%1]</b> %2 the requirement: %3 in %4, %5 suppressed "
                          "(limit %6); %7 %8.")
                           .arg(levelsText(e.metrics.levels),
                                e.satisfies ? tr("<span style='color:#007a3d'>satisfies</span>")
                                            : tr("<span style='color:#b00020'>fails</span>"))
                           .arg(countOf(e.rows, "row", "rows"))
                           .arg(countOf(e.classes, "class", "classes"))
                           .arg(countOf(e.metrics.suppressedRows, "row", "rows"))
                           .arg(e.suppress.limitRows)
                           .arg(metric, number(e.utility)));

    m_fixes->horizontalHeaderItem(1)->setText(tr("Utility (%1)").arg(metric));
    m_criteria->clear();
    for (const CriterionExplanation& c : e.criteria) {
        auto* item = new QTreeWidgetItem(m_criteria);
        // On a satisfying node the failing classes are the suppressed ones.
        const QString verdict =
            c.verdict.holds
                ? tr("holds")
                : (e.satisfies ? tr("holds after suppressing %1 (%2)") : tr("fails in %1 (%2)"))
                      .arg(countOf(c.verdict.failingClasses, "class", "classes"),
                           countOf(c.verdict.failingRows, "row", "rows"));
        item->setText(
            0, QStringLiteral("%1 — %2").arg(QString::fromStdString(c.verdict.spec), verdict));
        item->setData(0, Qt::UserRole, QString::fromStdString(c.verdict.spec));
        item->setToolTip(0, QString::fromStdString(c.verdict.description));
        item->setForeground(0, c.verdict.holds || e.satisfies ? QColor(0x00, 0x7a, 0x3d)
                                                              : QColor(0xb0, 0x00, 0x20));
        for (const FailingClass& f : c.failingClasses) {
            auto* child = new QTreeWidgetItem(item);
            QStringList values;
            for (const std::string& v : f.qiValues) values << QString::fromStdString(v);
            child->setText(0, QStringLiteral("[%1]").arg(values.join(", ")));
            child->setToolTip(0, tr("Class %1: %2").arg(f.index).arg(values.join(", ")));
            child->setText(1, countOf(f.size, "row", "rows"));
            QString shortBy = number(f.distance);
            if (f.entropyMissing != 0)
                shortBy += tr(" (%1 nats of entropy)").arg(number(f.entropyMissing));
            child->setText(2, shortBy);
            child->setToolTip(2, tr("measure %1; distance to the threshold %2")
                                     .arg(number(f.measure), number(f.distance)));
            if (!f.dominatingValue.empty())
                child->setText(3, tr("%1 (%2 of %3, %4 %)")
                                      .arg(QString::fromStdString(f.dominatingValue))
                                      .arg(f.dominatingCount)
                                      .arg(f.size)
                                      .arg(f.dominatingShare * 100, 0, 'f', 1));
            child->setText(4, rowsText(f.rows, f.size));
            child->setToolTip(4, child->text(4));
        }
        if (c.failingClasses.size() < c.verdict.failingClasses) {
            auto* more = new QTreeWidgetItem(item);
            more->setText(0, tr("… %1 more classes (ldiv explain --json lists them)")
                                 .arg(c.verdict.failingClasses - c.failingClasses.size()));
        }
        item->setFirstColumnSpanned(true);
        item->setExpanded(!c.verdict.holds);
    }
    fitColumns();

    m_fixes->setRowCount(0);
    auto addRow = [this](const QString& fix, const QString& result, const QString& utility,
                         const QString& tip) {
        const int row = m_fixes->rowCount();
        m_fixes->insertRow(row);
        m_fixes->setItem(row, 0, cell(fix, tip));
        m_fixes->setItem(row, 1, cell(utility, tip));
        m_fixes->setItem(row, 2, cell(result, tip));
        return row;
    };
    for (const RaiseFix& r : e.raises) {
        const QString name = QString::fromStdString(r.name);
        const int row = addRow(
            tr("raise %1 to level %2").arg(name).arg(r.levels[r.attribute]),
            tr("[%1] %2").arg(levelsText(r.levels), r.satisfies ? tr("satisfies") : tr("fails")),
            number(r.utility),
            tr("Click to select node [%1] in the lattice").arg(levelsText(r.levels)));
        m_fixes->item(row, 0)->setData(Qt::UserRole, levelsText(r.levels));
        m_fixes->item(row, 2)->setForeground(r.satisfies ? QColor(0x00, 0x7a, 0x3d)
                                                         : QColor(0xb0, 0x00, 0x20));
    }
    if (e.suppress.rows > 0)
        addRow(tr("suppress %1").arg(countOf(e.suppress.rows, "row", "rows")),
               e.suppress.withinLimit
                   ? tr("within the limit (%1)").arg(countOf(e.suppress.limitRows, "row", "rows"))
                   : tr("beyond the limit of %1; needs %2 %")
                         .arg(countOf(e.suppress.limitRows, "row", "rows"))
                         .arg(e.suppress.requiredLimit * 100, 0, 'g', 4),
               number(e.suppress.utility),
               tr("Suppressing the rows of every failing class of this node"));
    for (const CriterionExplanation& c : e.criteria)
        addRow(tr("strongest in place of %1").arg(QString::fromStdString(c.verdict.spec)),
               c.strongestSpec.empty() ? tr("none holds") : QString::fromStdString(c.strongestSpec),
               QString(),
               tr("The strongest parameter for which this criterion alone holds on this node "
                  "with the suppression limit"));
    m_fixes->resizeColumnsToContents();
}

void ExplainPanel::fixClicked(int row) {
    const QTableWidgetItem* item = m_fixes->item(row, 0);
    const QString levels = item ? item->data(Qt::UserRole).toString() : QString();
    if (!levels.isEmpty()) emit nodeRequested(levels);
}

}  // namespace ldv::ui
