#include "lattice/nodedetailspanel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include "charts/barchart.h"
#include "format/nodemetricstext.h"
#include "lattice/sharedtablemodel.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
QTableWidget* makeTable(QWidget* parent, const QStringList& headers) {
    auto* t = new QTableWidget(0, int(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionMode(QAbstractItemView::NoSelection);
    return t;
}

void setRow(QTableWidget* t, int row, const QStringList& cells) {
    for (int c = 0; c < cells.size(); ++c) t->setItem(row, c, new QTableWidgetItem(cells[c]));
}
}  // namespace

NodeDetailsPanel::NodeDetailsPanel(QWidget* parent)
    : QWidget(parent),
      m_title(new QLabel(this)),
      m_tabs(new QTabWidget(this)),
      m_metrics(makeTable(this, {tr("Metric"), tr("Value")})),
      m_criteria(
          makeTable(this, {tr("Criterion"), tr("Holds"), tr("Failing classes"), tr("Worst")})),
      m_histogram(new BarChart(this)),
      m_preview(new QTableView(this)),
      m_model(new SharedTableModel(this)),
      m_compare(makeTable(this, {tr("Metric")})),
      m_diffSummary(new QLabel(this)),
      m_diff(makeTable(this, {tr("Attribute"), tr("From"), tr("To"), tr("Rows")})) {
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    // A node of many quasi-identifiers ("[4,3,1,2,…]", 16 or 24 levels) is one unbreakable
    // word: the title never widens the window past the screen, and its first line is elided
    // to the panel's width on every resize (updateHeading), the whole of it in the tooltip
    // (the line below it lists every level and wraps).
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_title->installEventFilter(this);
    m_histogram->installEventFilter(this);
    m_metrics->setObjectName("metricsTable");
    m_criteria->setObjectName("criteriaTable");
    m_compare->setObjectName("comparisonTable");
    m_metrics->setToolTip(tr("The selected node's information loss by every metric"));
    m_criteria->setToolTip(
        tr("Whether each criterion holds at this node, how many classes fail it and the worst "
           "published class's value (a suppressed class's worse value beside it)"));
    m_compare->setToolTip(tr("The selected nodes side by side: Ctrl+click nodes to add them"));
    m_preview->setToolTip(
        tr("The data with every quasi-identifier generalized to this node's levels"));
    m_preview->setModel(m_model);
    m_preview->verticalHeader()->setDefaultSectionSize(20);
    m_preview->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_histogram->setTitle(tr("Class sizes"));
    m_histogram->setEmptyText(tr("select a node"));

    auto* summary = new QSplitter(Qt::Vertical, this);
    summary->addWidget(m_metrics);
    summary->addWidget(m_criteria);
    summary->addWidget(m_histogram);
    summary->setSizes({230, 90, 200});
    m_tabs->addTab(summary, tr("Node"));
    m_tabs->addTab(m_preview, tr("Generalized table"));
    m_diffSummary->setWordWrap(true);
    m_diff->setObjectName("diffTable");
    m_diff->setToolTip(
        tr("Quasi-identifier values of the published tables that differ between the first and the "
           "last selected node, counted by rows (suppressed rows appear as *)"));
    auto* diffBox = new QWidget(this);
    auto* diffLayout = new QVBoxLayout(diffBox);
    diffLayout->setContentsMargins(0, 0, 0, 0);
    diffLayout->addWidget(m_diffSummary);
    diffLayout->addWidget(m_diff, 1);
    auto* compare = new QSplitter(Qt::Vertical, this);
    compare->addWidget(m_compare);
    compare->addWidget(diffBox);
    compare->setSizes({260, 260});
    m_tabs->addTab(compare, tr("Compare"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_tabs, 1);
    clear(tr("Click a node to see its details; Ctrl+click more nodes to compare them."));
}

bool NodeDetailsPanel::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() == QEvent::Resize) {
        if (watched == m_title) updateHeading();
        if (watched == m_histogram) updateHistogramTitle();
    }
    return QWidget::eventFilter(watched, event);
}

