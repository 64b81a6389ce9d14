#pragma once
// Whether two Tables hold the same data, for the checks that one reader gives what another
// does (a fast path against its reference, a DataFrame against its CSV text, an xlsx sheet
// against the CSV it was made from).
#include <string>

#include "ldiv/data/table.h"

namespace ldv {

/// "" when the Tables have the same shape and, column by column, the same name (unless
/// `ignoreNames`), type, missing count, dictionary (in order), spellings normalised to NFC
/// (count and first example) and codes; otherwise the first
/// difference, naming the column and the 1-based row.
std::string tableDifference(const Table& a, const Table& b, bool ignoreNames = false);

}  // namespace ldv
