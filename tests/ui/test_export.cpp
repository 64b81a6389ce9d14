// The Export perspective (offscreen): the published table of the chosen node audits as
// satisfying the requirement (re-checked with evaluateCriteria on a Dataset built from the
// exported file), suppressed rows are removed or masked, formula-like cells are neutralised,
// and the report (HTML, PDF) and charts (PNG, PDF, SVG) are written and non-trivial.
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <limits>

#include "charts/barchart.h"
#include "export/exportperspective.h"
#include "export/sweepexport.h"
#include "export/tableexport.h"
#include "file_fixtures.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/lattice/generalize.h"
#include "ldiv/publish/audit_summary.h"
#include "project/project.h"
#include "report/reportdata.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : ",") + n;
    return out;
}

CsvOptions publishedCsvOptions() {
    CsvOptions options;
    options.separator = ',';
    options.inferTypes = false;
    return options;
}

/// An exported table re-read on its own, with the search's QI (each published value its own
/// class: identity hierarchies) and sensitive attributes, so its classes are the file's.
struct PublishedTable {
    Table table;
    std::unique_ptr<Dataset> dataset;  ///< points into `table`
};

std::unique_ptr<PublishedTable> readPublished(const QString& csv, const Workspace& data) {
    auto out = std::make_unique<PublishedTable>(
        PublishedTable{readCsv(csv.toStdString(), publishedCsvOptions()), nullptr});
    std::vector<std::size_t> qi, sa;
    std::vector<HierarchyMap> maps;
    for (const std::string& name : data.qiNames()) {
        qi.push_back(out->table.requireColumn(name));
        maps.emplace_back(out->table.column(qi.back()));
    }
    for (const std::string& name : data.sensitiveNames())
        sa.push_back(out->table.requireColumn(name));
    out->dataset = std::make_unique<Dataset>(out->table, qi, maps, sa);
    return out;
}

int pdfPages(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QByteArray bytes = f.readAll();
    return int(QString::fromLatin1(bytes).count(QRegularExpression("/Type\\s*/Page[^s]")));
}
}  // namespace

