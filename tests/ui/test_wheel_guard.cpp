// Scrolling a form with the wheel must not edit the spin box or combo box under the pointer
// (widgets/scrollpanel.cpp: a walk changed SWEEP's τ from 0.50 to 0.01 that way); once the
// user clicks into it, the wheel edits it.
#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QtTest>

#include "widgets/scrollpanel.h"

using namespace ldv::ui;

namespace {
/// Sends a wheel turn to `w`; true when `w` (or a filter) accepted it. An event left
/// unaccepted is offered to the parents, up to the scroll area, when it comes from the window
/// system (walked under Xvfb with xdotool: the panel scrolls); a test's sendEvent is not
/// propagated, so the test checks that the field leaves it.
bool wheel(QWidget* w, int steps) {
    const QPointF at(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, -120 * steps), Qt::NoButton,
                  Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
    return e.isAccepted();
}
}  // namespace

class TestWheelGuard : public QObject {
    Q_OBJECT
private slots:
    void wheelScrollsTheFormNotTheField() {
        QWidget window;
        auto* content = new QWidget;
        auto* layout = new QVBoxLayout(content);
        auto* spin = new QSpinBox;
        spin->setRange(0, 100);
        spin->setValue(50);
        auto* combo = new QComboBox;
        combo->addItems({"a", "b", "c"});
        layout->addWidget(spin);
        layout->addWidget(combo);
        layout->addSpacing(3000);  // taller than the window: the area scrolls
        QScrollArea* area = scrollPanel(content, &window);
        auto* outer = new QVBoxLayout(&window);
        outer->addWidget(area);
        window.resize(300, 200);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        window.setFocus();  // neither field has focus

        // A wheel from the window system would first give focus to a Qt::WheelFocus field.
        QCOMPARE(spin->focusPolicy(), Qt::StrongFocus);
        QCOMPARE(combo->focusPolicy(), Qt::StrongFocus);
        QVERIFY(!wheel(spin, 3));
        QCOMPARE(spin->value(), 50);
        QVERIFY(!wheel(combo, 1));
        QCOMPARE(combo->currentIndex(), 0);

        // Focused: the wheel edits the field.
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        QVERIFY(wheel(spin, 3));
        QVERIFY(spin->value() != 50);
    }
};

QTEST_MAIN(TestWheelGuard)
#include "test_wheel_guard.moc"
