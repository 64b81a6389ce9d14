#include "main_window.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>

#include "ldiv/project.h"
#include "table_model.h"

namespace ldv::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_model(new TableModel(this)), m_view(new QTableView(this)),
      m_status(new QLabel(this)) {
    setWindowTitle("ldiv workbench");
    m_view->setModel(m_model);
    m_view->horizontalHeader()->setStretchLastSection(true);
    setCentralWidget(m_view);
    statusBar()->addWidget(m_status);
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open project…"), QKeySequence::Open, this, &MainWindow::openDialog);
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    resize(1100, 700);
}

MainWindow::~MainWindow() = default;

void MainWindow::openDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open project"), {},
                                                      tr("ldiv projects (*.ldiv.json *.json)"));
    if (!path.isEmpty()) openProject(path);
}

bool MainWindow::openProject(const QString& path) {
    try {
        auto ws = std::make_unique<Workspace>(loadProject(path.toStdString()),
                                              QFileInfo(path).absolutePath().toStdString());
        m_model->setTable(nullptr);
        m_workspace = std::move(ws);
        m_model->setTable(&m_workspace->table());
        m_status->setText(tr("%1: %2 rows, %3 columns")
                              .arg(QFileInfo(path).fileName())
                              .arg(m_workspace->table().rowCount())
                              .arg(m_workspace->table().columnCount()));
        setWindowTitle(QFileInfo(path).fileName() + " — ldiv workbench");
        return true;
    } catch (const std::exception& e) {
        QMessageBox::critical(this, tr("Cannot open project"), QString::fromStdString(e.what()));
        return false;
    }
}

}  // namespace ldv::ui
