#include "ldiv/workflow/dp_publication.h"

#include <chrono>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/lattice/row_order.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"

namespace ldv {

void checkDpPublishable(const Workspace& workspace, const DpPublishSettings& settings) {
    // dpParameters refuses ε ≤ 0 and δ outside (0, 1) with its own message.
    (void)dpParameters(settings.epsilon, settings.delta);
    if (settings.steps < 1)
        throw ParameterError("differential privacy needs at least one step of the mechanism");
    // The project's criteria and suppression limit are not SafePub's; its rows are the whole
    // table's, so a research subset (a population with a sample marked) has no meaning here.
    if (!workspace.config().researchSubset.empty())
        throw ParameterError(
            "differential privacy samples the whole table: remove the project's research "
            "subset");
    // Nothing is published that was not asked for: every column needs a role.
    requireRoles(workspace);
    workspace.requireQiHierarchies();
}

DpPublication publishDifferentiallyPrivate(const Workspace& workspace,
                                           const DpPublishSettings& settings) {
    checkDpPublishable(workspace, settings);
    const Dataset& data = workspace.dataset();
    const SafePubOptions options{.epsilon = settings.epsilon,
                                 .delta = settings.delta,
                                 .steps = settings.steps,
                                 .score = settings.score,
                                 .seed = settings.seed};
    DpPublication out;
    const auto start = std::chrono::steady_clock::now();
    out.result = safePub(data, options);
    out.elapsedMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    GeneralizeOptions g;
    g.suppressedRows = out.result.suppressedRows;
    g.leftOut.resize(out.result.sampled.size());
    for (std::size_t i = 0; i < out.result.sampled.size(); ++i)
        g.leftOut[i] = out.result.sampled[i] ? 0 : 1;
    g.pseudonyms = settings.pseudonyms;
    out.table = generalizeTable(data, out.result.levels, workspace.identifyingColumns(), g);
    // PRAM draws from its own stream: seed + 1 when reproducible, so that it is not the
    // mechanism's sequence again.
    const std::unique_ptr<RandomSource> rng = makeRandomSource(
        settings.seed ? std::optional<std::uint64_t>(*settings.seed + 1) : std::nullopt);
    out.pram = applyPram(out.table, data, settings.pram, *rng, true);
    if (settings.shuffle) shuffleRows(out.table, settings.seed ? *settings.seed : randomSeed());
    return out;
}

DpReleaseInputs dpReleaseInputs(const DpPublishSettings& settings,
                                const DpPublication& publication) {
    DpReleaseInputs inputs;
    CriterionSpec spec;
    spec.kind = CriterionKind::DifferentialPrivacy;
    spec.parameters = {settings.epsilon, settings.delta};
    inputs.spec = formatCriterionSpec(spec);
    inputs.stepsLimit = settings.steps;
    inputs.score = settings.score;
    inputs.seed = settings.seed;
    for (const PramApplied& a : publication.pram) inputs.pram.emplace_back(a.column, a.p);
    return inputs;
}

}  // namespace ldv
