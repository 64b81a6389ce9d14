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
#include <algorithm>
#include <cstdint>

#include "format/rolestyle.h"
#include "ldiv/data/error.h"
#include "ldiv/io/table_formats.h"
#include "project/job.h"
#include "project/projectdata.h"
#include "widgets/filedialogs.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
constexpr qint64 kPreviewBytes = 256 * 1024;
constexpr int kPreviewRows = 200;
// The separators the hint tries, as CSV detection does.
constexpr char kCandidates[] = {',', ';', '\t', '|'};
constexpr int kCustom = -1;

QString separatorName(char c) {
    return c == '\t' ? QObject::tr("tab") : QStringLiteral("'%1'").arg(QChar(c));
}
}  // namespace

ImportDialog::ImportDialog(QWidget* parent)
    : QDialog(parent),
      m_path(new QLineEdit(this)),
      m_separator(new QComboBox(this)),
      m_customSeparator(new QLineEdit(this)),
      m_hint(new QLabel(this)),
      m_useSuggested(new QPushButton(this)),
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
    browseButton->setToolTip(tr("Choose the CSV file"));
    pathRow->addWidget(browseButton);
    m_separator->addItem(tr("Detect"), 0);
    m_separator->addItem(tr("Comma ,"), int(','));
    m_separator->addItem(tr("Semicolon ;"), int(';'));
    m_separator->addItem(tr("Tab"), int('\t'));
    m_separator->addItem(tr("Pipe |"), int('|'));
    m_separator->addItem(tr("Other:"), kCustom);
    m_separator->setObjectName("importSeparator");
    m_separator->setToolTip(tr("The character between fields; Detect tries , ; tab and |"));
    m_customSeparator->setObjectName("importCustomSeparator");
    m_customSeparator->setMaxLength(1);
    m_customSeparator->setMaximumWidth(m_customSeparator->fontMetrics().horizontalAdvance("MMM") +
                                       12);
    m_customSeparator->setPlaceholderText(":");
    m_customSeparator->setEnabled(false);
    m_customSeparator->setToolTip(
        tr("Any one character as the separator (choose \"Other\" first)"));
    m_hint->setObjectName("importSeparatorHint");
    m_hint->setWordWrap(true);
    m_hint->setStyleSheet("color: #805000;");
    m_hint->setToolTip(tr("What the other usual separators would give for this file"));
    m_hint->hide();
    m_useSuggested->setObjectName("importUseSuggestedSeparator");
    m_useSuggested->setToolTip(tr("Switch to the separator the hint proposes"));
    m_useSuggested->hide();
    m_path->setObjectName("importPath");
    m_path->setToolTip(tr("The CSV file to import"));
    m_header->setToolTip(tr("Take the column names from the first row"));
    m_emptyMissing->setToolTip(tr("Treat empty fields as missing values"));
    m_policy->setToolTip(
        tr("Keep missing values as a value of their own, or drop the rows that have one"));
    m_trim->setToolTip(tr("Remove spaces before and after unquoted fields"));
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
    auto* separatorRow = new QHBoxLayout;
    separatorRow->addWidget(m_separator);
    separatorRow->addWidget(m_customSeparator);
    separatorRow->addStretch(1);
    auto* separatorLabel = new QLabel(tr("&Separator:"), this);
    separatorLabel->setBuddy(m_separator);
    form->addRow(separatorLabel, separatorRow);
    form->addRow(QString(), m_header);
    form->addRow(tr("&Missing tokens:"), m_tokens);
    form->addRow(QString(), m_emptyMissing);
    form->addRow(tr("Missing &values:"), m_policy);
    form->addRow(QString(), m_trim);
    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet("color: #b00020;");
    m_preview->setObjectName("importPreview");
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // Every column reachable: contents-sized columns and a horizontal scroll bar.
    m_preview->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_preview->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_preview->horizontalHeader()->setStretchLastSection(false);
    m_preview->setToolTip(
        tr("The first rows as they will be read; the first row sets each "
           "column's type"));
    m_preview->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_preview->verticalHeader()->setDefaultSectionSize(m_preview->fontMetrics().height() + 6);
    m_progress->hide();
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Import"));
    m_buttons->button(QDialogButtonBox::Ok)
        ->setToolTip(tr("Load the whole file as a new project with these options and types "
                        "(enabled once the preview reads the file)"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_info);
    layout->addWidget(m_error);
    auto* hintRow = new QHBoxLayout;
    hintRow->addWidget(m_hint, 1);
    hintRow->addWidget(m_useSuggested);
    layout->addLayout(hintRow);
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
    connect(m_separator, &QComboBox::currentIndexChanged, this, [this, later] {
        const bool custom = m_separator->currentData().toInt() == kCustom;
        m_customSeparator->setEnabled(custom);
        if (custom && isVisible()) m_customSeparator->setFocus();
        later();
    });
    connect(m_customSeparator, &QLineEdit::textChanged, this, later);
    connect(m_useSuggested, &QPushButton::clicked, this, [this] {
        if (m_suggested) setSeparator(m_suggested);
        updatePreview();
    });
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
    return std::max(0, m_preview->rowCount() - 1);
}
QString ImportDialog::separatorHint() const {
    return m_suggested ? m_hint->text() : QString();
}

