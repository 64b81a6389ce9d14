#pragma once
// Where `ldiv generalize` writes what it publishes: the table (a file in the format its name
// says, or a database table), the value mapping (--mapping) and the random pseudonyms'
// mapping (--pseudonym-map), and the JSON keys that say what was left out. The command parses,
// calls the workflow and hands its tables here (issue 37).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/pseudonym_options.h"
#include "ldiv/data/table.h"
#include "ldiv/io/table_formats.h"

namespace ldv {
class Workspace;
}

namespace ldv::cli {

struct PublicationFiles {
    std::string output;        ///< -o: a file, or postgresql://…?table=NAME
    std::string mapping;       ///< --mapping ("" for none)
    std::string pseudonymMap;  ///< --pseudonym-map ("" for none)
    bool replace = false;      ///< --replace an existing database table
    bool neutralizeFormulas = true;
};

/// Writes the published table, the value mapping and the pseudonyms' mapping: files as one
/// transaction (all replaced, or none; the pseudonym map owner-only), or a database table in
/// a transaction of its own. The published table goes out in the format its file name says
/// (table_formats.h: CSV, .xlsx, .dta, .sav, the last two with the input's value labels);
/// the value and pseudonym mappings are CSV.
void writePublication(const PublicationFiles& files, const Table& table,
                      const std::optional<Table>& valueMap, const Table& pseudonymMapping,
                      char separator, const TableMetadata& metadata);

/// The identifying columns that are not published (not among the pseudonymized ones).
std::vector<std::string> removedColumns(
    const Workspace& ws, const std::vector<std::pair<std::size_t, Column>>& pseudonyms);

/// The pseudonymized columns (and where their map went) in --json.
void addPseudonymJson(nlohmann::json& j, const Workspace& ws, const PseudonymOptions& options);

/// "a, b, c".
std::string joined(const std::vector<std::string>& items);

}  // namespace ldv::cli
