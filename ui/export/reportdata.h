#pragma once
// Everything the publication report says about a chosen node, computed on a worker thread:
// the configuration, the node's details, its neighbours' metrics and its risks
// (homogeneity, 000 §1.1; Bayes-optimal beliefs without background knowledge, 000 §3).
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "search/nodeanalysis.h"

namespace ldv::ui {

struct SearchOutcome;

struct NeighbourRow {
    QString relation;  ///< "specialization" / "generalization"
    Levels levels;
    bool satisfies = false;
    NodeMetrics metrics;
};

/// What an attacker learns about one sensitive attribute from the published classes.
struct SensitiveRisk {
    QString attribute;
    std::size_t homogeneousClasses = 0, homogeneousRows = 0;          ///< 100 % one value
    std::size_t nearHomogeneousClasses = 0, nearHomogeneousRows = 0;  ///< ≥ 95 %
    std::size_t positiveDisclosures = 0, negativeDisclosures = 0;
    double maxBelief = 0;
};

struct ReportData {
    QString projectName;
    std::size_t rows = 0;
    QStringList quasiIdentifiers;  ///< "age (height 4)"
    QStringList sensitive;
    QStringList criteria;          ///< descriptions
    QStringList removedColumns;    ///< identifying attributes, never published
    double suppressionLimit = 0;
    QString metric, algorithm;
    QString nodeState;
    NodeDetails node;
    std::vector<NeighbourRow> neighbours;
    /// Risks of the published classes, one entry per sensitive attribute (in role order).
    std::vector<SensitiveRisk> risks;
};

ReportData buildReportData(const SearchOutcome& outcome, NodeId id, const QString& projectName,
                           const QString& nodeState);

}  // namespace ldv::ui