void ImportDialog::setSeparator(char separator) {
    const int index = m_separator->findData(int(separator));
    if (index >= 0 && separator != 0) {
        m_separator->setCurrentIndex(index);
    } else {
        m_separator->setCurrentIndex(m_separator->findData(kCustom));
        m_customSeparator->setText(QString(QChar(separator)));
    }
}

void ImportDialog::setColumnType(const QString& column, std::optional<ColumnType> type) {
    if (type)
        m_types[column] = *type;
    else
        m_types.remove(column);
}

std::optional<ColumnType> ImportDialog::columnType(const QString& column) const {
    const auto it = m_types.find(column);
    return it == m_types.end() ? std::nullopt : std::optional<ColumnType>(*it);
}
bool ImportDialog::isLoading() const {
    return m_job && m_job->isRunning();
}

CsvOptions ImportDialog::options() const {
    CsvOptions o;
    const int separator = m_separator->currentData().toInt();
    o.separator = separator == kCustom ? (m_customSeparator->text().isEmpty()
                                              ? char(0)
                                              : m_customSeparator->text().at(0).toLatin1())
                                       : char(separator);
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
    const QString file =
        filedialogs::openFile(this, filedialogs::Kind::Data, tr("Import CSV"),
                              tr("Tables (*.csv *.txt *.tsv *.xlsx *.dta *.sav *.sas7bdat);;"
                                 "CSV files (*.csv *.txt *.tsv);;Excel workbooks "
                                 "(*.xlsx);;Stata, SPSS, SAS files (*.dta *.sav "
                                 "*.sas7bdat);;All files (*)"));
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
    m_hint->hide();
    m_useSuggested->hide();
    m_suggested = 0;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    if (path().isEmpty()) {
        showError({});
        m_info->setText(tr("Choose a CSV file."));
        return;
    }
    if (m_separator->currentData().toInt() == kCustom &&
        (m_customSeparator->text().isEmpty() || m_customSeparator->text().at(0).toLatin1() == 0)) {
        showError(tr("Type the separator: one character (not a letter outside ASCII)."));
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
    // A workbook or a statistics file is read whole by its reader (table_formats.h): it has no
    // prefix that stands alone, and no separator to guess.
    const TableFormat format = tableFormatOf(path().toStdString());
    const bool csv = format == TableFormat::Csv;
    try {
        CsvReport report;
        const Table table =
            csv ? parseCsv(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                           path().toStdString(), options(), &report)
                : readTableFile(path().toStdString(), options(), &report);
        const int rows = int(std::min<std::size_t>(table.rowCount(), kPreviewRows));
        m_preview->setColumnCount(int(table.columnCount()));
        m_preview->setRowCount(rows + 1);
        QStringList headers;
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            headers << QString::fromStdString(table.column(c).name());
            for (int r = 0; r < rows; ++r)
                m_preview->setItem(
                    r + 1, int(c),
                    new QTableWidgetItem(QString::fromStdString(table.value(std::size_t(r), c))));
        }
        m_preview->setHorizontalHeaderLabels(headers);
        QStringList rowLabels{tr("type")};
        for (int r = 1; r <= rows; ++r) rowLabels << QString::number(r);
        m_preview->setVerticalHeaderLabels(rowLabels);
        addTypeRow(table);
        m_preview->resizeColumnsToContents();
        const QString sep = !csv ? QString::fromUtf8(formatName(format).data())
                            : report.separator == '\t' ? tr("tab")
                                                       : QString(QChar(report.separator));
        m_info->setText(
            (csv ? tr("Separator '%1' · %2 · preview of %3%4%5")
                 : tr("%1 file · %2 · preview of %3%4%5"))
                .arg(sep, countOf(table.columnCount(), "column", "columns"),
                     countOf(std::size_t(rows), "row", "rows"))
                .arg(whole || !csv ? tr(" (whole file)") : tr(" (beginning of the file)"))
                .arg(report.rowsDropped ? tr(" · %1 dropped for missing values")
                                              .arg(countOfL(report.rowsDropped, "row", "rows"))
                                        : QString()));
        showError({});
        m_buttons->button(QDialogButtonBox::Ok)->setEnabled(true);
        if (csv && table.columnCount() == 1) updateHint(bytes, 1);
    } catch (const std::exception& e) {
        showError(QString::fromStdString(e.what()));
        if (csv) updateHint(bytes, -1);
    }
}

