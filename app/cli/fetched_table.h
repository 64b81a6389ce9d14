#pragma once
// `ldiv verify` of a release record whose published artefact is a database table
// (docs/database.md, "Release records of a table"): the table's canonical export is fetched
// into a private temporary file, which verify then checks as it checks a published file.
#include <string>

namespace ldv::cli {

/// The canonical export of the table `uri` names, in a temporary file (owner only) that is
/// removed with the object. Throws what the export throws (InputError naming the URI).
class FetchedTable {
public:
    explicit FetchedTable(const std::string& uri);
    ~FetchedTable();
    FetchedTable(const FetchedTable&) = delete;
    FetchedTable& operator=(const FetchedTable&) = delete;
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
};

}  // namespace ldv::cli
