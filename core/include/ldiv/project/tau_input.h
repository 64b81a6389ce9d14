#pragma once
// The (τ,ℓ) input of a loaded project. It lives with the project, which knows the (τ,ℓ)
// algorithms; they do not know the project (docs/architecture.md, "Layers").
#include <string>

#include "ldiv/tau/tau_input.h"

namespace ldv {

class Workspace;

/// TauInput::make on the workspace's dataset and its first sensitive attribute; the taxonomy
/// comes from `taxonomyFile` or, when empty, from the project's hierarchy for that attribute.
/// Throws ParameterError when there is no sensitive attribute or taxonomy, InputError for a
/// bad file.
TauInput tauInputOf(const Workspace& ws, const std::string& taxonomyFile = {});

}  // namespace ldv
