// The anytime heuristic in the workbench (issue 20, item 4): the Privacy perspective's
// "Automatic" algorithm runs ldv::heuristicSearch, the function behind `ldiv search
// --algorithm heuristic`, with the project's time limit (saved as time_limit, undoable).
//  - On a lattice too large to classify (24 quasi-identifiers, 3^24 ≈ 2.8·10^11 nodes) it
//    finds the same node as the command line, a node that satisfies k-anonymity by an
//    independent count in this test, without allocating anything per node of the lattice;
//    the Lattice perspective says so and selects the node for Risk and Export.
//  - On Adult (a small lattice) it is proven optimal and equals the exact search's optimum.
//  - Cancel stops it and keeps the best node so far, which the summary showed while it ran.
//  - An exact algorithm on a huge lattice is refused with the heuristic named, and the rule
//    label offers Automatic.
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>
#include <QtTest>
#include <fstream>
#include <map>
#include <random>

#include "charts/barchart.h"
#include "cli_runner.h"
#include "export/exportperspective.h"
#include "lattice/latticeitem.h"
#include "lattice/latticeperspective.h"
#include "lattice/latticeview.h"
#include "lattice/nodedetailspanel.h"
#include "lattice/nodesource.h"
#include "lattice/transformationlist.h"
#include "lattice/transformationmodel.h"
#include "ldiv/project/search_settings.h"
#include "ldiv/search/heuristic_result.h"
#include "privacy/privacyperspective.h"
#include "process_memory.h"
#include "project/project.h"
#include "session/heuristictext.h"
#include "session/resultkeeper.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {

using test::residentMiB;

/// A table of `rows` random rows over `attributes` QIs with values 0..3 (seeded), each with
/// the hierarchy 0,1 → a; 2,3 → b; then *; written with a project asking for k-anonymity.
struct WideCase {
    QString project;
    std::vector<std::vector<int>> rows;
};

WideCase writeWide(const QString& dir, int attributes, int rows, int k, double suppression,
                   unsigned seed) {
    WideCase out;
    std::mt19937 rng(seed);
    QFile csv(dir + QStringLiteral("/wide%1.csv").arg(attributes));
    if (!csv.open(QIODevice::WriteOnly)) return out;
    QStringList header;
    for (int a = 0; a < attributes; ++a) header << QStringLiteral("q%1").arg(a);
    csv.write((header.join(',') + "\n").toUtf8());
    for (int r = 0; r < rows; ++r) {
        std::vector<int> row;
        QStringList cells;
        // Skewed values, so that classes form well before the top.
        for (int a = 0; a < attributes; ++a) {
            const int v = rng() % 8 < 5 ? 0 : int(rng() % 4);
            row.push_back(v);
            cells << QString::number(v);
        }
        out.rows.push_back(row);
        csv.write((cells.join(',') + "\n").toUtf8());
    }
    csv.close();
    QStringList attrs, order;
    for (int a = 0; a < attributes; ++a) {
        attrs << QStringLiteral(
                     R"({"name": "q%1", "role": "quasi-identifying", "hierarchy": {"levels": )"
                     R"([["0","a","*"],["1","a","*"],["2","b","*"],["3","b","*"]]}})")
                     .arg(a);
        order << QStringLiteral("\"q%1\"").arg(a);
    }
    const QString json = QStringLiteral(R"({"format": "ldiv-project", "version": 1,
 "data": {"path": "wide%1.csv", "separator": ",", "header": true},
 "attributes": [%2], "qi_order": [%3], "criteria": ["k=%4"], "suppression_limit": %5,
 "metric": "dm", "algorithm": "heuristic"})")
                             .arg(attributes)
                             .arg(attrs.join(",\n"), order.join(','))
                             .arg(k)
                             .arg(suppression);
    out.project = dir + QStringLiteral("/wide%1.ldiv.json").arg(attributes);
    QFile file(out.project);
    if (!file.open(QIODevice::WriteOnly)) return {};
    file.write(json.toUtf8());
    return out;
}

