#include "format/nodestyle.h"

#include <QCoreApplication>
#include <algorithm>
#include <array>
#include <cmath>

namespace ldv::ui {

QColor stateColor(NodeState state) {
    switch (state) {
        case NodeState::NotEvaluated:
            return QColor(0xBB, 0xBB, 0xBB);
        case NodeState::Failing:
            return QColor(0xD5, 0x5E, 0x00);  // vermillion
        case NodeState::Satisfying:
            return QColor(0x56, 0xB4, 0xE9);  // sky blue
        case NodeState::Minimal:
            return QColor(0x00, 0x72, 0xB2);  // blue
        case NodeState::Optimum:
            return QColor(0x00, 0x9E, 0x73);  // bluish green
    }
    return Qt::gray;
}

QString stateName(NodeState state) {
    switch (state) {
        case NodeState::NotEvaluated:
            return QCoreApplication::translate("NodeState", "not evaluated");
        case NodeState::Failing:
            return QCoreApplication::translate("NodeState", "failing");
        case NodeState::Satisfying:
            return QCoreApplication::translate("NodeState", "satisfying");
        case NodeState::Minimal:
            return QCoreApplication::translate("NodeState", "minimal");
        case NodeState::Optimum:
            return QCoreApplication::translate("NodeState", "optimum");
    }
    return {};
}

NodeState classifiedState(const SearchResult& result, const std::vector<std::uint8_t>& decided,
                          NodeId id, bool minimal) {
    if (result.optimum == id) return NodeState::Optimum;
    if (minimal) return NodeState::Minimal;
    if (decided.size() == result.satisfies.size() && !decided[id]) return NodeState::NotEvaluated;
    return result.satisfies[id] ? NodeState::Satisfying : NodeState::Failing;
}

std::vector<NodeState> nodeStates(const SearchResult* result, NodeId latticeSize,
                                  const std::vector<std::uint8_t>& decided) {
    std::vector<NodeState> states(latticeSize, NodeState::NotEvaluated);
    if (!result || result->satisfies.size() != latticeSize) return states;
    std::vector<std::uint8_t> minimal(latticeSize, 0);
    for (NodeId id : result->minimal) minimal[id] = 1;
    for (NodeId id = 0; id < latticeSize; ++id)
        states[id] = classifiedState(*result, decided, id, minimal[id] != 0);
    return states;
}

QColor scaleColor(double t) {
    // Viridis reversed (light yellow = low, dark purple = high), 5 stops interpolated.
    static const std::array<QColor, 5> stops{QColor(0xFD, 0xE7, 0x25), QColor(0x5E, 0xC9, 0x62),
                                             QColor(0x21, 0x91, 0x8C), QColor(0x3B, 0x52, 0x8B),
                                             QColor(0x44, 0x01, 0x54)};
    if (!std::isfinite(t)) return QColor(0xBB, 0xBB, 0xBB);
    t = std::clamp(t, 0.0, 1.0) * double(stops.size() - 1);
    const int i = std::min(int(t), int(stops.size()) - 2);
    const double f = t - i;
    const QColor& a = stops[std::size_t(i)];
    const QColor& b = stops[std::size_t(i) + 1];
    return QColor(int(a.red() + f * (b.red() - a.red())),
                  int(a.green() + f * (b.green() - a.green())),
                  int(a.blue() + f * (b.blue() - a.blue())));
}

}  // namespace ldv::ui
