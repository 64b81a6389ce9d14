#pragma once
// The common ground of the (τ,ℓ) algorithms of 002 (SWEEP, 1DLD, CLD): the input (a dataset
// with one sensitive attribute and its taxonomy), their output as a LOCAL recoding (every
// class has its own generalized QI value, every row its own published SA value), and the
// independent checks and measures applied to any output: (τ,ℓ) on every class (Tian & Zhang 2011
// Def. 11), excessive protection e(P) (Tian & Zhang 2011 Def. 35) and information utility um(G)
// (Tian & Zhang 2011 Def. 14).
#include <cstdint>
#include <string>
#include <vector>

#include "ldiv/criteria/sensitive_taxonomy.h"
#include "ldiv/data/table.h"
#include "ldiv/lattice/dataset.h"

namespace ldv {

/// A dataset with one sensitive attribute (SA) whose values may be generalized along
/// `taxonomy` (base node ids = the SA column's dictionary codes).
struct TauInput {
    const Dataset* data = nullptr;
    std::size_t sensitive = 0;  ///< index into data->sensitiveColumns()
    SensitiveTaxonomy taxonomy;
    /// w(a): 1 for base values present in the table, else 0 (SPEC §3 default weights).
    std::vector<double> weights;
    /// Base SA code of every row.
    std::vector<std::uint32_t> baseSa;
    /// Per QI, the rank of every base code in an in-order traversal of its hierarchy (siblings
    /// in the order of the hierarchy file's rows): 1DLD's one-dimensional coordinates.
    std::vector<std::vector<std::uint32_t>> qiRank;

    /// `hierarchies` (optional, per QI, the string model the maps were bound from) gives the
    /// in-order ranks; without them level codes order the siblings.
    static TauInput make(const Dataset& data, SensitiveTaxonomy taxonomy, std::size_t sensitive = 0,
                         const std::vector<Hierarchy>* hierarchies = nullptr);

    const Column& saColumn() const;
    std::size_t rowCount() const { return baseSa.size(); }
    /// m: the number of base SA values (the length of F).
    std::size_t domain() const { return taxonomy.baseCount(); }
};

/// One class of a local recoding: QI i is generalized to code `codes[i]` at level
/// `levels[i]` of its hierarchy (0 = base); `rows` are row indices of the original table.
struct RecodedClass {
    std::vector<int> levels;
    std::vector<Code> codes;
    std::vector<std::uint32_t> rows;
};

/// A published table as local recoding. `saNode[row]` is the taxonomy node published for the
/// row (its base code when not generalized). No classes = the algorithm's output is empty.
struct LocalRecoding {
    std::vector<RecodedClass> classes;
    std::vector<std::uint32_t> saNode;
    bool empty() const { return classes.empty(); }
};

/// Full-domain (global) recoding of a lattice node as a LocalRecoding (CLD's output).
LocalRecoding recodeNode(const TauInput& input, std::span<const int> levels);

/// Induced frequencies f(a) of one class (Tian & Zhang 2011 Def. 8), recomputed from scratch with
/// SensitiveTaxonomy::inducedFrequencies: the independent checker for every algorithm.
std::vector<double> classFrequencies(const TauInput& input, const LocalRecoding& out,
                                     std::size_t cls);

struct TauCheck {
    bool valid = true;  ///< every row once, QI codes and SA nodes generalize the row
    std::size_t failingClasses = 0;
    std::string problem;  ///< first problem found, empty when fine
    bool holds() const { return valid && failingClasses == 0; }
};
/// Checks that `out` is a generalization of the input and that every class satisfies (τ,ℓ).
/// An empty output "holds" vacuously: callers test empty() first.
TauCheck checkTau(const TauInput& input, const LocalRecoding& out, double tau, double l);

/// e(P) = min over classes of Σ_k |ψ(k) − F(k)| (Tian & Zhang 2011 Def. 35); +∞ for an empty
/// output.
double excessiveProtection(const TauInput& input, const LocalRecoding& out, double tau, double l);
/// um(G) = I(G)/I(O) over the QI attributes and the SA (Tian & Zhang 2011 Def. 14), I(v) =
/// 1/|leaves(v)| with leaves counted in the hierarchy (taxonomy); 0 for an empty output.
double informationUtility(const TauInput& input, const LocalRecoding& out);
/// Rows whose published SA value is an inner taxonomy node.
std::size_t generalizedSaRows(const TauInput& input, const LocalRecoding& out);

/// The publishable table: columns in input order without `dropColumns`; QI cells replaced by
/// their class's generalized labels, the SA by its published taxonomy label. A dropped column
/// listed in `pseudonyms` is published as that column instead (pseudonymize.h).
Table recodedTable(const TauInput& input, const LocalRecoding& out,
                   const std::vector<std::size_t>& dropColumns,
                   const std::vector<std::pair<std::size_t, Column>>& pseudonyms = {});

}  // namespace ldv
