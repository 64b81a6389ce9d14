// Every control has a tooltip (issue 18, item 12): the main window with a project open and a
// search run (every perspective, every analysis's option form, the lattice with a node
// chosen and its risk computed), the start page, the user guide and the main dialogs (import,
// database, hierarchy match, the hierarchy builder and criterion editor inside their
// perspectives) are walked, and every button, combo box, line edit, spin box, slider and item
// view must have a tooltip that says more than the control's own label.
// Fails with a list naming each offender by class, objectName, text and where it sits.
//
// Excluded, each for a reason (see excluded()):
// - the inner parts of Qt composites: the line edit and arrows of a spin box or editable
//   combo box, a line edit's clear button, a tab bar's scroll buttons, a table's corner button,
//   a toolbar's extension arrow, a dock's title buttons, a view's header (its sections carry
//   their own tooltips through headerData) and popups (a combo box's list, a completer's):
//   the composite's own tooltip is the one a user sees;
// - Cancel / Close / Help of a QDialogButtonBox: standard buttons whose label is their whole
//   meaning (OK-type buttons are checked: they say what accepting does).
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSlider>
#include <QSpinBox>
#include <QTabBar>
#include <QTemporaryDir>
#include <QToolBar>
#include <QToolButton>
#include <QtTest>
#include <set>

#include "analysis/analysisperspective.h"
#include "data/importdialog.h"
#include "help/userguide.h"
#include "hierarchy/hierarchyimportdialog.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "ldiv/lattice/dataset.h"
#include "project/project.h"
#include "risk/riskperspective.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"
#include "workbench/startpage.h"
#ifdef LDIV_HAVE_POSTGRES
#include "database/databasedialog.h"
#endif

using namespace ldv;
using namespace ldv::ui;

namespace {

bool isControl(const QWidget* w) {
    return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w) ||
           qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
           qobject_cast<const QSlider*>(w) || qobject_cast<const QAbstractItemView*>(w);
}

/// Why `w` (a control under `root`) needs no tooltip of its own; "" when it does.
QString excluded(const QWidget* w, const QWidget* root) {
    const QByteArray cls = w->metaObject()->className();
    if (cls == "QTableCornerButton") return "a table's corner button";
    if (cls == "QToolBarExtension") return "a toolbar's overflow arrow";
    if (w->objectName() == "qt_menubar_ext_button") return "a menu bar's overflow arrow";
    if (cls == "QDockWidgetTitleButton") return "a dock's float/close button";
    if (auto* header = qobject_cast<const QHeaderView*>(w);
        header && qobject_cast<const QAbstractItemView*>(header->parentWidget()))
        return "a view's header: its sections have tooltips through headerData";
    for (const QWidget* p = w->parentWidget(); p && p != root; p = p->parentWidget()) {
        if (qobject_cast<const QComboBox*>(p) || qobject_cast<const QAbstractSpinBox*>(p) ||
            qobject_cast<const QLineEdit*>(p) || qobject_cast<const QTabBar*>(p) ||
            qobject_cast<const QScrollBar*>(p))
            return "inner part of a Qt composite";
        if (p->windowFlags().testFlag(Qt::Popup)) return "a popup (combo box list, completer)";
    }
    if (w->windowFlags().testFlag(Qt::Popup) && w != root) return "a popup";
    if (auto* box = qobject_cast<const QDialogButtonBox*>(w->parentWidget())) {
        const auto role =
            box->standardButton(qobject_cast<QAbstractButton*>(const_cast<QWidget*>(w)));
        if (role == QDialogButtonBox::Cancel || role == QDialogButtonBox::Close ||
            role == QDialogButtonBox::Help)
            return "a standard Cancel/Close/Help button";
    }
    return {};
}

QString plain(QString text) {
    text.remove('&');
    text.remove(QChar(0x2026));  // …
    text.remove("...");
    return text.trimmed().toLower();
}

