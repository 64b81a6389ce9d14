#pragma once
// The parameters of the hierarchy builders as the builder panel edits them (text fields),
// read into the core's HierarchySpec, which builds them as `ldiv` does.
#include <QString>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/hierarchy/hierarchy_spec.h"

namespace ldv::ui {

struct BuilderSettings {
    enum class Kind { Intervals, Masking, Dates, OrderedGrouping, Suppression, Taxonomy };
    Kind kind = Kind::Intervals;
    QString widths = "5,10,20";  ///< intervals: bin widths per level
    double origin = 0;
    QString bottom, top;         ///< intervals: optional bottom/top coding
    QString maskSteps;           ///< masking: characters per level ("" = one per level)
    QString groupSizes = "2,2";  ///< ordered grouping
    QString order;               ///< ordered grouping: one value per line ("" = natural order)
    QString edges;               ///< taxonomy: "parent,child" per line
    QString topValue = "*";

    static QStringList kindNames();
    QString description() const;
    /// The fields read into the core's spec (ParameterError naming a field that is not a
    /// list of positive numbers, InputError for an edge line without two fields). An empty
    /// order is the natural order of `column`'s values (numbers numerically, dates and month
    /// names in calendar order).
    HierarchySpec spec(const Column& column) const;
};

/// Builds the hierarchy of `column` with ldv::buildHierarchy (missing-value tokens are left
/// out of numeric, date and ordered builders and put under the top value). Throws
/// ParameterError/InputError.
Hierarchy buildHierarchy(const BuilderSettings& settings, const Column& column,
                         const std::vector<std::string>& missingTokens);

}  // namespace ldv::ui
