// SUDA2 minimal sample uniques and scores (suda2.h).
#include "ldiv/risk/suda2.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <exception>
#include <mutex>
#include <numeric>
#include <span>
#include <thread>

#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"

namespace ldv {

namespace {

// The recursive search of Manning, Haglin & Keane (2008) over subtables: a node is a class C of
// an attribute set P (the rows agreeing on P, at least 2 of them), and its children split C by
// one attribute a below P's lowest, so every set has one parent (itself less its lowest
// attribute) and a depth-first walk with children in increasing a meets each row's sets in
// increasing bit-mask order: every subset of S before S.
//  - A row alone in its part of C is unique on P ∪ {a} and not on P: a candidate MSU, minimal
//    iff no MSU found for the row before (all its subsets came before) lies inside it.
//  - A part of ≥ 2 rows is a subtable searched the same way with the attributes below a
//    (SUDA2's recursion on the rows holding one value).
//  - An attribute constant on C is skipped with its whole subtree: any S ⊇ P ∪ {a} unique for a
//    row of C stays unique without a, so is not minimal. With it SUDA2's support-row bound
//    holds by itself: a class of m rows leads to MSUs of at most m − 1 more attributes, since
//    each split of a class into parts makes them smaller.
//  - Rows unique on P are in no class of P: nothing below P can be minimal for them.
// Codes are held in the narrowest type that fits the largest domain (one byte for mach2019's 16
// attributes: a row's codes in 16 bytes rather than 64, four rows a cache line for the counting
// sorts' scattered reads).
template <typename Code>
struct Walk {
    std::size_t attributes;
    const std::vector<Code>& codes;  // row-major: codes[row * attributes + a]
    std::size_t maxSize;
    Feedback* feedback;
    // Per depth: C's rows grouped by value, their positions in C, and their `alone` bits.
    std::vector<std::vector<std::uint32_t>> parts = {};
    std::vector<std::vector<std::uint32_t>> positions = {};
    std::vector<std::vector<std::uint64_t>> partAlone = {};
    std::vector<std::vector<std::uint64_t>> alone = {};   // per depth, by position in C
    std::vector<std::vector<std::uint32_t>> bounds = {};  // per depth: the groups' ends
    std::vector<std::uint32_t> count = {};                // by code, kept zero
    std::vector<std::uint32_t> domains = {};              // per attribute, its domain size
    std::vector<std::vector<std::uint32_t>> counts = {};  // per depth: one-pass counts
    static constexpr std::size_t kOnePass = 64;
    std::vector<Code> touched = {};
    std::uint64_t work = 0;

    // found[row * attributes + a]: the row's MSUs whose lowest attribute is a. A candidate
    // P ∪ {a} (a below P) can only contain an MSU X holding a (the row is not unique on P),
    // and then a is X's lowest attribute too: only that list needs looking at.
    std::vector<std::vector<std::uint64_t>> found = {};

    void tick(std::size_t rowVisits) {
        work += rowVisits;
        if (feedback && work > (std::uint64_t(1) << 20)) {
            feedback->checkCancelled();
            work = 0;
        }
    }

    // Row `row` is alone in its part of P's class by a: S = P ∪ {a} is unique for it and
    // minimal iff no proper subset is unique. `parentAlone` holds the attributes below P's
    // lowest attribute p by which the row was alone in the class of P' = P \ {p} (the parent
    // node, whose loop met them before p): bit a set means P' ∪ {a} ⊊ S is unique, so S is not
    // minimal, decided without the list. Otherwise any unique X ⊊ S holds p (X ⊄ P' ∪ {a}) and
    // a; it was found before S, and recently as a rule (DFS), so the list is scanned from its
    // end.
    void record(std::uint32_t row, std::uint64_t set, std::size_t a, std::uint64_t parentAlone) {
        if (parentAlone >> a & 1) return;
        std::vector<std::uint64_t>& same = found[std::size_t(row) * attributes + a];
        for (std::size_t i = same.size(); i-- > 0;)
            if ((same[i] & ~set) == 0) return;
        same.push_back(set);
    }

