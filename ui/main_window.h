#pragma once
#include <QMainWindow>
#include <memory>

class QTableView;
class QLabel;

namespace ldv {
class Workspace;
}

namespace ldv::ui {

class TableModel;

/// Assembles the workbench: menus, actions and views. It holds no analysis logic.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens a project file; shows the error and keeps the current project on failure.
    bool openProject(const QString& path);

private:
    void openDialog();
    std::unique_ptr<Workspace> m_workspace;
    TableModel* m_model;
    QTableView* m_view;
    QLabel* m_status;
};

}  // namespace ldv::ui
