#pragma once
// Builders for intervals, masking, dates, ordered grouping, suppression and taxonomy, with
// a live preview of the levels they produce (groups and group sizes per level).
#include <QPointer>
#include <QTimer>
#include <QWidget>
#include <optional>

#include "hierarchy/buildersettings.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

class Project;

class BuilderPanel : public QWidget {
    Q_OBJECT
public:
    explicit BuilderPanel(QWidget* parent = nullptr);
    void setProject(Project* project);
    void setAttribute(const QString& attribute);

    BuilderSettings settings() const;
    void setSettings(const BuilderSettings& settings);
    /// The hierarchy of the current settings (nullopt when they are invalid).
    const std::optional<Hierarchy>& preview() const { return m_preview; }
    QString errorText() const;
    QTableWidget* previewTable() const { return m_table; }
    /// "Apply to attribute", below the scrolling settings: always in view.
    QPushButton* applyButton() const { return m_apply; }
    /// The ordered builder's value list (drag to reorder, or Up/Down).
    QListWidget* orderList() const { return m_order; }
    /// Moves the selected values of the ordered builder's list up (-1) or down (+1).
    void moveOrderSelection(int step);
    /// Refills the ordered builder's list with the attribute's values in natural order.
    void resetOrder();

public slots:
    void updatePreview();
    /// Replaces the attribute's hierarchy with the preview (one undo command).
    bool apply();

private:
    void suggestKind();
    QPointer<Project> m_project;
    QString m_attribute;
    QComboBox* m_kind;
    QStackedWidget* m_pages;
    QLineEdit* m_widths;
    QDoubleSpinBox* m_origin;
    QLineEdit* m_bottom;
    QLineEdit* m_top;
    QLineEdit* m_maskSteps;
    QLineEdit* m_groupSizes;
    QListWidget* m_order;
    QPlainTextEdit* m_edges;
    QLineEdit* m_topValue;
    QLabel* m_status;
    QTableWidget* m_table;
    QPushButton* m_apply;
    QTimer m_debounce;
    std::optional<Hierarchy> m_preview;
};

}  // namespace ldv::ui
