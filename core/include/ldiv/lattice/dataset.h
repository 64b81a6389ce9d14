#pragma once
// The prepared input of every analysis: a table with its QI columns (in level-vector order),
// their bound hierarchies and the sensitive columns. Grouping a node into equivalence classes
// works on integer codes only: rows are first collapsed into "base groups" (distinct QI
// tuples with their sensitive histograms), and a node's classes are computed from the base
// groups or rolled up from the classes of a finer node.
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/lattice/lattice.h"

namespace ldv {

/// The equivalence classes (Machanavajjhala et al. 2007's q*-blocks) of one node.
struct EquivalenceClasses {
    Levels levels;
    std::size_t qiCount = 0;
    /// Rows per class (with a RowSample, the sample's rows: 0 for a class none of whose rows
    /// is in the sample).
    std::vector<std::uint32_t> sizes;
    /// Generalized QI codes, class-major: keys[c * qiCount + i] is a code at levels[i].
    std::vector<Code> keys;
    /// Per sensitive attribute, class-major dense histograms of its codes.
    std::vector<std::uint32_t> sensitiveDomains;
    std::vector<std::vector<std::uint32_t>> histograms;
    /// Optional: class of every base group (see Dataset::baseGroupOfRow).
    std::vector<std::uint32_t> baseToClass;
    /// Per class, the sum of its published rows' survey weights F̂_k (the estimated population
    /// size of the class, risk/survey_weights.h); empty when the Dataset has none
    /// (Dataset::setSurveyWeights).
    std::vector<double> weightSums;

    std::size_t count() const { return sizes.size(); }
    std::span<const Code> key(std::size_t cls) const {
        return {keys.data() + cls * qiCount, qiCount};
    }
    std::span<const std::uint32_t> histogram(std::size_t cls, std::size_t sensitive = 0) const {
        const std::size_t m = sensitiveDomains[sensitive];
        return {histograms[sensitive].data() + cls * m, m};
    }
};

/// A sample of a table's rows judged against the whole table, its population: δ-presence's
/// research subset (Nergiz, Atzori & Clifton 2007), where the subset is what is published.
/// Class sizes, rowCount() and the histograms of the sensitive attributes count the sample's
/// rows only, so every criterion, the suppression budget and the metrics see the published
/// rows, as ARX judges the other privacy models on the research subset; the histograms of
/// sensitive attribute `populationSensitive` (the membership δ-presence reads) count every
/// row. A class may thus have size 0: none of its rows is published.
struct RowSample {
    /// Per table row: 1 when it is in the sample.
    std::vector<std::uint8_t> rows;
    /// Index into the sensitive attributes of the one whose histograms count the population.
    std::size_t populationSensitive = 0;
};

class Dataset {
public:
    static constexpr std::size_t kNoPopulation = std::numeric_limits<std::size_t>::max();
    /// `hierarchies[i]` belongs to `qiColumns[i]`. Throws ParameterError when a sensitive
    /// column is also a QI or the sizes disagree.
    Dataset(const Table& table, std::vector<std::size_t> qiColumns,
            std::vector<HierarchyMap> hierarchies, std::vector<std::size_t> sensitiveColumns);
    /// A grouped table (see GroupedTable): table row r stands for `rowWeights[r]` rows. Base
    /// groups, classes, criteria and metrics count the weights; rowClasses() is refused,
    /// since the rows themselves are not here.
    /// `groupingThreads`: threads that collapse a large table's rows into base groups (the
    /// same groups, ids and order on any number).
    Dataset(const Table& table, std::vector<std::size_t> qiColumns,
            std::vector<HierarchyMap> hierarchies, std::vector<std::size_t> sensitiveColumns,
            std::vector<std::uint32_t> rowWeights, unsigned groupingThreads = 1);
    /// The rows `sample.rows` of `table` (weighted by `rowWeights` when not empty), judged
    /// against all of them (RowSample). ParameterError for a flag count that is not the row
    /// count or a populationSensitive that is not a sensitive attribute.
    Dataset(const Table& table, std::vector<std::size_t> qiColumns,
            std::vector<HierarchyMap> hierarchies, std::vector<std::size_t> sensitiveColumns,
            std::vector<std::uint32_t> rowWeights, const RowSample& sample,
            unsigned groupingThreads = 1);

