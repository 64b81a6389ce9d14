#pragma once
// Anonymity diagnosis per attribute set (the privacy-diagnosis paper): the maximal sets S of the
// quasi-identifier R with k(S) ≥ k (question 3) and their k(S) as bars, and k_δ(S) against the
// suppression budget δ (question 6) for R and the first maximal sets.
#include <vector>

#include "analysis/analyses.h"

namespace ldv::ui {

struct AttributeSetK {
    AttributeMask attributes = 0;       ///< bits over the QI columns (DiagnosisResult::columns)
    std::size_t k = 0;                  ///< k(S)
    std::vector<std::size_t> kByDelta;  ///< k_δ(S), one per δ
};

struct DiagnosisSets {
    std::vector<std::size_t> columns;  ///< the QI's table columns
    std::size_t k = 0;
    std::vector<double> deltas;
    AttributeSetK all;                   ///< R itself
    std::vector<AttributeSetK> maximal;  ///< question 3 answers, in the engine's order
    std::size_t withDelta = 0;           ///< maximal sets (first ones) that have kByDelta
};

/// Question 3 (at least k) on the project's QI, then question 6 for R and the first
/// `deltaSets` maximal sets at every δ.
DiagnosisSets diagnosisSets(const Workspace& data, std::size_t k, const std::vector<double>& deltas,
                            std::size_t deltaSets, Feedback* feedback = nullptr);
/// "sex+age+race" (R is "all: …").
QString attributeSetLabel(const DiagnosisSets& sets, AttributeMask mask, const Workspace& data);
ChartData diagnosisSetsChart(const DiagnosisSets& sets, const Workspace& data);
AnalysisDef diagnosisSetsAnalysis();

}  // namespace ldv::ui
