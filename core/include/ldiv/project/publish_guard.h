#pragma once
// The publish guard both front ends share (issue 37): a node that fails its criteria even
// with the suppression limit is not published unless the caller asks for it explicitly
// (`ldiv generalize --allow-failing`, the workbench's confirmed "Publish anyway"). Its release
// record then says which criteria fail, and `ldiv verify` rejects it (exit 3).
#include <stdexcept>
#include <string>

#include "ldiv/publish/published_node.h"

namespace ldv {

/// A node refused by the guard; what() is the whole sentence, failing() the criteria part.
class NodeFailsError : public std::runtime_error {
public:
    NodeFailsError(const std::string& what, std::string failing)
        : std::runtime_error(what), m_failing(std::move(failing)) {}
    const std::string& failing() const { return m_failing; }

private:
    std::string m_failing;
};

/// "k=13 fails in 3 classes (12 rows)", one per failing criterion, joined with "; ".
std::string failingCriteria(const NodeJudgement& judgement);

/// "node 1,0,2 does not satisfy the criteria, even with the suppression limit: k=5 fails in
/// 379 classes (612 rows)".
std::string failingNodeText(std::span<const int> levels, const NodeJudgement& judgement);

/// Throws NodeFailsError when `node` fails and `allowFailing` is false.
void guardPublication(std::span<const int> levels, const PublishedNode& node, bool allowFailing);

}  // namespace ldv
