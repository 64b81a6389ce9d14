#include "cli/output_guard.h"

#include <filesystem>

#include "ldiv/data/error.h"

namespace ldv::cli {
namespace {

namespace fs = std::filesystem;

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code ec;
    if (fs::equivalent(a, b, ec)) return true;
    // Neither need exist yet (two outputs): compare the paths they would have.
    const fs::path ca = fs::weakly_canonical(fs::absolute(a, ec), ec);
    const fs::path cb = fs::weakly_canonical(fs::absolute(b, ec), ec);
    return !ca.empty() && ca == cb;
}

/// (what, path) of every file the run reads.
std::vector<std::pair<std::string, std::string>> inputsOf(const DataOptions& options,
                                                          const Workspace& ws) {
    std::vector<std::pair<std::string, std::string>> inputs;
    inputs.emplace_back("the data file", ws.resolve(ws.config().dataPath));
    if (!options.project.empty()) inputs.emplace_back("the project file", options.project);
    for (const AttributeConfig& a : ws.config().attributes) {
        if (!a.hierarchyFile.empty())
            inputs.emplace_back("the hierarchy of '" + a.name + "'", ws.resolve(a.hierarchyFile));
        if (a.hierarchyBuilder.rfind("taxonomy:", 0) == 0)
            inputs.emplace_back("the taxonomy of '" + a.name + "'",
                                ws.resolve(a.hierarchyBuilder.substr(9)));
    }
    return inputs;
}

}  // namespace

void refuseOverwritingInputs(const NamedOutputs& outputs, const DataOptions& options,
                             const Workspace& ws, const NamedOutputs& otherInputs) {
    auto inputs = inputsOf(options, ws);
    for (const auto& [what, path] : otherInputs)
        if (!path.empty()) inputs.emplace_back(what, path);
    for (std::size_t k = 0; k < outputs.size(); ++k) {
        const auto& [option, path] = outputs[k];
        if (path.empty()) continue;
        for (const auto& [what, input] : inputs)
            if (sameFile(path, input))
                throw ParameterError(option + " '" + path + "' is " + what +
                                     ": writing it would destroy an input; choose another file");
        for (std::size_t j = 0; j < k; ++j)
            if (!outputs[j].second.empty() && sameFile(path, outputs[j].second))
                throw ParameterError(option + " '" + path + "' is also " + outputs[j].first +
                                     ": one would overwrite the other; choose another file");
    }
}

char parseOutputSeparator(const std::string& text, char fallback) {
    if (text.empty() || text == "auto") return fallback;
    const bool unreadable =
        text == "\"" || text == "\n" || text == "\r" || text == std::string(1, '\0');
    const char sep = unreadable ? '"' : parseSeparator(text);
    if (sep == 0 || sep == '"' || sep == '\n' || sep == '\r')
        throw ParameterError(
            "invalid --output-sep: a quote, a line break or an empty separator would write a "
            "CSV file that cannot be read back; use one character such as , ; | or tab");
    return sep;
}

void addNeutralizeOptions(CLI::App& command, NeutralizeOptions& options) {
    auto* on = command.add_flag(
        "--neutralize-formulas", options.on,
        "Prefix cells starting with = + - @ (not numbers) with ' so spreadsheets do not "
        "run them (the default)");
    auto* off = command.add_flag(
        "--no-neutralize-formulas", options.off,
        "Write cells exactly as they are, even those a spreadsheet would run as formulas");
    on->excludes(off);
}

}  // namespace ldv::cli
