#pragma once
// New project from a CSV file: options with a live preview of the first rows, errors from
// the core shown verbatim (file:line:column), and the full load on a worker thread with
// progress and Cancel. The open project is not touched until the load succeeds.
#include <QDialog>
#include <QTimer>
#include <memory>

#include "ldiv/csv.h"

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QTableWidget;

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
    int previewRows() const;
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
    QLineEdit* m_path;
    QComboBox* m_separator;
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
