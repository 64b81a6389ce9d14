#pragma once
// Release records of the transformations that publish no lattice node (`generalize
// --transform mondrian|local|microaggregation|cell-suppression|microaggregation+local`,
// issue #34): one value may be published differently in different classes, so there is no
// node to re-judge. The record's configuration holds a "transformation" object (the model and
// every parameter that reproduces it), and verify judges the criteria on the published file's
// own classes, from the definitions, and reproduces the file from the original
// (docs/releases.md). A table published into PostgreSQL is judged and hashed over its
// canonical export (docs/database.md, "Release records of a table").
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/workspace.h"
#include "ldiv/release/release_record.h"
#include "ldiv/transform/transformation.h"

namespace ldv {

/// The models --release accepts with a transformation, and whether `spec` (a criterion text)
/// is one that verify judges from its definition on the published classes: k for every
/// model; distinct-l, entropy-l (without don't-care values) and recursive-cl for the
/// partitioning ones. Throws ParameterError naming the criterion otherwise.
void checkTransformReleasable(const std::string& model, const std::vector<std::string>& criteria);

/// The published table of `spec` on `ws`'s data under `config`, with the outcome that made it (the
/// same model calls, the same writer and the same shuffle as `ldiv generalize`). ParameterError
/// when the model cannot publish (its parameters are out of range, or the whole table fails).
TransformedTable publishTransformation(const Workspace& ws, const Dataset& data,
                                       const SearchConfig& config, const TransformationSpec& spec);

/// The record of a transformation's table written to `publishedPath` (already there): a
/// CSV file, or a database table's URI together with `publishedExport`, a file holding that
/// table's canonical export (io/table_digest.h; fetched by the caller, as `ldiv verify` fetches
/// it), whose bytes are the table's hash and whose classes are judged. `output` is then the
/// export's (',', nothing neutralized).
ReleaseRecord makeTransformRelease(const Workspace& ws, const Dataset& data,
                                   const SearchConfig& config, const TransformationSpec& spec,
                                   const std::string& publishedPath, const std::string& ldivVersion,
                                   const ReleaseOutput& output,
                                   const std::string& publishedExport = {});

}  // namespace ldv