class TestExport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    /// Opens an example at 1440×900.
    static Project* open(MainWindow& window, const QString& example) {
        window.resize(1440, 900);
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open(example);
        if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 30000))
            return nullptr;
        return window.controller()->project();
    }

    /// Opens an example and runs its project's search (without measuring every node).
    static std::shared_ptr<const SearchOutcome> openAndSearch(MainWindow& window,
                                                              const QString& example) {
        return open(window, example) ? search(window) : nullptr;
    }

    static std::shared_ptr<const SearchOutcome> search(MainWindow& window) {
        SearchSession* session = window.searchSession();
        session->run();
        if (!QTest::qWaitFor([&] { return !session->isRunning(); }, 120000)) return nullptr;
        return session->outcome();
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void neutralizesFormulas() {
        QCOMPARE(neutralizeFormula("=1+2"), std::string("'=1+2"));
        QCOMPARE(neutralizeFormula("@SUM(A1)"), std::string("'@SUM(A1)"));
        QCOMPARE(neutralizeFormula("+cmd"), std::string("'+cmd"));
        QCOMPARE(neutralizeFormula("-x"), std::string("'-x"));
        QCOMPARE(neutralizeFormula("-5"), std::string("-5"));
        QCOMPARE(neutralizeFormula("1e3"), std::string("1e3"));
        QCOMPARE(neutralizeFormula("a=b"), std::string("a=b"));
        QCOMPARE(neutralizeFormula("=HYPERLINK(\"x\")"), std::string("'=HYPERLINK(\"x\")"));
        QCOMPARE(neutralizeFormula("20-29"), std::string("20-29"));
    }

    void publishedTableAuditsAndReportIsWritten() {
        MainWindow window;
        const auto outcome = openAndSearch(window, "adult");
        QVERIFY(outcome && outcome->result.optimum);
        QVERIFY(window.showPerspective("export"));
        ExportPerspective* ep = window.exportPerspective();
        QTRY_VERIFY_WITH_TIMEOUT(!ep->isPreparing() && ep->report(), 60000);
        const Levels levels = outcome->data->dataset().lattice().levels(*outcome->result.optimum);
        QCOMPARE(ep->nodeText(), QString::fromStdString(formatLevels(levels)));
        QCOMPARE(ep->report()->node.metrics.classes, outcome->result.optimumMetrics.classes);

        // The table, suppressed rows removed: every published class satisfies every criterion.
        const QString csv = m_dir.filePath("published.csv");
        QVERIFY2(ep->exportTable(csv), qPrintable(ep->lastError()));
        const auto reread = readPublished(csv, *outcome->data);
        const Table& published = reread->table;
        const Dataset& audit = *reread->dataset;
        const std::size_t n = outcome->data->dataset().rowCount();
        QCOMPARE(published.rowCount(), n - outcome->result.optimumMetrics.suppressedRows);
        const auto criteria = bindCriteria(audit, outcome->settings.criteria);
        const EquivalenceClasses classes = audit.classes(Levels(audit.qiCount(), 0));
        QCOMPARE(classes.count(), outcome->result.optimumMetrics.classes);
        for (const CriterionResult& r : evaluateCriteria(audit, classes, criteria))
            QVERIFY2(r.holds && r.failingClasses == 0, r.spec.c_str());

        // Masked: every row stays; the suppressed ones carry "*" in every QI.
        ep->setMaskSuppressed(true);
        const QString masked = m_dir.filePath("masked.csv");
        QVERIFY(ep->exportTable(masked));
        const Table all = readCsv(masked.toStdString(), publishedCsvOptions());
        QCOMPARE(all.rowCount(), n);
        std::size_t stars = 0;
        for (std::size_t r = 0; r < all.rowCount(); ++r) {
            bool star = true;
            for (const std::string& name : outcome->data->qiNames())
                star = star && all.value(r, *all.columnIndex(name)) == "*";
            stars += star ? 1 : 0;
        }
        QCOMPARE(stars, outcome->result.optimumMetrics.suppressedRows);

        // The same file audited by `ldiv audit` (the command line re-reads it on its own).
        QProcess cliAudit;
        cliAudit.start(LDIV_CLI_PATH, {"audit", csv, "--qi",
                                       QString::fromStdString(joined(outcome->data->qiNames())),
                                       "--sensitive", "occupation", "--criterion", "k=5",
                                       "--criterion", "entropy-l=3", "--json"});
        QVERIFY(cliAudit.waitForFinished(60000));
        QCOMPARE(cliAudit.exitCode(), 0);
        const QJsonObject audited =
            QJsonDocument::fromJson(cliAudit.readAllStandardOutput()).object();
        QCOMPARE(qulonglong(audited["rows"].toInteger()), qulonglong(published.rowCount()));
        QCOMPARE(audited["criteria"].toArray().size(), 2);
        for (const QJsonValue c : audited["criteria"].toArray())
            QVERIFY2(c["holds"].toBool() && c["failing_classes"].toInt() == 0,
                     qPrintable(c["spec"].toString()));

        // The value mapping: every QI value of the data once, generalized as the table is.
        const QString mapping = m_dir.filePath("mapping.csv");
        QVERIFY2(ep->exportValueMapping(mapping), qPrintable(ep->lastError()));
        const Table map = readCsv(mapping.toStdString(), publishedCsvOptions());
        QCOMPARE(map.columnNames(),
                 (std::vector<std::string>{"attribute", "level", "value", "generalized", "rows"}));
        std::size_t expectedRows = 0;
        for (std::size_t c : outcome->data->dataset().qiColumns())
            expectedRows += outcome->data->table().column(c).domainSize();
        QCOMPARE(map.rowCount(), expectedRows);
        const HierarchyMap& ageMap = outcome->data->dataset().hierarchy(1);
        const Column& ageColumn =
            outcome->data->table().column(outcome->data->dataset().qiColumns()[1]);
        for (std::size_t r = 0; r < map.rowCount(); ++r) {
            if (map.value(r, 0) != "age") continue;
            const Code code = *ageColumn.find(map.value(r, 2));
            QCOMPARE(map.value(r, 3), ageMap.levelValue(levels[1], ageMap.map(code, levels[1])));
        }

        // Hierarchies.
        QVERIFY(ep->exportHierarchies(m_dir.path()));
        for (const std::string& name : outcome->data->qiNames())
            QVERIFY(QFile::exists(m_dir.filePath(
                QStringLiteral("hierarchy_%1.csv").arg(QString::fromStdString(name)))));

        // Report: HTML with the configuration and an embedded chart; PDF with pages.
        const QString html = m_dir.filePath("report.html");
        QVERIFY2(ep->exportReport(html), qPrintable(ep->lastError()));
        QFile htmlFile(html);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(htmlFile.readAll());
        QVERIFY(text.contains("5-anonymity"));
        QVERIFY(text.contains(QString::fromStdString(formatLevels(levels))));
        QVERIFY(text.contains("data:image/png;base64,"));
        QVERIFY(text.contains("Homogeneity attack"));
        const QString pdf = m_dir.filePath("report.pdf");
        QVERIFY(ep->exportReport(pdf));
        QVERIFY(QFileInfo(pdf).size() > 10000);
        QVERIFY(pdfPages(pdf) >= 1);

        // The chart in PNG, PDF and SVG.
        BarChart* chart = ep->classChart();
        QVERIFY(chart->barCount() > 0);
        for (const QString suffix : {"png", "pdf", "svg"}) {
            const QString path = m_dir.filePath("chart." + suffix);
            QVERIFY(chart->exportTo(path));
            QVERIFY2(QFileInfo(path).size() > 2000, qPrintable(path));
        }
        QCOMPARE(QImage(m_dir.filePath("chart.png")).isNull(), false);
        QCOMPARE(pdfPages(m_dir.filePath("chart.pdf")), 1);
        QFile svg(m_dir.filePath("chart.svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString svgText = QString::fromUtf8(svg.readAll());
        const auto match =
            QRegularExpression("<svg[^>]*width=\"([0-9.]+)[a-z]*\"[^>]*height=\"([0-9.]+)")
                .match(svgText);
        QVERIFY2(match.hasMatch(), qPrintable(svgText.left(400)));
        QVERIFY(match.captured(1).toDouble() > 50 && match.captured(2).toDouble() > 50);
    }

    /// The report's risks, per sensitive attribute, equal an audit of the exported table
    /// (re-read from the CSV: suppressed rows removed, classes regrouped from the file).
    void reportRisksMatchTheExportedTable() {
        MainWindow window;
        Project* project = open(window, "adult");
        QVERIFY(project);
        project->setRole(project->columnIndex("salary-class"), Role::Sensitive);
        SearchSettings settings = project->searchSettings();
        settings.criteria = {"k=5", "entropy-l=3@occupation"};
        project->setSearchSettings(settings, "criteria");
        const auto outcome = search(window);
        QVERIFY(outcome && outcome->result.optimum);
        QCOMPARE(outcome->data->sensitiveNames(),
                 (std::vector<std::string>{"occupation", "salary-class"}));
        QVERIFY(window.showPerspective("export"));
        ExportPerspective* ep = window.exportPerspective();
        QTRY_VERIFY_WITH_TIMEOUT(!ep->isPreparing() && ep->report(), 60000);
        QVERIFY(outcome->result.optimumMetrics.suppressedRows >
                0);  // suppressed classes must not count

        const QString csv = m_dir.filePath("risks.csv");
        QVERIFY2(ep->exportTable(csv), qPrintable(ep->lastError()));
        const auto reread = readPublished(csv, *outcome->data);
        const Dataset& audit = *reread->dataset;
        const AuditSummary summary = summarize(audit, audit.classes(Levels(audit.qiCount(), 0)));

        const std::vector<SensitiveRisk>& risks = ep->report()->risks;
        QCOMPARE(risks.size(), std::size_t(2));
        for (std::size_t j = 0; j < 2; ++j) {
            QCOMPARE(risks[j].attribute.toStdString(), summary.sensitive[j].attribute);
            QCOMPARE(risks[j].homogeneousClasses, summary.sensitive[j].homogeneousClasses);
            QCOMPARE(risks[j].homogeneousRows, summary.sensitive[j].homogeneousRows);
            // A homogeneous class's rows are believed with certainty (β = 1, Machanavajjhala et al.
            // 2007 §3).
            QVERIFY(risks[j].positiveDisclosures >= risks[j].homogeneousRows);
            QVERIFY(risks[j].nearHomogeneousClasses >= risks[j].homogeneousClasses);
        }
        // Entropy 3-diversity on occupation leaves no homogeneous class; salary-class (two
        // values, unprotected) has many.
        QCOMPARE(risks[0].homogeneousClasses, std::size_t(0));
        QVERIFY(risks[1].homogeneousClasses > 0);
        QCOMPARE(risks[1].maxBelief, 1.0);

        const QString html = m_dir.filePath("risks.html");
        QVERIFY2(ep->exportReport(html), qPrintable(ep->lastError()));
        QFile htmlFile(html);
        QVERIFY(htmlFile.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(htmlFile.readAll());
        QVERIFY(text.contains(QStringLiteral("<tr><td>salary-class</td><td>%1 (%2)</td>")
                                  .arg(risks[1].homogeneousClasses)
                                  .arg(risks[1].homogeneousRows)));

        // Issue 37: the report's worst measure of k is the smallest class of the file as
        // published (the suppressed classes, smaller than k, are reported apart), and the
        // risk is shown before and after.
        const ReportData& report = *ep->report();
        QCOMPARE(report.criterionRows.size(), std::size_t(2));
        const ReportData::CriterionRow& k = report.criterionRows[0];
        QCOMPARE(k.published.spec, std::string("k=5"));
        std::uint32_t smallest = std::numeric_limits<std::uint32_t>::max();
        for (std::uint32_t s : audit.classes(Levels(audit.qiCount(), 0)).sizes)
            smallest = std::min(smallest, s);
        QCOMPARE(k.published.measured, double(smallest));
        QVERIFY(k.published.holds);
        QVERIFY(smallest >= 5);
        QVERIFY(k.suppressedClasses > 0);
        QCOMPARE(k.suppressedRows, outcome->result.optimumMetrics.suppressedRows);
        QVERIFY(k.suppressedWorst < 5);
        QVERIFY2(text.contains(
                     QStringLiteral("<td class='n'>%1</td><td class='n'>5</td>").arg(smallest)),
                 "the worst published measure is the file's smallest class");
        // Before: the input's own classes (every QI at level 0).
        const Dataset& input = outcome->data->dataset();
        std::uint32_t inputSmallest = std::numeric_limits<std::uint32_t>::max();
        for (std::uint32_t s : input.classes(Levels(input.qiCount(), 0)).sizes)
            inputSmallest = std::min(inputSmallest, s);
        QCOMPARE(report.inputReidentification.prosecutor.highest, 1.0 / inputSmallest);
        QCOMPARE(report.inputReidentification.rows, input.rowCount());
        QVERIFY(text.contains("Before and after"));
    }

    void configurationRerunsHeadless() {
        // The exported configuration re-runs with `ldiv generalize` on a new table of the same
        // schema (the first 10,000 rows of Adult) and publishes a table that audits.
        MainWindow window;
        QVERIFY(openAndSearch(window, "adult"));
        ExportPerspective* ep = window.exportPerspective();
        const QString config = m_dir.filePath("configuration.ldiv.json");
        QVERIFY2(ep->exportConfiguration(config), qPrintable(ep->lastError()));
        QVERIFY(!window.controller()->project()->isDirty());
        QCOMPARE(window.controller()->project()->filePath().endsWith("adult.ldiv.json"), true);

        const QString part = m_dir.filePath("adult_part.csv");
        QVERIFY(test::writeFirstRows(LDIV_RESOURCES "/examples/adult/adult.csv", part, 10000));
        const QString out = m_dir.filePath("part_published.csv");
        QProcess run;
        run.start(LDIV_CLI_PATH, {"generalize", "--project", config, part, "--node", "optimum",
                                  "-o", out, "--json"});
        QVERIFY(run.waitForFinished(60000));
        QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
        const QJsonObject j = QJsonDocument::fromJson(run.readAllStandardOutput()).object();
        QVERIFY(j["satisfies"].toBool());
        QProcess audit;
        audit.start(
            LDIV_CLI_PATH,
            {"audit", out, "--qi", "sex,age,race,marital-status,education,native-country,workclass",
             "--sensitive", "occupation", "--criterion", "k=5", "--criterion", "entropy-l=3",
             "--json"});
        QVERIFY(audit.waitForFinished(60000));
        const QJsonObject audited = QJsonDocument::fromJson(audit.readAllStandardOutput()).object();
        QCOMPARE(audited["rows"].toInt(), j["rows"].toInt());
        for (const QJsonValue c : audited["criteria"].toArray()) QVERIFY(c["holds"].toBool());
        QCOMPARE(audited["criteria"].toArray().size(), 2);
    }

    void sweepExportNeedsRoles() {
        // The SWEEP button is enabled only when the project has a quasi-identifier and a
        // sensitive attribute; otherwise its tooltip says which is missing.
        MainWindow window;
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open("nursery");
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project() != nullptr, 30000);
        Project* project = window.controller()->project();
        SweepExportBox* box = window.exportPerspective()->sweepBox();
        auto* button = box->findChild<QPushButton*>();
        QVERIFY(button && button->text().contains("SWEEP"));
        QVERIFY(button->isEnabled());
        std::vector<int> sensitive, qi;
        for (int c = 0; c < project->columnCount(); ++c) {
            if (project->role(c) == Role::Sensitive) sensitive.push_back(c);
            if (project->role(c) == Role::QuasiIdentifying) qi.push_back(c);
        }
        QVERIFY(!sensitive.empty() && !qi.empty());
        project->setRoles(sensitive, Role::Insensitive);
        QVERIFY(!button->isEnabled());
        QVERIFY2(button->toolTip().contains("sensitive attribute"), qPrintable(button->toolTip()));
        project->setRoles(qi, Role::Insensitive);
        QVERIFY(!button->isEnabled());
        QVERIFY2(button->toolTip().contains("quasi-identifying"), qPrintable(button->toolTip()));
        project->undoStack()->undo();
        project->undoStack()->undo();
        QVERIFY(button->isEnabled());
    }

    void sweepTableEqualsTheCommandLine() {
        // SWEEP from the Export perspective writes the same table as `ldiv sweep` (Nursery,
        // whose sensitive attribute 'class' has a taxonomy).
        MainWindow window;
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open("nursery");
        QTRY_VERIFY_WITH_TIMEOUT(window.controller()->project() != nullptr, 30000);
        SweepExportBox* box = window.exportPerspective()->sweepBox();
        box->setParameters(0.5, 3);
        const QString gui = m_dir.filePath("sweep_gui.csv");
        QSignalSpy done(box, &SweepExportBox::finished);
        box->exportTo(gui, false);
        QVERIFY(done.wait(300000));
        QVERIFY2(done.first().first().toBool(), qPrintable(box->status()));
        QVERIFY(box->status().contains("every class is (τ,ℓ)-diverse"));
        const QString cli = m_dir.filePath("sweep_cli.csv");
        QProcess run;
        run.start(LDIV_CLI_PATH,
                  {"sweep", "--project", LDIV_RESOURCES "/examples/nursery/nursery.ldiv.json",
                   "--tau", "0.5", "--l", "3", "--seed", "1", "-o", cli, "--output-sep", ","});
        QVERIFY(run.waitForFinished(300000));
        QCOMPARE(run.exitCode(), 0);
        QFile a(gui), b(cli);
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        const QByteArray bytes = a.readAll();
        QVERIFY(bytes.size() > 10000);
        QCOMPARE(bytes, b.readAll());

        // An impossible requirement is refused with the engine's message, nothing written.
        box->setParameters(0.2, 3);  // τ < 1/ℓ
        const QString bad = m_dir.filePath("sweep_bad.csv");
        box->exportTo(bad, false);
        QVERIFY(done.wait(60000));
        QCOMPARE(done.last().first().toBool(), false);
        QVERIFY2(box->status().startsWith("tau = 0.2 is not allowed, tau must be in [1/l, 1)"),
                 qPrintable(box->status()));
        QVERIFY(!QFile::exists(bad));
    }
};

QTEST_MAIN(TestExport)
#include "test_export.moc"
