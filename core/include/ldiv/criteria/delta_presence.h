#pragma once
// δ-presence (Nergiz, Atzori & Clifton, "Hiding the Presence of Individuals from Shared
// Databases", SIGMOD 2007): the loaded table is the population P, the research subset T ⊆ P
// is what is published (research_subset.h). Generalizing P and T alike, an attacker who
// knows a person's quasi-identifiers and that they are in P learns P(t ∈ T | T*) =
// |T ∩ E| / |P ∩ E| for the person's class E: δ(E). δ-presence with bounds DMIN ≤ DMAX
// requires DMIN ≤ δ(E) ≤ DMAX for every class E of the population (a class without a subset
// row has δ = 0: it fails when DMIN > 0, since the attacker learns the person is absent).
//
// The criterion reads a class's histogram over the membership attribute that
// PresenceDataset adds (codes "out" and "in"). Monotone without suppression: the δ of a
// union of classes is the mediant (a1 + a2) / (n1 + n2), which lies between δ1 and δ2, so a
// union of classes within [DMIN, DMAX] stays within (docs/criteria.md).
#include <cstdint>

#include "ldiv/criteria/criterion_types.h"

namespace ldv {

struct DeltaPresence {
    double dmin = 0;
    double dmax = 1;
    /// The code of "in" in the membership attribute's dictionary.
    std::uint32_t inCode = 1;

    /// δ = counts[inCode] / N (0 when N = 0).
    double delta(Histogram counts) const;
    /// N > 0 and DMIN ≤ δ ≤ DMAX.
    bool holds(Histogram counts) const;
    /// How far δ lies outside [DMIN, DMAX]: max(DMIN − δ, δ − DMAX), ≤ 0 exactly when it
    /// holds (lower is better, threshold 0); +∞ for an empty class.
    double measure(Histogram counts) const;
};

}  // namespace ldv
