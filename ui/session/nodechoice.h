#pragma once
// The node a derived view (Risk, Utility) assesses: the one chosen in the Lattice, else the
// search's optimum (or the heuristic's best), and only while the search's outcome still
// describes the project. Shared so both views agree on which node they show and how they
// name it.
#include <QString>
#include <memory>
#include <optional>

#include "ldiv/lattice/lattice.h"

namespace ldv::ui {

class Project;
class SearchSession;
struct SearchOutcome;

/// The search's outcome when its nodes still describe the project: not stale, or stale only
/// because the population size changed (which publishes no node differently unless a k-map
/// criterion reads it). `dataChanged`: roles, types or hierarchies changed since the search.
std::shared_ptr<const SearchOutcome> usableOutcome(const SearchSession* session,
                                                   const Project* project, bool dataChanged);

struct NodeChoice {
    ldv::Levels levels;
    /// "node [1,0,2] (optimum)", "node [1,0,2] (the heuristic's best)" or "node [1,0,2]".
    QString name;
};

/// `chosen` when it is a node of the outcome's lattice, else the outcome's optimum; nullopt
/// when there is neither.
std::optional<NodeChoice> chooseNode(const SearchOutcome& outcome,
                                     std::optional<ldv::NodeId> chosen);

}  // namespace ldv::ui
