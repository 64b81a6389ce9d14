#pragma once
#include <QWidget>

#include "widgets/qtforward.h"

namespace ldv::ui {

/// Shown when no project is open: the bundled examples, recent projects, open and import.
class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);
    /// Re-reads the recent projects and which examples have a project file.
    void refresh();
    /// Opens a recent project, or, when its file is gone, says so under the list and offers
    /// to remove it (as a double-click on its entry does).
    void activateRecent(const QString& path);
    QListWidget* recentList() const { return m_recent; }

signals:
    void exampleRequested(const QString& name);
    void projectRequested(const QString& path);
    void openRequested();
    void importRequested();

private:
    void showMissing(const QString& path);
    QWidget* m_examples;
    QListWidget* m_recent;
    QWidget* m_missing;
    QLabel* m_missingText;
    QPushButton* m_removeMissing;
};

}  // namespace ldv::ui