    // A class of exactly 2 rows (59 % of mach2019's nodes): they split on a exactly when their
    // codes differ on a, each then alone in its part (both candidates), and parts of one row
    // have no subtable below, so neither a counting sort nor a recursion is needed.
    void visitPair(std::uint32_t r, std::uint32_t s, std::uint64_t aloneR, std::uint64_t aloneS,
                   std::uint64_t mask, std::size_t below) {
        const Code* x = codes.data() + std::size_t(r) * attributes;
        const Code* y = codes.data() + std::size_t(s) * attributes;
        tick(below);
        for (std::size_t a = 0; a < below; ++a)
            if (x[a] != y[a]) {
                const std::uint64_t set = mask | std::uint64_t(1) << a;
                record(r, set, a, aloneR);
                record(s, set, a, aloneS);
            }
    }

    // A class of 3..kSmall rows: its parts found by comparing codes pairwise (at most 28
    // comparisons per attribute), cheaper than the counting sort's two passes and scattered
    // counters. Parts are handled in order of their first row, which only matters per row: a row
    // is in one part per attribute, so it still meets its sets in increasing mask order.
    static constexpr std::size_t kSmall = 8;
    void visitSmall(const std::uint32_t* cls, const std::uint64_t* parentAlone, std::size_t n,
                    std::uint64_t mask, std::size_t below, std::size_t depth) {
        const Code* row[kSmall];
        std::uint64_t mine[kSmall] = {};
        for (std::size_t i = 0; i < n; ++i)
            row[i] = codes.data() + std::size_t(cls[i]) * attributes;
        tick(n * below);
        for (std::size_t a = 0; a < below; ++a) {
            Code c[kSmall];
            bool constant = true;
            for (std::size_t i = 0; i < n; ++i) {
                c[i] = row[i][a];
                constant &= c[i] == c[0];
            }
            if (constant) continue;
            const std::uint64_t set = mask | std::uint64_t(1) << a;
            const bool deeper = a > 0 && depth + 1 < maxSize;
            unsigned placed = 0;
            for (std::size_t i = 0; i < n; ++i) {
                if (placed >> i & 1) continue;
                std::uint32_t group[kSmall];
                std::uint64_t groupAlone[kSmall];
                std::size_t k = 0;
                group[k] = cls[i];
                groupAlone[k++] = mine[i];
                for (std::size_t j = i + 1; j < n; ++j)
                    if (c[j] == c[i]) {
                        group[k] = cls[j];
                        groupAlone[k++] = mine[j];
                        placed |= 1u << j;
                    }
                if (k == 1) {
                    record(cls[i], set, a, parentAlone[i]);
                    mine[i] |= std::uint64_t(1) << a;
                } else if (deeper) {
                    descend(group, groupAlone, k, set, a, depth + 1);
                }
            }
        }
    }

    // The subtable of a part of ≥ 2 rows, by its size.
    void descend(const std::uint32_t* rows, const std::uint64_t* parentAlone, std::size_t n,
                 std::uint64_t mask, std::size_t below, std::size_t depth) {
        if (n == 2)
            visitPair(rows[0], rows[1], parentAlone[0], parentAlone[1], mask, below);
        else if (n <= kSmall)
            visitSmall(rows, parentAlone, n, mask, below, depth);
        else
            visit(rows, parentAlone, n, mask, below, depth);
    }