/// The smallest class of the rows generalized to `levels` (level 1 halves a value, level 2
/// is *): the test's own count, independent of the engine's grouping.
int smallestClass(const std::vector<std::vector<int>>& rows, const Levels& levels) {
    std::map<std::vector<int>, int> classes;
    for (const auto& row : rows) {
        std::vector<int> key;
        for (std::size_t a = 0; a < row.size(); ++a)
            key.push_back(levels[a] == 0 ? row[a] : levels[a] == 1 ? row[a] / 2 : 0);
        ++classes[key];
    }
    int smallest = int(rows.size());
    for (const auto& [key, n] : classes) smallest = std::min(smallest, n);
    return smallest;
}

/// The list of transformations' status line needs at most two lines at the width the
/// perspective gives it (it once wrapped to six, leaving the table two visible rows).
bool statusFits(MainWindow& window, QString* why) {
    const QLabel* status = window.latticePerspective()->list()->status();
    const int lines = status->fontMetrics().lineSpacing();
    const int height = status->heightForWidth(status->width());
    *why = QStringLiteral("\"%1\" at %2 px: %3 px high, a line is %4 px")
               .arg(status->text())
               .arg(status->width())
               .arg(height)
               .arg(lines);
    return status->width() > 0 && height < 3 * lines;
}

/// The details' title's first line ("Node [levels] · state") as shown fits the title's width.
bool headingFits(const NodeDetailsPanel* details, QString* why) {
    const QLabel* title = details->title();
    const QString heading = details->heading();
    const qsizetype dot = heading.lastIndexOf(QStringLiteral(" · "));
    QFont bold = title->font();
    bold.setBold(true);
    const int width = QFontMetrics(bold).horizontalAdvance(heading.left(dot)) +
                      title->fontMetrics().horizontalAdvance(heading.mid(dot));
    *why = QStringLiteral("\"%1\": %2 px in %3 px")
               .arg(heading)
               .arg(width)
               .arg(title->contentsRect().width());
    return dot > 0 && width <= title->contentsRect().width();
}

QJsonArray levelsJson(const Levels& levels) {
    QJsonArray a;
    for (int l : levels) a.append(l);
    return a;
}

}  // namespace

