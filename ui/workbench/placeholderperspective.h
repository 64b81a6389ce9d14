#pragma once
#include <QWidget>

namespace ldv::ui {

/// A perspective not built yet: says what it will hold.
class PlaceholderPerspective : public QWidget {
    Q_OBJECT
public:
    PlaceholderPerspective(const QString& title, const QString& description,
                           QWidget* parent = nullptr);
};

}  // namespace ldv::ui
