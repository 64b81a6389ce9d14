#pragma once
// The publication report as HTML (self-contained: charts embedded as data: PNGs) and as PDF
// (the same document laid out by QTextDocument on a QPdfWriter, A4).
#include <QImage>
#include <QString>
#include <vector>

namespace ldv::ui {

struct ReportData;

struct ReportChart {
    QString title;
    QImage image;
};

QString reportHtml(const ReportData& data, const std::vector<ReportChart>& charts);
/// By suffix: .pdf → PDF, anything else → HTML. False when the file cannot be written.
bool writeReport(const ReportData& data, const std::vector<ReportChart>& charts, const QString& path);

}  // namespace ldv::ui
