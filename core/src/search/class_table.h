#pragma once
// Moved to grouping/class_table.h (the grouping module); this forwarder keeps the move a pure rename.
#include "grouping/class_table.h"
