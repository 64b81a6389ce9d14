#pragma once
// File ▸ Open database table…: connect to a PostgreSQL server (host, port, database, user;
// the password comes from PGPASSWORD or ~/.pgpass as libpq finds it, or is typed here for
// this session only and never saved), pick a table from the catalog or write a query, see
// the first rows, and open it as a new project whose data is the same postgresql:// URI the
// command line takes. Every server round trip runs on a worker thread (Job), so a slow or
// refused connection never freezes the window; the server's own words are shown.
#include <QDialog>
#include <QStringList>
#include <functional>
#include <memory>

#include "ldiv/data/feedback.h"
#include "ldiv/postgres_catalog.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Job;
struct ProjectData;

class DatabaseDialog : public QDialog {
    Q_OBJECT
public:
    explicit DatabaseDialog(QWidget* parent = nullptr);
    ~DatabaseDialog() override;

    pg::ConnectionSettings settings() const;
    void setSettings(const pg::ConnectionSettings& settings);
    /// A password for this session only (held in memory; empty: PGPASSWORD / ~/.pgpass).
    void setPassword(const QString& password);
    /// The tables of the last successful connection, as SCHEMA.NAME.
    QStringList tableNames() const;
    /// Selects a listed table and previews it; false when it is not listed.
    bool selectTable(const QString& name);
    /// Switches to a query and previews it.
    void setQuery(const QString& sql);
    /// The URI that would be opened ("" when nothing is chosen).
    QString uri() const;
    /// The error shown ("" when there is none).
    QString errorText() const;
    int previewRows() const;
    int previewColumns() const;
    QString previewText(int row, int column) const;
    /// A connection, preview or load is running on a worker thread.
    bool isBusy() const;
    /// The loaded project after accept().
    std::shared_ptr<ProjectData> result() const { return m_result; }

public slots:
    /// Connects and lists the tables (on a worker thread).
    void connectToServer();
    /// Previews the chosen table or query (on a worker thread).
    void updatePreview();
    /// Loads every row of the choice with progress and Cancel; accepts when it succeeds.
    void startOpen();
    /// Cancel (or Escape) during a load cancels the load; otherwise closes the dialog.
    void reject() override;

private:
    Job* startJob(Job*& slot, const QString& title,
                  std::function<std::shared_ptr<void>(Feedback&)> work);
    void showError(const QString& message);
    void setBusy(const QString& what);
    void updateButtons();
    void rememberSettings() const;

    QLineEdit* m_host;
    QSpinBox* m_port;
    QLineEdit* m_database;
    QLineEdit* m_user;
    QLineEdit* m_password;
    QPushButton* m_connect;
    QListWidget* m_tables;
    QCheckBox* m_useQuery;
    QPlainTextEdit* m_query;
    QPushButton* m_runQuery;
    QTableWidget* m_preview;
    QLabel* m_info;
    QLabel* m_error;
    QProgressBar* m_progress;
    QDialogButtonBox* m_buttons;
    /// One job per kind of request; a new request replaces the one of its kind (startJob).
    struct Jobs {
        Job* list = nullptr;     ///< connect and list the tables
        Job* preview = nullptr;  ///< the first rows of the chosen table or query
        Job* load = nullptr;     ///< the whole table, for the new project
    } m_jobs;
    /// The settings the table list came from: a table is opened with these.
    pg::ConnectionSettings m_connected;
    bool m_hasConnection = false;
    std::shared_ptr<ProjectData> m_result;
};

}  // namespace ldv::ui
