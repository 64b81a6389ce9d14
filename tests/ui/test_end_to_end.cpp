// The #18 workflow end to end on the real widget tree, with synthesized mouse and keyboard
// input on widgets found by objectName: new project from CSV (import dialog) → roles
// (proposal accepted, multi-select) → bulk hierarchy import (file dialog + match dialog) →
// criterion → search → lattice select and compare → list sort (a header click on the list of
// transformations, checked against the search's own metrics, and the lattice selection
// following a click on the sorted list) → analysis → export table and report (file dialogs) →
// save → reopen with the result still there. The main window fits 1366×768: its minimum size
// leaves room for a taskbar and a title bar, and it really gets that small.
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "analysis/analysisperspective.h"
#include "charts/panelchart.h"
#include "data/dataperspective.h"
#include "data/importdialog.h"
#include "export/exportperspective.h"
#include "hierarchy/hierarchyperspective.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/nodedetailspanel.h"
#include "lattice/nodesource.h"
#include "lattice/transformationlist.h"
#include "lattice/transformationmodel.h"
#include "ldiv/lattice/dataset.h"
#include "privacy/criterioneditor.h"
#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "session/resultkeeper.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "utility/utilityperspective.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
const QStringList kMonths{"January", "February", "March",     "April",   "May",      "June",
                          "July",    "August",   "September", "October", "November", "December"};
const QStringList kZips{"14853", "14850", "13053", "13068", "10001"};
const QStringList kDiseases{"flu", "cold", "asthma", "diabetes", "migraine"};
constexpr int kRows = 400;

bool writeText(const QString& path, const QString& text) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return false;
    return f.write(text.toUtf8()) == text.toUtf8().size();
}

/// Runs `action` on the next modal dialog of type T once it is open.
template <class T>
void onModal(QObject* context, std::function<void(T*)> action, int attempt = 0) {
    QTimer::singleShot(50, context, [context, action, attempt] {
        if (auto* dialog = qobject_cast<T*>(QApplication::activeModalWidget()))
            return action(dialog);
        if (attempt < 200) onModal<T>(context, action, attempt + 1);
    });
}

/// Types `names` into the next file dialog and accepts it; then runs `then` (for a dialog
/// that follows it).
void chooseFiles(QObject* context, const QString& names, std::function<void()> then = {},
                 const QString& directory = {}) {
    onModal<QFileDialog>(context, [names, then, directory](QFileDialog* dialog) {
        if (!directory.isEmpty()) dialog->setDirectory(directory);
        // What a user types in the file name field.
        dialog->findChild<QLineEdit*>("fileNameEdit")->setText(names);
        static_cast<QDialog*>(dialog)->accept();
        if (then) then();
    });
}

QPushButton* button(QWidget* in, const char* name) {
    return in->findChild<QPushButton*>(name);
}
}  // namespace

