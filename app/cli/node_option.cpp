#include "cli/node_option.h"

#include <CLI/CLI.hpp>
#include <cctype>
#include <sstream>

#include "ldiv/data/error.h"

namespace ldv::cli {

Levels resolveNode(const std::string& text, const Dataset& data) {
    const std::size_t d = data.qiCount();
    if (text.empty()) return Levels(d, 0);
    Levels levels = parseLevels(text);
    // Named form: check that the names follow the --qi order.
    std::stringstream in(text);
    std::string part;
    for (std::size_t i = 0; std::getline(in, part, ','); ++i) {
        const auto eq = part.find('=');
        if (eq == std::string::npos || i >= d) continue;
        const std::string& expected = data.table().column(data.qiColumns()[i]).name();
        if (part.substr(0, eq) != expected)
            throw ParameterError("--node: level " + std::to_string(i + 1) + " is named '" +
                                 part.substr(0, eq) + "' but quasi-identifier " +
                                 std::to_string(i + 1) + " is '" + expected + "'");
    }
    if (levels.size() != d)
        throw ParameterError("--node has " + std::to_string(levels.size()) +
                             " levels but there are " + std::to_string(d) + " quasi-identifiers");
    for (std::size_t i = 0; i < d; ++i) {
        const int h = data.hierarchy(i).height();
        if (levels[i] > h)
            throw ParameterError("--node: level " + std::to_string(levels[i]) + " of '" +
                                 data.table().column(data.qiColumns()[i]).name() +
                                 "' exceeds its hierarchy height " + std::to_string(h));
    }
    return levels;
}

ClassPartition resolveRelease(const std::string& node, const std::string& published,
                              const Dataset& data) {
    if (!published.empty()) return ClassPartition::readPublished(published, data);
    return ClassPartition::ofNode(data, resolveNode(node, data));
}

void addReleaseOptions(CLI::App& command, std::string& node, std::string& published,
                       const std::string& usedBy) {
    // A help text continues `usedBy`, or starts with a capital on its own.
    auto help = [&usedBy](std::string text) {
        if (usedBy.empty()) text[0] = char(std::toupper(static_cast<unsigned char>(text[0])));
        return usedBy + text;
    };
    command.add_option("--node", node, help("levels in --qi order (default: the table as it is)"));
    command.add_option(
        "--published", published,
        help("a published (generalized) table with the rows of DATA in the same order"));
}

void addNodeRequirementOptions(CLI::App& command, std::vector<std::string>& criteria,
                               std::optional<double>& suppression) {
    command.add_option(
        "-c,--criterion", criteria,
        "With --node: the criteria (repeatable; default: the project's) whose failing classes "
        "are suppressed within --suppression, as `ldiv generalize` publishes the node");
    command.add_option("--suppression", suppression,
                       "With --node: the tuple suppression limit as a fraction of rows "
                       "(default: the project's suppression_limit)");
}

}  // namespace ldv::cli
