#pragma once
// One serial section shared by a classification's worker threads, run by flat combining
// (Hendler, Incze, Shavit & Tzafrir 2010): a thread that finds the section busy does not queue
// on a mutex but publishes its request and waits; the thread running the section (the
// combiner) runs every request published meanwhile before it lets go.
//
// Why: on 16 cores the implicit classifier's one mutex was a lock convoy (docs/search.md,
// "Scaling on 16 cores"). Each hand-over woke a sleeping thread, and the section stayed idle
// until it ran: on mach2019's 16 QIs, 3.4 s of lock waits for 177 ms of bookkeeping. The
// antichains also moved from core to core with the lock. A combiner runs the queued sections
// back to back on one core, and each waiter wakes while the combiner already runs the next
// one, so a waiter's wake-up is no longer on the serial path.
#include <condition_variable>
#include <exception>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

#include "search/thread_counters.h"

namespace ldv::detail {

class CombiningSection {
public:
    /// `threads`: one slot per worker; run()'s `slot` is below it.
    explicit CombiningSection(unsigned threads) : m_slots(threads) {
        m_pending.reserve(threads);
        m_batch.reserve(threads);
    }
    CombiningSection(const CombiningSection&) = delete;
    CombiningSection& operator=(const CombiningSection&) = delete;

    /// Runs `section()` excluded from every other section run through this object: on this
    /// thread, or on the thread combining at the time while this one waits. Rethrows what
    /// `section` threw. `slot`: this worker's own, which no other thread uses meanwhile.
    ///
    /// Counted as one acquisition of this thread; a section run by another thread also as a
    /// lock wait, its time the whole wait (thread_counters.h). The section itself counts into
    /// its requester's counters wherever it runs (tCounters is swapped for it), so a node it
    /// records as checked is the requester's.
    template <class F>
    void run(unsigned slot, F&& section) {
        using Fn = std::remove_reference_t<F>;
        Slot& s = m_slots[slot];
        s.call = [](void* f) { (*static_cast<Fn*>(f))(); };
        s.arg = const_cast<void*>(static_cast<const void*>(std::addressof(section)));
        s.counters = tCounters;
        s.error = nullptr;
        {
            const std::lock_guard hold(s.lock);
            s.done = false;
        }
        countAcquisition();
        bool combine = false;
        {
            const std::lock_guard hold(m_lock);
            m_pending.push_back(&s);
            combine = !m_combining;
            m_combining = true;
        }
        if (combine) {
            combineAll(s);
        } else {
            // Published while another thread combines: it runs this request before it stops
            // (it only stops with nothing pending), then sets `done`.
            const LockWaitTimer wait;
            std::unique_lock hold(s.lock);
            s.wake.wait(hold, [&] { return s.done; });
        }
        if (s.error) std::rethrow_exception(std::exchange(s.error, nullptr));
    }

private:
    /// A worker's request. Slots live as long as the section, so a combiner may notify a
    /// slot whose owner has already seen `done` and moved on. The wait is a mutex and a
    /// condition variable, not std::atomic::wait: libstdc++'s waits on a bool go through a
    /// shared table of proxies that changed between releases, and a lost wake-up here would
    /// hang a search; the condition variable's cost is off the serial path.
    struct alignas(64) Slot {
        void (*call)(void*) = nullptr;
        void* arg = nullptr;
        ThreadCounters* counters = nullptr;
        std::exception_ptr error;
        std::mutex lock;
        std::condition_variable wake;
        bool done = false;  ///< guarded by `lock`
    };

    /// Runs the pending requests, batch after batch, until none is left; `own` is the
    /// combiner's request (in the first batch), which needs no wake-up.
    void combineAll(Slot& own) {
        ThreadCounters* const mine = tCounters;
        for (;;) {
            {
                const std::lock_guard hold(m_lock);
                if (m_pending.empty()) {
                    m_combining = false;
                    return;
                }
                m_batch.swap(m_pending);
            }
            for (Slot* s : m_batch) {
                tCounters = s->counters;
                try {
                    s->call(s->arg);
                } catch (...) {
                    s->error = std::current_exception();
                }
                tCounters = mine;
                if (s == &own) continue;
                {
                    const std::lock_guard hold(s->lock);
                    s->done = true;
                }
                s->wake.notify_one();
            }
            m_batch.clear();
        }
    }

    std::vector<Slot> m_slots;
    std::mutex m_lock;  ///< guards m_pending and m_combining (held for a push or a swap)
    std::vector<Slot*> m_pending;
    bool m_combining = false;
    std::vector<Slot*> m_batch;  ///< the combiner's current batch
};

}  // namespace ldv::detail
