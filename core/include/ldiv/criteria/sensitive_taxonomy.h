#pragma once
// Functional (τ,ℓ)-diversity with generalized sensitive values (Tian & Zhang 2011, SPEC §3): the
// sensitive taxonomy, weights, induced frequencies, F(k), ψ(k), excessive protection, information
// utility and the strength relations between simple ℓ, recursive (c,ℓ) and (τ,ℓ).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ldv {

/// A tree over the sensitive attribute's base values. Node ids 0..baseCount−1 are the base
/// values (= dictionary codes, the leaves); inner nodes follow. The root has parent −1.
class SensitiveTaxonomy {
public:
    /// From parent→child edges between labels; leaves are the base values (dictionary order),
    /// every other label is an inner node. Throws ParameterError on a base value without a
    /// parent (unless it is the only node), a child with two parents, a cycle, or two roots.
    static SensitiveTaxonomy fromEdges(
        const std::vector<std::string>& baseValues,
        const std::vector<std::pair<std::string, std::string>>& parentChild);
    /// From hierarchy rows [base, level1, …, top] (the ARX CSV layout). An inner node is a
    /// (level, label) pair; a label repeated on the next level is a single-child chain. Every base
    /// value needs exactly one row; throws ParameterError otherwise.
    static SensitiveTaxonomy fromHierarchyRows(const std::vector<std::string>& baseValues,
                                               const std::vector<std::vector<std::string>>& rows);

    std::size_t baseCount() const { return m_baseCount; }
    std::size_t nodeCount() const { return m_parent.size(); }
    int parent(std::size_t node) const { return m_parent[node]; }
    const std::string& label(std::size_t node) const { return m_labels[node]; }
    /// The base codes under `node` (itself for a leaf), ascending.
    const std::vector<std::uint32_t>& leaves(std::size_t node) const { return m_leaves[node]; }
    /// Lowest node with this label (base values first).
    std::optional<std::size_t> find(const std::string& label) const;
    /// Information of a value, I(v) = 1/|leaves(v)| (Tian & Zhang 2011 Def. 14).
    double information(std::size_t node) const { return 1.0 / double(m_leaves[node].size()); }

    /// w(a) = 1 for base values with a non-zero count in the table, else 0 (SPEC §3).
    static std::vector<double> defaultWeights(std::span<const std::uint32_t> tableBaseCounts);

    /// Induced frequencies f(a) = Σ_v n(v)·l(v,a) / |E| with l(v,a) = w(a)/Σ_{b∈leaves(v)} w(b)
    /// (Tian & Zhang 2011 Def. 7–8). `nodeCounts[v]` = rows of the class whose SA value is node v.
    /// A node whose leaves all weigh 0 spreads its rows evenly over its leaves. `out` gets
    /// baseCount() entries (resized; reuse it to avoid allocating).
    void inducedFrequencies(std::span<const std::uint32_t> nodeCounts,
                            std::span<const double> weights, std::vector<double>& out) const;

private:
    void finish();

    std::size_t m_baseCount = 0;
    std::vector<int> m_parent;
    std::vector<std::string> m_labels;
    std::vector<std::vector<std::uint32_t>> m_leaves;
};

/// ψ(k) = τ + (1−τ)(k−1)/(ℓ−1) for 1 ≤ k ≤ ℓ, 1 for k > ℓ (Tian & Zhang 2011 Def. 11).
double tauPsi(std::size_t k, double tau, double l);
/// F(1..m) of frequencies sorted descending (Tian & Zhang 2011 Def. 9); m = frequencies.size().
std::vector<double> cumulativeFrequencies(std::span<const double> frequencies);
/// F(k) ≤ ψ(k) for every k = 1..m (Tian & Zhang 2011 Def. 11), with 1e-12 slack for rounding.
bool tauHolds(std::span<const double> frequencies, double tau, double l);
/// max_k F(k) − ψ(k) over k = 1..m (≤ 0 iff tauHolds).
double tauMargin(std::span<const double> frequencies, double tau, double l);
/// Excessive protection e(E) = Σ_{k=1..m} |ψ(k) − F(k)| (Tian & Zhang 2011 Def. 35), m = domain
/// size.
double excessiveProtection(std::span<const double> frequencies, double tau, double l);
/// e(P) = min over classes of e(E) (Tian & Zhang 2011 Def. 35); +∞ for no classes.
double excessiveProtection(const std::vector<std::vector<double>>& classFrequencies, double tau,
                           double l);
/// Tian & Zhang 2011's valid requirements: 2 ≤ ℓ ≤ m and 1/ℓ ≤ τ < 1 (m = 0: no upper check).
/// Grids of requirements keep only these, as the paper's plots do.
bool validTau(double tau, double l, std::size_t m);
/// Throws ParameterError naming the bound that fails unless validTau.
void validateTau(double tau, double l, std::size_t m);

/// um(G) = I(G)/I(O) (Tian & Zhang 2011 Def. 14) where I(G) = Σ_rows Σ_attributes I(t[A]) and the
/// original table O has information 1 per cell: I(O) = rows·attributes.
double utilityMeasure(double informationOfG, std::size_t rows, std::size_t attributes);
/// I(t) = Σ_A 1/|leaves(t[A])| for one row given its values' leaf counts.
double tupleInformation(std::span<const std::size_t> leafCounts);

/// Strength relations (Tian & Zhang 2011 §3). Simple ℓ-diversity is (1/ℓ, ℓ)-diversity and is
/// stronger than (τ,u) iff u ≤ ℓ (Thm 20); the weakest such is ℓ = u (Cor. 21).
std::pair<double, double> simpleAsTau(double l);
bool simpleStrongerThanTau(double l, double u);
/// Weakest recursive (c,ℓ) stronger than (τ,u) for a given ℓ ∈ [m+1−(m−1)/(u−1), m]:
/// c = (m−1)/((u−1)(m−ℓ+1)) (Tian & Zhang 2011 Cor. 24). Throws ParameterError outside the range.
double weakestRecursiveC(double l, double u, std::size_t m);
/// … for a given c ∈ [1, (m−1)/(u−1)]: ℓ = m+1−(m−1)/(c(u−1)) (Tian & Zhang 2011 Cor. 24).
double weakestRecursiveL(double c, double u, std::size_t m);

}  // namespace ldv
