#include "workbench/placeholderperspective.h"

#include <QLabel>
#include <QVBoxLayout>

namespace ldv::ui {

PlaceholderPerspective::PlaceholderPerspective(const QString& title, const QString& description,
                                               QWidget* parent)
    : QWidget(parent) {
    auto* label = new QLabel(QStringLiteral("<h2>%1</h2><p>%2</p><p><i>%3</i></p>")
                                 .arg(title.toHtmlEscaped(), description.toHtmlEscaped(),
                                      tr("This perspective is not available yet.")),
                             this);
    label->setWordWrap(true);
    label->setAlignment(Qt::AlignCenter);
    label->setMaximumWidth(640);
    auto* layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(label, 0, Qt::AlignHCenter);
    layout->addStretch(2);
}

}  // namespace ldv::ui
