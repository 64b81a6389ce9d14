#include "cli/publication_files.h"

#include <algorithm>

#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_source.h"
#include "ldiv/project/workspace.h"

namespace ldv::cli {

void writePublication(const PublicationFiles& files, const Table& table,
                      const std::optional<Table>& valueMap, const Table& pseudonymMapping,
                      char separator, const TableMetadata& metadata) {
    const bool neutralize = files.neutralizeFormulas;
    if (isSourceUri(files.output) || isSourceUri(files.mapping)) {
        // A database table is written in one transaction of its own (COPY); see
        // docs/database.md.
        const auto write = [&](const Table& t, const std::string& to) {
            if (isSourceUri(to))
                writeTableTo(to, t, {files.replace});
            else
                writeFileAtomically(to, formatTableFor(to, t, separator, neutralize, &metadata));
        };
        write(table, files.output);
        if (!files.mapping.empty()) write(*valueMap, files.mapping);
        if (!files.pseudonymMap.empty())
            writeFileAtomically(files.pseudonymMap,
                                formatTableCsv(pseudonymMapping, separator, neutralize), true);
        return;
    }
    // The table and its mappings as one transaction: every file is replaced, or none.
    const std::string text = formatTableFor(files.output, table, separator, neutralize, &metadata);
    std::string mapping;
    if (!files.mapping.empty()) mapping = formatTableCsv(*valueMap, separator, neutralize);
    // The pseudonym mapping joins the same transaction; it leads back to the people, so only
    // its owner may read it (0600).
    const std::string pseudonymMap = files.pseudonymMap.empty()
                                         ? std::string()
                                         : formatTableCsv(pseudonymMapping, separator, neutralize);
    std::vector<std::pair<std::string, std::string_view>> written{{files.output, text}};
    if (!files.mapping.empty()) written.emplace_back(files.mapping, mapping);
    if (!files.pseudonymMap.empty()) written.emplace_back(files.pseudonymMap, pseudonymMap);
    if (written.size() == 1)
        writeFileAtomically(files.output, text);
    else
        writeFilesAtomically(written, {files.pseudonymMap});  // the map: owner only
}

std::vector<std::string> removedColumns(
    const Workspace& ws, const std::vector<std::pair<std::size_t, Column>>& pseudonyms) {
    std::vector<std::string> names;
    for (std::size_t c : ws.identifyingColumns()) {
        const bool kept = std::any_of(pseudonyms.begin(), pseudonyms.end(),
                                      [c](const auto& p) { return p.first == c; });
        if (!kept) names.push_back(ws.table().column(c).name());
    }
    return names;
}

void addPseudonymJson(nlohmann::json& j, const Workspace& ws, const PseudonymOptions& options) {
    nlohmann::json pseudonymized = nlohmann::json::array();
    for (const std::string& name : pseudonymizedNames(options, ws.config()))
        pseudonymized.push_back(name);
    j["pseudonymized_columns"] = pseudonymized;
    if (!options.map.empty()) j["pseudonym_map"] = options.map;
}

std::string joined(const std::vector<std::string>& items) {
    std::string text;
    for (const std::string& s : items) text += (text.empty() ? "" : ", ") + s;
    return text;
}

}  // namespace ldv::cli
