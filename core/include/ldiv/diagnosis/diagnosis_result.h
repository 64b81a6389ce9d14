#pragma once
// Anonymity diagnosis (the privacy-diagnosis paper, SPEC §6): the twelve questions of the
// privacy-diagnosis paper §4.1 about the k-anonymity of a table r with respect to attribute sets S,
// with and without δ-suppression. Every function works on the dictionary codes of the table; the
// searches over attribute sets refine the cached partition of S into that of S ∪ {a} (one pass over
// the rows) instead of grouping from scratch, and prune with the privacy-diagnosis paper Lemma 1.
//
// Numbering (the privacy-diagnosis paper §4.1): given k / S / δ →
//   1 is r k-anonymous w.r.t. S (k,S)        7 for which S, δ-suppressed (k,δ)
//   2 for which k (S)                        8 for which k and S, δ-suppressed (δ)
//   3 for which S (k)                        9 for which δ (k,S)
//   4 for which S and k ()                  10 for which δ and S (k)
//   5 is δ-suppressed r k-anonymous (k,S,δ) 11 for which δ and k (S)
//   6 for which k, δ-suppressed (S,δ)       12 for which δ, k and S ()
// "k-anonymous" is the privacy-diagnosis paper Def. 2 (k = the smallest class); "δ-suppressed"
// means the best suppression of at most ⌈δ·n⌉ rows (Lemma 2). See docs/diagnosis.md.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ldiv/data/table.h"

namespace ldv {

class Feedback;

/// A set of attributes: bit i = the i-th column of the attribute list the question was
/// asked about (at most 63 attributes, so that 2^|R| fits).
using AttributeMask = std::uint64_t;
inline constexpr std::size_t kMaxDiagnosisAttributes = 63;

/// The privacy-diagnosis paper §4.1: questions with a given k may be asked "at least k" or "at most
/// k".
enum class Bound { AtLeast, AtMost };

/// Parameters of a question; which ones a question takes is listed above (others must be
/// empty, so that a misplaced --k is an error rather than silently ignored).
struct DiagnosisQuery {
    int question = 2;
    std::optional<std::size_t> k;
    std::optional<double> delta;
    Bound bound = Bound::AtLeast;
    /// Questions 4, 8, 10, 12: list only the sets that were computed; a set whose value
    /// already equals that of all attributes stands for all its supersets (andSupersets).
    /// Otherwise every non-empty subset is listed (refused past 2^20 subsets).
    bool compact = false;
};

struct DiagnosisAnswer {
    AttributeMask attributes = 0;
    std::optional<std::size_t> k;
    std::optional<double> delta;
    std::optional<std::size_t> suppressedRows;
    /// Question 3/7 "at most k": rows (left after suppression) in classes of size ≤ k.
    std::optional<std::size_t> exposedRows;
    /// Compact listings: every superset of this set has the same answer (the privacy-diagnosis
    /// paper Lemma 1).
    bool andSupersets = false;
};

struct DiagnosisResult {
    int question = 0;
    std::vector<std::size_t> columns;  ///< table columns: bit i of a mask = columns[i]
    std::optional<bool> holds;         ///< questions 1 and 5
    std::vector<DiagnosisAnswer> answers;
    /// Questions 5, 6, 9 (one set S): the rows to suppress, ascending row indices.
    std::vector<std::size_t> rowsToSuppress;
    std::uint64_t calls =
        0;  ///< computations of k for one set (the privacy-diagnosis paper Algorithm 1 or 3)
    std::uint64_t naiveCalls =
        0;  ///< 2^|R|, the naive enumeration the privacy-diagnosis paper compares against
    double elapsedMs = 0;
    std::vector<std::string> attributeNames(AttributeMask mask, const Table& table) const;
};

/// Answers question `query.question` for the attribute list `columns` (= S for questions
/// 1, 2, 5, 6, 9, 11; = R, whose subsets are searched, for 3, 4, 7, 8, 10, 12). Throws
/// ParameterError for a missing/unexpected parameter, k < 1, δ ∉ [0,1], an empty, repeated
/// or too long attribute list, or an empty table; Cancelled when `feedback` is cancelled.
DiagnosisResult diagnose(const Table& table, const std::vector<std::size_t>& columns,
                         const DiagnosisQuery& query, Feedback* feedback = nullptr);

// The questions one by one (same contracts as diagnose()).

/// Q1: is r at least (at most) k-anonymous w.r.t. S? answers[0].k = k(S).
DiagnosisResult isKAnonymous(const Table&, const std::vector<std::size_t>& s, std::size_t k, Bound);
/// Q2: k(S), the smallest class size (the privacy-diagnosis paper Algorithm 1).
DiagnosisResult kAnonymity(const Table&, const std::vector<std::size_t>& s);
/// Q3 (δ = 0) and Q7: "at least": the maximal S ⊆ R with k_δ(S) ≥ k (the privacy-diagnosis paper
/// Algorithm 2, with Algorithm 3 for δ > 0). "At most": the minimal S with k_δ(S) ≤ k — the
/// quasi-identifiers to worry about (k = 1: sets that single out a row), with the rows they expose.
DiagnosisResult anonymousSets(const Table&, const std::vector<std::size_t>& r, std::size_t k,
                              double delta, Bound, Feedback* = nullptr);
/// Q4 (δ = 0) and Q8: k_δ(S) for every S ⊆ R. Lemma 1 sandwich: once k_δ(S) (and its
/// suppression) equals that of R, every S ⊆ S' ⊆ R has the same value and is not computed.
DiagnosisResult anonymityOfAllSets(const Table&, const std::vector<std::size_t>& r, double delta,
                                   bool compact, Feedback* = nullptr);
/// Q5: is the δ-suppressed r at least (at most) k-anonymous w.r.t. S?
DiagnosisResult isKAnonymousSuppressed(const Table&, const std::vector<std::size_t>& s,
                                       std::size_t k, double delta, Bound);
/// Q6: k_δ(S) and the rows to suppress (the privacy-diagnosis paper Algorithm 3, Lemma 2).
DiagnosisResult kAnonymitySuppressed(const Table&, const std::vector<std::size_t>& s, double delta);
/// Q9: "at least": the smallest δ with k_δ(S) ≥ k (δ = m(k)/n); "at most": the largest δ
/// with k_δ(S) ≤ k. No answer when no δ works.
DiagnosisResult suppressionFor(const Table&, const std::vector<std::size_t>& s, std::size_t k,
                               Bound);
/// Q10: question 9 for every S ⊆ R (monotone in S, pruned like Q4).
DiagnosisResult suppressionForAllSets(const Table&, const std::vector<std::size_t>& r,
                                      std::size_t k, Bound, bool compact, Feedback* = nullptr);
/// Q11: every reachable k with the least δ reaching it (one answer per distinct class size).
DiagnosisResult suppressionTradeoff(const Table&, const std::vector<std::size_t>& s);
/// Q12: question 11 for every S ⊆ R (pruned once the class-size histogram equals R's).
DiagnosisResult suppressionTradeoffOfAllSets(const Table&, const std::vector<std::size_t>& r,
                                             bool compact, Feedback* = nullptr);

/// Human-readable names of the questions, by number 1..12.
std::string questionText(int question);

}  // namespace ldv
