#include "report/reportwriter.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QFile>
#include <QLocale>
#include <QPageSize>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextOption>
#include <map>

#include "format/nodemetricstext.h"
#include "ldiv/io/csv_table_reader.h"
#include "report/reportdata.h"
#include "report/reportsections.h"
#include "session/nodeanalysis.h"

namespace ldv::ui {

namespace {
QString esc(const QString& s) {
    return s.toHtmlEscaped();
}

QString levelsText(const Levels& levels) {
    return QStringLiteral("[%1]").arg(QString::fromStdString(formatLevels(levels)));
}

/// In a table cell: a zero-width space after each comma lets a node of many quasi-identifiers
/// wrap between its levels (the text still reads "[0,1,2]").
QString breakableLevels(const Levels& levels) {
    return levelsText(levels).replace(QLatin1Char(','), QStringLiteral(",\u200B"));
}

/// The node table's headers: the metric names the UI uses (metricRowNames), the long ones
/// abbreviated so that ten columns fit the A4 text width and the preview without breaking a
/// word; the full name is the header's title (a tooltip in a browser) and in the legend.
struct ReportHeader {
    QString shown, full;
};
std::vector<ReportHeader> metricHeaders() {
    const QStringList full = metricRowNames();
    std::vector<ReportHeader> out;
    for (const QString& name : full) out.push_back({name, name});
    const std::map<QString, QString> abbreviations{
        {QObject::tr("Discernibility"), QObject::tr("DM")},
        {QObject::tr("KL-divergence"), QObject::tr("KL")},
        {QObject::tr("Information um(G)"), QObject::tr("um(G)")}};
    for (ReportHeader& h : out)
        if (const auto a = abbreviations.find(h.full); a != abbreviations.end())
            h.shown = a->second;
    return out;
}

QString noteHtml(const QString& note) {
    return note.isEmpty() ? QString() : QStringLiteral("<p><small>%1</small></p>").arg(esc(note));
}

constexpr qreal kChartPageSlack = 0.1;

/// QTextDocument ignores CSS page-break-inside: a chart whose caption, image and note would
/// straddle a page break starts a new page instead (checked in order, on the paginated layout).
void keepChartsWithCaptions(QTextDocument& document, const std::vector<ReportChart>& charts) {
    const qreal pageHeight = document.pageSize().height();
    QAbstractTextDocumentLayout* layout = document.documentLayout();
    for (std::size_t i = 0; i < charts.size(); ++i) {
        const QString anchor = QStringLiteral("chart-%1").arg(i);
        QTextBlock heading;
        for (QTextBlock b = document.begin(); b.isValid() && !heading.isValid(); b = b.next())
            for (auto it = b.begin(); !it.atEnd(); ++it)
                if (it.fragment().charFormat().anchorNames().contains(anchor)) {
                    heading = b;
                    break;
                }
        if (!heading.isValid()) continue;
        // Heading, image, and the note when there is one.
        QTextBlock last = heading.next();
        if (!charts[i].note.isEmpty() && last.isValid() && last.next().isValid())
            last = last.next();
        if (!last.isValid()) continue;
        const qreal top = layout->blockBoundingRect(heading).top();
        const qreal bottom = layout->blockBoundingRect(last).bottom();
        // Printed page breaks come earlier than the layout's own (Qt 6.4 paginates with the
        // document margin in 96-dpi units and prints it scaled to the PDF's resolution: a
        // chart the layout kept at a page's foot was printed on the next page without its
        // caption). A chart therefore has to end a tenth of a page above the layout's page end.
        const qreal slack = kChartPageSlack * pageHeight;
        if (int(top / pageHeight) == int((bottom + slack) / pageHeight)) continue;
        // The first chart takes the section's heading along.
        QTextBlock first = heading;
        if (i == 0 && heading.previous().isValid() &&
            heading.previous().blockFormat().headingLevel() == 2)
            first = heading.previous();
        QTextCursor cursor(first);
        QTextBlockFormat format = first.blockFormat();
        format.setPageBreakPolicy(QTextFormat::PageBreak_AlwaysBefore);
        cursor.setBlockFormat(format);
    }
}

QString pngDataUrl(const QImage& image) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return QStringLiteral("data:image/png;base64,") + QString::fromLatin1(bytes.toBase64());
}
}  // namespace

void wrapAtWordsOnly(QTextDocument& document) {
    QTextOption option = document.defaultTextOption();
    option.setWrapMode(QTextOption::WordWrap);
    document.setDefaultTextOption(option);
}

