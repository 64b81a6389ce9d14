#include "database/databasedialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ldiv/data/table.h"
#include "project/job.h"
#include "project/projectdata.h"
#include "widgets/plural.h"

namespace ldv::ui {

namespace {
constexpr int kPreviewRows = 20;

QString env(const char* name, const QString& fallback) {
    const QString v = qEnvironmentVariable(name);
    return v.isEmpty() ? fallback : v;
}
}  // namespace

DatabaseDialog::DatabaseDialog(QWidget* parent)
    : QDialog(parent),
      m_host(new QLineEdit(this)),
      m_port(new QSpinBox(this)),
      m_database(new QLineEdit(this)),
      m_user(new QLineEdit(this)),
      m_password(new QLineEdit(this)),
      m_connect(new QPushButton(tr("&Connect"), this)),
      m_tables(new QListWidget(this)),
      m_useQuery(new QCheckBox(tr("Open the result of a &query instead of a table"), this)),
      m_query(new QPlainTextEdit(this)),
      m_runQuery(new QPushButton(tr("&Preview query"), this)),
      m_preview(new QTableWidget(this)),
      m_info(new QLabel(this)),
      m_error(new QLabel(this)),
      m_progress(new QProgressBar(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Open database table"));
    m_port->setRange(1, 65535);
    m_host->setToolTip(tr("The PostgreSQL server's host name or address (default: PGHOST)"));
    m_port->setToolTip(tr("The server's port (default: PGPORT, usually 5432)"));
    m_database->setToolTip(tr("The database to connect to (default: PGDATABASE)"));
    m_user->setToolTip(tr("The user to connect as (default: PGUSER)"));
    m_connect->setToolTip(
        tr("Connect and list the tables this user may read (disabled while a table loads)"));
    m_tables->setToolTip(tr("The server's tables and views; select one to preview its first rows"));
    m_useQuery->setToolTip(tr("Open the rows a SQL query returns instead of a whole table"));
    m_query->setToolTip(tr("A read-only SQL query; its result becomes the project's data"));
    m_runQuery->setToolTip(
        tr("Run the query and show its first rows (enabled when a query is chosen above)"));
    m_preview->setToolTip(tr("The first rows of the chosen table or query"));
    m_buttons->button(QDialogButtonBox::Open)
        ->setToolTip(tr("Open the chosen table or query as a new project (enabled once "
                        "connected and a table or query is chosen)"));
    m_password->setEchoMode(QLineEdit::Password);
    m_password->setPlaceholderText(tr("from PGPASSWORD or ~/.pgpass"));
    m_password->setToolTip(
        tr("Typed here, the password is used for this session only and never saved: not in "
           "the project, not in the settings. Left empty, libpq reads PGPASSWORD or ~/.pgpass."));
    m_query->setPlaceholderText(tr("SELECT … FROM … WHERE …"));
    m_query->setEnabled(false);
    m_runQuery->setEnabled(false);
    m_query->setMaximumHeight(80);

    // Last used server (never the password), else libpq's environment, else its defaults.
    const QSettings s;
    m_host->setText(s.value("database/host", env("PGHOST", "localhost")).toString());
    m_port->setValue(s.value("database/port", env("PGPORT", "5432").toInt()).toInt());
    m_database->setText(s.value("database/name", env("PGDATABASE", "")).toString());
    m_user->setText(s.value("database/user", env("PGUSER", env("USER", ""))).toString());

    auto* form = new QFormLayout;
    form->addRow(tr("&Host:"), m_host);
    form->addRow(tr("P&ort:"), m_port);
    form->addRow(tr("&Database:"), m_database);
    form->addRow(tr("&User:"), m_user);
    auto* passwordRow = new QHBoxLayout;
    passwordRow->addWidget(m_password, 1);
    passwordRow->addWidget(m_connect);
    auto* passwordLabel = new QLabel(tr("Pass&word:"), this);
    passwordLabel->setBuddy(m_password);
    form->addRow(passwordLabel, passwordRow);
    auto* note =
        new QLabel(tr("A typed password is kept for this session only and never saved."), this);
    note->setStyleSheet("color: palette(mid);");
    form->addRow(QString(), note);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* tablesLabel = new QLabel(tr("&Tables:"), left);
    tablesLabel->setBuddy(m_tables);
    leftLayout->addWidget(tablesLabel);
    leftLayout->addWidget(m_tables, 1);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(new QLabel(tr("First rows:"), right));
    rightLayout->addWidget(m_preview, 1);
    auto* split = new QSplitter(this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(1, 3);

    m_error->setWordWrap(true);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet("color: #b00020;");
    m_error->hide();
    m_info->setWordWrap(true);
    m_preview->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_preview->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_progress->hide();

    auto* queryRow = new QHBoxLayout;
    queryRow->addWidget(m_query, 1);
    queryRow->addWidget(m_runQuery, 0, Qt::AlignTop);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(split, 1);
    layout->addWidget(m_useQuery);
    layout->addLayout(queryRow);
    layout->addWidget(m_info);
    layout->addWidget(m_error);
    layout->addWidget(m_progress);
    layout->addWidget(m_buttons);
    resize(900, 640);

    connect(m_connect, &QPushButton::clicked, this, &DatabaseDialog::connectToServer);
    connect(m_password, &QLineEdit::returnPressed, this, &DatabaseDialog::connectToServer);
    connect(m_tables, &QListWidget::currentRowChanged, this, [this] {
        if (!m_useQuery->isChecked()) updatePreview();
    });
    connect(m_useQuery, &QCheckBox::toggled, this, [this](bool on) {
        m_query->setEnabled(on);
        m_tables->setEnabled(!on);
        updatePreview();
    });
    connect(m_runQuery, &QPushButton::clicked, this, &DatabaseDialog::updatePreview);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &DatabaseDialog::startOpen);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &DatabaseDialog::reject);
    m_info->setText(tr("Connect to list the tables."));
    updateButtons();
}

DatabaseDialog::~DatabaseDialog() = default;

pg::ConnectionSettings DatabaseDialog::settings() const {
    pg::ConnectionSettings s;
    s.host = m_host->text().trimmed().toStdString();
    s.port = m_port->value();
    s.database = m_database->text().trimmed().toStdString();
    s.user = m_user->text().trimmed().toStdString();
    return s;
}

void DatabaseDialog::setSettings(const pg::ConnectionSettings& s) {
    m_host->setText(QString::fromStdString(s.host));
    m_port->setValue(s.port);
    m_database->setText(QString::fromStdString(s.database));
    m_user->setText(QString::fromStdString(s.user));
}

void DatabaseDialog::setPassword(const QString& password) {
    m_password->setText(password);
}

QStringList DatabaseDialog::tableNames() const {
    QStringList out;
    for (int i = 0; i < m_tables->count(); ++i) out << m_tables->item(i)->text();
    return out;
}

bool DatabaseDialog::selectTable(const QString& name) {
    const auto found = m_tables->findItems(name, Qt::MatchExactly);
    if (found.isEmpty()) return false;
    m_useQuery->setChecked(false);
    m_tables->setCurrentItem(found.front());
    return true;
}

void DatabaseDialog::setQuery(const QString& sql) {
    m_query->setPlainText(sql);
    if (m_useQuery->isChecked())
        updatePreview();
    else
        m_useQuery->setChecked(true);
}

QString DatabaseDialog::uri() const {
    if (!m_hasConnection) return {};
    if (m_useQuery->isChecked()) {
        const QString sql = m_query->toPlainText().trimmed();
        return sql.isEmpty()
                   ? QString()
                   : QString::fromStdString(pg::makeUri(m_connected, {}, sql.toStdString()));
    }
    const QListWidgetItem* item = m_tables->currentItem();
    if (!item) return {};
    return QString::fromStdString(pg::makeUri(m_connected, item->text().toStdString()));
}

QString DatabaseDialog::errorText() const {
    return m_error->isVisible() || !m_error->text().isEmpty() ? m_error->text() : QString();
}

int DatabaseDialog::previewRows() const {
    return m_preview->rowCount();
}

int DatabaseDialog::previewColumns() const {
    return m_preview->columnCount();
}

QString DatabaseDialog::previewText(int row, int column) const {
    const QTableWidgetItem* item = m_preview->item(row, column);
    return item ? item->text() : QString();
}

bool DatabaseDialog::isBusy() const {
    for (const Job* j : {m_jobs.list, m_jobs.preview, m_jobs.load})
        if (j && j->isRunning()) return true;
    return false;
}

Job* DatabaseDialog::startJob(Job*& slot, const QString& title,
                              std::function<std::shared_ptr<void>(Feedback&)> work) {
    // A new request replaces the old one: the old worker is cancelled and its answer dropped.
    if (slot) slot->deleteLater();
    slot = new Job(title, std::move(work), this);
    connect(slot, &Job::failed, this, [this](const QString& message) {
        m_info->clear();
        showError(message);
    });
    connect(slot, &Job::finished, this, [this] {
        if (!isBusy()) m_progress->hide();
        updateButtons();
    });
    setBusy(title);
    slot->start();
    return slot;
}

void DatabaseDialog::connectToServer() {
    const pg::ConnectionSettings s = settings();
    // The typed password replaces any earlier one for this process, for this server only;
    // empty: PGPASSWORD (this server is now confirmed for it) or ~/.pgpass.
    pg::setSessionPassword(s, m_password->text().toStdString());
    m_tables->clear();
    m_preview->clear();
    m_preview->setRowCount(0);
    m_preview->setColumnCount(0);
    m_hasConnection = false;
    showError({});
    Job* job = startJob(m_jobs.list, tr("Connecting to %1").arg(m_host->text()),
                        [s](Feedback&) -> std::shared_ptr<void> {
                            return std::make_shared<std::vector<std::string>>(pg::listTables(s));
                        });
    connect(job, &Job::succeeded, this, [this, s](std::shared_ptr<void> r) {
        const auto& tables = *std::static_pointer_cast<std::vector<std::string>>(r);
        m_connected = s;
        m_hasConnection = true;
        rememberSettings();
        for (const std::string& t : tables) m_tables->addItem(QString::fromStdString(t));
        m_runQuery->setEnabled(true);
        m_info->setText(tables.empty()
                            ? tr("Connected; no table you can read in this database. Write a "
                                 "query instead.")
                            : tr("Connected: %n table(s). Pick one to see its first rows.", "",
                                 int(tables.size())));
    });
}

void DatabaseDialog::updatePreview() {
    m_preview->clear();
    m_preview->setRowCount(0);
    m_preview->setColumnCount(0);
    const QString target = uri();
    if (target.isEmpty()) {
        updateButtons();
        return;
    }
    showError({});
    Job* job = startJob(
        m_jobs.preview, tr("Reading the first rows"), [target](Feedback&) -> std::shared_ptr<void> {
            return std::make_shared<Table>(pg::previewTable(target.toStdString(), kPreviewRows));
        });
    connect(job, &Job::succeeded, this, [this, target](std::shared_ptr<void> r) {
        if (uri() != target) return;  // the choice changed meanwhile
        const Table& table = *std::static_pointer_cast<Table>(r);
        const int rows = int(table.rowCount());
        m_preview->setColumnCount(int(table.columnCount()));
        m_preview->setRowCount(rows);
        QStringList headers;
        for (std::size_t c = 0; c < table.columnCount(); ++c) {
            headers << QStringLiteral("%1\n(%2)")
                           .arg(QString::fromStdString(table.column(c).name()),
                                QString::fromUtf8(toString(table.column(c).type()).data()));
            for (int row = 0; row < rows; ++row)
                m_preview->setItem(
                    row, int(c),
                    new QTableWidgetItem(QString::fromStdString(table.value(std::size_t(row), c))));
        }
        m_preview->setHorizontalHeaderLabels(headers);
        m_info->setText(tr("%1 · %2 · first %3")
                            .arg(target, countOf(table.columnCount(), "column", "columns"),
                                 countOf(std::size_t(rows), "row", "rows")));
    });
}

void DatabaseDialog::startOpen() {
    const QString target = uri();
    if (target.isEmpty() || (m_jobs.load && m_jobs.load->isRunning())) return;
    showError({});
    Job* job = startJob(m_jobs.load, tr("Loading %1").arg(target),
                        [target](Feedback& f) -> std::shared_ptr<void> {
                            return loadSourceProject(target, CsvOptions{}, &f);
                        });
    connect(job, &Job::progressChanged, this, [this](double f) {
        if (f <= 0) return;
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(f * 1000));
    });
    connect(job, &Job::succeeded, this, [this](std::shared_ptr<void> r) {
        m_result = std::static_pointer_cast<ProjectData>(r);
        accept();
    });
    connect(job, &Job::cancelled, this, [this] { showError(tr("Loading cancelled.")); });
}

void DatabaseDialog::reject() {
    if (m_jobs.load && m_jobs.load->isRunning())
        m_jobs.load->cancel();
    else
        QDialog::reject();
}

void DatabaseDialog::showError(const QString& message) {
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
}

void DatabaseDialog::setBusy(const QString& what) {
    m_info->setText(what + QStringLiteral("…"));
    m_progress->setRange(0, 0);  // busy until a load reports how far it got
    m_progress->show();
    updateButtons();
}

void DatabaseDialog::updateButtons() {
    const bool loading = m_jobs.load && m_jobs.load->isRunning();
    m_buttons->button(QDialogButtonBox::Open)->setEnabled(!loading && !uri().isEmpty());
    m_connect->setEnabled(!loading);
}

void DatabaseDialog::rememberSettings() const {
    QSettings s;
    s.setValue("database/host", m_host->text().trimmed());
    s.setValue("database/port", m_port->value());
    s.setValue("database/name", m_database->text().trimmed());
    s.setValue("database/user", m_user->text().trimmed());
}

}  // namespace ldv::ui
