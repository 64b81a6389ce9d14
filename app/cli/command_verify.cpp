// `ldiv verify`: checks every field of a release record against the files on the command line
// (never a path the record names); exit 0 when every claim was recomputed and holds, 3 when any
// fails or could not be checked (a claim that needs --original or --public-key and did not get
// it is named, and fails the verdict: issue #32, "verify checks everything it prints").
// A record of a database table is the exception: its table is read where the record says,
// in a read-only session, PGPASSWORD withheld unless the user names the server
// (docs/database.md, "Release records of a table").
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "cli/fetched_table.h"
#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_source.h"
#include "ldiv/release/release_record.h"
#ifdef LDIV_HAVE_POSTGRES
#include "ldiv/postgres.h"
#endif

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
        m_command->add_option(
            "--published", m_published,
            "The published CSV (required), or for a record of a database table its URI "
            "postgresql://…?table=NAME or a file of its canonical export (default: the table "
            "the record names)");
        m_command->add_option("--original", m_original,
                              "The original CSV (or database table's URI, for a record of one): "
                              "its hash is checked, and publishing it again must give the "
                              "published file and the whole record");
        m_command->add_option("--public-key", m_publicKey,
                              "The publisher's Ed25519 public key (PEM, from 'ldiv keygen'): the "
                              "record must carry a valid signature by it");
        m_command->add_option("--research-subset", m_subset,
                              "With --original: the research subset file of a delta-presence "
                              "release (a record's paths are never opened)");
        m_command->add_option("--hierarchy", m_hierarchies,
                              "With --original, for a record that names hierarchy files instead "
                              "of embedding them: COL=FILE (repeatable; a record's paths are "
                              "never opened)");
        m_command->add_option("--confirm-server", m_confirmServers,
                              "HOST[:PORT] of the database server a table's record names that "
                              "may receive PGPASSWORD (repeatable; docs/database.md)");
        m_command->add_flag("--json", m_json, "Print one JSON object on stdout");
    }

    int execute(std::ostream& out, std::ostream&) override {
        ReleaseRecord record;
        try {
            record = parseRelease(readFileText(m_release), m_release);
        } catch (const InputError&) {
            // Without --published the command line was incomplete before the record was read.
            if (m_published.empty()) throw ParameterError("--published is required");
            throw;
        }
        const bool table = !record.publishedKind.empty();
        if (!table && m_published.empty()) throw ParameterError("--published is required");
        if (!table && isSourceUri(m_published))
            throw ParameterError("--published " + m_published + ": " + m_release +
                                 " is the record of a file, not of a database table");
#ifdef LDIV_HAVE_POSTGRES
        for (const std::string& server : m_confirmServers) pg::confirmServer(server);
#else
        if (!m_confirmServers.empty())
            throw ParameterError(
                "--confirm-server: this ldiv was built without PostgreSQL support");
#endif
        VerifyInputs inputs;
        if (!m_original.empty()) inputs.originalPath = m_original;
        if (!m_publicKey.empty()) inputs.publicKeyPath = m_publicKey;
        if (!m_subset.empty()) inputs.researchSubsetPath = m_subset;
        for (const std::string& h : m_hierarchies) {
            const std::size_t eq = h.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == h.size())
                throw ParameterError("--hierarchy '" + h + "': write COL=FILE");
            inputs.hierarchyPaths[h.substr(0, eq)] = h.substr(eq + 1);
        }
        std::string tableUri;
        Verification v;
        if (!table) {
            v = verifyRelease(record, m_published, inputs);
        } else if (!m_published.empty() && !isSourceUri(m_published)) {
            // A file of the canonical export (docs/database.md: psql … | tee): checked offline.
            inputs.publishedTable = record.publishedPath;
            v = verifyRelease(record, m_published, inputs);
        } else {
            tableUri = m_published.empty() ? record.publishedPath : m_published;
            inputs.publishedTable = tableUri;
            std::optional<FetchedTable> fetched;
            try {
                fetched.emplace(tableUri);
            } catch (const std::exception& e) {
                // A table that is gone, or cannot be read, is a claim that fails (exit 3).
                v.claims.push_back({"published table hash", true, false,
                                    m_release + " names the table " + tableUri +
                                        ", which cannot be read: " + e.what()});
            }
            if (fetched) v = verifyRelease(record, fetched->path(), inputs);
        }
        const bool ok = v.allHold();
        // What was not checked is named in the verdict too: "every claim holds" would claim
        // more than was checked.
        std::vector<std::string> notChecked;
        for (const ClaimVerdict& c : v.claims)
            if (!c.checked && !c.informational) notChecked.push_back(c.claim);
        if (m_json) {
            nlohmann::json claims = nlohmann::json::array();
            for (const ClaimVerdict& c : v.claims)
                claims.push_back({{"claim", c.claim},
                                  {"verdict", c.informational ? "information"
                                              : !c.checked    ? "not checked"
                                              : c.holds       ? "holds"
                                                              : "fails"},
                                  {"detail", c.detail}});
            nlohmann::json j{{"release", m_release},
                             {"verified", ok},
                             {"not_checked", notChecked},
                             {"claims", claims}};
            if (table) j["published_table"] = inputs.publishedTable.value_or(tableUri);
            out << j.dump() << "\n";
        } else {
            for (const ClaimVerdict& c : v.claims)
                out << (c.informational ? "INFO "
                        : !c.checked    ? "NOT CHECKED "
                        : c.holds       ? "OK   "
                                        : "FAIL ")
                    << c.claim << ": " << c.detail << "\n";
            if (ok) {
                out << "verified: every claim holds\n";
            } else {
                out << "NOT verified";
                if (!notChecked.empty()) {
                    out << "; not checked:";
                    for (std::size_t i = 0; i < notChecked.size(); ++i)
                        out << (i ? ", " : " ") << notChecked[i];
                    out << " (a claim verify cannot recompute does not count as holding: give "
                           "the files it names)";
                }
                out << "\n";
            }
        }
        return ok ? kSuccess : kRequirementNotMet;
    }

private:
    std::string m_release;
    std::string m_published;
    std::string m_original;
    std::string m_publicKey;
    std::string m_subset;
    std::vector<std::string> m_hierarchies;
    std::vector<std::string> m_confirmServers;
    bool m_json = false;
};

}  // namespace

std::unique_ptr<Command> makeVerifyCommand() {
    return std::make_unique<VerifyCommand>();
}

}  // namespace ldv::cli
