#pragma once
// Factories of the subcommands (one source file each).
#include <memory>

#include "cli/commands.h"

namespace ldv::cli {

std::unique_ptr<Command> makeInspectCommand();
std::unique_ptr<Command> makeAuditCommand();
std::unique_ptr<Command> makeGeneralizeCommand();
std::unique_ptr<Command> makeBeliefsCommand();

}  // namespace ldv::cli