class TestEndToEnd : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() {
        QVERIFY(test::isolateWorkbench(m_dir, true));
        // A table of our own: id unique per row, age, month, zip, disease (deterministic).
        QString csv = "id,age,month,zip,disease\n";
        for (int i = 0; i < kRows; ++i)
            csv += QString("%1,%2,%3,%4,%5\n")
                       .arg(5000 + i)
                       .arg((i * 37) % 90 + 1)
                       .arg(kMonths[(i * 7) % 12], kZips[(i * 3) % 5], kDiseases[(i * 11 / 3) % 5]);
        QVERIFY(writeText(m_dir.filePath("visits.csv"), csv));
        QString age, month, zip;
        for (int a = 1; a <= 90; ++a)
            age += QString("%1,%2-%3,*\n").arg(a).arg(a / 10 * 10).arg(a / 10 * 10 + 9);
        for (int m = 0; m < 12; ++m)
            month += QString("%1,%2..%3,*\n")
                         .arg(kMonths[m], kMonths[m / 3 * 3], kMonths[m / 3 * 3 + 2]);
        for (const QString& z : kZips)
            zip += QString("%1,%2*,%3**,*\n").arg(z, z.left(4), z.left(3));
        QVERIFY(writeText(m_dir.filePath("hierarchy_age.csv"), age));
        QVERIFY(writeText(m_dir.filePath("hierarchy_month.csv"), month));
        QVERIFY(writeText(m_dir.filePath("hierarchy_zip.csv"), zip));
    }

    void workflow() {
        const QString projectPath = m_dir.filePath("visits.ldiv.json");
        QString chosen;
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            // Fits a 1366×768 laptop (the task bar and title take ~70 px).
            QVERIFY2(window.minimumSizeHint().width() <= 1366 &&
                         window.minimumSizeHint().height() <= 698,
                     qPrintable(QString("%1×%2")
                                    .arg(window.minimumSizeHint().width())
                                    .arg(window.minimumSizeHint().height())));
            // ... and really gets that small: nothing forces it larger.
            window.resize(1366, 698);
            QTRY_COMPARE(window.size(), QSize(1366, 698));
            window.controller()->setInteractive(false);

            // New project from CSV: type the path, set zip's type to text, Import.
            onModal<ImportDialog>(this, [this](ImportDialog* dialog) {
                QTest::keyClicks(dialog->findChild<QLineEdit*>("importPath"),
                                 m_dir.filePath("visits.csv"));
                dialog->updatePreview();
                auto* zip = dialog->findChild<QComboBox*>("importType_zip");
                QVERIFY(zip);
                zip->setCurrentIndex(zip->findData("text"));
                QTest::mouseClick(
                    dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok),
                    Qt::LeftButton);
            });
            window.controller()->importDialog();
            QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project(), 20000);
            Project* project = window.controller()->project();
            QCOMPARE(project->table().rowCount(), std::size_t(kRows));
            QVERIFY(project->type(project->columnIndex("zip")) == ColumnType::Text);

            // Roles: accept the proposal for id; Ctrl-click age, month, zip → quasi-identifying;
            // disease → sensitive.
            DataPerspective* data = window.dataPerspective();
            QTest::mouseClick(button(data, "roleProposalAccept_id"), Qt::LeftButton);
            QVERIFY(project->role(project->columnIndex("id")) == Role::Identifying);
            QTableView* list = data->columnView();
            const auto click = [list](int row, Qt::KeyboardModifiers mods) {
                QTest::mouseClick(list->viewport(), Qt::LeftButton, mods,
                                  list->visualRect(list->model()->index(row, 0)).center());
            };
            auto* role = data->findChild<QComboBox*>("selectionRole");
            click(1, Qt::NoModifier);
            click(2, Qt::ControlModifier);
            click(3, Qt::ControlModifier);
            role->setCurrentText("quasi-identifying");
            QTest::mouseClick(button(data, "selectionRoleApply"), Qt::LeftButton);
            click(4, Qt::NoModifier);
            role->setCurrentText("sensitive");
            QTest::mouseClick(button(data, "selectionRoleApply"), Qt::LeftButton);
            QCOMPARE(project->qiOrder(), (std::vector<std::string>{"age", "month", "zip"}));
            QVERIFY(project->role(4) == Role::Sensitive);

            // Bulk hierarchy import: three files in the file dialog, matched by name, confirmed.
            QVERIFY(window.showPerspective("hierarchies"));
            chooseFiles(
                this, "\"hierarchy_age.csv\" \"hierarchy_month.csv\" \"hierarchy_zip.csv\"",
                [this] {
                    // Then the match dialog (hierarchy_<attribute>.csv → attribute): confirm it.
                    onModal<QDialog>(this, [](QDialog* dialog) {
                        QTest::mouseClick(
                            dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok),
                            Qt::LeftButton);
                    });
                },
                m_dir.path());
            window.hierarchyPerspective()->importDialog();
            QTRY_VERIFY_WITH_TIMEOUT(project->hierarchy("zip"), 5000);
            QCOMPARE(project->hierarchy("age")->height(), 2);
            QCOMPARE(project->hierarchy("month")->height(), 2);
            QCOMPARE(project->hierarchy("zip")->height(), 3);

            // Criterion k = 5 with 2 % suppression, then Run search.
            PrivacyPerspective* privacy = window.privacyPerspective();
            QVERIFY(window.showPerspective("privacy"));
            QVERIFY(privacy->editor()->setSpec("k=5"));
            QTest::mouseClick(button(privacy, "addCriterion"), Qt::LeftButton);
            privacy->suppressionBox()->setValue(2);
            QTest::mouseClick(privacy->runButton(), Qt::LeftButton);
            SearchSession* session = window.searchSession();
            QTRY_VERIFY_WITH_TIMEOUT(
                !session->isRunning() && session->outcome() && session->outcome()->complete(),
                30000);
            const auto outcome = session->outcome();
            QVERIFY(outcome->result.optimum);

            // Lattice: find the optimum, Ctrl-add the top; the comparison table fills.
            QVERIFY(window.showPerspective("lattice"));
            const Lattice& lattice = outcome->data->dataset().lattice();
            chosen = QString::fromStdString(formatLevels(lattice.levels(*outcome->result.optimum)));
            LatticePerspective* lp = window.latticePerspective();
            QVERIFY(lp->findNode(chosen));
            QTRY_VERIFY_WITH_TIMEOUT(!lp->isLoadingDetails(), 10000);
            lp->view()->selectNode(lattice.top(), true);
            QTRY_VERIFY_WITH_TIMEOUT(lp->details()->comparisonTable()->columnCount() >= 3, 10000);

            // List sort: click the discernibility header of the list of transformations; the
            // rows are then in that order by the search's own numbers. Clicking the first row
            // selects its node in the lattice.
            TransformationList* transformations = lp->list();
            TransformationModel* model = transformations->model();
            QTableView* sorted = transformations->table();
            QVERIFY(sorted->isVisible());
            QCOMPARE(NodeId(model->rowCount()), lattice.size());
            const int dm = model->column(TransformationModel::Discernibility);
            sorted->scrollTo(model->index(0, dm));
            QHeaderView* header = sorted->horizontalHeader();
            QTest::mouseClick(
                header->viewport(), Qt::LeftButton, {},
                QPoint(header->sectionViewportPosition(dm) + header->sectionSize(dm) / 2,
                       header->height() / 2));
            QTRY_VERIFY_WITH_TIMEOUT(!model->isBusy(), 10000);
            QCOMPARE(header->sortIndicatorSection(), dm);
            const bool ascending = header->sortIndicatorOrder() == Qt::AscendingOrder;
            // Sorting by a metric measured every node (the search measured its optimum only).
            QVERIFY(lp->nodes()->hasAllMetrics());
            const auto dmOf = [&](int row) {
                return lp->nodes()->metrics(model->nodeAt(row))->discernibility;
            };
            QVERIFY(dmOf(0) != dmOf(model->rowCount() - 1));  // the order says something
            for (int r = 1; r < model->rowCount(); ++r)
                QVERIFY2(ascending ? dmOf(r - 1) <= dmOf(r) : dmOf(r - 1) >= dmOf(r),
                         qPrintable(QString("row %1").arg(r)));
            // The lattice's selection is still the compared pair, and the list shows it.
            std::vector<NodeId> listed;
            for (const QModelIndex& row : sorted->selectionModel()->selectedRows())
                listed.push_back(model->nodeAt(row.row()));
            std::sort(listed.begin(), listed.end());
            std::vector<NodeId> compared{*outcome->result.optimum, lattice.top()};
            std::sort(compared.begin(), compared.end());
            QCOMPARE(listed, compared);
            sorted->scrollToTop();
            QTest::mouseClick(sorted->viewport(), Qt::LeftButton, {},
                              sorted->visualRect(model->index(0, 0)).center());
            QCOMPARE(lp->view()->selection(), std::vector<NodeId>{model->nodeAt(0)});
            QTRY_VERIFY_WITH_TIMEOUT(!lp->isLoadingDetails(), 10000);
            // Issue 37: selecting and comparing never change what Export publishes.
            ExportPerspective* ex = window.exportPerspective();
            QCOMPARE(ex->nodeText(), chosen);

            // The bottom node fails k=5: used for export (double-click), it is refused, with
            // the failing criterion and its counts, and nothing is written.
            const NodeId bottomId = lattice.bottom();
            const QString bottom = QString::fromStdString(formatLevels(lattice.levels(bottomId)));
            QVERIFY(outcome->nodeState(bottomId) != NodeState::Satisfying);
            lp->view()->centerOnNode(bottomId);
            QTest::mouseDClick(lp->view()->viewport(), Qt::LeftButton, {},
                               lp->view()->nodeViewportPosition(bottomId));
            QTRY_COMPARE_WITH_TIMEOUT(ex->nodeText(), bottom, 10000);
            QVERIFY2(lp->chosenText().startsWith("For export: [" + bottom + "], "),
                     qPrintable(lp->chosenText()));
            QTRY_VERIFY_WITH_TIMEOUT(!ex->isPreparing(), 20000);
            const QString failing = m_dir.filePath("failing.csv");
            QVERIFY(!ex->exportTable(failing));
            QVERIFY(ex->refusedFailingNode());
            QVERIFY2(ex->lastError().contains("node " + bottom + " does not satisfy") &&
                         ex->lastError().contains("k=5 fails in"),
                     qPrintable(ex->lastError()));
            QVERIFY(!QFileInfo::exists(failing));

            // Back to the optimum, deliberately: the node the export publishes.
            lp->view()->selectNode(*outcome->result.optimum);
            QCOMPARE(ex->nodeText(), bottom);
            QTest::mouseClick(lp->useForExportButton(), Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(ex->nodeText(), chosen, 10000);
            QCOMPARE(model->nodeAt(sorted->selectionModel()->currentIndex().row()),
                     *outcome->result.optimum);

            // Analysis: homogeneity with the project's 2 % suppression, Run.
            QVERIFY(window.showPerspective("analysis"));
            AnalysisPerspective* analysis = window.analysisPerspective();
            QVERIFY(analysis->setCurrentAnalysis("homogeneity"));
            QCOMPARE(analysis->options().value("suppression"), QString("0.02"));
            QVERIFY(analysis->setOption("ks", "2, 5"));
            QSignalSpy ran(analysis, &AnalysisPerspective::finished);
            QTest::mouseClick(button(analysis, "analysisRun"), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(ran.count() == 1, 60000);
            QVERIFY2(analysis->hasResult(), qPrintable(analysis->runError()));

            // Utility: the chosen node against the input, with a classification target.
            QVERIFY(window.showPerspective("utility"));
            UtilityPerspective* utility = window.utilityPerspective();
            QTRY_VERIFY_WITH_TIMEOUT(utility->view() && !utility->isRunning(), 60000);
            QCOMPARE(QString::fromStdString(formatLevels(utility->view()->levels)), chosen);
            QVERIFY(utility->summaryTable()->rowCount() > 0);
            const int sensitive = utility->targetBox()->count() - 1;
            QVERIFY(sensitive > 0);
            utility->targetBox()->setCurrentIndex(sensitive);
            emit utility->targetBox()->activated(sensitive);
            QTRY_VERIFY_WITH_TIMEOUT(
                utility->view() && !utility->isRunning() && utility->view()->report.classification,
                60000);
            QVERIFY(utility->classificationTable()->rowCount() >= 3);

            // Export the table and the report through their file dialogs.
            QVERIFY(window.showPerspective("export"));
            QTRY_VERIFY_WITH_TIMEOUT(!ex->isPreparing(), 20000);
            const QString table = m_dir.filePath("published.csv");
            chooseFiles(this, table);
            QTest::mouseClick(button(ex, "exportTable"), Qt::LeftButton);
            QVERIFY2(QFileInfo(table).size() > 0, qPrintable(ex->lastError()));
            QFile published(table);
            QVERIFY(published.open(QIODevice::ReadOnly));
            const QByteArray first = published.readLine();
            QVERIFY2(!first.contains("id"), first.constData());  // the identifying column is gone
            const QString report = m_dir.filePath("report.html");
            chooseFiles(this, report);
            QTest::mouseClick(button(ex, "exportHtml"), Qt::LeftButton);
            QVERIFY2(QFileInfo(report).size() > 0, qPrintable(ex->lastError()));

            // Save.
            QVERIFY(window.controller()->saveTo(projectPath));
            QVERIFY(!project->isDirty());
        }
        // Reopen: the search is recomputed and the chosen node selected again.
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, projectPath, 20000);
        QVERIFY(project);
        QVERIFY(window.resultKeeper()->isRestoring());
        QTRY_VERIFY_WITH_TIMEOUT(!window.resultKeeper()->isRestoring(), 30000);
        const auto outcome = window.searchSession()->outcome();
        QVERIFY(outcome && outcome->complete());
        const auto& selection = window.latticePerspective()->view()->selection();
        QCOMPARE(int(selection.size()), 1);
        QCOMPARE(QString::fromStdString(
                     formatLevels(outcome->data->dataset().lattice().levels(selection.back()))),
                 chosen);
        QVERIFY(window.analysisPerspective()->setCurrentAnalysis("homogeneity"));
        QCOMPARE(window.analysisPerspective()->options().value("ks"), QString("2, 5"));
        QVERIFY(project->type(project->columnIndex("zip")) == ColumnType::Text);
    }
};

QTEST_MAIN(TestEndToEnd)
#include "test_end_to_end.moc"
