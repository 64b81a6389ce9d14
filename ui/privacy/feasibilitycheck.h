#pragma once
// The check the Privacy perspective runs while the requirement is composed (#18 item 4): the
// settings the search would refuse, the inputs the project lacks, quasi-identifiers that can
// never be generalized, and a requirement no node can meet (even the most general node leaves
// more failing rows than the suppression limit allows). Computed off the GUI thread on a
// snapshot of the project; the perspective shows feasibilityText().
#include <QString>
#include <QStringList>

#include "ldiv/project/search_settings.h"

namespace ldv::ui {

class Project;
struct DataSnapshot;

struct Feasibility {
    QStringList warnings;
    QString error;
    /// validate()'s messages: the settings themselves are wrong (the search refuses them).
    QStringList problems;
    /// No criterion at all: nothing is checked, so there is nothing to call achievable.
    bool noCriterion = false;
};

/// "age has no hierarchy: it can never be generalized", one line per such quasi-identifier.
QStringList rigidQuasiIdentifiers(const Project& project);

/// The whole check; `rigid` (rigidQuasiIdentifiers) becomes the first warnings.
Feasibility checkRequirement(const DataSnapshot& snapshot, const SearchSettings& settings,
                             const QStringList& rigid);

struct FeasibilityText {
    QString html;
    QString styleSheet;  ///< green for a passed check, orange for a problem, neutral for a hint
};
FeasibilityText feasibilityText(const Feasibility& f);

}  // namespace ldv::ui
