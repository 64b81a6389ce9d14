#pragma once
// Keeps the search result with the project (#18 item 8): after a finished search the project
// file's workbench state records that there is a result and which node was selected; when
// the project is opened again the search is recomputed (with the usual progress and Cancel)
// and the node is selected again, so the lattice is shown as it was left. Recomputing rather
// than storing every node's state keeps the file small and never shows a result that does
// not match the data on disk. A heuristic run that did not classify the lattice is not run
// again (stopped by a time limit, it could end elsewhere): its node is saved and checked again.
#include <QObject>
#include <QPointer>
#include <QString>
#include <functional>

#include "ldiv/lattice/lattice.h"

namespace ldv::ui {

class Project;
class SearchSession;

class ResultKeeper : public QObject {
    Q_OBJECT
public:
    /// `selectNode` selects a node by its levels ("1,0,2") in the lattice view.
    ResultKeeper(SearchSession* session, std::function<bool(const QString&)> selectNode,
                 QObject* parent = nullptr);
    /// Call after the session has the project: starts the recomputation when the project
    /// was saved with a result.
    void setProject(Project* project);
    /// The node chosen in the lattice (saved with the project).
    void nodeChosen(NodeId id);
    /// True while a saved result is being recomputed.
    bool isRestoring() const { return m_restoring; }

signals:
    /// The saved result was recomputed and its node selected (or there was no node).
    void restored();

private:
    void outcomeChanged();
    void store();
    QPointer<SearchSession> m_session;
    QPointer<Project> m_project;
    std::function<bool(const QString&)> m_selectNode;
    QString m_selected;  ///< levels of the chosen node, "" for none
    /// Levels of a heuristic run's node (lattice not classified), "" for none.
    QString m_heuristicNode;
    bool m_restoring = false;
};

}  // namespace ldv::ui