    const Table& table() const { return *m_table; }
    /// Rows of the data (the sum of the weights for a grouped table); with a RowSample, the
    /// sample's rows.
    std::size_t rowCount() const { return m_rows; }
    /// True when built with a RowSample.
    bool sampled() const { return m_population != kNoPopulation; }
    /// With a RowSample, its populationSensitive; else kNoPopulation.
    std::size_t populationSensitive() const { return m_population; }
    /// Whether the histograms of sensitive attribute `sensitive` count the rows the classes
    /// count (all but the population's, RowSample).
    bool countsSample(std::size_t sensitive) const { return sensitive != m_population; }
    /// True when table() holds weighted groups rather than rows.
    bool grouped() const { return !m_weights.empty(); }
    std::span<const std::uint32_t> rowWeights() const { return m_weights; }
    std::size_t qiCount() const { return m_qi.size(); }
    const std::vector<std::size_t>& qiColumns() const { return m_qi; }
    const HierarchyMap& hierarchy(std::size_t qi) const { return m_hierarchies[qi]; }
    const std::vector<std::size_t>& sensitiveColumns() const { return m_sensitive; }
    std::size_t sensitiveDomain(std::size_t sensitive) const;
    const Lattice& lattice() const { return m_lattice; }

    /// Distinct QI tuples at the bottom node.
    std::size_t baseGroupCount() const { return m_base.count(); }
    const EquivalenceClasses& baseGroups() const { return m_base; }
    std::uint32_t baseGroupOfRow(std::size_t row) const { return m_rowToBase[row]; }

    /// The classes of a node, grouped from the base groups.
    EquivalenceClasses classes(std::span<const int> levels, bool withMembership = false) const;
    /// The classes of `levels`, rolled up from the classes of a finer node (every level of
    /// `finer.levels` <= `levels`). Cheaper than classes() when `finer` has few classes.
    EquivalenceClasses rollup(const EquivalenceClasses& finer, std::span<const int> levels,
                              bool withMembership = false) const;
    /// Class index of every row (the classes must have been computed withMembership).
    std::vector<std::uint32_t> rowClasses(const EquivalenceClasses& classes) const;

    /// The survey weights of the table's rows (`perRow[r]` for table row r, each a finite
    /// number > 0, see surveyWeights), from the column `column`: every class then carries the
    /// sum of its published rows' weights (EquivalenceClasses::weightSums), which the
    /// individual-risk and global-risk criteria read. ParameterError for a grouped table (its
    /// rows are not the sample's records) or a count that is not the row count.
    void setSurveyWeights(std::vector<double> perRow, std::string column);
    bool hasSurveyWeights() const { return m_weightsSet; }
    /// The column setSurveyWeights was given; empty when none.
    const std::string& surveyWeightColumn() const { return m_weightColumn; }

private:
    const Table* m_table;
    std::size_t m_rows = 0;
    std::size_t m_population = kNoPopulation;
    std::vector<std::uint32_t> m_weights;
    std::vector<std::size_t> m_qi;
    std::vector<HierarchyMap> m_hierarchies;
    std::vector<std::size_t> m_sensitive;
    Lattice m_lattice;
    EquivalenceClasses m_base;
    std::vector<std::uint32_t> m_rowToBase;
    std::vector<std::uint8_t> m_published;  ///< RowSample: 1 for the sample's rows
    std::string m_weightColumn;
    bool m_weightsSet = false;  ///< set on an empty table too
};

}  // namespace ldv
