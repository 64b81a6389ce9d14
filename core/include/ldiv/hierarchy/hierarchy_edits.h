#pragma once
// Pure edits of the hierarchy string model: each returns the edited copy, and the editors
// push it as one SetHierarchyCommand (so undo restores exactly the old rows).
#include <string>
#include <vector>

#include "ldiv/hierarchy/hierarchy.h"

namespace ldv::hierarchyedits {

/// Renames the group `from` at `level` (every row that has it) to `to`. Renaming to an
/// existing group's name merges the two.
Hierarchy renameGroup(const Hierarchy& h, int level, const std::string& from,
                      const std::string& to);
/// Moves one base value (row) at `level` into `group`; when the group exists its ancestors
/// are copied, so the result nests.
Hierarchy moveValue(const Hierarchy& h, std::size_t row, int level, const std::string& group);
/// Moves the group `value` at `level` (with everything under it) below `parent` at level+1.
Hierarchy moveGroup(const Hierarchy& h, int level, const std::string& value,
                    const std::string& parent);
/// Inserts a copy of `level` just above it (level+1); the user then renames the new groups.
Hierarchy addLevel(const Hierarchy& h, int level);
/// Removes a level >= 1.
Hierarchy removeLevel(const Hierarchy& h, int level);
/// The distinct values at a level in order of first appearance.
std::vector<std::string> groupsAt(const Hierarchy& h, int level);

struct GroupSize {
    std::string value;
    std::size_t baseValues = 0;  ///< base values in the group
    std::size_t records = 0;     ///< data rows in the group
};
/// Per group at `level`: how many base values and data rows it holds; `recordsOf(base)`
/// returns the rows of a base value (0 when it does not occur in the data).
template <class RecordsOf>
std::vector<GroupSize> groupSizes(const Hierarchy& h, int level, RecordsOf recordsOf);

}  // namespace ldv::hierarchyedits

#include <unordered_map>

template <class RecordsOf>
std::vector<ldv::hierarchyedits::GroupSize> ldv::hierarchyedits::groupSizes(const Hierarchy& h,
                                                                            int level,
                                                                            RecordsOf recordsOf) {
    std::vector<GroupSize> out;
    std::unordered_map<std::string, std::size_t> index;
    for (const auto& row : h.rows()) {
        if (level < 0 || std::size_t(level) >= row.size()) continue;
        auto [it, fresh] = index.emplace(row[std::size_t(level)], out.size());
        if (fresh) out.push_back({row[std::size_t(level)], 0, 0});
        GroupSize& g = out[it->second];
        ++g.baseValues;
        g.records += recordsOf(row.front());
    }
    return out;
}
