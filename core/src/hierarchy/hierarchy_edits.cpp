#include "ldiv/hierarchy/hierarchy_edits.h"

#include <set>
#include <unordered_set>

#include "ldiv/data/error.h"

namespace ldv::hierarchyedits {

namespace {
void checkLevel(const Hierarchy& h, int level, int min) {
    if (h.empty() || level < min || level > h.height())
        throw ParameterError("level " + std::to_string(level) +
                             " is not an editable level of this hierarchy (" + std::to_string(min) +
                             ".." + std::to_string(h.height()) + ")");
}
}  // namespace

Hierarchy renameGroup(const Hierarchy& h, int level, const std::string& from,
                      const std::string& to) {
    checkLevel(h, level, 0);
    Hierarchy out = h;
    for (auto& row : out.rows())
        if (std::size_t(level) < row.size() && row[std::size_t(level)] == from)
            row[std::size_t(level)] = to;
    return out;
}

Hierarchy moveValue(const Hierarchy& h, std::size_t row, int level, const std::string& group) {
    checkLevel(h, level, 1);
    if (row >= h.baseCount()) throw ParameterError("no row " + std::to_string(row + 1));
    Hierarchy out = h;
    auto& rows = out.rows();
    const std::size_t l = std::size_t(level);
    rows[row][l] = group;
    for (std::size_t r = 0; r < rows.size(); ++r)
        if (r != row && rows[r].size() == rows[row].size() && rows[r][l] == group) {
            for (std::size_t j = l + 1; j < rows[r].size(); ++j) rows[row][j] = rows[r][j];
            break;
        }
    return out;
}

Hierarchy moveGroup(const Hierarchy& h, int level, const std::string& value,
                    const std::string& parent) {
    checkLevel(h, level, 0);
    if (level >= h.height()) throw ParameterError("the top level has no parent to move to");
    Hierarchy out = h;
    auto& rows = out.rows();
    const std::size_t l = std::size_t(level);
    std::vector<std::size_t> moved;
    for (std::size_t r = 0; r < rows.size(); ++r)
        if (rows[r].size() > l + 1 && rows[r][l] == value) moved.push_back(r);
    if (moved.empty())
        throw ParameterError("no group '" + value + "' at level " + std::to_string(level));
    const std::unordered_set<std::size_t> movedSet(moved.begin(), moved.end());
    const std::vector<std::string>* ancestors = nullptr;
    for (std::size_t r = 0; r < rows.size(); ++r)
        if (!movedSet.count(r) && rows[r].size() > l + 1 && rows[r][l + 1] == parent) {
            ancestors = &rows[r];
            break;
        }
    const std::vector<std::string> above = ancestors ? *ancestors : std::vector<std::string>{};
    for (std::size_t r : moved) {
        rows[r][l + 1] = parent;
        if (!above.empty())
            for (std::size_t j = l + 2; j < rows[r].size() && j < above.size(); ++j)
                rows[r][j] = above[j];
    }
    return out;
}

Hierarchy addLevel(const Hierarchy& h, int level) {
    checkLevel(h, level, 0);
    Hierarchy out = h;
    for (auto& row : out.rows())
        if (std::size_t(level) < row.size())
            row.insert(row.begin() + level + 1, row[std::size_t(level)]);
    return out;
}

Hierarchy removeLevel(const Hierarchy& h, int level) {
    checkLevel(h, level, 1);
    Hierarchy out = h;
    for (auto& row : out.rows())
        if (std::size_t(level) < row.size()) row.erase(row.begin() + level);
    return out;
}

std::vector<std::string> groupsAt(const Hierarchy& h, int level) {
    std::vector<std::string> out;
    std::unordered_set<std::string> seen;
    for (const auto& row : h.rows())
        if (level >= 0 && std::size_t(level) < row.size() &&
            seen.insert(row[std::size_t(level)]).second)
            out.push_back(row[std::size_t(level)]);
    return out;
}

}  // namespace ldv::hierarchyedits
