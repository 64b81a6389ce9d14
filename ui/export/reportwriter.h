#pragma once
// The publication report as HTML (self-contained: charts embedded as data: PNGs) and as PDF
// (the same document laid out by QTextDocument on a QPdfWriter, A4).
#include <QImage>
#include <QString>
#include <vector>

class QPagedPaintDevice;
class QTextDocument;

namespace ldv::ui {

struct ReportData;

/// Charts are rendered for the report at this logical width (px at 96 dpi) and shown at the
/// full text width of an A4 page with 2 cm margins (170 mm ≈ 643 px): their text prints at
/// the point size it has on screen (9 pt), never scaled down.
inline constexpr int kReportChartWidth = 640;
inline constexpr int kReportChartHeight = 400;

struct ReportChart {
    QString title;
    QString note;  ///< data set and options of the chart (may be empty)
    QImage image;
};

QString reportHtml(const ReportData& data, const std::vector<ReportChart>& charts);
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
