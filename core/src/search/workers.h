#pragma once
// Running one job on several threads, as the searches do: the calling thread is worker 0,
// the first exception any worker throws (e.g. Cancelled) is rethrown once all have stopped,
// and `abort` tells the others to stop early.
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace ldv::detail {

template <class Work>
void runWorkers(unsigned threads, Work&& work, std::atomic<bool>* abort = nullptr) {
    std::exception_ptr error;
    std::mutex lock;
    auto guarded = [&](unsigned t) {
        try {
            work(t);
        } catch (...) {
            const std::lock_guard hold(lock);
            if (!error) error = std::current_exception();
            if (abort) abort->store(true);
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(guarded, t);
    guarded(0);
    for (std::thread& t : pool) t.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace ldv::detail
