#pragma once
// The bundled user guide (resources/help/userguide.html, compiled in as a Qt resource so it
// reads offline): a window with a browser, Back / Forward / Contents. Links of the form
// "perspective:risk" ask the main window to show that perspective; web links open in the
// system browser.
#include <QWidget>

#include "widgets/qtforward.h"

namespace ldv::ui {

class UserGuide : public QWidget {
    Q_OBJECT
public:
    explicit UserGuide(QWidget* parent = nullptr);
    /// The guide's start page (with its table of contents).
    static QUrl homeUrl();
    /// Shows the guide at `anchor` (a section id such as "risk"), or at the top.
    void showSection(const QString& anchor = {});
    QTextBrowser* browser() const { return m_browser; }

signals:
    /// A "perspective:NAME" link was followed.
    void perspectiveRequested(const QString& name);

private:
    void follow(const QUrl& url);
    QTextBrowser* m_browser;
};

}  // namespace ldv::ui
