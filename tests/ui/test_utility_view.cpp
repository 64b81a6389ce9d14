// Issue 33 item 3: the Utility perspective shows what `ldiv utility --json` computes for the
// node chosen in the lattice: summary statistics, distributions and the two-way tables of the
// chosen pair, cell by cell; it follows the chosen node and exports its charts.
#include <QComboBox>
#include <QJsonArray>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "charts/panelchart.h"
#include "cli_runner.h"
#include "export/exportperspective.h"
#include "lattice/latticeperspective.h"
#include "ldiv/lattice/lattice.h"
#include "project/project.h"
#include "report/reportdata.h"
#include "session/searchsession.h"
#include "test_paths.h"
#include "ui_fixtures.h"
#include "utility/utilityperspective.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {

/// The value a summary cell stands for, as the JSON gives it (null for "–").
QJsonValue cellValue(const QTableWidgetItem* item) {
    const QVariant v = item ? item->data(Qt::UserRole) : QVariant();
    if (!v.isValid()) return QJsonValue::Null;
    if (v.typeId() == QMetaType::QString) return v.toString();
    return v.toDouble();
}

}  // namespace

class TestUtilityView : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    static bool waitForView(UtilityPerspective* view) {
        return QTest::qWaitFor([&] { return !view->isRunning() && !view->isStale(); }, 60000) &&
               view->view() != nullptr;
    }

    /// Every summary row of the view against the CLI's `summary` of the same attribute.
    static void compareSummaries(const QTableWidget* table, const QJsonArray& attributes) {
        QString attribute;
        int compared = 0;
        const QHash<QString, QString> keyOf{{"entropy (bits)", "entropy"}};
        for (int row = 0; row < table->rowCount(); ++row) {
            attribute = table->item(row, 0)->data(Qt::UserRole).toString();
            const QString statistic = table->item(row, 1)->text();
            QJsonObject summary;
            for (const QJsonValue& a : attributes)
                if (a["name"].toString() == attribute) summary = a["summary"].toObject();
            QVERIFY2(!summary.isEmpty(), qPrintable(attribute));
            const QString key = keyOf.value(statistic, statistic);
            for (int side = 0; side < 2; ++side) {
                const QJsonValue expected = summary[side == 0 ? "input" : "output"].toObject()[key];
                const QJsonValue shown = cellValue(table->item(row, 2 + side));
                QVERIFY2(!expected.isUndefined(), qPrintable(attribute + " " + key));
                if (expected.isDouble())
                    QVERIFY2(std::abs(shown.toDouble() - expected.toDouble()) <=
                                 1e-9 * std::max(1.0, std::abs(expected.toDouble())),
                             qPrintable(attribute + " " + key));
                else
                    QCOMPARE(shown, expected);
                ++compared;
            }
        }
        QVERIFY(compared >= 2 * 3 * int(attributes.size()));
    }

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void panelEqualsTheCommandLine() {
        MainWindow window;
        window.show();
        const auto outcome = test::openAndSearch(window, "adult");
        QVERIFY(outcome && outcome->result.optimum);
        UtilityPerspective* view = window.utilityPerspective();
        view->firstBox()->setCurrentText("age");
        view->secondBox()->setCurrentText("education");
        window.showPerspective(MainWindow::Utility);
        QVERIFY(waitForView(view));
        // Classification is asked for by choosing a target (none by default).
        QVERIFY(!view->view()->report.classification);
        view->targetBox()->setCurrentIndex(view->targetBox()->findData("salary-class"));
        emit view->targetBox()->activated(view->targetBox()->currentIndex());
        QVERIFY(waitForView(view));
        const Lattice& lattice = outcome->data->dataset().lattice();
        const QString node =
            QString::fromStdString(formatLevels(lattice.levels(*outcome->result.optimum), ','));
        QCOMPARE(view->view()->levels, lattice.levels(*outcome->result.optimum));

        const test::CliResult r = test::runCli(
            {"utility", "--project", QString::fromStdString(test::example("adult/adult.ldiv.json")),
             "--node", node, "--pair", "age,education", "--target", "salary-class", "--json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject j = r.json();
        const QJsonArray attributes = j["attributes"].toArray();
        QCOMPARE(qsizetype(view->view()->report.attributes.size()), attributes.size());
        compareSummaries(view->summaryTable(), attributes);

        // The distribution table of every attribute: the JSON's values and counts, in order.
        for (const QJsonValue& a : attributes) {
            view->attributeBox()->setCurrentText(a["name"].toString());
            const QTableWidget* t = view->distributionTable();
            for (int side = 0; side < 2; ++side) {
                const QJsonObject d = a[side == 0 ? "input" : "output"].toObject();
                int row = 0;
                for (const QString& value : d.keys()) {
                    // JSON objects sort their keys; find the row of each value.
                    bool found = false;
                    for (row = 0; row < t->rowCount(); ++row)
                        if (t->item(row, 2 * side) && t->item(row, 2 * side)->text() == value) {
                            found = true;
                            QCOMPARE(t->item(row, 2 * side + 1)->data(Qt::UserRole).toDouble(),
                                     d[value].toDouble());
                        }
                    QVERIFY2(found, qPrintable(a["name"].toString() + ": " + value));
                }
                int shownRows = 0;
                for (row = 0; row < t->rowCount(); ++row)
                    shownRows += t->item(row, 2 * side) != nullptr;
                QCOMPARE(shownRows, int(d.size()));
            }
        }

        // The heatmaps: the two-way tables and Cramér's V of the pair.
        const QJsonObject pair = j["contingency"].toArray().at(0).toObject();
        const ChartData& chart = view->contingencyChart()->data();
        QCOMPARE(chart.panels.size(), 2);
        for (int side = 0; side < 2; ++side) {
            const QJsonObject t = pair[side == 0 ? "input" : "output"].toObject();
            const QJsonArray counts = t["table"].toObject()["counts"].toArray();
            const ChartPanel& panel = chart.panels[side];
            QCOMPARE(panel.series.size(), counts.size());
            for (int i = 0; i < counts.size(); ++i)
                for (int k = 0; k < counts[i].toArray().size(); ++k)
                    QCOMPARE(panel.series[i].values[k], counts[i].toArray()[k].toDouble());
            QVERIFY(panel.title.contains(QString::number(t["cramers_v"].toDouble(), 'f', 3)));
        }
        QCOMPARE(qint64(view->view()->report.suppressedRows),
                 qint64(j["rows"].toObject()["suppressed"].toDouble()));

        // The classification panel: one row per model of the JSON, every figure equal.
        const QJsonObject c = j["classification"].toObject();
        const QJsonArray models = c["models"].toArray();
        const QTableWidget* t = view->classificationTable();
        QCOMPARE(t->rowCount(), int(models.size()));
        QVERIFY(models.size() >= 3);
        const char* keys[] = {"input_accuracy", "output_accuracy", "baseline", "relative_accuracy",
                              "suppressed_accuracy"};
        for (int row = 0; row < t->rowCount(); ++row) {
            const QJsonObject m = models[row].toObject();
            QCOMPARE(t->item(row, 0)->text(), m["model"].toString());
            for (int k = 0; k < 5; ++k) {
                const QJsonValue expected = m[keys[k]];
                const QJsonValue shown = cellValue(t->item(row, 1 + k));
                if (expected.isNull()) {
                    QVERIFY2(shown.isNull(), keys[k]);
                } else {
                    QVERIFY2(std::abs(shown.toDouble() - expected.toDouble()) < 1e-12, keys[k]);
                }
            }
        }

        // The publication report carries the utility section, the classification table and
        // the Utility perspective's charts of the reported node.
        QVERIFY(window.showPerspective("export"));
        ExportPerspective* ep = window.exportPerspective();
        QTRY_VERIFY_WITH_TIMEOUT(!ep->isPreparing() && ep->report(), 60000);
        QVERIFY(ep->report()->utility);
        const QString html = m_dir.filePath("report.html");
        QVERIFY2(ep->exportReport(html), qPrintable(ep->lastError()));
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains("Utility: input against output"));
        QVERIFY(text.contains("Classification accuracy"));
        QVERIFY(text.contains("Utility — Distribution of"));
        QVERIFY(text.contains("naive_bayes"));

        // Charts export as PNG, SVG and CSV.
        for (const QString& suffix : QStringList{"png", "svg", "csv"}) {
            const QString path = m_dir.filePath("heatmap." + suffix);
            QVERIFY(view->contingencyChart()->exportTo(path));
            QVERIFY(QFileInfo(path).size() > 100);
        }
    }

    void followsTheChosenNode() {
        MainWindow window;
        window.show();
        const auto outcome = test::openAndSearch(window, "hospital");
        QVERIFY(outcome && outcome->result.optimum);
        UtilityPerspective* view = window.utilityPerspective();
        window.showPerspective(MainWindow::Utility);
        QVERIFY(waitForView(view));
        QVERIFY(view->statusText().contains("input rows"));
        const Lattice& lattice = outcome->data->dataset().lattice();
        const NodeId top = NodeId(lattice.size() - 1);
        emit window.latticePerspective()->nodeChosen(top);
        QVERIFY(view->isStale() || view->isRunning());
        QVERIFY(waitForView(view));
        QCOMPARE(view->view()->levels, lattice.levels(top));
        // The top node publishes every QI as its hierarchy's root: one output value each.
        const std::vector<std::string> qis = outcome->data->qiNames();
        int published = 0;
        for (const AttributeUtility& a : view->view()->report.attributes)
            if (std::find(qis.begin(), qis.end(), a.name) != qis.end()) {
                QVERIFY2(a.output.size() == 1, a.name.c_str());
                QCOMPARE(a.output.front().count, view->view()->report.outputRows);
                ++published;
            }
        QCOMPARE(published, int(qis.size()));
    }
};

QTEST_MAIN(TestUtilityView)
#include "test_utility_view.moc"