/// The chosen node with its metrics and its neighbours'.
QString nodeHtml(const ReportData& d) {
    QString h = QObject::tr("<h2>Chosen node %1 (%2)</h2>")
                    .arg(levelsText(d.node.levels), esc(d.nodeState));
    const std::vector<ReportHeader> headers = metricHeaders();
    // Ten columns: a size smaller and narrower padding, so that they fit the A4 text width.
    h += QStringLiteral("<table class='nodes'><tr><th>%1</th><th>%2</th>")
             .arg(QObject::tr("Node"), QObject::tr("Satisfies"));
    QStringList legend;
    for (const ReportHeader& n : headers) {
        h += QStringLiteral("<th title='%2'>%1</th>").arg(esc(n.shown), esc(n.full));
        if (n.shown != n.full) legend << QStringLiteral("%1: %2").arg(esc(n.shown), esc(n.full));
    }
    h += QStringLiteral("</tr>");
    auto row = [&](const QString& label, bool satisfies, const NodeMetrics& m, bool bold) {
        h += QStringLiteral("<tr>");
        h += QStringLiteral("<td>%1</td><td>%2</td>")
                 .arg(bold ? "<b>" + label + "</b>" : label,
                      satisfies ? QObject::tr("yes") : QObject::tr("no"));
        for (const QString& v : metricRowValues(m))
            h += QStringLiteral("<td class='n' align=right>%1</td>").arg(v);
        h += QStringLiteral("</tr>");
    };
    row(breakableLevels(d.node.levels) + QObject::tr(" chosen"), d.node.satisfies, d.node.metrics,
        true);
    for (const NeighbourRow& n : d.neighbours)
        row(breakableLevels(n.levels) + " " + esc(n.relation), n.satisfies, n.metrics, false);
    h += QStringLiteral("</table>");
    if (!legend.isEmpty()) h += QStringLiteral("<p><small>%1</small></p>").arg(legend.join(" · "));
    return h;
}

/// A transformation's figures beside the full-domain optimum's on the same requirement.
QString transformationHtml(const TransformationSummary& t) {
    QString h = QObject::tr(
                    "<h2>Published with %1</h2><p>No lattice node: the model formed the "
                    "classes of <code>%2</code> itself. The full-domain optimum of the "
                    "same requirement is shown beside it.</p>")
                    .arg(esc(t.model), esc(t.publishedPath));
    const QLocale locale;
    auto count = [&](std::uint64_t v) { return locale.toString(qulonglong(v)); };
    h += QObject::tr("<table><tr><th></th><th>%1</th><th>Full-domain optimum</th></tr>")
             .arg(esc(t.model));
    auto row = [&](const QString& label, auto value) {
        h += QStringLiteral(
                 "<tr><td>%1</td><td class='n' align=right>%2</td>"
                 "<td class='n' align=right>%3</td></tr>")
                 .arg(label, value(t.figures),
                      t.fullDomain ? value(*t.fullDomain) : QObject::tr("none satisfies"));
    };
    row(QObject::tr("Published rows"),
        [&](const PublicationFigures& f) { return count(f.publishedRows); });
    row(QObject::tr("Classes"), [&](const PublicationFigures& f) { return count(f.classes); });
    row(QObject::tr("Smallest class"),
        [&](const PublicationFigures& f) { return count(f.smallestClass); });
    row(QObject::tr("Average class size"),
        [&](const PublicationFigures& f) { return locale.toString(f.averageClassSize, 'f', 2); });
    row(QObject::tr("Discernibility"),
        [&](const PublicationFigures& f) { return count(std::uint64_t(f.discernibility)); });
    row(QObject::tr("Suppressed records"),
        [&](const PublicationFigures& f) { return count(f.suppressedRecords); });
    row(QObject::tr("Suppressed cells"),
        [&](const PublicationFigures& f) { return count(f.suppressedCells); });
    row(QObject::tr("Highest prosecutor risk"),
        [&](const PublicationFigures& f) { return locale.toString(f.highestRisk, 'f', 4); });
    h += QStringLiteral("</table>");
    if (!t.noClaims.isEmpty())
        h += QObject::tr(
                 "<p>The model met every criterion on its classes before the table was "
                 "written; no release record: %1</p>")
                 .arg(esc(t.noClaims));
    return h;
}

