#pragma once
// The (τ,ℓ) input of the workbench's prepared data: used by the analysis perspective's (τ,ℓ)
// charts and by the export perspective's SWEEP table, so it sits with the prepared input
// rather than in either perspective.
#include <optional>

#include "ldiv/hierarchy.h"
#include "ldiv/tau_recoding.h"

namespace ldv::ui {

struct PreparedData;

/// The project's first sensitive attribute with its hierarchy as the taxonomy (rows for
/// values the data lacks are dropped, as TauInput::fromWorkspace does). Throws
/// ParameterError saying what to configure when there is no sensitive attribute or no
/// hierarchy for it. `data` must outlive the result.
TauInput makeTauInput(const PreparedData& data, const std::optional<Hierarchy>& taxonomy);

}  // namespace ldv::ui
