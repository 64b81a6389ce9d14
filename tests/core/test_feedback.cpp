// Feedback and SubFeedback (feedback.h): a step's progress maps onto its sub-range of the outer
// job, the outer Cancel reaches the inner call, and a step without an outer job is inert.
#include "ldiv/data/error.h"
#include "ldiv/data/feedback.h"

#include <QtTest>

#include <vector>

using namespace ldv;

class TestFeedback : public QObject {
    Q_OBJECT

private slots:
    void stepMapsOntoItsRange() {
        std::vector<double> seen;
        Feedback outer([&](double f) { seen.push_back(f); });
        SubFeedback step(outer, 0.5, 0.75);  // the constructor reports the step's start
        QCOMPARE(outer.progress(), 0.5);
        step.get()->setProgress(0.5);
        QCOMPARE(outer.progress(), 0.625);
        step.get()->setProgress(1);
        QCOMPARE(outer.progress(), 0.75);
        QCOMPARE(seen, (std::vector<double>{0.5, 0.625, 0.75}));
    }

    void outerCancelReachesInner() {
        Feedback outer;
        SubFeedback step(&outer, 0, 0.5);
        step.get()->setProgress(0.1);
        QVERIFY(!step.get()->isCancelled());
        outer.cancel();
        step.get()->setProgress(0.2);  // the inner call learns at its next report
        QVERIFY(step.get()->isCancelled());
        QVERIFY_THROWS_EXCEPTION(Cancelled, step.get()->checkCancelled());
        // A new step of a cancelled job refuses to start.
        QVERIFY_THROWS_EXCEPTION(Cancelled, SubFeedback(&outer, 0.5, 1));
    }

    void withoutOuterJob() {
        SubFeedback step(nullptr, 0, 1);
        step.get()->setProgress(0.5);
        QCOMPARE(step.get()->progress(), 0.5);
        QVERIFY(!step.get()->isCancelled());
    }
};

QTEST_APPLESS_MAIN(TestFeedback)
#include "test_feedback.moc"
