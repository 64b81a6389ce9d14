#include "widgets/scrollpanel.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>
#include <QScrollArea>
#include <QScrollBar>

namespace ldv::ui {

namespace {
// The content keeps its width (no horizontal scrolling of forms); only its height scrolls.
class VerticalScrollArea : public QScrollArea {
public:
    using QScrollArea::QScrollArea;
    QSize minimumSizeHint() const override {
        const QWidget* w = widget();
        if (!w || horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff)
            return QScrollArea::minimumSizeHint();
        const int width = w->minimumSizeHint().width() + verticalScrollBar()->sizeHint().width() +
                          2 * frameWidth();
        return {width, QScrollArea::minimumSizeHint().height()};
    }
};

// Turning the wheel to scroll a form must not change the spin box or list that happens to pass
// under the pointer (τ went from 0.50 to 0.01 that way): inside a scroll area, a spin box or
// combo box without focus passes the wheel on to the area. Clicking it first gives it focus,
// and then the wheel edits it as usual.
class WheelGuard : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() == QEvent::Polish) {
            // A wheel gives focus to a widget with Qt::WheelFocus before anyone sees the event
            // (QApplication), which would make every passing field "focused": only a click or
            // Tab gives focus to these.
            auto* widget = qobject_cast<QWidget*>(watched);
            if (widget && widget->focusPolicy() == Qt::WheelFocus &&
                (qobject_cast<QAbstractSpinBox*>(widget) || qobject_cast<QComboBox*>(widget)))
                widget->setFocusPolicy(Qt::StrongFocus);
            return false;
        }
        if (event->type() != QEvent::Wheel) return false;
        auto* widget = qobject_cast<QWidget*>(watched);
        if (!widget || widget->hasFocus() ||
            !(qobject_cast<QAbstractSpinBox*>(widget) || qobject_cast<QComboBox*>(widget)))
            return false;
        for (QWidget* w = widget->parentWidget(); w; w = w->parentWidget())
            if (qobject_cast<QScrollArea*>(w)) {
                // Not accepted: QApplication offers the event to the parents, up to the area.
                event->ignore();
                return true;
            }
        return false;
    }
};
}  // namespace

QScrollArea* scrollPanel(QWidget* content, QWidget* parent, bool horizontal) {
    static WheelGuard* guard = [] {
        auto* g = new WheelGuard(qApp);
        qApp->installEventFilter(g);
        return g;
    }();
    (void)guard;
    auto* area = new VerticalScrollArea(parent);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(horizontal ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    area->setWidget(content);
    return area;
}

}  // namespace ldv::ui
