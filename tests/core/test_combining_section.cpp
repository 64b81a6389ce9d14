// The flat-combining section of the classifiers' bookkeeping (core/src/search/combining_section.h)
// against what a lock must give: sections never overlap and each runs exactly once (a plain
// counter, and a flag set inside, on 1 to 16 threads, oversubscribed on 2 cores); an exception
// reaches the thread whose section threw it and no other; a section counts into its
// requester's thread counters wherever it runs; and sections queued while another thread
// combines are run by that thread (the waits are counted, one acquisition per section).
#include <QtTest>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>

#include "search/combining_section.h"
#include "search/workers.h"

using ldv::ThreadCounters;
using ldv::detail::CombiningSection;
using ldv::detail::runWorkers;
using ldv::detail::tCounters;

namespace {

/// A little work inside a section, so that others queue meanwhile.
std::uint64_t spin(unsigned n) {
    std::uint64_t x = n;
    for (unsigned i = 0; i < n; ++i) x = x * 6364136223846793005ull + 1442695040888963407ull;
    return x;
}

}  // namespace

class TestCombiningSection : public QObject {
    Q_OBJECT
private slots:
    void sectionsAreExclusiveAndRunOnce_data() {
        QTest::addColumn<unsigned>("threads");
        QTest::addColumn<unsigned>("perThread");
        for (unsigned t : {1u, 2u, 3u, 8u, 16u}) QTest::addRow("%u threads", t) << t << 20000u / t;
    }
    void sectionsAreExclusiveAndRunOnce() {
        QFETCH(unsigned, threads);
        QFETCH(unsigned, perThread);
        CombiningSection section(threads);
        std::uint64_t total = 0;  // not atomic: only the sections touch it
        std::vector<std::uint64_t> perSlot(threads, 0);
        std::atomic<int> inside{0};
        std::atomic<int> overlaps{0};
        std::uint64_t sink = 0;
        runWorkers(threads, [&](unsigned t) {
            for (unsigned i = 0; i < perThread; ++i)
                section.run(t, [&] {
                    if (inside.fetch_add(1) != 0) ++overlaps;
                    const std::uint64_t before = total;
                    sink += spin(50 + (i % 7) * 20);
                    total = before + 1;
                    ++perSlot[t];
                    inside.fetch_sub(1);
                });
        });
        QCOMPARE(overlaps.load(), 0);
        QCOMPARE(total, std::uint64_t(threads) * perThread);
        for (unsigned t = 0; t < threads; ++t) QCOMPARE(perSlot[t], std::uint64_t(perThread));
        QVERIFY(sink != 1);  // keeps spin() from being optimised away
    }

    void exceptionsReachTheirOwnThread() {
        const unsigned threads = 6;
        CombiningSection section(threads);
        std::vector<int> caught(threads, 0), wrong(threads, 0);
        std::uint64_t sink = 0;
        runWorkers(threads, [&](unsigned t) {
            for (int i = 0; i < 3000; ++i) {
                try {
                    section.run(t, [&] {
                        sink += spin(40);
                        if (i % 10 == int(t)) throw std::runtime_error(std::to_string(t));
                    });
                } catch (const std::runtime_error& e) {
                    ++caught[t];
                    if (e.what() != std::to_string(t)) ++wrong[t];
                }
            }
        });
        for (unsigned t = 0; t < threads; ++t) {
            QCOMPARE(caught[t], 300);  // i % 10 == t for 300 of 3,000 values of i
            QCOMPARE(wrong[t], 0);
        }
        QVERIFY(sink != 1);
    }

    void sectionsCountForTheirRequester() {
        // Up to 64 tries: sections run by another thread are likely on a busy section, not
        // certain (a scheduler may run the threads one after another).
        const unsigned threads = 4, perThread = 4000;
        std::uint64_t combinedForOthers = 0;
        for (int attempt = 0; attempt < 64 && combinedForOthers == 0; ++attempt) {
            CombiningSection section(threads);
            std::vector<ThreadCounters> counters(threads);
            std::uint64_t sink = 0;
            runWorkers(
                threads,
                [&](unsigned t) {
                    for (unsigned i = 0; i < perThread; ++i)
                        section.run(t, [&] {
                            sink += spin(200);
                            // What countCheck does: it must land on the requester's counters.
                            if (ThreadCounters* c = tCounters) ++c->nodesChecked;
                        });
                },
                nullptr, counters);
            for (unsigned t = 0; t < threads; ++t) {
                QCOMPARE(counters[t].nodesChecked, std::uint64_t(perThread));
                QCOMPARE(counters[t].lockAcquisitions, std::uint64_t(perThread));
                QVERIFY(counters[t].lockWaits <= perThread);
                QVERIFY(counters[t].lockWaitMs >= 0);
                combinedForOthers += counters[t].lockWaits;
            }
            QVERIFY(sink != 1);
        }
        QVERIFY2(combinedForOthers > 0, "no section was ever run by another thread");
    }
};

QTEST_APPLESS_MAIN(TestCombiningSection)
#include "test_combining_section.moc"
