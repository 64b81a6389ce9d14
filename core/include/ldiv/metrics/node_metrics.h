#pragma once
// Utility metrics of one lattice node (SPEC §5, Machanavajjhala et al. 2007 §6, Tian & Zhang 2011
// Def. 14, Iyengar's loss metric, Sweeney's precision). Every metric is computed from a node's
// equivalence classes; rows of suppressed classes (SPEC §5 tuple suppression) count as published
// fully generalized where a metric needs their values (see each field). All metrics here are
// oriented "lower is better" through metricValue() so one rule picks the optimum.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ldiv/data/named_choice.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/metrics/quality_model.h"

namespace ldv {

enum class Metric {
    Height,  ///< "height": l1+…+ld (Machanavajjhala et al. 2007 §6, LeFevre et al. 2005)
    AverageClassSize,  ///< "aecs": average class size over published rows
    Discernibility,    ///< "dm": Σ|E|² + n·(suppressed rows) (Bayardo & Agrawal 2005)
    KlDivergence,  ///< "kl": KL(F̂ ‖ F̂*) over QI × first SA (Machanavajjhala et al. 2007 §6)
    Information,   ///< "info": 1 − um(G), Tian & Zhang 2011 Def. 14 on the QI attributes
    Loss,          ///< "loss": Iyengar's / ARX's loss metric LM over the QI cells
    Entropy,       ///< "entropy": non-uniform entropy (quality_model.h, docs/utility.md)
    Ambiguity,     ///< "ambiguity": Goldberger & Tassa 2010, mean over rows of Π |leaves|
    Granularity,   ///< "granularity": per-attribute LM (Iyengar 2002, ARX's granularity)
    Sse,           ///< "sse": ARX's squared error of numeric attributes, normalized
};

/// "height", "aecs", "dm", "kl", "info", "loss", "entropy", "ambiguity", "granularity", "sse";
/// throws ParameterError listing them.
Metric parseMetric(std::string_view name);
std::string_view metricName(Metric metric);

/// A metric as the user chooses it, with what the search may assume of it.
struct MetricEntry : NamedChoice<Metric> {
    /// Declared monotone: without suppression the value never decreases from a node to a
    /// generalization of it. Only then may the search keep the minimal satisfying nodes alone
    /// as candidates or prune generalizations of a node no better than the best.
    bool monotone = true;
    /// The same with tuple suppression (rows leave and rejoin as nodes rise): only height.
    bool monotoneWithSuppression = false;
};
/// Every metric, the default (dm) first: the CLI's --metric choices and the workbench's list.
std::span<const MetricEntry> metricCatalogue();
/// The catalogue's declaration: monotone, or monotoneWithSuppression when `suppression`.
bool metricMonotone(Metric metric, bool suppression);
/// Entropy, granularity and sse: the models with per-attribute parts (quality_model.h).
bool attributeWiseMetric(Metric metric);

struct NodeMetrics {
    Levels levels;
    int height = 0;
    /// Published (non-suppressed) classes and the rows of the suppressed ones.
    std::size_t classes = 0;
    std::size_t suppressedRows = 0;
    /// (n − suppressed) / classes: suppressed rows are removed from the release, so they
    /// belong to no published class (0 when every row is suppressed).
    double averageClassSize = 0;
    /// Σ_{published E} |E|² + n·suppressed (Machanavajjhala et al. 2007 §6: a suppressed tuple
    /// costs |D|).
    double discernibility = 0;
    /// Σ_x F̂(x) log(F̂(x)/F̂*(x)) over the base domain of QI × SA (first sensitive attribute;
    /// QI only when there is none). F̂*(x) = count(t*) / (n·area(t*)) for the tuple t* that x's
    /// row is published as; area = ∏ coverage of its generalized QI values (data-domain base
    /// values, HierarchyMap::coverage). Suppressed rows are published as (*,…,*, s): one
    /// pseudo-class per SA value with area = ∏ data-domain sizes. Equivalently
    /// KL = (Σ_b,s c_bs log c_bs + Σ_E [|E| log area(E) − Σ_s h_Es log h_Es]) / n
    /// with c_bs the counts of base groups and h_Es the class histograms.
    double klDivergence = 0;
    /// um(G) = I(G)/I(O) with I(v) = 1/|leaves(v)| over the QI attributes (Tian & Zhang 2011 Def.
    /// 14; the SA is not generalized and is left out of both sums). Suppressed rows count at the
    /// top.
    double information = 1;
    /// Loss metric LM (Iyengar 2002, ARX's "loss"): the mean over all n·d published QI cells of
    /// (|leaves(v)| − 1)/(|domain| − 1) for the cell's generalized value v, where leaves(v) are
    /// the *data-domain* base values v covers (HierarchyMap::coverage, as for KL and
    /// information: base values that occur in the column) and |domain| = their number
    /// (levelSize(0)). An attribute with a single value contributes 0; a suppressed row counts
    /// 1 for every QI attribute. 0 = nothing generalized, 1 = everything suppressed. It never
    /// decreases under generalization (an ancestor covers at least its descendants' leaves),
    /// so without suppression it is a function of the levels alone.
    double loss = 0;
    /// Sweeney's Prec = 1 − (Σ_i l_i/h_i)/d (attributes of height 0 contribute 0). A property
    /// of the node: suppression is not reflected. Reported, not an optimum metric.
    double precision = 1;
    /// The attribute-wise quality models (quality_model.h), per QI attribute. Entropy in bits:
    /// a cell costs −log2(cnt(x)/cnt(g)) with cnt the input rows of the original value x and of
    /// the input rows that g covers; granularity: the mean over rows of LM's cell loss; sse:
    /// max((x − lo_g)², (x − hi_g)²) over the rows divided by the same at the top value
    /// (numeric attributes; 0 for others). A suppressed row costs what the top value costs.
    QualityParts entropy, granularity, sse;
    /// Ambiguity's two parts: Σ over published rows of Π_i |leaves(g_i)| and Σ over suppressed
    /// rows of Π_i |domain_i|, both divided by n.
    double ambiguityGeneralized = 0, ambiguitySuppressed = 0;
};

/// The value minimized for `metric`: height, aecs, dm, kl, 1 − information, loss (LM).
/// The attribute-wise models use `quality` (weights, gs-factor, aggregate).
double metricValue(const NodeMetrics& metrics, Metric metric, const QualityOptions& quality = {});

/// True when (a, levels a) is a strictly better optimum than (b): smaller metric (relative
/// tolerance 1e-12, so equal values computed in different orders tie), then lower height,
/// then lexicographically smaller level vector (SPEC §5, deterministic optimum).
bool betterOptimum(const NodeMetrics& a, const NodeMetrics& b, Metric metric,
                   const QualityOptions& quality = {});

/// Metrics of a node's classes; `suppressed[c]` != 0 marks suppressed classes (empty: none).
NodeMetrics measureClasses(const Dataset& data, const EquivalenceClasses& classes,
                           std::span<const std::uint8_t> suppressed = {});

/// KL-divergence of the "base" release of Machanavajjhala et al. 2007 Figs. 19–20: every QI
/// attribute suppressed, only the sensitive attribute published (F̂*(x) = n(s) / (n·∏ domain
/// sizes)).
double baseKlDivergence(const Dataset& data);

}  // namespace ldv
