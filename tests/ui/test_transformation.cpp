// Privacy ▸ Transformation (offscreen): choosing local recoding on Machanavajjhala et al.
// 2007's hospital table at k=5 says in the Lattice perspective why its result is no node,
// compares it after the search with the full-domain optimum (worked by hand in
// core/test_publication_figures: [4,3,1], one class of 12, DM 144, against local recoding's two
// classes of 6, DM 72), and exports a table whose release record verify accepts.
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>
#include <fstream>
#include <sstream>

#include "export/exportperspective.h"
#include "hospital_copy.h"
#include "lattice/latticeperspective.h"
#include "ldiv/project/workspace.h"
#include "ldiv/release/release_record.h"
#include "ldiv/workflow/publication_figures.h"
#include "ldiv/workflow/requirement.h"
#include "ldiv/workflow/risk_report.h"
#include "privacy/privacyperspective.h"
#include "privacy/transformationpanel.h"
#include "project/project.h"
#include "risk/riskperspective.h"
#include "session/searchsession.h"
#include "test_paths.h"
#include "utility/utilityperspective.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

class TestTransformation : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    /// The hospital example with k=5 instead of its distinct-l=3, in a folder of its own.
    QString hospitalK5() { return test::hospitalK5Copy(m_dir.filePath("hospital")); }

    /// Shows `window` and opens the project at `path` in it, without dialogs.
    static bool open(MainWindow& window, const QString& path) {
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open(path);
        return QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 30000);
    }

    static QString cell(QTableWidget* t, const QString& row, int column) {
        for (int r = 0; r < t->rowCount(); ++r)
            if (t->verticalHeaderItem(r)->text() == row) return t->item(r, column)->text();
        return QStringLiteral("(no row %1)").arg(row);
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale::c());
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void localRecodingBesideTheOptimum() {
        const QString path = hospitalK5();
        QVERIFY(!path.isEmpty());
        MainWindow window;
        QVERIFY(open(window, path));
        PrivacyPerspective* pp = window.privacyPerspective();
        TransformationPanel* panel = pp->transformationPanel();
        QLabel* notice = window.latticePerspective()->transformationNotice();
        QVERIFY(notice->isHidden());
        QVERIFY(!panel->compareButton()->isEnabled());
        QVERIFY(!panel->exportButton()->isEnabled());

        panel->modelBox()->setCurrentIndex(panel->modelBox()->findData("local"));
        QVERIFY(!notice->isHidden());
        QVERIFY(notice->text().contains("publishes no node of this lattice"));
        QLabel* exportNotice = window.exportPerspective()->transformationNotice();
        QVERIFY(!exportNotice->isHidden());
        QVERIFY(panel->exportButton()->isEnabled());
        QVERIFY(!panel->aggregateBox()->isEnabled());

        // The search with local recoding chosen ends with the comparison, without a click.
        QSignalSpy compared(panel, &TransformationPanel::compared);
        pp->runButton()->click();
        QVERIFY(compared.wait(60000));
        QCOMPARE(compared.takeFirst().at(0).toBool(), true);
        QTableWidget* t = panel->table();
        QVERIFY(!t->isHidden());
        QVERIFY(t->horizontalHeaderItem(0)->toolTip().contains("[4,3,1]"));
        QVERIFY(panel->statusLabel()->text().contains("[4,3,1]"));
        QCOMPARE(cell(t, "Classes", 0), QString("1"));
        QCOMPARE(cell(t, "Classes", 1), QString("2"));
        QCOMPARE(cell(t, "Smallest class", 0), QString("12"));
        QCOMPARE(cell(t, "Smallest class", 1), QString("6"));
        QCOMPARE(cell(t, "Discernibility", 0), QString("144"));
        QCOMPARE(cell(t, "Discernibility", 1), QString("72"));
        QCOMPARE(cell(t, "Highest risk", 0), QString("8.33 %"));
        QCOMPARE(cell(t, "Highest risk", 1), QString("16.67 %"));
        QCOMPARE(cell(t, "Suppressed records", 1), QString("0"));

        // Export: the table and a record that verify accepts against the original.
        const QString published = m_dir.filePath("hospital/local.csv");
        QSignalSpy exported(panel, &TransformationPanel::exported);
        panel->exportTo(published);
        QVERIFY(exported.wait(60000));
        QCOMPARE(exported.takeFirst().at(0).toBool(), true);
        const QString record = m_dir.filePath("hospital/local.ldiv-release.json");
        QVERIFY2(QFile::exists(record), qPrintable(panel->statusLabel()->text()));
        std::ifstream in(record.toStdString());
        std::stringstream text;
        text << in.rdbuf();
        const Verification v =
            verifyRelease(parseRelease(text.str(), record.toStdString()), published.toStdString(),
                          m_dir.filePath("hospital/hospital.csv").toStdString());
        for (const ClaimVerdict& c : v.claims)
            QVERIFY2(c.holds || c.informational, (c.claim + ": " + c.detail).c_str());

        // The report of that table (HTML here; the PDF is the same document laid out): the
        // model beside the optimum (2 classes of 6 against 1 of 12, DM 72 against 144), the
        // record's claim on k, risk before and after (the highest prosecutor risk 1/6), and
        // the command that publishes it again.
        QVERIFY(panel->reportButton()->isEnabled());
        const QString html = m_dir.filePath("hospital/local-report.html");
        QVERIFY2(panel->exportReportTo(html), qPrintable(panel->statusLabel()->text()));
        QFile reportFile(html);
        QVERIFY(reportFile.open(QIODevice::ReadOnly));
        const QString report = QString::fromUtf8(reportFile.readAll());
        QVERIFY(report.contains("Published with Local recoding"));
        QVERIFY(!report.contains("Chosen node"));
        QVERIFY(
            report.contains("<td>Classes</td><td class='n' align=right>2</td>"
                            "<td class='n' align=right>1</td>"));
        QVERIFY(
            report.contains("<td>Discernibility</td><td class='n' align=right>72</td>"
                            "<td class='n' align=right>144</td>"));
        QVERIFY(report.contains("<td>k=5 on the published classes</td><td>yes</td>"));
        QVERIFY(report.contains("The published table: highest 0.1667"));
        // The record written with the table, with its hashes.
        QVERIFY(report.contains("local.ldiv-release.json"));
        QVERIFY(!report.contains("No release record yet"));
        QVERIFY(report.contains("--output published.csv") && !report.contains("--node"));
        QVERIFY(panel->exportReportTo(m_dir.filePath("hospital/local-report.pdf")));
        QVERIFY(QFileInfo(m_dir.filePath("hospital/local-report.pdf")).size() > 1000);
        // Another choice: the report of this table is no longer offered.
        panel->modelBox()->setCurrentIndex(panel->modelBox()->findData("mondrian"));
        QVERIFY(!panel->reportButton()->isEnabled());
        panel->modelBox()->setCurrentIndex(panel->modelBox()->findData("local"));

        // The Utility perspective compares the local recoding's table with the input: its
        // output rows are the table's (no row left out at k=5 here), and the title names it.
        UtilityPerspective* up = window.utilityPerspective();
        QSignalSpy computedUtility(up, &UtilityPerspective::finished);
        up->compute();
        QVERIFY(computedUtility.wait(60000));
        QVERIFY(up->view());
        QCOMPARE(up->view()->report.outputRows, std::size_t(12));
        QCOMPARE(up->view()->report.suppressedRows, std::size_t(0));
        QVERIFY(up->view()->nodeName.contains("local"));
        QVERIFY(up->view()->levels.empty());

        // The Risk perspective's "after" side is that table: two classes of 6.
        RiskPerspective* rp = window.riskPerspective();
        QSignalSpy computedRisk(rp, &RiskPerspective::finished);
        rp->compute();
        QVERIFY(computedRisk.wait(60000));
        QVERIFY(rp->report() && rp->report()->after);
        QCOMPARE(rp->report()->after->analysis.classes, std::size_t(2));
        QCOMPARE(rp->report()->after->analysis.rows, std::size_t(12));
        QVERIFY(rp->report()->levels.empty());

        // Back to full-domain: the lattice is the result again.
        panel->modelBox()->setCurrentIndex(panel->modelBox()->findData("full-domain"));
        QVERIFY(notice->isHidden());
        QVERIFY(window.exportPerspective()->transformationNotice()->isHidden());
        QVERIFY(!panel->compareButton()->isEnabled());
    }

    // Microaggregation of the numeric quasi-identifiers (zip, age) then local recoding of all
    // three: the panel's figures are those of the core's own run on the same requirement.
    void microaggregationThenLocal() {
        const QString path = hospitalK5();
        MainWindow window;
        QVERIFY(open(window, path));
        PrivacyPerspective* pp = window.privacyPerspective();
        TransformationPanel* panel = pp->transformationPanel();
        panel->modelBox()->setCurrentIndex(panel->modelBox()->findData("microaggregation+local"));
        QVERIFY(panel->aggregateBox()->isEnabled());
        QSignalSpy compared(panel, &TransformationPanel::compared);
        pp->runButton()->click();
        QVERIFY(compared.wait(60000));
        QVERIFY2(compared.takeFirst().at(0).toBool(), qPrintable(panel->statusLabel()->text()));

        const Workspace ws(loadProject(path.toStdString()),
                           QFileInfo(path).absolutePath().toStdString());
        SearchSettings settings;
        settings.criteria = {"k=5"};
        const Requirement r = prepareRequirement(ws, settings);
        TransformationSpec spec;
        spec.model = "microaggregation+local";
        spec.aggregates = {"mean", "mean", ""};  // zip, age numeric; nationality text
        const PublicationFigures f =
            transformationFigures(runTransformation(ws, *r.data, r.config, spec), 12);
        QTableWidget* t = panel->table();
        QCOMPARE(cell(t, "Classes", 1), QString::number(f.classes));
        QCOMPARE(cell(t, "Smallest class", 1), QString::number(f.smallestClass));
        QCOMPARE(cell(t, "Discernibility", 1), QString::number(qlonglong(f.discernibility)));
        QVERIFY(f.smallestClass >= 5);
    }

    // The choice is the project's: an undo step, saved with it, shown again when it is
    // reopened (and `ldiv generalize --project` publishes with it, cli/test_cli_project_
    // transformation).
    void choiceIsSavedAndUndone() {
        const QString path = hospitalK5();
        const QString saved = QFileInfo(path).absolutePath() + "/saved.ldiv.json";
        {
            MainWindow window;
            QVERIFY(open(window, path));
            TransformationPanel* panel = window.privacyPerspective()->transformationPanel();
            Project* project = window.controller()->project();
            QLabel* notice = window.latticePerspective()->transformationNotice();
            panel->modelBox()->setCurrentIndex(panel->modelBox()->findData("microaggregation"));
            panel->aggregateBox()->setCurrentIndex(panel->aggregateBox()->findData("median"));
            QCOMPARE(project->transformation().model, std::string("microaggregation"));
            QCOMPARE(project->transformation().aggregate, std::string("median"));
            QVERIFY(project->isDirty());
            QVERIFY(!notice->isHidden());
            project->undoStack()->undo();  // the aggregate
            QCOMPARE(project->transformation().aggregate, std::string("mean"));
            QCOMPARE(panel->aggregateBox()->currentData().toString(), QString("mean"));
            project->undoStack()->undo();  // the model
            QCOMPARE(project->transformation().model, std::string("full-domain"));
            QCOMPARE(panel->modelBox()->currentData().toString(), QString("full-domain"));
            QVERIFY(notice->isHidden());
            project->undoStack()->redo();
            QCOMPARE(panel->modelBox()->currentData().toString(), QString("microaggregation"));
            QVERIFY(!notice->isHidden());
            project->save(saved);
        }
        QCOMPARE(loadProject(saved.toStdString()).transformation.model,
                 std::string("microaggregation"));
        MainWindow again;
        QVERIFY(open(again, saved));
        TransformationPanel* panel = again.privacyPerspective()->transformationPanel();
        QCOMPARE(panel->modelBox()->currentData().toString(), QString("microaggregation"));
        QVERIFY(panel->aggregateBox()->isEnabled());
        QVERIFY(!again.latticePerspective()->transformationNotice()->isHidden());
        QVERIFY(!again.controller()->project()->isDirty());
    }

    // A model the requirement does not allow says why, and nothing is shown as its result.
    void refusalIsShown() {
        const QString path = hospitalK5();
        MainWindow window;
        QVERIFY(open(window, path));
        PrivacyPerspective* pp = window.privacyPerspective();
        TransformationPanel* panel = pp->transformationPanel();
        panel->modelBox()->setCurrentIndex(panel->modelBox()->findData("microaggregation"));
        QVERIFY(panel->aggregateBox()->isEnabled());
        QSignalSpy compared(panel, &TransformationPanel::compared);
        pp->runButton()->click();
        QVERIFY(compared.wait(60000));
        QCOMPARE(compared.takeFirst().at(0).toBool(), false);
        QVERIFY(panel->table()->isHidden());
        QVERIFY2(panel->statusLabel()->text().contains("numeric"),
                 qPrintable(panel->statusLabel()->text()));
    }
};

QTEST_MAIN(TestTransformation)
#include "test_transformation.moc"
