#pragma once
// The publication report as HTML (self-contained: charts embedded as data: PNGs) and as PDF
// (the same document laid out by QTextDocument on a QPdfWriter, A4).
#include <QString>
#include <vector>

#include "charts/reportchart.h"

class QPagedPaintDevice;
class QPdfWriter;
class QTextDocument;

namespace ldv::ui {

struct ReportData;

QString reportHtml(const ReportData& data, const std::vector<ReportChart>& charts);
/// Lines of the report break at spaces (and after hyphens) only: QTextDocument's default also
/// breaks inside a word when a table column is narrow ("Discerni|bility").
void wrapAtWordsOnly(QTextDocument& document);
/// How writeReport sets up its PDF: A4 at 150 dpi, no margins of the writer's own (the
/// document's 2 cm margins are the page's; the writer's would add to them).
void setUpReportPdf(QPdfWriter& writer);
/// The PDF's document: laid out on `device` (A4, its resolution) with 2 cm margins, charts at
/// the full text width, each chart starting a page when its caption would be parted from it.
void layoutReportPdf(QTextDocument& document, QPagedPaintDevice& device, const ReportData& data,
                     const std::vector<ReportChart>& charts);
/// By suffix: .pdf → PDF, anything else → HTML, through a temporary file renamed into
/// place (writeFileAtomically). False when the file cannot be written (the old file is
/// kept); `error` then gets the message, e.g. "PATH: cannot write into its folder:
/// Permission denied; the old file is kept".
bool writeReport(const ReportData& data, const std::vector<ReportChart>& charts,
                 const QString& path, QString* error = nullptr);

}  // namespace ldv::ui
