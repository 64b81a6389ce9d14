#pragma once
// The analyses of the Analysis perspective: each runs an engine experiment on the prepared
// project (on a worker thread, polling the Feedback) and turns its result into ChartData.
// The adapters (…Chart) are separate so tests can compare a chart with the engine's result.
// Each declares its options (analysisoptions.h); the defaults are the engine's/papers' ones.
#include <QString>
#include <functional>
#include <optional>
#include <vector>

#include "analysis/analysisoptions.h"
#include "charts/chartdata.h"
#include "ldiv/data/feedback.h"
#include "ldiv/diagnosis/diagnosis_result.h"
#include "ldiv/experiments/experiments.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "project/project.h"

namespace ldv {
class Workspace;
}

namespace ldv::ui {

/// What a run gets besides the workspace (whose first sensitive attribute's hierarchy is the
/// taxonomy of the (τ,ℓ) analyses, TauInput::tauInputOf): the option texts and the
/// project's requirement (the beliefs analysis publishes its optimum by default).
struct AnalysisInput {
    const Workspace& data;
    OptionValues options;
    SearchSettings settings;
};

struct AnalysisDef {
    QString id;     ///< "homogeneity", "utility", "diagnosis", "timing", "tau-protection", …
    QString title;  ///< list entry
    QString description;
    std::vector<OptionDef> options;
    std::function<ChartData(const AnalysisInput&, Feedback&)> run;
};

/// The analyses in the order of the list.
const std::vector<AnalysisDef>& analyses();
/// The analysis with this id (nullptr when there is none).
const AnalysisDef* findAnalysis(const QString& id);

/// Options of the homogeneity analysis (Machanavajjhala et al. 2007 Figs 9–12): k =
/// 2,5,10,15,20,30,50; p = 1, 0.95.
HomogeneityOptions homogeneityOptions();
/// The same with the option texts of the form applied (throws ParameterError).
HomogeneityOptions homogeneityOptions(const OptionValues& values);
/// Affected tables (with all minimal tables), average affected classes and rows per table vs k.
ChartData homogeneityChart(const HomogeneityResult& result, const Workspace& data);

/// Options of the utility analysis (Machanavajjhala et al. 2007 Figs 15–20): k = ℓ = 2,4,6,8,10; c
/// = 3.
UtilityOptions utilityOptions();
UtilityOptions utilityOptions(const OptionValues& values);
/// Minimum height, average class size, discernibility vs parameter and KL bars with the base.
ChartData utilityChart(const UtilityResult& result, const Workspace& data,
                       double c = utilityOptions().c);

/// The privacy-diagnosis paper Figs 1–2: calls of Algorithm 2 (question 3, δ = 0, and question 7, δ
/// = 0.1) vs k against the naive 2^|R|, and the number of maximal attribute sets.
struct DiagnosisPoint {
    std::size_t k = 0;
    double delta = 0;
    DiagnosisResult result;
};
std::vector<std::size_t> diagnosisKs();
/// The k values and the δ of question 7 of the form (defaults: diagnosisKs(), 0.1).
std::vector<DiagnosisPoint> diagnosisPoints(const Workspace& data,
                                            const std::vector<std::size_t>& ks, double delta,
                                            Feedback* feedback = nullptr);
ChartData diagnosisChart(const std::vector<DiagnosisPoint>& points, const Workspace& data);

/// "k-anonymity", "entropy ℓ", "recursive (3,ℓ)".
QString modelLabel(PrivacyModel model, double c);

}  // namespace ldv::ui
