#pragma once
#include <QWidget>

class QListWidget;

namespace ldv::ui {

/// Shown when no project is open: the bundled examples, recent projects, open and import.
class StartPage : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);
    /// Re-reads the recent projects and which examples have a project file.
    void refresh();

signals:
    void exampleRequested(const QString& name);
    void projectRequested(const QString& path);
    void openRequested();
    void importRequested();

private:
    QWidget* m_examples;
    QListWidget* m_recent;
};

}  // namespace ldv::ui
