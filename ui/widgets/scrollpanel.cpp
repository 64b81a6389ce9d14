#include "widgets/scrollpanel.h"

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
}  // namespace

QScrollArea* scrollPanel(QWidget* content, QWidget* parent, bool horizontal) {
    auto* area = new VerticalScrollArea(parent);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setHorizontalScrollBarPolicy(horizontal ? Qt::ScrollBarAsNeeded : Qt::ScrollBarAlwaysOff);
    area->setWidget(content);
    return area;
}

}  // namespace ldv::ui
