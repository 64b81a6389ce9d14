// `ldiv keygen`: an Ed25519 key pair for signing release records (generalize/sweep --sign,
// verify --public-key). The private key is written with mode 0600 and never replaces a file.
#include <ostream>

#include "cli/cli.h"
#include "cli/command_list.h"
#include "ldiv/crypto/signature.h"

namespace ldv::cli {
namespace {

class KeygenCommand : public Command {
public:
    void attach(CLI::App& app) override {
        m_command = app.add_subcommand(
            "keygen",
            "Make an Ed25519 key pair for signed release records: the private key (mode 0600) "
            "for 'generalize --sign', the public key for 'verify --public-key'");
        m_command->add_option("--private", m_private, "The private key file to create (PEM)")
            ->required();
        m_command->add_option("--public", m_public, "The public key file to create (PEM)")
            ->required();
    }

    int execute(std::ostream& out, std::ostream&) override {
        generateSigningKey(m_private, m_public);
        out << "private key written to " << m_private << " (keep it secret)\n"
            << "public key written to " << m_public << " (sha256 " << publicKeyFingerprint(m_public)
            << ")\n";
        return kSuccess;
    }

private:
    std::string m_private;
    std::string m_public;
};

}  // namespace

std::unique_ptr<Command> makeKeygenCommand() {
    return std::make_unique<KeygenCommand>();
}

}  // namespace ldv::cli
