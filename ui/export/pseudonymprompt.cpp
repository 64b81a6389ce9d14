#include "export/pseudonymprompt.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"
#include "project/project.h"
#include "widgets/filedialogs.h"

namespace ldv::ui {

namespace {

bool uses(const std::vector<PseudonymSpec>& specs, PseudonymMethod method) {
    return std::any_of(specs.begin(), specs.end(),
                       [method](const PseudonymSpec& s) { return s.method == method; });
}

QString columnsUsing(const std::vector<PseudonymSpec>& specs, PseudonymMethod method) {
    QStringList names;
    for (const PseudonymSpec& s : specs)
        if (s.method == method) names << QString::fromStdString(s.column);
    return names.join(", ");
}

}  // namespace

PseudonymDialog::PseudonymDialog(const std::vector<PseudonymSpec>& specs, const QString& tablePath,
                                 QWidget* parent)
    : QDialog(parent),
      m_hmac(uses(specs, PseudonymMethod::Hmac)),
      m_random(uses(specs, PseudonymMethod::Random)),
      m_tablePath(tablePath),
      m_error(new QLabel(this)) {
    setWindowTitle(tr("Pseudonyms"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    if (m_hmac) {
        auto* note = new QLabel(
            tr("%1: keyed hash (HMAC-SHA-256). The same secret gives the same pseudonyms in "
               "every release. The secret is used for this export only and is never saved.")
                .arg(columnsUsing(specs, PseudonymMethod::Hmac)),
            this);
        note->setWordWrap(true);
        layout->addWidget(note);
        m_secret = new QLineEdit(this);
        m_secret->setObjectName("pseudonymSecret");
        m_secret->setEchoMode(QLineEdit::Password);
        m_secret->setPlaceholderText(tr("type the secret, or choose a secret file"));
        auto* file = new QPushButton(tr("Secret file…"), this);
        file->setObjectName("secretFile");
        m_secretFileLabel = new QLabel(this);
        m_secretFileLabel->setWordWrap(true);
        auto* row = new QHBoxLayout;
        row->addWidget(m_secret, 1);
        row->addWidget(file);
        auto* label = new QLabel(tr("&Secret:"), this);
        label->setBuddy(m_secret);  // a row of a layout gets no buddy from QFormLayout
        form->addRow(label, row);
        form->addRow(QString(), m_secretFileLabel);
        connect(file, &QPushButton::clicked, this, [this] {
            const QString path = filedialogs::openFile(this, filedialogs::Kind::Secret,
                                                       tr("Secret file (its bytes are the key)"),
                                                       tr("All files (*)"));
            if (path.isEmpty()) return;
            m_secretFile = path;
            m_secret->clear();
            m_secret->setEnabled(false);
            m_secretFileLabel->setText(tr("The key is read from %1.").arg(path));
        });
    }
    if (m_random) {
        auto* note = new QLabel(
            tr("%1: random identifiers. Their mapping to the values is written to a file of its "
               "own: keep it apart from the published data, it links every pseudonym back.")
                .arg(columnsUsing(specs, PseudonymMethod::Random)),
            this);
        note->setWordWrap(true);
        layout->addWidget(note);
        m_mapping = new QLineEdit(this);
        m_mapping->setObjectName("pseudonymMapping");
        const QFileInfo table(tablePath);
        m_mapping->setText(
            table.dir().filePath(table.completeBaseName() + QStringLiteral("_pseudonym_map.csv")));
        auto* browse = new QPushButton(tr("Browse…"), this);
        auto* row = new QHBoxLayout;
        row->addWidget(m_mapping, 1);
        row->addWidget(browse);
        auto* label = new QLabel(tr("&Mapping file:"), this);
        label->setBuddy(m_mapping);
        form->addRow(label, row);
        connect(browse, &QPushButton::clicked, this, [this] {
            const QString path = filedialogs::saveFile(
                this, filedialogs::Kind::Export, tr("Pseudonym mapping (keep it apart)"),
                QFileInfo(m_mapping->text()).fileName(), tr("CSV (*.csv)"));
            if (!path.isEmpty()) m_mapping->setText(path);
        });
    }
    layout->addLayout(form);
    m_error->setObjectName("pseudonymError");
    m_error->setStyleSheet("color: #D55E00");
    m_error->setWordWrap(true);
    layout->addWidget(m_error);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &PseudonymDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(520);
}

PseudonymInputs PseudonymDialog::inputs() const {
    PseudonymInputs in;
    if (m_hmac)
        in.secret = m_secretFile.isEmpty()
                        ? m_secret->text().toStdString()
                        : readSecretFile(QFile::encodeName(m_secretFile).toStdString());
    if (m_random) in.mappingPath = QFileInfo(m_mapping->text().trimmed()).absoluteFilePath();
    return in;
}

void PseudonymDialog::accept() {
    if (m_hmac && m_secretFile.isEmpty() && m_secret->text().isEmpty())
        return m_error->setText(tr("Give the secret (or choose a secret file)."));
    if (m_random) {
        const QString path = m_mapping->text().trimmed();
        if (path.isEmpty()) return m_error->setText(tr("Give the mapping file."));
        if (QFileInfo(path).absoluteFilePath() == QFileInfo(m_tablePath).absoluteFilePath())
            return m_error->setText(
                tr("The mapping must not be the published table's file: keep it apart."));
    }
    try {
        (void)inputs();  // a secret file that cannot be read is refused here
    } catch (const std::exception& e) {
        return m_error->setText(QString::fromStdString(e.what()));
    }
    QDialog::accept();
}

bool pseudonymsNeedInputs(const std::vector<PseudonymSpec>& specs) {
    return uses(specs, PseudonymMethod::Hmac) || uses(specs, PseudonymMethod::Random);
}

bool askPseudonymInputs(QWidget* parent, const std::vector<PseudonymSpec>& specs,
                        const QString& tablePath, PseudonymInputs& inputs) {
    if (!pseudonymsNeedInputs(specs)) return true;
    PseudonymDialog dialog(specs, tablePath, parent);
    if (dialog.exec() != QDialog::Accepted) return false;
    inputs = dialog.inputs();
    return true;
}

Pseudonyms PseudonymPlan::make(const Workspace& workspace) const {
    Pseudonyms pseudonyms;
    try {
        pseudonyms = pseudonymizeIdentifying(workspace.table(), workspace.identifyingColumns(),
                                             specs, inputs->secret);
    } catch (...) {
        std::fill(inputs->secret.begin(), inputs->secret.end(), '\0');
        throw;
    }
    std::fill(inputs->secret.begin(), inputs->secret.end(), '\0');
    return pseudonyms;
}

std::optional<PseudonymPlan> planPseudonyms(QWidget* parent, const Project& project,
                                            const QString& tablePath, const PseudonymPrompt& prompt,
                                            QString* error) {
    // Identifying attributes with a pseudonymization role (the project's, as the CLI reads
    // them): what they need is asked now and kept in memory for this export only.
    PseudonymPlan plan;
    try {
        for (PseudonymSpec& spec : projectPseudonymSpecs(project.config())) {
            const int column = project.columnIndex(spec.column);
            if (column >= 0 && project.role(column) == Role::Identifying)
                plan.specs.push_back(std::move(spec));
        }
    } catch (const std::exception& e) {
        *error = QString::fromStdString(e.what());
        return std::nullopt;
    }
    if (pseudonymsNeedInputs(plan.specs)) {
        const bool given = prompt ? prompt(plan.specs, tablePath, *plan.inputs)
                                  : askPseudonymInputs(parent, plan.specs, tablePath, *plan.inputs);
        if (!given) {
            *error =
                QObject::tr("Not exported: the pseudonyms' secret or mapping file was not given.");
            return std::nullopt;
        }
    }
    plan.random = std::any_of(plan.specs.begin(), plan.specs.end(), [](const PseudonymSpec& s) {
        return s.method == PseudonymMethod::Random;
    });
    if (plan.random && (plan.inputs->mappingPath.isEmpty() ||
                        QFileInfo(plan.inputs->mappingPath).absoluteFilePath() ==
                            QFileInfo(tablePath).absoluteFilePath())) {
        *error = QObject::tr(
            "Not exported: the random pseudonyms' mapping needs a file of its own, apart from "
            "the published table.");
        return std::nullopt;
    }
    if (plan.random) plan.mappingFile = QFile::encodeName(plan.inputs->mappingPath).toStdString();
    return plan;
}

}  // namespace ldv::ui