/// The label a user reads on the control, if any.
QString visibleText(const QWidget* w) {
    if (auto* b = qobject_cast<const QAbstractButton*>(w)) return b->text();
    if (auto* e = qobject_cast<const QLineEdit*>(w)) return e->placeholderText();
    if (auto* c = qobject_cast<const QComboBox*>(w)) return c->currentText();
    return {};
}

/// The label beside the control in a form, or the label whose buddy it is ("" when none).
QString labelOf(const QWidget* w, const QWidget* root) {
    for (const QFormLayout* form : root->findChildren<QFormLayout*>())
        if (auto* label = qobject_cast<QLabel*>(form->labelForField(const_cast<QWidget*>(w))))
            return label->text();
    for (const QLabel* label : root->findChildren<QLabel*>())
        if (label->buddy() == w) return label->text();
    return {};
}

/// Class, objectName, text and where it sits (the workbench classes and named widgets above
/// it): enough to find the line that made it.
QString describe(const QWidget* w, const QWidget* root) {
    QStringList path;
    for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) {
        const QString cls = QString::fromLatin1(p->metaObject()->className());
        if (cls.startsWith("ldv::ui::"))
            path.prepend(cls.mid(9) +
                         (p->objectName().isEmpty() ? QString() : "#" + p->objectName()));
        else if (!p->objectName().isEmpty() && !p->objectName().startsWith("qt_"))
            path.prepend(p->objectName());
        if (p == root) break;
    }
    QString text = visibleText(w).left(60);
    if (const QString label = labelOf(w, root); !label.isEmpty())
        text += QStringLiteral("\" label \"") + label;
    return QStringLiteral("%1 \"%2\" text \"%3\" in %4")
        .arg(QString::fromLatin1(w->metaObject()->className()), w->objectName(), text,
             path.join('/'));
}

/// What a walk found: each control once (a window is walked again after each step).
struct Walk {
    std::set<const QWidget*> seen;
    QStringList missing;
    int checked = 0;
    /// For the next window: the old one's widgets are gone and their addresses may be reused.
    void nextWindow() { seen.clear(); }
};

/// Adds to `missing` each control under `root` without a tooltip, or whose tooltip only
/// repeats its label.
void walk(const QWidget* root, Walk& out) {
    for (const QWidget* w : root->findChildren<QWidget*>()) {
        if (!isControl(w) || !excluded(w, root).isEmpty()) continue;
        if (!out.seen.insert(w).second) continue;
        ++out.checked;
        const QString tip = w->toolTip();
        if (tip.trimmed().isEmpty())
            out.missing << describe(w, root) + " — no tooltip";
        else if (!visibleText(w).isEmpty() && plain(tip) == plain(visibleText(w)))
            out.missing << describe(w, root) + " — tooltip repeats the label";
    }
}

QString report(const Walk& found) {
    qInfo("%d controls checked", found.checked);
    for (const QString& line : found.missing) qWarning().noquote() << line;
    return QStringLiteral("%1 of %2 controls without a useful tooltip (listed above)")
        .arg(found.missing.size())
        .arg(found.checked);
}

}  // namespace

