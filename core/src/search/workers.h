#pragma once
// Running one job on several threads, as the searches do: the calling thread is worker 0,
// the first exception any worker throws (e.g. Cancelled) is rethrown once all have stopped,
// and `abort` tells the others to stop early.
#include <atomic>
#include <exception>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "search/thread_counters.h"

namespace ldv::detail {

/// With `counters` (one per worker of the classification, at least `threads`), worker t's
/// time in the region is split into counters[t]'s busy, idle and lock-wait time: idle is
/// what IdleTimer measured plus the time before the thread started and after it finished
/// while others still worked; lock waits are what the counted locks measured; busy is the
/// rest. Counters beyond `threads` (a region with fewer workers) are idle for the region.
template <class Work>
void runWorkers(unsigned threads, Work&& work, std::atomic<bool>* abort = nullptr,
                std::span<ThreadCounters> counters = {}) {
    std::exception_ptr error;
    std::mutex lock;
    const auto regionStart = CounterClock::now();
    std::vector<CounterClock::time_point> starts(threads, regionStart), ends(threads, regionStart);
    auto guarded = [&](unsigned t) {
        ThreadCounters* const mine = t < counters.size() ? &counters[t] : nullptr;
        ThreadCounters* const outer = tCounters;
        tCounters = mine;
        double idle0 = 0, lock0 = 0;
        if (mine) {
            idle0 = mine->idleMs;
            lock0 = mine->lockWaitMs;
            starts[t] = CounterClock::now();
        }
        try {
            work(t);
        } catch (...) {
            const std::lock_guard hold(lock);
            if (!error) error = std::current_exception();
            if (abort) abort->store(true);
        }
        if (mine) {
            ends[t] = CounterClock::now();
            mine->busyMs +=
                msBetween(starts[t], ends[t]) - (mine->idleMs - idle0) - (mine->lockWaitMs - lock0);
        }
        tCounters = outer;
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(guarded, t);
    guarded(0);
    for (std::thread& t : pool) t.join();
    if (!counters.empty()) {
        const auto regionEnd = CounterClock::now();
        for (std::size_t t = 0; t < counters.size(); ++t)
            counters[t].idleMs +=
                t < threads ? msBetween(regionStart, starts[t]) + msBetween(ends[t], regionEnd)
                            : msBetween(regionStart, regionEnd);
    }
    if (error) std::rethrow_exception(error);
}

}  // namespace ldv::detail
