#include "cli/release_option.h"

#include <filesystem>
#include <ostream>

#include "ldiv/data/error.h"
#include "ldiv/release/release_record.h"

namespace ldv::cli {

void addReleaseOption(CLI::App& command, std::string& path) {
    command.add_option(
        "--release", path,
        "Also write a release record (e.g. OUT.ldiv-release.json): hashes, configuration and "
        "measured criteria, checked by 'ldiv verify'");
}

void writeReleaseIfAsked(const std::string& releasePath, const Workspace& ws,
                         const SearchConfig& config, std::span<const int> levels,
                         const PublishedNode& node, const PublishOptions& publish,
                         const std::string& publishedPath, char separator, bool neutralizeFormulas,
                         std::ostream& err, double populationSize) {
    if (releasePath.empty()) return;
    const std::string published =
        std::filesystem::absolute(publishedPath).lexically_normal().string();
    const ReleaseRecord record =
        makeRelease(ws, config, levels, node, publish, published, LDIV_VERSION,
                    ReleaseOutput{separator, neutralizeFormulas},
                    populationSize > 0 ? std::optional<double>(populationSize) : std::nullopt);
    writeRelease(record, releasePath);
    err << "release record written to " << releasePath << "\n";
}

void writeSweepReleaseIfAsked(const std::string& releasePath, const Workspace& ws,
                              const TauInput& input, double tau, double l,
                              const std::string& publishedPath, std::ostream& err) {
    if (releasePath.empty()) return;
    if (publishedPath.empty())
        throw ParameterError("--release needs --output: a release record certifies a file");
    const std::string published =
        std::filesystem::absolute(publishedPath).lexically_normal().string();
    writeRelease(makeSweepRelease(ws, input, tau, l, published, LDIV_VERSION), releasePath);
    err << "release record written to " << releasePath << "\n";
}

}  // namespace ldv::cli
