#pragma once
// Everything the publication report says about a chosen node, computed on a worker thread:
// the configuration, the node's details, its neighbours' metrics, its attribute-disclosure
// risks (the homogeneity attack and Bayes-optimal beliefs without background knowledge,
// Machanavajjhala et al. 2007), its re-identification risk (El Emam & Dankar 2008) and, once
// the table was exported with one, its release record.
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

#include "ldiv/release/release_record.h"
#include "ldiv/risk/risk_analysis.h"
#include "ldiv/risk/survey_risk.h"
#include "ldiv/utility/utility_report.h"
#include "ldiv/workflow/publication_figures.h"

#include "session/nodeanalysis.h"

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

/// A transformation's table (Privacy ▸ Transformation, issue 34) in place of a node: no level
/// vector, neighbours or node metrics; its figures beside the full-domain optimum's.
struct TransformationSummary {
    QString model;  ///< as the panel names it, e.g. "Local recoding"
    PublicationFigures figures;
    std::optional<PublicationFigures> fullDomain;  ///< none when no node satisfies
    QString publishedPath;
    /// Why the criteria have no rows: no release record (its reason), "" when they do.
    QString noClaims;
};

struct ReportData {
    QString projectName;
    std::size_t rows = 0;
    QStringList quasiIdentifiers;  ///< "age (height 4)"
    QStringList sensitive;
    QStringList criteria;  ///< descriptions
    /// Identifying attributes, never published as they are: "name (left out)" or
    /// "name (pseudonymized: hmac)".
    QStringList removedColumns;
    double suppressionLimit = 0;
    QString metric, algorithm;
    QString nodeState;
    NodeDetails node;
    std::vector<NeighbourRow> neighbours;
    /// Risks of the published classes, one entry per sensitive attribute (in role order).
    std::vector<SensitiveRisk> risks;
    /// Re-identification risk of the published classes (suppressed rows left out); journalist
    /// risk and population uniqueness only with a population size.
    RiskAnalysis reidentification;
    /// The same for the input table (every row its own value combination's class): the risk
    /// before publishing, shown beside the one after.
    RiskAnalysis inputReidentification;
    /// With a weight or household role: the survey risk (Benedetti & Franconi 1998 individual
    /// risk, household risk; survey_risk.h) of the input and of the published table, as the
    /// Risk perspective and `ldiv risk --weight/--household` compute it. surveyError: why not.
    std::optional<SurveyFigures> surveyBefore, surveyAfter;
    QString surveyError;
    /// Per criterion (in requirement order): its claims over the published classes (worst
    /// measure, failing classes), and apart from them the suppressed classes and their worst.
    struct CriterionRow {
        ReleaseCriterion published;
        std::size_t failingRows = 0;  ///< published rows in failing classes
        std::size_t suppressedClasses = 0, suppressedRows = 0;
        double suppressedWorst = 0;
    };
    std::vector<CriterionRow> criterionRows;
    /// Input against output for every QI and sensitive attribute (ldiv utility; issue 33):
    /// empty when it could not be computed (utilityError says why).
    std::optional<UtilityReport> utility;
    QString utilityError;
    /// Set for a transformation's table: then `node` and `neighbours` are empty.
    std::optional<TransformationSummary> transformation;
    /// The release record written with the exported table of this node, and where.
    std::shared_ptr<const ReleaseRecord> release;
    QString releasePath;
};

/// `populationSize`: N of the population the table was sampled from (journalist risk and
/// population uniqueness), none when unknown.
ReportData buildReportData(const SearchOutcome& outcome, NodeId id, const QString& projectName,
                           const QString& nodeState,
                           std::optional<double> populationSize = std::nullopt);

/// The report of a transformation's published table `t` (transformTable on `ws` with the
/// requirement's dataset and configuration). The criteria rows are `record`'s claims, judged
/// from the written file's classes (release/transform_release.h); without a record,
/// `summary.noClaims` says why. Suppressed rows (local recoding) count in no class.
ReportData buildTransformationReportData(const Workspace& ws, const Dataset& data,
                                         const SearchConfig& config, const TransformedTable& t,
                                         const ReleaseRecord* record, TransformationSummary summary,
                                         const QString& projectName,
                                         std::optional<double> populationSize = std::nullopt);

}  // namespace ldv::ui