QString reportHtml(const ReportData& d, const std::vector<ReportChart>& charts) {
    QString h;
    h += QStringLiteral(
             "<html><head><meta charset='utf-8'><title>%1</title>"
             "<style>body{font-family:sans-serif} td,th{padding:2px 8px;border-bottom:1px solid "
             "#ccc}"
             "th{text-align:left;background:#eee} table{font-size:9pt} "
             "table.nodes td, table.nodes th{font-size:8pt; padding:2px 4px} "
             "td.n{white-space:nowrap}"
             "</style></head><body>")
             .arg(QObject::tr("ldiv report — %1").arg(esc(d.projectName)));
    h += QObject::tr("<h1>Publication report: %1</h1>").arg(esc(d.projectName));
    h += QObject::tr(
             "<h2>Configuration</h2><table>"
             "<tr><td>Rows</td><td>%1</td></tr><tr><td>Quasi-identifiers</td><td>%2</td></tr>"
             "<tr><td>Sensitive</td><td>%3</td></tr><tr><td>Requirement</td><td>%4</td></tr>"
             "<tr><td>Suppression limit</td><td>%5 %</td></tr><tr><td>Metric / "
             "algorithm</td><td>%6 / %7</td></tr>"
             "<tr><td>Removed columns</td><td>%8</td></tr></table>")
             .arg(d.rows)
             .arg(esc(d.quasiIdentifiers.join(", ")), esc(d.sensitive.join(", ")),
                  esc(d.criteria.join("; ")))
             .arg(d.suppressionLimit * 100)
             .arg(esc(d.metric), esc(d.algorithm),
                  d.removedColumns.isEmpty()
                      ? QObject::tr("none (no attribute is marked identifying)")
                      : esc(d.removedColumns.join(", ")) +
                            QObject::tr(" (identifying: never published as they are)"));
    if (d.transformation)
        h += transformationHtml(*d.transformation);
    else
        h += nodeHtml(d);
    // Worst measures over the published classes only (publishedCriterion, the release
    // record's claims); the suppressed classes, which are not published, apart.
    h += QObject::tr(
        "<h3>Criteria on the published classes</h3><table><tr><th>Criterion</th><th>Holds on "
        "the published classes</th><th>Failing published classes (rows)</th><th>Worst "
        "published measure</th><th>Threshold</th><th>Suppressed classes (rows): their "
        "worst</th></tr>");
    for (const ReportData::CriterionRow& c : d.criterionRows)
        h += QStringLiteral(
                 "<tr><td>%1</td><td>%2</td><td class='n'>%3 (%4)</td><td class='n'>%5</td>"
                 "<td class='n'>%6</td><td class='n'>%7</td></tr>")
                 .arg(esc(QString::fromStdString(c.published.description)),
                      c.published.holds ? QObject::tr("yes") : QObject::tr("no"))
                 .arg(c.published.failingClasses)
                 .arg(c.failingRows)
                 .arg(c.published.measured, 0, 'g', 4)
                 .arg(c.published.threshold, 0, 'g', 4)
                 .arg(c.suppressedClasses == 0 ? QObject::tr("none")
                                               : QStringLiteral("%1 (%2): %3")
                                                     .arg(c.suppressedClasses)
                                                     .arg(c.suppressedRows)
                                                     .arg(c.suppressedWorst, 0, 'g', 4));
    h += QStringLiteral("</table>");
    h += QObject::tr(
        "<h2>Attribute disclosure</h2><p>Homogeneity attack (Machanavajjhala et al. 2007, section "
        "1.1): published classes whose sensitive value "
        "is the same in every row, or in at least 95 % of them. Beliefs without background "
        "knowledge "
        "(Machanavajjhala et al. 2007, section 3): individuals whose value an attacker believes "
        "with β "
        "&gt; 0.95 (positive "
        "disclosure) or rules out with β &lt; 0.05 (negative disclosure).</p>"
        "<table><tr><th>Sensitive attribute</th><th>Homogeneous classes (rows)</th>"
        "<th>≥ 95 % one value (rows)</th><th>Positive disclosures</th><th>Negative disclosures</th>"
        "<th>Highest belief</th></tr>");
    for (const SensitiveRisk& k : d.risks)
        h += QStringLiteral(
                 "<tr><td>%1</td><td>%2 (%3)</td><td>%4 "
                 "(%5)</td><td>%6</td><td>%7</td><td>%8</td></tr>")
                 .arg(esc(k.attribute))
                 .arg(k.homogeneousClasses)
                 .arg(k.homogeneousRows)
                 .arg(k.nearHomogeneousClasses)
                 .arg(k.nearHomogeneousRows)
                 .arg(k.positiveDisclosures)
                 .arg(k.negativeDisclosures)
                 .arg(k.maxBelief, 0, 'f', 3);
    if (d.risks.empty()) h += QObject::tr("<tr><td colspan='6'>no sensitive attribute</td></tr>");
    h += QStringLiteral("</table>");
    h += reidentificationHtml(d.reidentification, &d.inputReidentification);
    h += surveyRiskHtml(d);
    h += utilityHtml(d);
    h += releaseHtml(d);
    const QString command = d.transformation
                                ? QStringLiteral(
                                      "ldiv generalize --project configuration.ldiv.json NEW.csv "
                                      "--output published.csv")
                                : QStringLiteral(
                                      "ldiv generalize --project configuration.ldiv.json NEW.csv "
                                      "--node %1 --output published.csv")
                                      .arg(QString::fromStdString(formatLevels(d.node.levels)));
    h += QObject::tr(
             "<h2>Re-running this configuration</h2><p>Save it with <i>Export "
             "configuration…</i> (an ldiv project file: roles, hierarchies, criteria, "
             "suppression limit, metric%1). On a new table of the same schema, %2 is "
             "published by</p><p style='margin-left:1em'><code>%3</code></p>")
             .arg(d.transformation ? QObject::tr(", transformation") : QString(),
                  d.transformation ? QObject::tr("the table") : QObject::tr("this node"),
                  esc(command));
    if (!d.transformation)
        h += QObject::tr(
            "<p>and the new table's own optimum by <code>--node optimum</code>; both "
            "judge the node as the search does and suppress the same classes.</p>");
    if (!charts.empty()) h += QObject::tr("<h2>Charts</h2>");
    for (const ReportChart& c : charts)
        h += QStringLiteral(
                 "<div style='page-break-inside:avoid'><h3>%1</h3><p><img src='%2' width='%3' "
                 "alt='%1'></p>%4</div>")
                 .arg(esc(c.title), pngDataUrl(c.image))
                 .arg(kReportChartWidth)
                 .arg(noteHtml(c.note));
    h += referencesHtml(d);
    h += QStringLiteral("</body></html>");
    return h;
}

