#pragma once
// The parameters of the hierarchy builders as the builder panel edits them, and the build
// itself (core builders; missing-value tokens become their own row under the top value).
#include <QString>
#include <string>
#include <vector>

#include "ldiv/hierarchy.h"
#include "ldiv/table.h"

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
};

/// Builds the hierarchy of `column`. Values in `missingTokens` are left out of numeric and
/// date builders and mapped straight to the top value. Throws ParameterError/InputError.
Hierarchy buildHierarchy(const BuilderSettings& settings, const Column& column,
                         const std::vector<std::string>& missingTokens);

}  // namespace ldv::ui
