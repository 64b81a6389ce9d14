#pragma once
// A differentially private publication by SafePub (Bild, Kuhn & Prasser 2018; dp/safepub.h):
// the mechanism chooses the node, samples and suppresses; the table is generalized, perturbed
// with PRAM where asked and shuffled. One home for `ldiv generalize -c differential-privacy=…`
// and the workbench's "Publish with differential privacy…" (docs/dp.md).
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/dp/safepub.h"
#include "ldiv/release/release_record.h"
#include "ldiv/transform/pram_columns.h"

namespace ldv {

class Workspace;

struct DpPublishSettings {
    double epsilon = 1;
    double delta = 1e-5;
    int steps = kDefaultSafePubSteps;
    DpScore score = DpScore::Granularity;
    /// Given: a reproducible run, and therefore not private (anyone with the seed replays the
    /// sample and every draw). Absent: every draw comes from the CSPRNG.
    std::optional<std::uint64_t> seed;
    std::vector<PramRequest> pram;
    /// Rows in random order (the seed's, else a fresh one); false keeps the sample's order.
    bool shuffle = true;
    /// Identifying columns published as pseudonyms (GeneralizeOptions::pseudonyms).
    std::vector<std::pair<std::size_t, Column>> pseudonyms;
};

struct DpPublication {
    SafePubResult result;
    Table table;
    std::vector<PramApplied> pram;
    double elapsedMs = 0;  ///< of the mechanism alone
};

/// ParameterError when the workspace cannot be published this way: a column without a role,
/// a QI without a hierarchy, a research subset (SafePub samples the whole table), ε or δ out
/// of range, or fewer than one step.
void checkDpPublishable(const Workspace& workspace, const DpPublishSettings& settings);

/// checkDpPublishable, then SafePub on the workspace's rows, the generalized table of the
/// sampled rows outside suppressed classes, PRAM and the shuffle.
DpPublication publishDifferentiallyPrivate(const Workspace& workspace,
                                           const DpPublishSettings& settings);

/// What the release record needs besides the mechanism's result (makeDpRelease).
DpReleaseInputs dpReleaseInputs(const DpPublishSettings& settings,
                                const DpPublication& publication);

}  // namespace ldv
