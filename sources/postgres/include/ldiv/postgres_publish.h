#pragma once
// Publishing a PostgreSQL table into the same database without its rows leaving the server
// (issue 38): ldiv judges the node on the base groups (GROUP BY in the server), uploads a map
// from each QI combination to its generalized values and its class's suppression into a
// temporary table, and one CREATE TABLE … AS SELECT joins the source with it. See
// docs/database.md, "Publishing inside the database".
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "ldiv/postgres.h"
#include "ldiv/publish/value_combinations.h"

namespace ldv::pg {

struct InDatabasePublication {
    /// Every column of the source, for the missing filter (MissingPolicy::Drop drops a row
    /// with a missing value in any column, as readCsv does).
    std::vector<std::string> sourceColumns;
    /// The published columns, in order (source names; identifying columns left out).
    std::vector<std::string> published;
    /// The quasi-identifying columns; each is published through its hierarchy.
    std::vector<std::string> qis;
    /// The QI combinations of the judged data, each once (valueCombinations): `qis.size()`
    /// values as the client read them (NULL as ""), then as many generalized values at the
    /// node's level; and whether the combination's class is suppressed.
    using Combination = ValueCombination;
    std::vector<Combination> combinations;
    /// Suppressed rows are kept with every QI `maskToken` (else removed).
    bool mask = false;
    std::string maskToken = "*";
    /// The source's missing policy and tokens (the filter groupStatement applies).
    CsvOptions options;
};

/// The temporary table of a publication (ON COMMIT DROP): one row per QI combination, columns
/// ldiv_v0…, ldiv_g0…, ldiv_suppressed.
inline constexpr const char* kMapTable = "ldiv_map";

/// The SELECT whose rows are the published table: the source (filtered as for the groups)
/// joined once with the map on its QI values; every value text, an empty one NULL (as the
/// COPY path writes it).
std::string inDatabaseSelect(const Location& source, const InDatabasePublication& publication,
                             const Quoter& quoter);

/// True when `source` and `target` name the same database as the same user (their conninfo
/// without ldiv's parameters is equal): then the publication can run inside it.
bool sameDatabase(const std::string& source, const std::string& target);

struct InDatabaseResult {
    std::uint64_t rows = 0;               ///< rows written
    std::vector<std::string> statements;  ///< what was sent, in order (COPY data aside)
};

/// Creates `target` (refused when it exists, unless `replace`) and fills it with
/// inDatabaseSelect() in one transaction: BEGIN, [DROP], CREATE TABLE, the map (created,
/// filled with COPY … FROM STDIN, analysed), CREATE TABLE … AS SELECT, COMMIT. On any
/// failure the transaction is rolled back. `expectedRows`: the rows the judged groups publish; a
/// different count (the table changed since it was grouped) rolls back with an error.
InDatabaseResult publishInDatabase(const std::string& source, const std::string& target,
                                   const InDatabasePublication& publication, bool replace,
                                   std::uint64_t expectedRows);

/// Rows received by every COPY … TO STDOUT of this process so far (groups and rows alike):
/// how `ldiv generalize --json` shows that no row travelled.
std::uint64_t copiedOutRows();

}  // namespace ldv::pg
