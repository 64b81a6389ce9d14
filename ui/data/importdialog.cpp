#include "data/importdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ldiv/error.h"
#include "project/job.h"
#include "project/projectdata.h"
#include "widgets/filedialogs.h"

namespace ldv::ui {

namespace {
constexpr qint64 kPreviewBytes = 256 * 1024;
constexpr int kPreviewRows = 200;
}  // namespace

ImportDialog::ImportDialog(QWidget* parent)
    : QDialog(parent),
      m_path(new QLineEdit(this)),
      m_separator(new QComboBox(this)),
      m_header(new QCheckBox(tr("First row is a header"), this)),
      m_tokens(new QLineEdit("?", this)),
      m_emptyMissing(new QCheckBox(tr("Empty fields are missing"), this)),
      m_policy(new QComboBox(this)),
      m_trim(new QCheckBox(tr("Trim spaces around fields"), this)),
      m_info(new QLabel(this)),
      m_error(new QLabel(this)),
      m_preview(new QTableWidget(this)),
      m_progress(new QProgressBar(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("New project from CSV"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path);
    auto* browseButton = new QPushButton(tr("&Browse…"), this);
    pathRow->addWidget(browseButton);
    m_separator->addItem(tr("Detect"), 0);
    m_separator->addItem(tr("Comma ,"), int(','));
    m_separator->addItem(tr("Semicolon ;"), int(';'));
    m_separator->addItem(tr("Tab"), int('\t'));
    m_separator->addItem(tr("Pipe |"), int('|'));
    m_header->setChecked(true);
    m_emptyMissing->setChecked(true);
    m_trim->setChecked(true);
    m_tokens->setToolTip(tr("Values that mean \"missing\", separated by spaces"));
    m_policy->addItem(tr("Keep as a value of their own"), int(MissingPolicy::Keep));
    m_policy->addItem(tr("Drop rows with a missing value"), int(MissingPolicy::Drop));
    auto* form = new QFormLayout;
    // A row whose field is a layout gets no buddy from QFormLayout, and its '&' would show.
    auto* fileLabel = new QLabel(tr("&File:"), this);
    fileLabel->setBuddy(m_path);
    form->addRow(fileLabel, pathRow);
    form->addRow(tr("&Separator:"), m_separator);
    form->addRow(QString(), m_header);
    form->addRow(tr("&Missing tokens:"), m_tokens);
    form->addRow(QString(), m_emptyMissing);
    form->addRow(tr("Missing &values:"), m_policy);
    form->addRow(QString(), m_trim);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet("color: #b00020;");
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_progress->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_info);
    layout->addWidget(m_error);
    layout->addWidget(m_preview, 1);
    layout->addWidget(m_progress);
    layout->addWidget(m_buttons);
    resize(820, 620);

    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &ImportDialog::updatePreview);
    const auto later = [this] { m_debounce.start(); };
    connect(m_path, &QLineEdit::textChanged, this, later);
    connect(m_tokens, &QLineEdit::textChanged, this, later);
    connect(m_separator, &QComboBox::currentIndexChanged, this, later);
    connect(m_policy, &QComboBox::currentIndexChanged, this, later);
    for (QCheckBox* box : {m_header, m_emptyMissing, m_trim})
        connect(box, &QCheckBox::toggled, this, later);
    connect(browseButton, &QPushButton::clicked, this, &ImportDialog::browse);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ImportDialog::startImport);
    connect(m_buttons, &QDialogButtonBox::rejected, this, [this] {
        if (isLoading())
            m_job->cancel();
        else
            reject();
    });
    updatePreview();
}

ImportDialog::~ImportDialog() = default;

void ImportDialog::setPath(const QString& path) {
    m_path->setText(path);
    updatePreview();
}

QString ImportDialog::path() const {
    return m_path->text().trimmed();
}
QString ImportDialog::errorText() const {
    return m_error->text();
}
int ImportDialog::previewRows() const {
    return m_preview->rowCount();
}
bool ImportDialog::isLoading() const {
    return m_job && m_job->isRunning();
}

