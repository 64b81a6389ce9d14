#include "cli/commands.h"

#include "cli/command_list.h"

namespace ldv::cli {

std::vector<std::unique_ptr<Command>> makeCommands() {
    std::vector<std::unique_ptr<Command>> commands;
    commands.push_back(makeInspectCommand());
    commands.push_back(makeAuditCommand());
    commands.push_back(makeGeneralizeCommand());
    commands.push_back(makeBeliefsCommand());
    commands.push_back(makeDiagnoseCommand());
    commands.push_back(makeRiskCommand());
    commands.push_back(makeUtilityCommand());
    commands.push_back(makeSweepCommand());
    commands.push_back(makeExperimentCommand());
    commands.push_back(makeSearchCommand());
    commands.push_back(makeSynthCommand());
    commands.push_back(makeExplainCommand());
    commands.push_back(makeFrontierCommand());
    commands.push_back(makeVerifyCommand());
    commands.push_back(makeKeygenCommand());
    return commands;
}

}  // namespace ldv::cli