class TestHeuristicSearch : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir)); }

    void hugeLatticeMatchesTheCommandLine() {
        const WideCase wide = writeWide(m_dir.path(), 24, 400, 3, 0, 2016);
        QVERIFY(!wide.project.isEmpty());
        const double before = residentMiB();
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        Project* project = test::openProject(window, wide.project, 20000);
        QVERIFY(project);
        PrivacyPerspective* pp = window.privacyPerspective();
        QCOMPARE(pp->algorithmBox()->currentData().toString(), QString("heuristic"));
        QVERIFY(!pp->timeLimitCheck()->isChecked());  // the project has no time_limit
        // The rule says what will run on this lattice.
        const QString rule = pp->algorithmRuleLabel()->text();
        QVERIFY2(rule.contains("2.8·10<sup>11</sup> nodes") && rule.contains("2,097,152") &&
                     rule.contains("heuristic runs"),
                 qPrintable(rule));

        SearchSession* session = window.searchSession();
        QVERIFY(window.showPerspective("privacy"));
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(pp->runButton(), Qt::LeftButton);
        QVERIFY(session->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!session->isRunning(), 60000);
        const qint64 ms = clock.elapsed();
        const auto o = session->outcome();
        QVERIFY(o && o->heuristic);
        QCOMPARE(o->result.latticeSize, NodeId(282429536481));  // 3^24
        QVERIFY(o->result.optimum);
        // Nothing per node of the lattice: no states, no metrics, no partial classification.
        QVERIFY(!o->classified());
        QVERIFY(o->result.satisfies.empty() && o->result.satisfying.empty());
        QVERIFY(o->result.minimal.empty() && o->decided.empty());
        QVERIFY(!o->heuristic->exact);
        QVERIFY(!o->heuristic->provenOptimal);  // the walk cannot prove it on this lattice
        QVERIFY(!o->heuristic->timedOut && !o->heuristic->cancelled);
        QVERIFY2(ms < 30000, qPrintable(QString::number(ms)));

        // The node satisfies k=3, by this test's own count.
        const Lattice& lattice = o->data->dataset().lattice();
        const Levels best = lattice.levels(*o->result.optimum);
        QVERIFY(smallestClass(wide.rows, best) >= 3);
        QCOMPARE(o->nodeState(*o->result.optimum), NodeState::Satisfying);
        QCOMPARE(o->nodeState(0), NodeState::NotEvaluated);

        // The same node and figures as `ldiv search --algorithm heuristic` on the project file.
        const auto cli = test::runCli({"search", "--project", wide.project, "--json"});
        QCOMPARE(cli.exitCode, 0);
        const QJsonObject j = cli.json();
        QCOMPARE(j["algorithm"].toString(), QString("heuristic"));
        QCOMPARE(j["optimum"].toObject()["levels"].toArray(), levelsJson(best));
        QCOMPARE(j["optimum"].toObject()["discernibility"].toDouble(),
                 o->result.optimumMetrics.discernibility);
        QCOMPARE(j["proven_optimal"].toBool(), false);
        QCOMPARE(j["optimality"].toString().toStdString(), o->heuristic->note);

        // The summary names the node and says it is not proven.
        const QString summary = pp->summary()->toPlainText();
        QVERIFY2(summary.contains(QString::fromStdString(formatLevels(best))) &&
                     summary.contains("Not proven optimal"),
                 qPrintable(summary));

        // The Lattice perspective: nothing stored per node, a notice, and the node selectable.
        QVERIFY(window.showPerspective("lattice"));
        LatticePerspective* lp = window.latticePerspective();
        QVERIFY(lp->refusal().isEmpty());
        QVERIFY(lp->nodes()->states().empty());
        QCOMPARE(lp->nodes()->state(*o->result.optimum), NodeState::Satisfying);
        QVERIFY(lp->nodes()->metrics(*o->result.optimum));
        QVERIFY(lp->view()->item()->storedNodes() <= 1);  // the best node's mark only
        QCOMPARE(lp->view()->item()->knownNode(), o->result.optimum);
        const QString notice = lp->heuristicNotice();
        QVERIFY2(notice.contains("2.8·10<sup>11</sup>") &&
                     notice.contains(QString::fromStdString(formatLevels(best))),
                 qPrintable(notice));
        QVERIFY(lp->selectBestButton()->isVisible());
        QSignalSpy chosen(lp, &LatticePerspective::nodeChosen);
        QTest::mouseClick(lp->selectBestButton(), Qt::LeftButton);
        QCOMPARE(lp->view()->selection(), std::vector<NodeId>{*o->result.optimum});
        QTRY_VERIFY_WITH_TIMEOUT(!chosen.isEmpty(), 30000);
        QCOMPARE(NodeId(chosen.first().first().toULongLong()), *o->result.optimum);
        // The list of transformations shows it, on top of the first 2^24 nodes it lists.
        TransformationModel* model = lp->list()->model();
        QVERIFY(*o->result.optimum >= TransformationModel::kListLimit);
        QCOMPARE(model->pinnedCount(), std::size_t(1));
        QCOMPARE(model->nodeAt(0), *o->result.optimum);
        QCOMPARE(model->rowOf(*o->result.optimum), 0);
        QCOMPARE(model->nodeAt(1), NodeId(0));
        QVERIFY(lp->list()->table()->selectionModel()->isRowSelected(0));
        // Export publishes it.
        QCOMPARE(window.exportPerspective()->nodeText(),
                 QString::fromStdString(formatLevels(best)));
        QVERIFY2(residentMiB() - before < 400, qPrintable(QString::number(residentMiB() - before)));

        // Every perspective still fits a 1366×768 screen with this outcome and the node chosen
        // (24 levels in a node's name: the counts line and the details' title once widened
        // the window past the screen).
        QString why;
        for (const QString& name : MainWindow::perspectiveNames()) {
            QVERIFY(window.showPerspective(name));
            QCoreApplication::processEvents();
            const QSize hint = window.minimumSizeHint().expandedTo(window.minimumSize());
            QVERIFY2(
                hint.width() <= 1366 && hint.height() <= 768 - 70,
                qPrintable(
                    QStringLiteral("%1: %2×%3").arg(name).arg(hint.width()).arg(hint.height())));
            if (name == "lattice") {
                QVERIFY2(statusFits(window, &why), qPrintable(why));
                // The details' title names the node, elided to the panel if need be.
                QVERIFY2(headingFits(lp->details(), &why), qPrintable(why));
                QVERIFY(lp->details()->title()->toolTip().contains(
                    QStringLiteral("Node [%1] · ").arg(formatLevels(best).c_str())));
            }
        }
        QCOMPARE(lp->list()->status()->text(),
                 QStringLiteral("16,777,216 of 282,429,536,481 listed · 1 pinned"));

        // Saved and opened again: the node is checked again, not searched for anew (a walk
        // stopped by a time limit could end elsewhere), with the same figures.
        const QString saved = m_dir.filePath("wide24-saved.ldiv.json");
        project->save(saved);
        MainWindow again;
        again.resize(1366, 768);
        again.show();
        QVERIFY(test::openProject(again, saved, 20000));
        QSignalSpy restored(again.resultKeeper(), &ResultKeeper::restored);
        QTRY_VERIFY_WITH_TIMEOUT(restored.count() == 1, 30000);
        const auto r = again.searchSession()->outcome();
        QVERIFY(r && r->heuristic && r->restored);
        QCOMPARE(r->result.optimum, o->result.optimum);
        QCOMPARE(r->result.optimumMetrics.discernibility, o->result.optimumMetrics.discernibility);
        QCOMPARE(r->result.optimumMetrics.classes, o->result.optimumMetrics.classes);
        QVERIFY(!r->heuristic->provenOptimal);
        QVERIFY(r->heuristic->statistics.checkedNodes <= 1);  // no walk
        QCOMPARE(again.latticePerspective()->view()->selection(),
                 std::vector<NodeId>{*o->result.optimum});
        QVERIFY2(heuristicVerdict(*r).contains("Restored from the project"),
                 qPrintable(heuristicVerdict(*r)));
        const QString restoredSummary = again.privacyPerspective()->summary()->toPlainText();
        // Every perspective still fits 1366×768 with the restored node listed on top (the
        // list's status line once widened the Lattice perspective to 1,584 px, then wrapped
        // to six lines in it).
        for (const QString& name : MainWindow::perspectiveNames()) {
            QVERIFY(again.showPerspective(name));
            QCoreApplication::processEvents();
            const QSize hint = again.minimumSizeHint().expandedTo(again.minimumSize());
            QVERIFY2(
                hint.width() <= 1366 && hint.height() <= 768 - 70,
                qPrintable(
                    QStringLiteral("%1: %2×%3").arg(name).arg(hint.width()).arg(hint.height())));
            if (name == "lattice") {
                QVERIFY2(statusFits(again, &why), qPrintable(why));
                QVERIFY2(headingFits(again.latticePerspective()->details(), &why), qPrintable(why));
            }
        }
        QCOMPARE(again.latticePerspective()->list()->status()->text(),
                 QStringLiteral("16,777,216 of 282,429,536,481 listed · 1 pinned"));
        QVERIFY2(restoredSummary.contains("the node saved with the project") &&
                     restoredSummary.contains(QString::fromStdString(formatLevels(best))),
                 qPrintable(restoredSummary));
        // Its footer says that nothing was searched: no climbs, no time limit (the first run's
        // footer had both).
        QVERIFY2(summary.contains(" climb") && summary.contains("time limit none"),
                 qPrintable(summary));
        QVERIFY2(restoredSummary.contains("Restored from the project; not re-run (the saved node "
                                          "checked again in ") &&
                     !restoredSummary.contains("climb") && !restoredSummary.contains("time limit"),
                 qPrintable(restoredSummary));
    }

    void detailsTitleIsElidedToThePanel() {
        // 24 levels in a narrow panel: the node's levels are cut with "…" (the state after
        // them stays in view), the whole title is in the tooltip; widened, nothing is cut.
        NodeDetailsPanel panel;
        panel.resize(260, 500);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        NodeDetails d;
        std::vector<std::string> names;
        for (int a = 0; a < 24; ++a) {
            d.levels.push_back(a % 3);
            names.push_back(QStringLiteral("q%1").arg(a).toStdString());
        }
        const QString levels = QString::fromStdString(formatLevels(d.levels));
        panel.setDetails(d, names, "satisfying");
        QCoreApplication::processEvents();
        QString why;
        QVERIFY2(panel.heading().startsWith("Node [0,1,2,") &&
                     panel.heading().endsWith("… · satisfying"),
                 qPrintable(panel.heading()));
        QVERIFY2(headingFits(&panel, &why), qPrintable(why));
        QCOMPARE(panel.title()->toolTip(),
                 QStringLiteral("Node [%1] · satisfying\n").arg(levels) +
                     QStringLiteral("q0=0, q1=1, q2=2, q3=0, q4=1, q5=2, q6=0, q7=1, q8=2, "
                                    "q9=0, q10=1, q11=2, q12=0, q13=1, q14=2, q15=0, q16=1, "
                                    "q17=2, q18=0, q19=1, q20=2, q21=0, q22=1, q23=2"));
        // The panel never asks for more width than it is given; the histogram's title leaves
        // the levels out.
        QVERIFY(panel.title()->minimumSizeHint().width() <= 260);
        QCOMPARE(panel.histogram()->title(), QStringLiteral("Class sizes (0 suppressed rows)"));
        panel.resize(900, 500);
        QCoreApplication::processEvents();
        QCOMPARE(panel.heading(), QStringLiteral("Node [%1] · satisfying").arg(levels));
        QVERIFY2(headingFits(&panel, &why), qPrintable(why));
        QVERIFY(panel.title()->text().contains(levels));
        // Widened, the histogram's title names the node again (it kept the short title when
        // the histogram was laid out after the details were shown, as on reopening).
        QCOMPARE(panel.histogram()->title(),
                 QStringLiteral("Class sizes of [%1] (0 suppressed rows)").arg(levels));
        // Narrowed again: cut again.
        panel.resize(300, 500);
        QCoreApplication::processEvents();
        QVERIFY2(panel.heading().contains("…"), qPrintable(panel.heading()));
        QVERIFY2(headingFits(&panel, &why), qPrintable(why));
        // A message wraps and has no node tooltip.
        panel.clear("Run the search first to see node details.");
        QVERIFY(panel.heading().isEmpty() && panel.title()->toolTip().isEmpty());
    }

    void smallLatticeIsProvenAndExact() {
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, "adult", 20000);
        QVERIFY(project);
        const auto exact = test::searchProject(*project);
        QVERIFY(exact && exact->result.optimum);

        // Choose Automatic with a time limit: two undoable settings, saved in the project.
        PrivacyPerspective* pp = window.privacyPerspective();
        QUndoStack* undo = project->undoStack();
        const int commands = undo->count();
        pp->algorithmBox()->setCurrentIndex(pp->algorithmBox()->findData("heuristic"));
        QCOMPARE(project->searchSettings().algorithm, AlgorithmChoice::Heuristic);
        QVERIFY(pp->timeLimitCheck()->isEnabled());
        pp->timeLimitCheck()->setChecked(true);
        pp->timeLimitBox()->setValue(19);
        pp->timeLimitBox()->setValue(20);  // spin steps merge
        QCOMPARE(project->searchSettings().timeLimit, std::optional<double>(20));
        QCOMPARE(undo->count(), commands + 3);
        undo->undo();
        QCOMPARE(project->searchSettings().timeLimit, std::optional<double>(30));
        undo->undo();
        QCOMPARE(project->searchSettings().timeLimit, std::nullopt);
        QVERIFY(!pp->timeLimitCheck()->isChecked());
        undo->redo();
        undo->redo();
        QCOMPARE(project->searchSettings().timeLimit, std::optional<double>(20));
        QCOMPARE(pp->timeLimitBox()->value(), 20.0);
        const QString saved = m_dir.filePath("adult.ldiv.json");
        project->save(saved);
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(json["time_limit"].toDouble(), 20.0);
        QCOMPARE(json["algorithm"].toString(), QString("heuristic"));
        const QString rule = pp->algorithmRuleLabel()->text();
        QVERIFY2(rule.contains("classified exactly") && rule.contains("20 s"), qPrintable(rule));

        // Run: Adult's lattice is classified within the limit, so the result is proven and is
        // the exact optimum; every node is classified and measured, as with an exact search.
        const auto o = test::searchProject(*project);
        QVERIFY(o && o->heuristic);
        QVERIFY(o->heuristic->provenOptimal);
        QVERIFY(o->classified());
        QCOMPARE(o->result.optimum, exact->result.optimum);
        QCOMPARE(o->result.optimumMetrics.discernibility,
                 exact->result.optimumMetrics.discernibility);
        QCOMPARE(o->result.satisfying.size(), exact->result.satisfying.size());
        QCOMPARE(o->nodeState(*o->result.optimum), NodeState::Optimum);

        // And the command line on the saved project gives that node too.
        const auto cli = test::runCli({"search", "--project", saved, "--json"});
        QCOMPARE(cli.exitCode, 0);
        QCOMPARE(cli.json()["proven_optimal"].toBool(), true);
        QCOMPARE(cli.json()["time_limit_s"].toDouble(), 20.0);
        QCOMPARE(cli.json()["optimum"].toObject()["levels"].toArray(),
                 levelsJson(o->data->dataset().lattice().levels(*o->result.optimum)));
    }

    void cancelKeepsTheBestSoFar() {
        // Many rows and suppression: no climb is pruned, so the walks go on until Cancel.
        const WideCase wide = writeWide(m_dir.path(), 24, 6000, 5, 0.02, 7);
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, wide.project, 20000);
        QVERIFY(project);
        PrivacyPerspective* pp = window.privacyPerspective();
        SearchSession* session = window.searchSession();
        QVERIFY(window.showPerspective("privacy"));
        // What the summary shows at the first improvement, and the node then (read in the
        // same slot: the walk may improve again before the test looks).
        QString shown;
        std::optional<BestSoFar> live;
        connect(session, &SearchSession::bestSoFarChanged, this, [&] {
            if (live) return;
            shown = pp->summary()->toPlainText();
            live = session->bestSoFar();
        });
        QSignalSpy cancelled(session, &SearchSession::cancelled);
        QTest::mouseClick(pp->runButton(), Qt::LeftButton);
        QVERIFY(pp->cancelButton()->isVisible());
        // The best node so far is shown while it runs.
        QTRY_VERIFY_WITH_TIMEOUT(live.has_value(), 60000);
        QVERIFY(session->isRunning());
        QVERIFY2(shown.contains("Best node so far: [") && shown.contains("Discernibility"),
                 qPrintable(shown));
        QElapsedTimer clock;
        clock.start();
        QTest::mouseClick(pp->cancelButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!session->isRunning(), 10000);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(cancelled.count(), 1);
        const auto o = session->outcome();
        QVERIFY(o && o->heuristic && o->heuristic->cancelled);
        QVERIFY(!o->heuristic->timedOut);
        QVERIFY(o->result.optimum);
        QVERIFY(!o->classified());
        // At least as good as what was shown, and it satisfies (suppression within 2 %).
        QVERIFY(metricValue(o->result.optimumMetrics, Metric::Discernibility) <=
                metricValue(live->metrics, Metric::Discernibility));
        QVERIFY(o->result.optimumMetrics.suppressedRows <= 120);
        QVERIFY2(pp->summary()->toPlainText().contains("Heuristic cancelled"),
                 qPrintable(pp->summary()->toPlainText()));
    }

    void exactOnAHugeLatticeOffersTheHeuristic() {
        const WideCase wide = writeWide(m_dir.path(), 22, 50, 2, 0, 3);
        MainWindow window;
        window.show();
        Project* project = test::openProject(window, wide.project, 20000);
        QVERIFY(project);
        PrivacyPerspective* pp = window.privacyPerspective();
        pp->algorithmBox()->setCurrentIndex(pp->algorithmBox()->findData("fast"));
        QVERIFY(!pp->timeLimitCheck()->isEnabled());  // the limit is the heuristic's
        const QString rule = pp->algorithmRuleLabel()->text();
        QVERIFY2(rule.contains("too many for an exact search") && rule.contains("#automatic"),
                 qPrintable(rule));
        // Running it is refused with the heuristic named, before anything is allocated.
        QSignalSpy failed(window.searchSession(), &SearchSession::failed);
        window.searchSession()->run();
        QTRY_VERIFY_WITH_TIMEOUT(!window.searchSession()->isRunning(), 20000);
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.first().first().toString().contains("Automatic"),
                 qPrintable(failed.first().first().toString()));
        // The link chooses Automatic (undoably, like the list).
        emit pp->algorithmRuleLabel()->linkActivated("#automatic");
        QCOMPARE(project->searchSettings().algorithm, AlgorithmChoice::Heuristic);
        project->undoStack()->undo();
        QCOMPARE(project->searchSettings().algorithm, AlgorithmChoice::Fast);
    }
};

QTEST_MAIN(TestHeuristicSearch)
#include "test_heuristic_search.moc"
