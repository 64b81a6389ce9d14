// `ldiv synth`: a larger table with the columns' distributions and neighbouring-column
// structure of the input (synth.h), for scale tests.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "cli/command_list.h"
#include "cli/data_options.h"
#include "cli/output_guard.h"
#include "ldiv/data/error.h"
#include "ldiv/synth/synth.h"

namespace ldv::cli {
namespace {

class SynthCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "synth",
            "Write N synthetic rows that keep each column's distribution and the pairwise "
            "structure of neighbouring columns (for scale tests)");
        addDataOptions(*m_command, m_options, false);
        // Taken as text and checked here: a count must be a whole number in range, and "1e20",
        // "-5" or "nan" get one clear message rather than CLI11's conversion error.
        m_command->add_option("--rows", m_rows, "Number of rows to write (1 to 10^12)")->required();
        m_command->add_option("--seed", m_synth.seed, "Random seed (default 1)");
        m_command->add_option(
            "--resample", m_synth.resampleProbability,
            "Probability of redrawing a column given its left neighbour (default 0.3)");
        m_command->add_option("-o,--output", m_output, "Output CSV file")->required();
    }

    int execute(std::ostream& out, std::ostream&) override {
        m_synth.rows = parseRows(m_rows);
        // NaN passes every comparison but !(x >= 0 && x <= 1).
        if (!(m_synth.resampleProbability >= 0 && m_synth.resampleProbability <= 1))
            throw ParameterError("--resample must lie in [0, 1], not " +
                                 std::to_string(m_synth.resampleProbability));
        auto ws = loadWorkspace(m_options);
        refuseOverwritingInputs({{"--output", m_output}}, m_options, *ws);
        m_synth.separator = ws->loadReport().separator;
        refuseWithoutSpace(ws->table());
        // Written to a temporary file next to the output and renamed into place when complete:
        // a failed or interrupted run leaves the old output as it was and no partial file. A
        // device or a pipe (/dev/full, a FIFO) is written directly: it holds no file to keep.
        std::error_code ec;
        const auto status = std::filesystem::status(m_output, ec);
        const bool existed = std::filesystem::exists(status);
        const bool direct = existed && !std::filesystem::is_regular_file(status);
        std::string temp = direct ? m_output : m_output + ".XXXXXX.ldiv-tmp";
        if (!direct) {
            const int fd = ::mkstemps(temp.data(), 9);
            if (fd < 0)
                throw InputError(
                    m_output, 0, 0,
                    std::string("cannot write into its folder: ") + std::strerror(errno));
            ::fchmod(fd, 0666 & ~currentUmask());
            ::close(fd);
        }
        struct Remove {
            std::string path;
            ~Remove() {
                if (!path.empty()) ::unlink(path.c_str());
            }
        } removeTemp{direct ? std::string() : temp};
        std::ofstream file(temp, std::ios::binary | std::ios::trunc);
        if (!file)
            throw InputError(
                m_output, 0, 0,
                std::string("cannot open the output file for writing: ") + std::strerror(errno));
        writeSyntheticRows(ws->table(), m_synth, file);
        // errno is the failing write's (ENOSPC, EFBIG); writeSyntheticRows stopped there.
        const int writeError = file ? 0 : errno;
        file.close();
        if (writeError || !file)
            throw InputError(m_output, 0, 0,
                             std::string("cannot write the whole file: ") +
                                 std::strerror(writeError ? writeError : errno) +
                                 (direct    ? ""
                                  : existed ? "; the old file is kept"
                                            : "; no file was left"));
        if (!direct && ::rename(temp.c_str(), m_output.c_str()) != 0)
            throw InputError(m_output, 0, 0,
                             std::string("cannot replace the file: ") + std::strerror(errno));
        removeTemp.path.clear();
        if (m_options.json)
            out << "{\"rows\":" << m_synth.rows << ",\"columns\":" << ws->table().columnCount()
                << "}\n";
        else
            out << "wrote " << m_synth.rows << " rows to " << m_output << "\n";
        return 0;
    }

private:
    // 10^12 rows of even a 5-column table are tens of terabytes: anything above is a typo.
    static constexpr std::uint64_t kMaxRows = 1'000'000'000'000ULL;

    static std::uint64_t parseRows(const std::string& text) {
        const auto refuse = [&] {
            return ParameterError("--rows must be a whole number from 1 to " +
                                  std::to_string(kMaxRows) + ", not '" + text + "'");
        };
        if (text.empty() || text.size() > 13 ||
            text.find_first_not_of("0123456789") != std::string::npos)
            throw refuse();
        const std::uint64_t rows = std::stoull(text);
        if (rows == 0 || rows > kMaxRows) throw refuse();
        return rows;
    }

    /// The process's umask without changing it (umask() both sets and returns it).
    static mode_t currentUmask() {
        const mode_t mask = ::umask(022);
        ::umask(mask);
        return mask;
    }

    /// Refuses a --rows whose file would not fit the output's file system (10^12 rows passed
    /// the range check and ran until the disk was full).
    void refuseWithoutSpace(const Table& input) const {
        namespace fs = std::filesystem;
        std::error_code ec;
        const fs::path folder = fs::absolute(m_output, ec).parent_path();
        const fs::space_info space = fs::space(folder, ec);
        if (ec) return;  // unknown: the write itself reports a full disk
        const std::uint64_t need = expectedSyntheticBytes(input, m_synth);
        if (need > space.available)
            throw InputError(m_output, 0, 0,
                             "--rows " + std::to_string(m_synth.rows) + " would write about " +
                                 std::to_string(need / 1000000) + " MB, and its file system has " +
                                 std::to_string(space.available / 1000000) +
                                 " MB free; ask for fewer rows");
    }

    DataOptions m_options;
    std::string m_rows;
    SynthOptions m_synth;
    std::string m_output;
};

}  // namespace

std::unique_ptr<Command> makeSynthCommand() {
    return std::make_unique<SynthCommand>();
}

}  // namespace ldv::cli
