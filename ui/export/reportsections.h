#pragma once
// Sections of the publication report that certify and quantify a release: re-identification
// risk (El Emam & Dankar 2008), the release record (hashes, version, configuration, measured
// criteria, suppressed rows, risk; `ldiv verify` checks it) and the references, cited by
// authors, title, venue and year (docs/references.md).
#include <QString>

#include "ldiv/risk/risk_analysis.h"

namespace ldv::ui {

struct ReportData;

QString reidentificationHtml(const RiskAnalysis& risk);
QString releaseHtml(const ReportData& data);
QString referencesHtml(const ReportData& data);

}  // namespace ldv::ui