CsvOptions ImportDialog::options() const {
    CsvOptions o;
    o.separator = char(m_separator->currentData().toInt());
    o.header = m_header->isChecked();
    o.missingTokens.clear();
    for (const QString& t : m_tokens->text().split(' ', Qt::SkipEmptyParts))
        o.missingTokens.push_back(t.toStdString());
    if (m_emptyMissing->isChecked()) o.missingTokens.emplace_back();
    o.missing = MissingPolicy(m_policy->currentData().toInt());
    o.trim = m_trim->isChecked();
    return o;
}

void ImportDialog::browse() {
    const QString file = filedialogs::openFile(this, filedialogs::Kind::Data, tr("Import CSV"),
                                               tr("CSV files (*.csv *.txt *.tsv);;All files (*)"));
    if (!file.isEmpty()) setPath(file);
}

void ImportDialog::showError(const QString& message) {
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

void ImportDialog::updatePreview() {
    m_debounce.stop();
    m_preview->clear();
    m_preview->setRowCount(0);
    m_preview->setColumnCount(0);
    m_info->clear();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    if (path().isEmpty()) {
        showError({});
        m_info->setText(tr("Choose a CSV file."));
        return;
    }
    QFile file(path());
    if (!file.open(QIODevice::ReadOnly)) {
        showError(tr("%1: cannot open the file: %2").arg(path(), file.errorString()));
        return;
    }
    QByteArray bytes = file.read(kPreviewBytes);
    const bool whole = file.atEnd();
    // Only complete lines: a record cut in the middle would look malformed.
    if (!whole && bytes.lastIndexOf('\n') > 0) bytes.truncate(bytes.lastIndexOf('\n') + 1);
    try {
        CsvReport report;
        const Table table = parseCsv(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                     path().toStdString(), options(), &report);
        const int rows = int(std::min<std::size_t>(table.rowCount(), kPreviewRows));
        m_preview->setColumnCount(int(table.columnCount()));
        m_preview->setRowCount(rows);
        QStringList headers;
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            headers << QStringLiteral("%1\n(%2)")
                           .arg(QString::fromStdString(table.column(c).name()),
                                QString::fromUtf8(toString(table.column(c).type()).data()));
            for (int r = 0; r < rows; ++r)
                m_preview->setItem(
                    r, int(c),
                    new QTableWidgetItem(QString::fromStdString(table.value(std::size_t(r), c))));
        }
        m_preview->setHorizontalHeaderLabels(headers);
        const QString sep = report.separator == '\t' ? tr("tab") : QString(QChar(report.separator));
        m_info->setText(
            tr("Separator '%1' · %2 columns · preview of %3 rows%4%5")
                .arg(sep)
                .arg(table.columnCount())
                .arg(rows)
                .arg(whole ? tr(" (whole file)") : tr(" (beginning of the file)"))
                .arg(report.rowsDropped
                         ? tr(" · %1 rows dropped for missing values").arg(report.rowsDropped)
                         : QString()));
        showError({});
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
    }
}

void ImportDialog::startImport() {
    if (path().isEmpty() || isLoading()) return;
    const QString file = path();
    const CsvOptions o = options();
    delete m_job;
    m_job = new Job(
        tr("Loading %1").arg(file),
        [file, o](Feedback& feedback) -> std::shared_ptr<void> {
            return loadCsvProject(file, o, &feedback);
        },
        this);
    connect(m_job, &Job::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_result = std::static_pointer_cast<ProjectData>(r);
        accept();
    });
    connect(m_job, &Job::failed, this, &ImportDialog::showError);
    connect(m_job, &Job::cancelled, this, [this] { showError(tr("Import cancelled.")); });
    connect(m_job, &Job::finished, this, [this] {
        m_progress->hide();
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
    });
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->show();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    m_job->start();
}

}  // namespace ldv::ui
