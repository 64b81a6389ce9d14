#pragma once
// New project from a CSV file: options with a live preview of the first rows, errors from
// the core shown verbatim (file:line:column), and the full load on a worker thread with
// progress and Cancel. The open project is not touched until the load succeeds.
#include <QDialog>
#include <QMap>
#include <QTimer>
#include <memory>
#include <optional>

#include "ldiv/data/table.h"
#include "ldiv/io/csv_table_reader.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Job;
struct ProjectData;

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(QWidget* parent = nullptr);
    ~ImportDialog() override;

    void setPath(const QString& path);
    QString path() const;
    CsvOptions options() const;
    /// The error of the preview or of the load ("" when there is none).
    QString errorText() const;
    /// Data rows shown in the preview (the first row of the table holds the type choices).
    int previewRows() const;
    /// The separator hint ("found 1 column; ';' gives 8"), "" when the separator looks right.
    QString separatorHint() const;
    /// The separator the hint proposes (0 when there is no hint).
    char suggestedSeparator() const { return m_suggested; }
    /// Sets the separator: one of , ; tab | selects it in the list, any other character is
    /// typed into the custom field.
    void setSeparator(char separator);
    /// The type a column will have (nullopt = as detected); applied when the import succeeds.
    void setColumnType(const QString& column, std::optional<ColumnType> type);
    std::optional<ColumnType> columnType(const QString& column) const;
    /// Starts loading the whole file; the dialog accepts itself when it succeeds.
    void startImport();
    bool isLoading() const;
    /// The loaded data after accept().
    std::shared_ptr<ProjectData> result() const { return m_result; }

public slots:
    /// Re-reads the beginning of the file with the current options (debounced by the UI).
    void updatePreview();

private:
    void browse();
    void showError(const QString& message);
    void updateHint(const QByteArray& bytes, int columns);
    void addTypeRow(const Table& table);
    QLineEdit* m_path;
    QComboBox* m_separator;
    QLineEdit* m_customSeparator;
    QLabel* m_hint;
    QPushButton* m_useSuggested;
    char m_suggested = 0;
    /// Types chosen per column name; kept while the preview is re-read.
    QMap<QString, ColumnType> m_types;
    QCheckBox* m_header;
    QLineEdit* m_tokens;
    QCheckBox* m_emptyMissing;
    QComboBox* m_policy;
    QCheckBox* m_trim;
    QLabel* m_info;
    QLabel* m_error;
    QTableWidget* m_preview;
    QProgressBar* m_progress;
    QDialogButtonBox* m_buttons;
    QTimer m_debounce;
    Job* m_job = nullptr;
    std::shared_ptr<ProjectData> m_result;
};

}  // namespace ldv::ui
