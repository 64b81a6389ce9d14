#include "help/userguide.h"

#include <QDesktopServices>
#include <QHBoxLayout>
#include <QLabel>
#include <QScreen>
#include <QTextBrowser>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

// The resource lives in a static library: it must be registered by hand (outside any
// namespace, as Q_INIT_RESOURCE requires).
static void initHelpResource() {
    Q_INIT_RESOURCE(help);
}

namespace ldv::ui {

UserGuide::UserGuide(QWidget* parent)
    : QWidget(parent, Qt::Window), m_browser(new QTextBrowser(this)) {
    initHelpResource();
    setObjectName("userGuide");
    setWindowTitle(tr("ldiv user guide"));
    m_browser->setObjectName("userGuideBrowser");
    m_browser->setOpenLinks(false);
    m_browser->setSearchPaths({QStringLiteral(":/help")});
    auto* back = new QToolButton(this);
    back->setText(tr("◀ Back"));
    back->setToolTip(tr("Back to the previous page or section (Alt+Left)"));
    back->setShortcut(QKeySequence::Back);
    auto* forward = new QToolButton(this);
    forward->setText(tr("Forward ▶"));
    forward->setToolTip(tr("Forward again (Alt+Right)"));
    forward->setShortcut(QKeySequence::Forward);
    auto* home = new QToolButton(this);
    home->setText(tr("Contents"));
    home->setToolTip(tr("The guide's table of contents"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(back);
    bar->addWidget(forward);
    bar->addWidget(home);
    bar->addStretch(1);
    bar->addWidget(new QLabel(tr("Links to a perspective switch the workbench to it."), this));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_browser, 1);
    connect(back, &QToolButton::clicked, m_browser, &QTextBrowser::backward);
    connect(forward, &QToolButton::clicked, m_browser, &QTextBrowser::forward);
    connect(home, &QToolButton::clicked, this, [this] { showSection(); });
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QToolButton::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QToolButton::setEnabled);
    connect(m_browser, &QTextBrowser::anchorClicked, this, &UserGuide::follow);
    back->setEnabled(false);
    forward->setEnabled(false);
    m_browser->setSource(homeUrl());
    // Beside the workbench on a 1366×768 laptop, never larger than the screen.
    QSize size(900, 640);
    if (const QScreen* screen = this->screen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.9);
    resize(size);
}

QUrl UserGuide::homeUrl() {
    return QUrl(QStringLiteral("qrc:/help/userguide.html"));
}

void UserGuide::showSection(const QString& anchor) {
    QUrl url = homeUrl();
    if (!anchor.isEmpty()) url.setFragment(anchor);
    m_browser->setSource(url);
    if (anchor.isEmpty()) m_browser->scrollToAnchor(QStringLiteral("top"));
}

void UserGuide::follow(const QUrl& url) {
    if (url.scheme() == QLatin1String("perspective")) {
        emit perspectiveRequested(url.path());
        return;
    }
    if (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) {
        QDesktopServices::openUrl(url);
        return;
    }
    // Sections of the guide (relative "#anchor" links resolve against the page).
    m_browser->setSource(m_browser->source().resolved(url));
}

}  // namespace ldv::ui
