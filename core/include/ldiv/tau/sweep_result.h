#pragma once
// Sequential Sweep (SWEEP, Tian & Zhang 2011 §4, Fig. 6): a (τ,ℓ)-diversity algorithm that
// generalizes QI values by sweeping rows from equivalence classes labelled by specific QI values
// into ones labelled by more general values, in the information order ≻_I (Tian & Zhang 2011 Def.
// 26), and generalizes SA values when the most general class still fails (Tian & Zhang 2011 §4.3).
// Local recoding; O((H + h_SA)·|T|) (Tian & Zhang 2011 Thm 32).
#include <cstdint>
#include <vector>

#include "ldiv/data/feedback.h"
#include "ldiv/tau/tau_input.h"

namespace ldv {

/// One item of V (Tian & Zhang 2011 Fig. 6 step 2): a combination of hierarchy levels with its
/// level vector v = ⟨I, depth(A1), …, depth(Ad)⟩ (Tian & Zhang 2011 Def. 26), attributes in
/// importance order, depth = levels below the root (the paper counts levels from the root).
struct SweepItem {
    /// I(⟨L1,j1,…,Ld,jd⟩) = (1/d)·Σ_i I(S_i,ji), I(S_i,j) = Σ_v p′(v)·I(v) / Σ_v p′(v) over the
    /// level-j values v of Ai, p′(v) = data leaves under v, I(v) = 1/|leaves(v)| (Tian & Zhang 2011
    /// §4.1).
    double information = 0;
    std::vector<int> depths;  ///< importance order
    std::vector<int> levels;  ///< generalization level per QI, in the dataset's QI order
};

/// V in descending ≻_I order: the base item first, the all-root item last. `importance` is a
/// permutation of QI indices, most important first (empty = the dataset's QI order).
std::vector<SweepItem> sweepOrder(const Dataset& data,
                                  const std::vector<std::size_t>& importance = {});

struct SweepOptions {
    double tau = 0.5;
    double l = 2;
    /// QI indices by importance, most important first (empty = the --qi order).
    std::vector<std::size_t> importance;
    /// Shuffles the order in which rows enter their first class; ties in the tuple selection
    /// heuristics ("one is selected randomly", Tian & Zhang 2011 Ex. 33–34) go to the latest row,
    /// so the output is a function of (input, options, seed).
    std::uint64_t seed = 1;
};

struct SweepStatistics {
    std::size_t items = 0;           ///< |V| = ∏(h_i + 1)
    std::size_t rowMoves = 0;        ///< placements of rows into next classes (steps 3, 9)
    std::size_t sweptRows = 0;       ///< rows chosen by the tuple-selection heuristic (§4.4)
    std::size_t saSteps = 0;         ///< SA values replaced by their parent (§4.3)
    std::size_t saStepsInitial = 0;  ///< … of which in step 1 (the table as one class)
    std::size_t closedClasses = 0;
    double milliseconds = 0;
};

struct SweepResult {
    LocalRecoding recoding;
    SweepStatistics statistics;
};

/// Runs SWEEP. Throws ParameterError for an invalid (τ,ℓ) (validateTau with m = number of
/// base SA values); polls `feedback` once per item of V.
SweepResult sweep(const TauInput& input, const SweepOptions& options, Feedback* feedback = nullptr);

}  // namespace ldv
