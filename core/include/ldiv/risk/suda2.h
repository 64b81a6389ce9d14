#pragma once
// SUDA2: special uniques (Elliot, Manning, Mayes, Gurd & Bane 2005; the algorithm of Manning,
// Haglin & Keane 2008), scored as sdcMicro's suda2 does with its default original_scores
// (docs/risk.md "SUDA2").
//
// For a record r and an attribute set S of the M quasi-identifiers, S is a sample unique of r
// when no other row has r's values on S, and a minimal sample unique (MSU) when moreover no
// proper subset of S is. The SUDA score of r is Σ_{MSUs T of r} (M − |T|)!: small MSUs weigh
// most. An attribute's contribution is the share of the total score carried by MSUs that
// contain it: Σ_r Σ_{T ∋ a} (M − |T|)! / Σ_r score(r) (each MSU counts for each of its
// attributes, so the shares sum to more than 1 when MSUs have several attributes).
//
// The search: SUDA2's recursion over subtables (a class of a set P, split by each attribute
// below P's lowest; parts of ≥ 2 rows searched the same way), so each row meets its sets in
// increasing bit-mask order and a row alone in its part is an MSU exactly when no MSU found for
// it before lies inside; attributes constant on a class are skipped with their subtree
// (docs/risk.md "SUDA2").
#include <cstddef>
#include <cstdint>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

class Feedback;

/// At most this many attributes (an MSU is a 64-bit mask).
inline constexpr std::size_t kMaxSuda2Attributes = 63;

struct Suda2Options {
    /// Largest MSU size looked for; 0 = all M attributes. Weights stay (M − |T|)!.
    std::size_t maxMsuSize = 0;
    /// Threads for the search; 0 = std::thread::hardware_concurrency(), 1 = none started. The
    /// result is the same for every count.
    std::size_t threads = 0;
};

struct Suda2Result {
    std::size_t attributes = 0;  ///< M
    std::size_t maxMsuSize = 0;  ///< the limit used
    std::vector<double> score;   ///< per row
    /// Per row, its MSUs as masks (bit i = the i-th column of the list), ascending.
    std::vector<std::vector<std::uint64_t>> msus;
    /// Per attribute (in list order), its share of the total score; 0 when no row has an MSU.
    std::vector<double> attributeContribution;
    /// msusBySize[k] = number of MSUs of k attributes (index 0 unused).
    std::vector<std::uint64_t> msusBySize;
};

/// (M − k)!, the weight of an MSU of k attributes among M.
double suda2MsuWeight(std::size_t attributes, std::size_t size);

/// SUDA2 over the `columns` of `table`. Throws ParameterError for fewer than 2 rows, no or
/// too many columns, a repeated column, or maxMsuSize > M; polls `feedback` (Cancelled).
Suda2Result suda2(const Table& table, const std::vector<std::size_t>& columns,
                  const Suda2Options& options = {}, Feedback* feedback = nullptr);

}  // namespace ldv
