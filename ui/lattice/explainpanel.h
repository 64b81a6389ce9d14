#pragma once
// The Explain panel of the Lattice perspective: for the selected node, each criterion's
// verdict, the failing classes (QI values, size, distance to the threshold, dominating
// sensitive value, rows covered) and the cheapest fixes ranked by the project's utility
// metric, all from the core's explainNode (the same figures as `ldiv explain`). A fix that
// raises one attribute is a node of the lattice: clicking it asks to select that node.
#include <memory>

#include "lattice/sessionjobpanel.h"
#include "ldiv/publish/explanation.h"
#include "widgets/qtforward.h"

namespace ldv::ui {

struct SearchOutcome;

class ExplainPanel : public SessionJobPanel {
    Q_OBJECT
public:
    explicit ExplainPanel(QWidget* parent = nullptr);
    void setSession(SearchSession* session);

    /// Explains the node with these levels against the search's configuration, on a worker
    /// thread (a "computing… Cancel" line appears when it takes longer than 100 ms). A new
    /// request drops the previous one.
    void explain(const Levels& levels);
    void cancel();
    /// The explanation shown (null before the first one and after a cancel or a new search).
    std::shared_ptr<const Explanation> explanation() const { return m_explanation; }

    QLabel* summary() const { return m_summary; }
    /// One top-level item per criterion; its children are the failing classes listed.
    QTreeWidget* criteriaTree() const { return m_criteria; }
    /// Raise fixes first (ranked), then the suppression fix, then one row per criterion with
    /// the strongest parameter that holds. Raise rows hold their levels in Qt::UserRole.
    QTableWidget* fixesTable() const { return m_fixes; }
    QPushButton* cancelButton() const { return m_cancel; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    /// The tree's viewport changes width without the panel resizing (a scroll bar appears).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// Size, short-by and dominating value as wide as their text; the class values get what
    /// is left of the view (at least a third); the rows run on (tooltip, horizontal scroll).
    void fitColumns();
    void clear(const QString& message);
    void show(const Explanation& e, const SearchOutcome& outcome);
    void fixClicked(int row);

    QLabel* m_summary;
    QPushButton* m_cancel;
    QTreeWidget* m_criteria;
    QTableWidget* m_fixes;
    std::shared_ptr<const Explanation> m_explanation;
    Levels m_levels;
};

}  // namespace ldv::ui
