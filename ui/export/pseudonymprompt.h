#pragma once
// What an export with pseudonymized identifying attributes asks each time and never stores
// (issue: the secret is never written to the project, the report, the settings or the output):
// the HMAC secret, typed in a password field or read from a secret file the user chooses, and
// for random identifiers the file their mapping is written to, apart from the table.
#include <QDialog>
#include <QString>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/crypto/pseudonyms.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

struct PseudonymInputs {
    /// hmac: the key (only in memory, for this export).
    std::string secret;
    /// random: where the value → pseudonym mapping is written (not the table's file).
    QString mappingPath;
};

/// The dialog: a secret (hidden field, or "Secret file…") when `specs` use hmac, a mapping file
/// when they use random. Accepting checks that what is needed was given.
class PseudonymDialog : public QDialog {
    Q_OBJECT
public:
    PseudonymDialog(const std::vector<PseudonymSpec>& specs, const QString& tablePath,
                    QWidget* parent = nullptr);
    /// The inputs; reads the secret file when one was chosen (InputError when it cannot be read
    /// or is empty).
    PseudonymInputs inputs() const;
    QLineEdit* secretEdit() const { return m_secret; }
    QLineEdit* mappingEdit() const { return m_mapping; }
    void accept() override;

private:
    bool m_hmac = false;
    bool m_random = false;
    QString m_tablePath;
    QLineEdit* m_secret = nullptr;
    QString m_secretFile;
    QLabel* m_secretFileLabel = nullptr;
    QLineEdit* m_mapping = nullptr;
    QLabel* m_error;
};

/// Asks what an export's pseudonyms need (the hmac secret, the random mapping's file); false =
/// cancelled. The exports default to askPseudonymInputs; tests give their answers.
using PseudonymPrompt = std::function<bool(const std::vector<PseudonymSpec>& specs,
                                           const QString& tablePath, PseudonymInputs& inputs)>;

/// True when `specs` need something asked: a secret (hmac) or a mapping file (random).
bool pseudonymsNeedInputs(const std::vector<PseudonymSpec>& specs);

/// Shows the dialog when `specs` need anything (hmac or random); true with the inputs, false
/// when the user cancelled. Masks alone need nothing (true at once).
bool askPseudonymInputs(QWidget* parent, const std::vector<PseudonymSpec>& specs,
                        const QString& tablePath, PseudonymInputs& inputs);

class Project;
}  // namespace ldv::ui
namespace ldv {
class Workspace;
}
namespace ldv::ui {

/// What one export's pseudonyms need, asked once before the work starts: the project's
/// pseudonymization roles of identifying columns, and the inputs given for them.
struct PseudonymPlan {
    std::vector<PseudonymSpec> specs;
    std::shared_ptr<PseudonymInputs> inputs = std::make_shared<PseudonymInputs>();
    /// A random method among the specs: its mapping goes to `mappingFile`, apart from the table.
    bool random = false;
    std::string mappingFile;
    /// The core's pseudonyms of `workspace`'s identifying columns; the secret is wiped once
    /// they are made (also when making them fails).
    Pseudonyms make(const Workspace& workspace) const;
};

/// The plan for an export of `project` to `tablePath`, asking through `prompt` (or the dialog
/// when empty); nullopt with `*error` set when a role does not parse, the user cancelled, or
/// the random mapping has no file of its own.
std::optional<PseudonymPlan> planPseudonyms(QWidget* parent, const Project& project,
                                            const QString& tablePath, const PseudonymPrompt& prompt,
                                            QString* error);

}  // namespace ldv::ui
