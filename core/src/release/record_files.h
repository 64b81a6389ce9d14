#pragma once
// The part every release record shares, whatever wrote it (release.cpp for a node and SWEEP,
// dp_release.cpp for SafePub, transform_release.cpp for a transformation): the search it
// embeds, the configuration and its hash, and the original's and the published file's paths
// and hashes (docs/releases.md).
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/workspace.h"
#include "ldiv/release/release_record.h"

namespace ldv::detail {

/// The names of `columns` of `table`, in that order (the record's quasi_identifiers and
/// sensitive).
std::vector<std::string> columnNames(const Table& table, const std::vector<std::size_t>& columns);

/// How the published file was written ("output": separator, neutralize_formulas).
nlohmann::json outputJson(const ReleaseOutput& output);

/// The search the record was written from, into the project it embeds: the criteria, the
/// suppression limit, the metric and its knobs (gs-factor, aggregate, weights by QI name).
void recordSearch(ProjectConfig& project, const SearchConfig& config, const Dataset& data);

/// SHA-256 of what a record names: a file's bytes, or a table's canonical export (its URI;
/// io/table_digest.h).
std::string artefactSha256(const std::string& location);

/// What a record's claims are measured on: the published file, or for a table (its URI) the
/// file holding its canonical export, which the caller fetched (ParameterError when it did
/// not: the URI would be opened as a file).
std::string judgedArtefact(const std::string& publishedPath, const std::string& publishedExport);

/// The record's configuration and its hash, and the original's and the published artefact's
/// paths, kinds and hashes. `publishedExport`: for a table, a file already holding its
/// canonical export (the caller fetched it to judge it), hashed instead of fetching the
/// table a second time.
void setRecordFiles(ReleaseRecord& r, const Workspace& ws, std::string configuration,
                    const std::string& publishedPath, const std::string& publishedExport = {});

}  // namespace ldv::detail
