#pragma once
// The built-in counters of the classifications' worker threads (issue 38, docs/search.md
// "Thread counters and the scaling model"): busy, idle and lock-wait time per thread, and the
// chain of dependent checks each check ends (its critical path).
//
// Cheap by construction: a lock that is free costs one try_lock, one count and no clock read; only
// a lock found taken, a wait for work and a check read the steady clock (two reads per check,
// against a rollup of thousands of classes).
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "ldiv/search/search_result.h"

namespace ldv::detail {

using CounterClock = std::chrono::steady_clock;

inline double msBetween(CounterClock::time_point a, CounterClock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

/// The counters of the worker running on this thread: set by runWorkers (workers.h) for the
/// duration of a counted region, null elsewhere (then nothing is counted).
inline thread_local ThreadCounters* tCounters = nullptr;

inline void countAcquisition() {
    if (ThreadCounters* c = tCounters) ++c->lockAcquisitions;
}

/// Locks `m`, counting the acquisition and, when another thread holds it, the wait.
template <class Mutex>
void lockCounted(Mutex& m) {
    countAcquisition();
    if (m.try_lock()) return;
    const auto t0 = CounterClock::now();
    m.lock();
    if (ThreadCounters* c = tCounters) {
        ++c->lockWaits;
        c->lockWaitMs += msBetween(t0, CounterClock::now());
    }
}

template <class Mutex>
void lockSharedCounted(Mutex& m) {
    countAcquisition();
    if (m.try_lock_shared()) return;
    const auto t0 = CounterClock::now();
    m.lock_shared();
    if (ThreadCounters* c = tCounters) {
        ++c->lockWaits;
        c->lockWaitMs += msBetween(t0, CounterClock::now());
    }
}

/// std::lock_guard / std::shared_lock that count their waits.
template <class Mutex>
class CountedLock {
public:
    explicit CountedLock(Mutex& m) : m_mutex(m) { lockCounted(m); }
    ~CountedLock() { m_mutex.unlock(); }
    CountedLock(const CountedLock&) = delete;
    CountedLock& operator=(const CountedLock&) = delete;

private:
    Mutex& m_mutex;
};

template <class Mutex>
class CountedSharedLock {
public:
    explicit CountedSharedLock(Mutex& m) : m_mutex(m) { lockSharedCounted(m); }
    ~CountedSharedLock() { m_mutex.unlock_shared(); }
    CountedSharedLock(const CountedSharedLock&) = delete;
    CountedSharedLock& operator=(const CountedSharedLock&) = delete;

private:
    Mutex& m_mutex;
};

/// Times a wait for work (a barrier, a condition variable) as idle time of this thread.
class IdleTimer {
public:
    IdleTimer() : m_start(CounterClock::now()) {}
    ~IdleTimer() {
        if (ThreadCounters* c = tCounters) c->idleMs += msBetween(m_start, CounterClock::now());
    }
    IdleTimer(const IdleTimer&) = delete;
    IdleTimer& operator=(const IdleTimer&) = delete;

private:
    CounterClock::time_point m_start;
};

/// Times a wait for a result another thread is computing (a rollup source being built) as a
/// lock wait.
class LockWaitTimer {
public:
    LockWaitTimer() : m_start(CounterClock::now()) {}
    ~LockWaitTimer() {
        if (ThreadCounters* c = tCounters) {
            ++c->lockWaits;
            c->lockWaitMs += msBetween(m_start, CounterClock::now());
        }
    }
    LockWaitTimer(const LockWaitTimer&) = delete;
    LockWaitTimer& operator=(const LockWaitTimer&) = delete;

private:
    CounterClock::time_point m_start;
};

/// The end of a chain of dependent checks: how many checks, and their summed time. The two
/// longest chains are tracked apart (by count and by time), so `join` takes each maximum.
struct Chain {
    std::uint64_t checks = 0;
    double ms = 0;
    /// The chain a check of `checkMs` ends when it waited for this one (`counted`: a check of
    /// classes; a bound's decision adds its time only, as it is not a checked node).
    Chain then(double checkMs, bool counted = true) const {
        return {checks + (counted ? 1 : 0), ms + checkMs};
    }
    Chain join(const Chain& o) const { return {std::max(checks, o.checks), std::max(ms, o.ms)}; }
};

/// Records one decision that ends `end` and took `checkMs` in `stats` (call where the
/// classifier serialises its statistics): a checked node (`counted`) adds to checkedNodes and
/// to the running thread's nodesChecked, so that their sums agree.
inline void countCheck(SearchStatistics& stats, const Chain& end, double checkMs,
                       bool counted = true) {
    if (counted) {
        ++stats.checkedNodes;
        if (ThreadCounters* c = tCounters) ++c->nodesChecked;
    }
    stats.criticalPath.checks = std::max(stats.criticalPath.checks, end.checks);
    stats.criticalPath.ms = std::max(stats.criticalPath.ms, end.ms);
    stats.criticalPath.workMs += checkMs;
}

inline Chain chainOf(const CriticalPath& p) {
    return {p.checks, p.ms};
}

}  // namespace ldv::detail
