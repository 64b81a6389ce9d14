#pragma once
// Run time vs QI size (Machanavajjhala et al. 2007 §6, Figs 13–14): qiSizeTiming for each chosen
// search algorithm, charted as search time and checked nodes against the number of QI attributes.
#include <vector>

#include "analysis/analyses.h"

namespace ldv::ui {

/// One qiSizeTiming call: the rows of one algorithm.
struct TimingSeries {
    SearchAlgorithm algorithm = SearchAlgorithm::Incognito;
    std::vector<TimingRow> rows;
};

/// The options of the form as the engine's TimingOptions, one per chosen algorithm.
std::vector<TimingOptions> timingOptions(const OptionValues& values, const Workspace& data);
/// Search time (ms, best of the repetitions) and checked nodes per QI size; one series per
/// (model, algorithm); the lattice size dashed.
ChartData timingChart(const std::vector<TimingSeries>& series, const Workspace& data, double c = 3);
AnalysisDef timingAnalysis();

}  // namespace ldv::ui
