#pragma once
// Visiting every node of the lattice with its classes, bottom-up: what Incognito falls back
// to when tagging is unsound, and how the workbench measures every node for its colour scale.
#include <functional>

#include "search/search_context.h"

namespace ldv::detail {

/// Calls visit(engine, id, classes) for every node, height by height. Each node is rolled up
/// from a node one level below (the previous height's tables are kept within a memory
/// budget; beyond it, from the base groups). The nodes of one height are independent, so they
/// are spread over workerThreads(ctx) threads and `visit` runs concurrently. Polls the
/// feedback and counts checked nodes and classes in ctx.stats.
void sweepByHeight(SearchContext& ctx, const std::vector<std::size_t>& carried,
                   const std::function<void(RollupEngine&, NodeId, const ClassTable&)>& visit);

}  // namespace ldv::detail
