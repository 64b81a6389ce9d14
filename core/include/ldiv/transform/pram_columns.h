#pragma once
// PRAM (Gouweleeuw et al. 1998, pram.h) applied to the chosen columns of a table
// about to be published: one home for what `ldiv generalize --pram COL[=P]` and the
// workbench's export ask for, with the same refusals (a quasi-identifier, or a sensitive
// attribute the criteria judged, would change what was judged).
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/transform/pram.h"

namespace ldv {

class Dataset;
class RandomSource;

/// One column to perturb and the diagonal p of its base matrix.
struct PramRequest {
    std::string column;
    double p = kDefaultPramDiagonal;
};

/// "COL" or "COL=P" (0 < P ≤ 1); ParameterError naming the entry otherwise. `option` names
/// where the entry came from in the message ("--pram").
PramRequest parsePramRequest(const std::string& entry, const std::string& option = "--pram");
/// "COL[=P], COL[=P], …" (the workbench's PRAM fields): each non-blank entry, trimmed, by
/// parsePramRequest; empty text gives none.
std::vector<PramRequest> parsePramList(const std::string& list, const std::string& option);

/// A perturbed column and the matrix its values were drawn from.
struct PramApplied {
    std::string column;
    double p = kDefaultPramDiagonal;
    PramMatrix matrix;
};

/// Applies invariant PRAM to each requested column of `table` (the published table of
/// `data`), in order, drawing from `rng`. ParameterError for a quasi-identifier of `data`, for a
/// sensitive attribute unless `allowSensitive` (differential privacy is closed under
/// post-processing, so it allows them), and for a column the table does not have.
std::vector<PramApplied> applyPram(Table& table, const Dataset& data,
                                   const std::vector<PramRequest>& requests, RandomSource& rng,
                                   bool allowSensitive);

/// Every matrix as CSV, each under a "# COL (p = P)" line: what --pram-matrix writes and the
/// workbench shows.
std::string formatPramMatrices(const std::vector<PramApplied>& applied);

}  // namespace ldv
