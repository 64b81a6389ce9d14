#pragma once
// The WHERE clause of MissingPolicy::Drop, shared by the groups and the in-database
// publication so that both drop exactly the same rows.
#include <string>
#include <vector>

#include "ldiv/postgres.h"

namespace ldv::pg::detail {

/// " WHERE …" dropping rows with a NULL or a missing token in any of `allColumns`
/// (MissingPolicy::Drop, as readCsv drops them); empty otherwise. The columns are unqualified.
std::string missingFilter(const std::vector<std::string>& allColumns, const CsvOptions& options,
                          const Quoter& quoter);

}  // namespace ldv::pg::detail