void layoutReportPdf(QTextDocument& document, QPagedPaintDevice& writer, const ReportData& data,
                     const std::vector<ReportChart>& charts) {
    // Laid out at the PDF's resolution, so that 10 pt prints as 10 pt (at the screen's 96
    // dpi on a 150 dpi page it printed at 6 pt) and an image 640 px wide spans the text
    // width between 2 cm margins (170 mm; checked by rendering the pages with pdftoppm).
    document.documentLayout()->setPaintDevice(&writer);
    document.setPageSize(QSizeF(writer.width(), writer.height()));
    // In 96-dpi pixels: the layout scales it to the PDF's resolution (2 cm).
    document.setDocumentMargin(2.0 / 2.54 * 96);
    QFont font = document.defaultFont();
    font.setPointSizeF(10);
    document.setDefaultFont(font);
    wrapAtWordsOnly(document);
    // QTextDocument does not load data: URLs; register the images as resources instead.
    QString html = reportHtml(data, {});
    QString images;
    for (std::size_t i = 0; i < charts.size(); ++i) {
        const QUrl url(QStringLiteral("chart://%1.png").arg(i));
        document.addResource(QTextDocument::ImageResource, url, charts[i].image);
        images += QStringLiteral(
                      "<h3><a name='chart-%4'>%1</a></h3><p><img src='%2' "
                      "width='%5'></p>%3")
                      .arg(esc(charts[i].title), url.toString(), noteHtml(charts[i].note))
                      .arg(i)
                      .arg(kReportChartWidth);
    }
    if (!charts.empty()) {
        const int references = html.indexOf(QObject::tr("<h2>References</h2>"));
        html.insert(references >= 0 ? references : html.indexOf("</body>"),
                    QObject::tr("<h2>Charts</h2>") + images);
    }
    document.setHtml(html);
    keepChartsWithCaptions(document, charts);
}

void setUpReportPdf(QPdfWriter& writer) {
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setResolution(150);
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
}

bool writeReport(const ReportData& data, const std::vector<ReportChart>& charts,
                 const QString& path, QString* error) {
    QByteArray bytes;
    if (path.endsWith(".pdf", Qt::CaseInsensitive)) {
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(&buffer);
        setUpReportPdf(writer);
        writer.setTitle(QObject::tr("ldiv report — %1").arg(data.projectName));
        QTextDocument document;
        layoutReportPdf(document, writer, data, charts);
        document.print(&writer);
    } else {
        bytes = reportHtml(data, charts).toUtf8();
    }
    // Laid out in memory, then written like the project and the exported table: through a
    // temporary file renamed into place, so a read-only folder or a full disk keeps the old
    // report and the message gives the reason. (Not QSaveFile: Qt 6.4 commits a truncated
    // file when the final flush of its buffer comes up short, e.g. past a file-size limit.)
    try {
        writeFileAtomically(QFile::encodeName(path).toStdString(),
                            std::string_view(bytes.constData(), std::size_t(bytes.size())));
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromStdString(e.what());
        return false;
    }
}

}  // namespace ldv::ui
