#pragma once
// `--transform microaggregation+local` (issue #34): MDAV microaggregation (Domingo-Ferrer &
// Mateo-Sanz 2002) of some numeric quasi-identifiers, then ARX's local recoding (Prasser,
// Kohlmayer & Kuhn 2016) over all of them. The combination is well defined because the two
// steps are applied one after the other to one table: MDAV only replaces values (each numeric
// value by its group's aggregate), and local recoding then forms and judges the published
// classes over every quasi-identifier, an aggregated one being an ordinary attribute whose
// values are the aggregates and whose hierarchy has two levels (the aggregate, then "*").
// The privacy guarantee therefore comes from the second step alone: every published class is
// one of local recoding's, judged against every criterion. MDAV's groups of at least k rows
// only make the aggregated values coarse enough that local recoding rarely has to lift them
// to "*".
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/evaluation/search_config.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/transform/local_recoding.h"
#include "ldiv/transform/microaggregation.h"

namespace ldv {

struct MicroaggregationLocalResult {
    /// The first step: MDAV's groups on the aggregated quasi-identifiers and their aggregates.
    PartialMicroaggregation microaggregation;
    /// MDAV's k: the largest k of the class-size criteria.
    std::size_t k = 0;
    /// The second step's report, on the intermediate table (the aggregated values; its
    /// entropy counts the aggregates as the input values). Its classes are the published
    /// classes over all quasi-identifiers, rows numbered as in the input table; an aggregated
    /// QI publishes its aggregate or "*".
    LocalRecodingResult local;
};

/// Whether `config` can be met by microaggregating the quasi-identifiers with an aggregate in
/// `aggregates` (one entry per QI in Dataset order; nullopt: recoded only) and recoding all of
/// them locally: at least one QI aggregated, each numeric (typed integer or decimal, every
/// value a number); a class-size criterion (k-anonymity) that gives MDAV its k; and the
/// criteria local recoding supports (checkLocalRecodingSupport). Throws ParameterError naming
/// the attribute, value or criterion at fault.
void checkMicroaggregationLocalSupport(const Dataset& data, const SearchConfig& config,
                                       const std::vector<std::optional<Aggregate>>& aggregates);

/// The intermediate table of the combination: the input's rows in order, each aggregated QI
/// replaced by its group's aggregate with a two-level hierarchy (aggregate → "*"), the other
/// QIs with their values and hierarchies (cut down to the values that occur), the sensitive
/// columns with the input's dictionaries (so the bound criteria apply unchanged).
struct AggregatedTable {
    std::unique_ptr<Table> table;
    std::unique_ptr<Dataset> data;
};
AggregatedTable aggregatedTable(const Dataset& data, const PartialMicroaggregation& m);

/// MDAV with k on the aggregated QIs, then localRecoding on aggregatedTable under `config`
/// (its criteria, suppression limit, metric and gs-factor). Deterministic. When the second
/// step cannot release enough rows, local.classes.tableFails says why and nothing may be
/// published. checkMicroaggregationLocalSupport first (called here too).
MicroaggregationLocalResult microaggregationLocal(
    const Dataset& data, const SearchConfig& config,
    const std::vector<std::optional<Aggregate>>& aggregates);

}  // namespace ldv