void ImportDialog::updateHint(const QByteArray& bytes, int columns) {
    // Which usual separator splits every row into the same number (> 1) of fields? A wrong
    // separator gives one column, or rows of different lengths: say what another would give.
    const char chosen = options().separator;
    char best = 0;
    std::size_t bestColumns = 1;
    for (char candidate : kCandidates) {
        if (candidate == chosen) continue;
        CsvOptions o = options();
        o.separator = candidate;
        o.inferTypes = false;
        try {
            const Table t = parseCsv(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                     path().toStdString(), o);
            if (t.columnCount() > bestColumns) {
                best = candidate;
                bestColumns = t.columnCount();
            }
        } catch (const std::exception&) {
            // This separator does not fit either.
        }
    }
    if (!best) return;
    m_suggested = best;
    const QString gives = tr("%1 gives %2 columns").arg(separatorName(best)).arg(bestColumns);
    m_hint->setText(columns == 1
                        ? tr("Found 1 column; %1.").arg(gives)
                        : tr("The rows do not split evenly with this separator; %1.").arg(gives));
    m_useSuggested->setText(tr("Use %1").arg(separatorName(best)));
    m_hint->show();
    m_useSuggested->show();
}

void ImportDialog::addTypeRow(const Table& table) {
    for (std::size_t c = 0; c < table.columnCount(); ++c) {
        const QString name = QString::fromStdString(table.column(c).name());
        const ColumnType detected = table.column(c).type();
        auto* combo = new QComboBox(m_preview);
        combo->setObjectName("importType_" + name);
        combo->addItem(tr("%1 (detected)").arg(typeName(detected)));
        for (const QString& t : typeNames()) combo->addItem(t, t);
        const auto chosen = columnType(name);
        if (chosen) combo->setCurrentIndex(combo->findData(typeName(*chosen)));
        combo->setToolTip(tr("The type of '%1': detected as %2; choose another to override it "
                             "(numbers and dates get interval and date hierarchies)")
                              .arg(name, typeName(detected)));
        connect(combo, &QComboBox::currentIndexChanged, this, [this, name, combo] {
            setColumnType(name, typeFromName(combo->currentData().toString()));
        });
        m_preview->setCellWidget(0, int(c), combo);
        m_preview->setRowHeight(0, std::max(m_preview->rowHeight(0), combo->sizeHint().height()));
    }
}

void ImportDialog::startImport() {
    if (path().isEmpty() || isLoading()) return;
    const QString file = path();
    const CsvOptions o = options();
    // The types chosen in the preview, saved with the project as overrides.
    std::map<std::string, ColumnType> types;
    for (auto it = m_types.begin(); it != m_types.end(); ++it)
        types[it.key().toStdString()] = it.value();
    delete m_job;
    m_job = new Job(
        tr("Loading %1").arg(file),
        [file, o, types](Feedback& feedback) -> std::shared_ptr<void> {
            return loadCsvProject(file, o, &feedback, types);
        },
        this);
    connect(m_job, &Job::progressChanged, this,
            [this](double f) { m_progress->setValue(int(f * 1000)); });
    connect(m_job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_result = std::static_pointer_cast<ProjectData>(r);
        // Entries in the table's order: without an explicit QI order the quasi-identifiers
        // follow the attribute entries, and a type chosen for zip must not put zip first.
        auto& attributes = m_result->config.attributes;
        const Table& table = *m_result->table;
        std::stable_sort(attributes.begin(), attributes.end(),
                         [&table](const auto& a, const auto& b) {
                             return table.columnIndex(a.name).value_or(SIZE_MAX) <
                                    table.columnIndex(b.name).value_or(SIZE_MAX);
                         });
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