void NodeDetailsPanel::updateHistogramTitle() {
    if (m_histogramTitle.isEmpty()) return;
    // A plot title does not wrap and widens the plot past the panel, hiding the longest bars
    // (16 QIs at 1366x768): levels that do not fit stay in the header above. Chosen again on
    // every resize: a project reopened on another perspective laid the histogram out after
    // its details were shown, and kept the short title with room for the long one.
    const QFontMetrics title(QFont(font().family(), 9, QFont::Bold));  // BarChart's title font
    const QString chosen = title.horizontalAdvance(m_histogramTitle) + 24 <= m_histogram->width()
                               ? m_histogramTitle
                               : m_histogramShortTitle;
    if (chosen == m_histogramShown) return;
    m_histogramShown = chosen;
    m_histogram->setTitle(chosen);
}

void NodeDetailsPanel::setHeading(const QString& bold, const QString& rest, const QString& below) {
    m_headBold = bold;
    m_headRest = rest;
    m_headBelow = below;
    updateHeading();
}

void NodeDetailsPanel::updateHeading() {
    if (m_headBold.isEmpty()) return;  // a message (clear), wrapped
    QFont boldFont = m_title->font();
    boldFont.setBold(true);
    // The first line is bold text then plain text ("Node [4,3,1,…] · satisfying"): the bold
    // part is elided so that the state after it stays in view. A pixel or two are kept for
    // rounding between the metrics and the label's text layout.
    const int width = m_title->contentsRect().width() - 2 * m_title->margin() - 2;
    const int room = width - QFontMetrics(m_title->font()).horizontalAdvance(m_headRest);
    const QString bold =
        QFontMetrics(boldFont).elidedText(m_headBold, Qt::ElideRight, std::max(0, room));
    m_heading = bold + m_headRest;
    QString html = tr("<b>%1</b>%2").arg(bold.toHtmlEscaped(), m_headRest.toHtmlEscaped());
    if (!m_headBelow.isEmpty())
        html += QStringLiteral("<br><small>%1</small>").arg(m_headBelow.toHtmlEscaped());
    m_title->setText(html);
    m_title->setToolTip(m_headBelow.isEmpty() ? m_headBold + m_headRest
                                              : m_headBold + m_headRest + '\n' + m_headBelow);
}

void NodeDetailsPanel::clear(const QString& message) {
    m_headBold.clear();
    m_heading.clear();
    m_title->setText(message);
    m_title->setToolTip({});
    m_metrics->setRowCount(0);
    m_criteria->setRowCount(0);
    m_histogramTitle.clear();
    m_histogramShown.clear();
    m_histogram->setTitle(tr("Class sizes"));
    m_histogram->setBars({}, {}, tr("classes"));
    m_model->setTable(nullptr);
}

void NodeDetailsPanel::showLoading(const QString& levelsText) {
    setHeading(levelsText, tr(" — computing…"), {});
}

void NodeDetailsPanel::setDetails(const NodeDetails& d, const std::vector<std::string>& qiNames,
                                  const QString& state) {
    QStringList parts;
    for (std::size_t i = 0; i < d.levels.size(); ++i)
        parts << QStringLiteral("%1=%2")
                     .arg(i < qiNames.size() ? QString::fromStdString(qiNames[i]) : "?")
                     .arg(d.levels[i]);
    setHeading(tr("Node [%1]").arg(QString::fromStdString(formatLevels(d.levels))),
               tr(" · %1").arg(state), parts.join(", "));
    const QStringList names = metricRowNames();
    const QStringList values = metricRowValues(d.metrics);
    m_metrics->setRowCount(int(names.size()));
    const QStringList tips = metricRowTooltips();
    for (int r = 0; r < names.size(); ++r) {
        setRow(m_metrics, r, {names[r], values[r]});
        for (int c = 0; c < 2; ++c) m_metrics->item(r, c)->setToolTip(tips[r]);
    }
    m_metrics->resizeColumnToContents(0);

    m_criteria->setRowCount(int(d.criteria.size()));
    for (int r = 0; r < int(d.criteria.size()); ++r) {
        const CriterionResult& c = d.criteria[std::size_t(r)];
        setRow(
            m_criteria, r,
            {QString::fromStdString(c.spec),
             c.holds ? tr("yes") : (d.satisfies ? tr("after suppression") : tr("no")),
             tr("%1 (%2)").arg(c.failingClasses).arg(countOf(c.failingRows, "row", "rows")),
             // A published class's worst; a suppressed class's measure only beside it.
             r < int(d.published.size()) && d.published[std::size_t(r)].measured != c.worstMeasure
                 ? tr("%1 (suppressed: %2)")
                       .arg(QString::number(d.published[std::size_t(r)].measured, 'g', 4),
                            QString::number(c.worstMeasure, 'g', 4))
                 : QString::number(c.worstMeasure, 'g', 4)});
    }
    m_criteria->resizeColumnsToContents();

    QStringList labels;
    QVector<double> counts;
    classSizeBars(d.classSizes, &labels, &counts);
    const QString levels = QString::fromStdString(formatLevels(d.levels));
    const QString suppressed = countOf(d.suppressedRowCount, "suppressed row", "suppressed rows");
    m_histogramTitle = tr("Class sizes of [%1] (%2)").arg(levels, suppressed);
    m_histogramShortTitle = tr("Class sizes (%1)").arg(suppressed);
    m_histogramShown.clear();
    updateHistogramTitle();
    m_histogram->setBars(labels, counts, tr("number of classes"));
    m_model->setTable(d.preview);
}

