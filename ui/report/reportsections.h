#pragma once
// Sections of the publication report that certify and quantify a release: re-identification
// risk (El Emam & Dankar 2008), the release record (hashes, version, configuration, measured
// criteria, suppressed rows, risk; `ldiv verify` checks it) and the references, cited by
// authors, title, venue and year (docs/references.md).
#include <QString>

#include "ldiv/risk/risk_analysis.h"

namespace ldv::ui {

struct ReportData;

/// `before`: the input table's risk, shown beside the published one (issue 37).
QString reidentificationHtml(const RiskAnalysis& risk, const RiskAnalysis* before = nullptr);
QString releaseHtml(const ReportData& data);
/// The survey risk before and after (empty without a weight or household role).
QString surveyRiskHtml(const ReportData& data);
/// What publishing cost each attribute: input against output summaries (issue 33).
QString utilityHtml(const ReportData& data);
QString referencesHtml(const ReportData& data);

}  // namespace ldv::ui
