#pragma once
// Moved to grouping/group_index.h (the grouping module); this forwarder keeps the move a pure rename.
#include "grouping/group_index.h"
