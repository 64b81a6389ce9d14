#pragma once
// A panel that scrolls instead of forcing the window taller: the workbench has to fit a
// 1366×768 laptop screen, so side panels and option forms go into one of these.
#include <QScrollArea>

namespace ldv::ui {

/// Wraps `content` in a frameless, resizable QScrollArea (vertical scroll bar as needed, no
/// horizontal one unless `horizontal`). The area's minimum height is small, its width follows
/// the content's minimum width.
QScrollArea* scrollPanel(QWidget* content, QWidget* parent, bool horizontal = false);

}  // namespace ldv::ui