    void visit(const std::uint32_t* cls, const std::uint64_t* parentAlone, std::size_t n,
               std::uint64_t mask, std::size_t below, std::size_t depth) {
        std::vector<std::uint32_t>& part = parts[depth];
        std::vector<std::uint32_t>& at = positions[depth];
        std::vector<std::uint64_t>& passAlone = partAlone[depth];
        std::vector<std::uint64_t>& mine = alone[depth];
        std::vector<std::uint32_t>& ends = bounds[depth];
        if (part.size() < n) {
            part.resize(n);
            at.resize(n);
            passAlone.resize(n);
            mine.resize(n);
        }
        std::fill_n(mine.begin(), n, 0);
        // A large class with one-byte codes counts every attribute in one pass over its rows
        // (each row's codes read once, not once per attribute); its groups then come in code
        // order, which, like the small classes' order, only matters per row.
        std::uint32_t* counted = nullptr;
        if (sizeof(Code) == 1 && n >= kOnePass) {
            std::vector<std::uint32_t>& all = counts[depth];
            all.assign(below * 0x100, 0);
            counted = all.data();
            tick(n * below);
            for (std::size_t i = 0; i < n; ++i) {
                const Code* x = codes.data() + std::size_t(cls[i]) * attributes;
                for (std::size_t a = 0; a < below; ++a) ++counted[a * 0x100 + x[a]];
            }
        }
        for (std::size_t a = 0; a < below; ++a) {
            std::uint32_t* slot = count.data();
            if (counted) {
                slot = counted + a * 0x100;
                std::uint32_t next = 0;
                ends.clear();
                for (std::size_t c = 0; c < domains[a]; ++c)
                    if (const std::uint32_t k = slot[c]) {
                        slot[c] = next;
                        next += k;
                        ends.push_back(next);
                    }
                if (ends.size() == 1) continue;
            } else {
                tick(n);
                // Counting sort of C by a's codes, groups in order of first appearance.
                for (std::size_t i = 0; i < n; ++i) {
                    const Code c = codes[std::size_t(cls[i]) * attributes + a];
                    if (count[c]++ == 0) touched.push_back(c);
                }
                if (touched.size() == 1) {
                    count[touched[0]] = 0;
                    touched.clear();
                    continue;
                }
                std::uint32_t next = 0;
                ends.clear();
                for (Code c : touched) {
                    const std::uint32_t k = count[c];
                    count[c] = next;
                    next += k;
                    ends.push_back(next);
                }
            }
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t p = slot[codes[std::size_t(cls[i]) * attributes + a]]++;
                part[p] = cls[i];
                at[p] = std::uint32_t(i);
                passAlone[p] = mine[i];
            }
            if (!counted) {
                for (Code c : touched) count[c] = 0;
                touched.clear();
            }

            const std::uint64_t set = mask | std::uint64_t(1) << a;
            const bool deeper = a > 0 && depth + 1 < maxSize;
            std::uint32_t begin = 0;
            // `ends` is per depth and the recursion uses the next one, so it survives here.
            for (std::size_t g = 0; g < ends.size(); ++g) {
                const std::uint32_t end = ends[g];
                if (end - begin == 1) {
                    const std::uint32_t i = at[begin];
                    record(part[begin], set, a, parentAlone[i]);
                    mine[i] |= std::uint64_t(1) << a;
                } else if (deeper) {
                    descend(part.data() + begin, passAlone.data() + begin, end - begin, set, a,
                            depth + 1);
                }
                begin = end;
            }
        }
    }
};

// Runs body(w) for w in [0, T), each on its own thread (w = 0 on the caller's), and rethrows
// the first exception once all have finished.
template <typename Body>
void onThreads(std::size_t T, const Body& body) {
    std::exception_ptr error;
    std::mutex errorLock;
    const auto guarded = [&](std::size_t w) {
        try {
            body(w);
        } catch (...) {
            const std::lock_guard<std::mutex> lock(errorLock);
            if (!error) error = std::current_exception();
        }
    };
    {
        std::vector<std::jthread> pool;
        for (std::size_t w = 1; w < T; ++w) pool.emplace_back(guarded, w);
        guarded(0);
    }
    if (error) std::rethrow_exception(error);
}

// Threads over the top level's parts: a task is the part of the rows sharing one value of an
// attribute h (a piece of h's subtree, the sets whose highest attribute is h). A row is in one
// part per attribute, so no two tasks meet the same (row, set). Each thread keeps its own lists,
// so a candidate is checked only against what its own thread found before (sound either way:
// every candidate is unique for its row), and a per-row post-filter then keeps a candidate iff
// no other candidate of the row with the same lowest attribute is a proper subset of it (any
// unique X ⊊ S holds S's lowest attribute, as `found` explains). That filter is exact because
// every MSU of at most maxSize attributes is a candidate: the search visits every set that can
// be minimal within the limit, and a check rejects a set only when it holds a unique proper
// subset, never an MSU; a non-minimal candidate S holds an MSU X ⊊ S, smaller than S, so within
// the limit and a candidate too. The result is thus the same set of MSUs as one thread's.
template <typename C, typename MakeWalk>
std::vector<std::vector<std::uint64_t>> searchThreaded(const std::vector<C>& codes, std::size_t M,
                                                       std::size_t rows, std::size_t domain,
                                                       std::size_t maxSize, std::size_t threads,
                                                       const MakeWalk& makeWalk) {
    // The top level, serially: per attribute h a counting sort of the table; a row alone by h
    // has the MSU {h} (bit h of aloneTop), a part of ≥ 2 rows is a task unless it is the
    // whole table (h constant: nothing below is minimal, as in `visit`).
    struct Task {
        std::size_t h, begin, end;
        double cost;
    };
    std::vector<std::uint64_t> aloneTop(rows, 0);
    std::vector<std::uint32_t> taskRows;  // the tasks' rows back to back
    std::vector<Task> tasks;
    std::vector<std::uint32_t> count(domain), sorted(rows);
    for (std::size_t h = 0; h < M; ++h) {
        std::fill(count.begin(), count.end(), 0);
        for (std::size_t row = 0; row < rows; ++row) ++count[codes[row * M + h]];
        std::uint32_t next = 0;
        for (std::uint32_t& c : count) {
            const std::uint32_t k = c;
            c = next;
            next += k;
        }
        for (std::size_t row = 0; row < rows; ++row)
            sorted[count[codes[row * M + h]]++] = std::uint32_t(row);
        // count[c] is now the end of value c's rows in `sorted`.
        std::uint32_t begin = 0;
        for (std::size_t c = 0; c < domain; ++c) {
            const std::uint32_t end = count[c], n = end - begin;
            if (n == 1) {
                aloneTop[sorted[begin]] |= std::uint64_t(1) << h;
            } else if (n >= 2 && n < rows && h > 0 && maxSize > 1) {
                // A rough guess of the part's work, largest tasks first for an even finish.
                tasks.push_back({h, taskRows.size(), taskRows.size() + n,
                                 double(n) * double(std::uint64_t(1) << h)});
                taskRows.insert(taskRows.end(), sorted.begin() + begin, sorted.begin() + end);
            }
            begin = end;
        }
    }
    // Increasing h (the post-filter needs it), the largest parts of each h first.
    std::stable_sort(tasks.begin(), tasks.end(), [](const Task& x, const Task& y) {
        return x.h != y.h ? x.h < y.h : x.cost > y.cost;
    });

    const std::size_t T = std::max<std::size_t>(1, std::min(threads, tasks.size()));
    std::vector<Walk<C>> walks;
    walks.reserve(T);
    for (std::size_t w = 0; w < T; ++w) walks.push_back(makeWalk());
    std::atomic<std::size_t> nextTask{0};
    std::atomic<bool> stop{false};
    const auto work = [&](std::size_t w) {
        try {
            Walk<C>& walk = walks[w];
            std::vector<std::uint64_t> pass;
            while (!stop.load(std::memory_order_relaxed)) {
                const std::size_t i = nextTask.fetch_add(1);
                if (i >= tasks.size()) break;
                const Task& t = tasks[i];
                const std::size_t n = t.end - t.begin;
                // The parent check's bits as the top level's loop would pass them: the
                // attributes below h by which the row is alone in the whole table.
                const std::uint64_t lower = (std::uint64_t(1) << t.h) - 1;
                pass.resize(n);
                for (std::size_t k = 0; k < n; ++k)
                    pass[k] = aloneTop[taskRows[t.begin + k]] & lower;
                walk.descend(taskRows.data() + t.begin, pass.data(), n, std::uint64_t(1) << t.h,
                             t.h, 1);
            }
        } catch (...) {
            stop = true;  // the other threads leave their tasks, onThreads rethrows
            throw;
        }
    };
    onThreads(T, work);

    // The post-filter, per row and lowest attribute a, rows split among the threads. Tasks go
    // out in increasing h and each thread takes them in that order, so a thread's candidate S
    // was checked against every candidate of its own found before: all of the row's sets in
    // S's task (S's subtree, visited subsets first) and in lower subtrees. A non-minimal S that
    // survived therefore holds an MSU found by another thread, one of a lower subtree (its
    // highest attribute below S's, so a smaller number). Only those are looked at, and a list
    // alone (the usual case) is final as it is. A row alone by a in the whole table has {a} as
    // its only MSU of lowest attribute a: every other candidate holds it.
    std::vector<std::vector<std::uint64_t>> found(rows * M);
    const auto filter = [&](std::size_t first, std::size_t last) {
        std::vector<std::vector<std::uint64_t>*> lists;
        for (std::size_t row = first; row < last; ++row)
            for (std::size_t a = 0; a < M; ++a) {
                std::vector<std::uint64_t>& out = found[row * M + a];
                lists.clear();
                for (Walk<C>& walk : walks)
                    if (!walk.found[row * M + a].empty()) lists.push_back(&walk.found[row * M + a]);
                if (aloneTop[row] >> a & 1) {
                    out.push_back(std::uint64_t(1) << a);
                } else if (lists.size() == 1) {
                    out.swap(*lists[0]);
                } else if (lists.size() > 1) {
                    for (std::vector<std::uint64_t>* l : lists) std::sort(l->begin(), l->end());
                    for (std::vector<std::uint64_t>* l : lists)
                        for (const std::uint64_t set : *l) {
                            const std::uint64_t top = std::uint64_t(1)
                                                      << (63 - std::countl_zero(set));
                            bool minimal = true;
                            for (const std::vector<std::uint64_t>* other : lists) {
                                if (other == l) continue;
                                for (std::size_t j = 0; j < other->size() && (*other)[j] < top; ++j)
                                    if (((*other)[j] & ~set) == 0) {
                                        minimal = false;
                                        break;
                                    }
                                if (!minimal) break;
                            }
                            if (minimal) out.push_back(set);
                        }
                }
                for (std::vector<std::uint64_t>* l : lists) std::vector<std::uint64_t>().swap(*l);
            }
    };
    onThreads(T, [&](std::size_t w) { filter(rows * w / T, rows * (w + 1) / T); });
    return found;
}

// The walk over `columns` in internal `order`: per row and lowest attribute, its MSUs.
template <typename C>
std::vector<std::vector<std::uint64_t>> search(const Table& table,
                                               const std::vector<std::size_t>& columns,
                                               const std::vector<std::size_t>& order,
                                               std::size_t domain, std::size_t maxSize,
                                               std::size_t threads, Feedback* feedback) {
    const std::size_t M = columns.size(), rows = table.rowCount();
    std::vector<C> codes(rows * M);
    for (std::size_t i = 0; i < M; ++i) {
        const std::span<const Code> col = table.column(columns[order[i]]).codes();
        for (std::size_t row = 0; row < rows; ++row) codes[row * M + i] = C(col[row]);
    }
    const auto makeWalk = [&] {
        Walk<C> walk{M, codes, maxSize, feedback};
        walk.parts.resize(M);
        walk.positions.resize(M);
        walk.partAlone.resize(M);
        walk.alone.resize(M);
        walk.bounds.resize(M);
        walk.count.assign(domain, 0);
        walk.counts.resize(M);
        for (std::size_t i = 0; i < M; ++i)
            walk.domains.push_back(std::uint32_t(table.column(columns[order[i]]).domainSize()));
        walk.found.resize(rows * M);
        return walk;
    };
    if (threads <= 1) {
        std::vector<std::uint32_t> all(rows);
        std::iota(all.begin(), all.end(), 0u);
        Walk<C> walk = makeWalk();
        const std::vector<std::uint64_t> none(rows, 0);  // the whole table has no parent
        walk.visit(all.data(), none.data(), rows, 0, M, 0);
        return std::move(walk.found);
    }
    return searchThreaded(codes, M, rows, domain, maxSize, threads, makeWalk);
}

}  // namespace