void NodeDetailsPanel::setComparison(const std::vector<NodeMetrics>& nodes,
                                     const QStringList& states) {
    const QStringList names = metricRowNames();
    m_compare->clear();
    m_compare->setColumnCount(int(nodes.size()) + 1);
    QStringList headers{tr("Metric")};
    for (const NodeMetrics& m : nodes)
        headers << QStringLiteral("[%1]").arg(QString::fromStdString(formatLevels(m.levels)));
    m_compare->setHorizontalHeaderLabels(headers);
    m_compare->setRowCount(int(names.size()) + 1);
    setRow(m_compare, 0, QStringList{tr("State")} + states);
    for (int c = 0; c < int(nodes.size()); ++c) {
        const QStringList values = metricRowValues(nodes[std::size_t(c)]);
        for (int r = 0; r < names.size(); ++r) {
            if (c == 0) m_compare->setItem(r + 1, 0, new QTableWidgetItem(names[r]));
            m_compare->setItem(r + 1, c + 1, new QTableWidgetItem(values[r]));
        }
    }
    m_compare->resizeColumnsToContents();
    if (nodes.size() >= 2)
        m_tabs->setCurrentIndex(m_tabs->count() - 1);
    else
        setDiffMessage(tr("Ctrl+click a second node to see which published values differ."));
}

void NodeDetailsPanel::setDiffMessage(const QString& message) {
    m_diffSummary->setText(message);
    m_diff->setRowCount(0);
}

void NodeDetailsPanel::setDiff(const NodeDiff& d, const std::vector<std::string>& qiNames) {
    auto name = [&](std::size_t i) {
        return i < qiNames.size() ? QString::fromStdString(qiNames[i]) : QStringLiteral("?");
    };
    QStringList perAttribute;
    for (std::size_t i = 0; i < d.rowsChangedPerAttribute.size(); ++i)
        if (d.rowsChangedPerAttribute[i] > 0)
            perAttribute << tr("%1: %2").arg(name(i)).arg(d.rowsChangedPerAttribute[i]);
    m_diffSummary->setText(tr("<b>[%1] → [%2]</b>: %3 a different quasi-identifier value%4")
                               .arg(QString::fromStdString(formatLevels(d.from)),
                                    QString::fromStdString(formatLevels(d.to)))
                               .arg(d.rowsChanged == 1 ? tr("1 row publishes")
                                                       : tr("%1 rows publish").arg(d.rowsChanged))
                               .arg(perAttribute.isEmpty()
                                        ? QString()
                                        : QStringLiteral(" (%1)").arg(perAttribute.join(", "))));
    m_diff->setRowCount(int(d.changes.size()));
    for (int r = 0; r < int(d.changes.size()); ++r) {
        const ValueChange& c = d.changes[std::size_t(r)];
        setRow(m_diff, r,
               {name(c.attribute), QString::fromStdString(c.from), QString::fromStdString(c.to),
                QString::number(qulonglong(c.rows))});
        m_diff->item(r, 3)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    m_diff->resizeColumnsToContents();
}

}  // namespace ldv::ui