class TestTooltips : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(test::isolateWorkbench(m_dir, true));
        QFile csv(m_dir.filePath("people.csv"));
        QVERIFY(csv.open(QIODevice::WriteOnly));
        csv.write("id,age,zip,disease\n1,34,14850,flu\n2,51,14853,cold\n3,34,14850,asthma\n");
    }

    // The exclusion rules themselves: a spin box's line edit is excluded, the spin box is not;
    // a plain button without a tooltip is reported, one whose tooltip repeats its label too.
    void walkerFindsWhatItShould() {
        QWidget root;
        auto* spin = new QSpinBox(&root);
        spin->setToolTip("How many");
        auto* bare = new QPushButton("Go", &root);
        bare->setObjectName("bare");
        auto* echo = new QPushButton("&Run…", &root);
        echo->setObjectName("echo");
        echo->setToolTip("Run");
        auto* fine = new QPushButton("Apply", &root);
        fine->setToolTip("Writes the levels into the hierarchy");
        Walk found;
        walk(&root, found);
        walk(&root, found);          // a second walk of the same window counts nothing twice
        QCOMPARE(found.checked, 4);  // spin, bare, echo, fine; not the spin box's line edit
        QCOMPARE(found.missing.size(), qsizetype(2));
        QVERIFY(found.missing[0].contains("\"bare\""));
        QVERIFY(found.missing[0].contains("no tooltip"));
        QVERIFY(found.missing[1].contains("\"echo\""));
        QVERIFY(found.missing[1].contains("repeats"));
    }

    void startPageAndEmptyWindow() {
        MainWindow window;
        window.resize(1366, 698);
        window.show();
        Walk found;
        walk(&window, found);
        QVERIFY(found.checked > 10);
        const QString summary = report(found);
        QVERIFY2(found.missing.empty(), qPrintable(summary));
    }

    void everyPerspectiveWithAProject() {
        MainWindow window;
        window.resize(1366, 698);
        window.show();
        QVERIFY(test::openProject(window, "hospital", 30000));
        window.searchSession()->run();
        QTRY_VERIFY_WITH_TIMEOUT(
            !window.searchSession()->isRunning() && window.searchSession()->outcome(), 120000);
        const auto outcome = window.searchSession()->outcome();
        QVERIFY(outcome && outcome->result.optimum);
        Walk found;
        for (const QString& name : MainWindow::perspectiveNames()) {
            QVERIFY(window.showPerspective(name));
            if (name == "lattice") {
                // A node chosen: the details, comparison, explain and frontier fill in.
                LatticePerspective* lattice = window.latticePerspective();
                lattice->view()->selectNode(*outcome->result.optimum);
                lattice->view()->selectNode(outcome->data->dataset().lattice().top(), true);
                QTRY_VERIFY_WITH_TIMEOUT(!lattice->isLoadingDetails(), 20000);
                lattice->view()->selectNode(*outcome->result.optimum);
                QTRY_VERIFY_WITH_TIMEOUT(!lattice->isLoadingDetails(), 20000);
            }
            if (name == "risk") {
                window.riskPerspective()->compute();
                QTRY_VERIFY_WITH_TIMEOUT(!window.riskPerspective()->isRunning(), 60000);
            }
            QCoreApplication::processEvents();
            walk(&window, found);
        }
        // Each analysis builds its own option form.
        AnalysisPerspective* analysis = window.analysisPerspective();
        QVERIFY(window.showPerspective("analysis"));
        for (int i = 0; i < analysis->analysisCount(); ++i) {
            analysis->setCurrentAnalysis(i);
            QCoreApplication::processEvents();
            walk(&window, found);
        }
        QVERIFY(found.checked > 100);
        // The user guide (Help → User guide).
        UserGuide* guide = window.userGuide();
        QVERIFY(guide);
        found.nextWindow();
        walk(guide, found);
        const QString summary = report(found);
        QVERIFY2(found.missing.empty(), qPrintable(summary));
    }

    void dialogs() {
        Walk found;
        {
            ImportDialog dialog;
            dialog.setPath(m_dir.filePath("people.csv"));
            dialog.updatePreview();
            dialog.show();
            QTRY_VERIFY(dialog.previewRows() > 0);
            walk(&dialog, found);
            found.nextWindow();
        }
        {
            HierarchyImportDialog dialog({m_dir.filePath("hierarchy_age.csv"),
                                          m_dir.filePath("zip.csv"), m_dir.filePath("other.csv")},
                                         {"age", "zip", "disease"}, "age");
            dialog.show();
            walk(&dialog, found);
            found.nextWindow();
        }
#ifdef LDIV_HAVE_POSTGRES
        {
            DatabaseDialog dialog;
            dialog.show();
            walk(&dialog, found);
            found.nextWindow();
        }
#endif
        QVERIFY(found.checked > 15);
        const QString summary = report(found);
        QVERIFY2(found.missing.empty(), qPrintable(summary));
    }
};

QTEST_MAIN(TestTooltips)
#include "test_tooltips.moc"