double suda2MsuWeight(std::size_t attributes, std::size_t size) {
    double w = 1;
    for (std::size_t i = 2; i + size <= attributes; ++i) w *= double(i);
    return w;
}

Suda2Result suda2(const Table& table, const std::vector<std::size_t>& columns,
                  const Suda2Options& options, Feedback* feedback) {
    if (columns.empty())
        throw ParameterError("SUDA2 needs attributes: give at least one quasi-identifier");
    if (columns.size() > kMaxSuda2Attributes)
        throw ParameterError("SUDA2 handles at most " + std::to_string(kMaxSuda2Attributes) +
                             " attributes, got " + std::to_string(columns.size()));
    if (table.rowCount() < 2)
        throw ParameterError("SUDA2 needs at least 2 rows: a single row is unique on nothing");
    const std::size_t M = columns.size();
    for (std::size_t i = 0; i < M; ++i) {
        if (columns[i] >= table.columnCount())
            throw ParameterError("SUDA2: no column " + std::to_string(columns[i]));
        for (std::size_t j = 0; j < i; ++j)
            if (columns[j] == columns[i])
                throw ParameterError("SUDA2: column '" + table.column(columns[i]).name() +
                                     "' is listed twice");
    }
    if (options.maxMsuSize > M)
        throw ParameterError("--max-msu " + std::to_string(options.maxMsuSize) +
                             " is more than the " + std::to_string(M) + " attributes");
    Suda2Result r;
    r.attributes = M;
    r.maxMsuSize = options.maxMsuSize == 0 ? M : options.maxMsuSize;
    const std::size_t rows = table.rowCount();
    r.msus.resize(rows);

    // The search's attribute order does not change the MSUs, only the work: the last attribute
    // heads half the sets, so attributes with more values (splitting classes into small ones,
    // soon unique) go last. order[i] = the list position of internal attribute i.
    std::vector<std::size_t> order(M);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
        return table.column(columns[x]).domainSize() < table.column(columns[y]).domainSize();
    });
    std::size_t domain = 0;
    for (std::size_t i = 0; i < M; ++i)
        domain = std::max(domain, table.column(columns[order[i]]).domainSize());
    const std::size_t threads =
        options.threads ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::vector<std::uint64_t>> found;
    if (domain <= 0x100)
        found =
            search<std::uint8_t>(table, columns, order, domain, r.maxMsuSize, threads, feedback);
    else if (domain <= 0x10000)
        found =
            search<std::uint16_t>(table, columns, order, domain, r.maxMsuSize, threads, feedback);
    else
        found = search<Code>(table, columns, order, domain, r.maxMsuSize, threads, feedback);
    std::vector<double> weight(M + 1);
    for (std::size_t k = 1; k <= M; ++k) weight[k] = suda2MsuWeight(M, k);
    r.score.assign(rows, 0);
    // Per row, split among the threads: its MSUs gathered, back to list positions, sorted and
    // scored (in that order, so a row's score is the same sum for every thread count).
    const std::size_t T = std::min(threads, rows);
    // Per thread, how many MSUs of each size contain each attribute (counts[a * (M + 1) + k];
    // the row a = M counts every MSU of size k): integers, so that the threads' sums add up exactly
    // and the figures are the same for every thread count.
    std::vector<std::vector<std::uint64_t>> counts(T,
                                                   std::vector<std::uint64_t>((M + 1) * (M + 1)));
    onThreads(T, [&](std::size_t w) {
        std::vector<std::uint64_t>& count = counts[w];
        for (std::size_t row = rows * w / T; row < rows * (w + 1) / T; ++row) {
            std::vector<std::uint64_t>& mine = r.msus[row];
            std::size_t n = 0;
            for (std::size_t a = 0; a < M; ++a) n += found[row * M + a].size();
            mine.reserve(n);
            for (std::size_t a = 0; a < M; ++a) {
                std::vector<std::uint64_t>& f = found[row * M + a];
                mine.insert(mine.end(), f.begin(), f.end());
                std::vector<std::uint64_t>().swap(f);
            }
            for (std::uint64_t& m : mine) {
                std::uint64_t listMask = 0;
                for (std::uint64_t bits = m; bits; bits &= bits - 1)
                    listMask |= std::uint64_t(1) << order[std::size_t(std::countr_zero(bits))];
                m = listMask;
            }
            std::sort(mine.begin(), mine.end());
            for (std::uint64_t m : mine) {
                const std::size_t k = std::size_t(std::popcount(m));
                r.score[row] += weight[k];
                ++count[M * (M + 1) + k];
                for (std::uint64_t bits = m; bits; bits &= bits - 1)
                    ++count[std::size_t(std::countr_zero(bits)) * (M + 1) + k];
            }
        }
    });
    // The threads' counts added (exact), then weighted; the total score in row order.
    std::vector<std::uint64_t> count((M + 1) * (M + 1));
    for (const std::vector<std::uint64_t>& c : counts)
        for (std::size_t i = 0; i < c.size(); ++i) count[i] += c[i];
    r.msusBySize.assign(M + 1, 0);
    for (std::size_t k = 0; k <= M; ++k) r.msusBySize[k] = count[M * (M + 1) + k];
    double total = 0;
    for (std::size_t row = 0; row < rows; ++row) total += r.score[row];
    r.attributeContribution.assign(M, 0);
    for (std::size_t a = 0; a < M; ++a) {
        double sum = 0;
        for (std::size_t k = 1; k <= M; ++k) sum += double(count[a * (M + 1) + k]) * weight[k];
        r.attributeContribution[a] = total > 0 ? sum / total : 0;
    }
    return r;
}

}  // namespace ldv
