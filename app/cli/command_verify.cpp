// `ldiv verify`: recomputes every claim of a release record from the published file (and the
// original's hash when given); exit 0 when all hold, 3 when any fails or a file changed.
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/release/release_record.h"

namespace ldv::cli {
namespace {

class VerifyCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "verify",
            "Check a release record against the published file: hashes, rows, every criterion, "
            "risk (exit 0 when every claim holds, 3 otherwise)");
        m_command->add_option("RELEASE", m_release, "The release record (.ldiv-release.json)")
            ->required();
        m_command->add_option("--published", m_published, "The published CSV")->required();
        m_command->add_option("--original", m_original, "The original CSV (its hash is checked)");
        m_command->add_flag("--json", m_json, "Print one JSON object on stdout");
    }

    int execute(std::ostream& out, std::ostream&) override {
        const ReleaseRecord record = parseRelease(readFileText(m_release), m_release);
        std::optional<std::string> original;
        if (!m_original.empty()) original = m_original;
        const Verification v = verifyRelease(record, m_published, original);
        const bool ok = v.allHold();
        if (m_json) {
            nlohmann::json claims = nlohmann::json::array();
            for (const ClaimVerdict& c : v.claims)
                claims.push_back({{"claim", c.claim},
                                  {"verdict", !c.checked ? "not checked"
                                              : c.holds  ? "holds"
                                                         : "fails"},
                                  {"detail", c.detail}});
            out << nlohmann::json{{"release", m_release}, {"verified", ok}, {"claims", claims}}
                       .dump()
                << "\n";
        } else {
            for (const ClaimVerdict& c : v.claims)
                out << (!c.checked ? "SKIP "
                        : c.holds  ? "OK   "
                                   : "FAIL ")
                    << c.claim << ": " << c.detail << "\n";
            out << (ok ? "verified: every claim holds\n" : "NOT verified\n");
        }
        return ok ? kSuccess : kRequirementNotMet;
    }

private:
    std::string m_release;
    std::string m_published;
    std::string m_original;
    bool m_json = false;
};

}  // namespace

std::unique_ptr<Command> makeVerifyCommand() {
    return std::make_unique<VerifyCommand>();
}

}  // namespace ldv::cli
