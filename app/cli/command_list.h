#pragma once
// Factories of the subcommands (one source file each).
#include <memory>

#include "cli/commands.h"

namespace ldv::cli {

std::unique_ptr<Command> makeInspectCommand();
std::unique_ptr<Command> makeAuditCommand();
std::unique_ptr<Command> makeGeneralizeCommand();
std::unique_ptr<Command> makeBeliefsCommand();
std::unique_ptr<Command> makeDiagnoseCommand();
std::unique_ptr<Command> makeSweepCommand();
std::unique_ptr<Command> makeExperimentCommand();
std::unique_ptr<Command> makeSearchCommand();
std::unique_ptr<Command> makeSynthCommand();
std::unique_ptr<Command> makeExplainCommand();
std::unique_ptr<Command> makeVerifyCommand();
std::unique_ptr<Command> makeFrontierCommand();
std::unique_ptr<Command> makeRiskCommand();
std::unique_ptr<Command> makeUtilityCommand();
std::unique_ptr<Command> makeKeygenCommand();

}  // namespace ldv::cli
