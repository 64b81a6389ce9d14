// δ-presence's research subset in the workbench (Nergiz, Atzori & Clifton 2007; issue 19): set
// in the Privacy perspective (COL=VALUE or a CSV file, undoable), saved in the project's
// "research_subset" relative to the project file and read back; the workbench's δ-presence search
// finds the minimal nodes and optimum of `ldiv search --research-subset`, and exporting publishes
// the subset's rows only, the bytes `ldiv generalize` writes. Without a subset or a population
// size the editor names the workbench's field, not the command line's option. δ-presence with
// k beside it is searched (judged on the subset's rows, as `ldiv search` does), and the
// exported table holds k on its own.
#include <QFile>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <map>

#include "cli_runner.h"
#include "export/tableexport.h"
#include "file_fixtures.h"
#include "hierarchy/buildersettings.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/project/workspace.h"
#include "ldiv/risk/risk_analysis.h"
#include "privacy/criterioneditor.h"
#include "privacy/privacyperspective.h"
#include "project/projectdata.h"
#include "report/reportdata.h"
#include "ui_fixtures.h"

using namespace ldv;
using namespace ldv::ui;

namespace {}  // namespace

class TestResearchSubset : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_csv, m_subsetFile;
    std::size_t m_subsetRows = 0;

    /// A project over the synthetic table: zip, age, nationality generalized, condition
    /// sensitive, the δ-presence requirement with a 2 % suppression limit.
    std::unique_ptr<Project> makeProject() {
        auto project = std::make_unique<Project>(loadCsvProject(m_csv, CsvOptions{}, nullptr));
        for (const char* qi : {"zip", "age", "nationality"})
            project->setRole(project->columnIndex(qi), Role::QuasiIdentifying);
        project->setRole(project->columnIndex("condition"), Role::Sensitive);
        auto build = [&](const char* name, BuilderSettings::Kind kind) {
            BuilderSettings b;
            b.kind = kind;
            b.widths = "5,10,20";
            const Column& c = project->table().column(std::size_t(project->columnIndex(name)));
            project->setHierarchy(name, buildHierarchy(b, c, project->config().csv.missingTokens),
                                  "build");
        };
        build("zip", BuilderSettings::Kind::Masking);
        build("age", BuilderSettings::Kind::Intervals);
        build("nationality", BuilderSettings::Kind::Suppression);
        SearchSettings s = project->searchSettings();
        s.criteria = {"delta-presence=0.3,0.37"};
        s.suppressionLimit = 0.02;
        project->setSearchSettings(s, "settings");
        return project;
    }

    /// The node exported as the workbench's table export writes it (NAME-bench.csv) and as
    /// `ldiv generalize --project FILE --node … --output NAME-cli.csv --json` does.
    struct Exported {
        QString bench, cli;
        test::CliResult generalize;
    };
    Exported exportBoth(const SearchOutcome& outcome, const Levels& node, const QString& file,
                        const QString& name) {
        Exported e{m_dir.filePath(name + "-bench.csv"), m_dir.filePath(name + "-cli.csv"), {}};
        TableExportOptions options;
        options.shuffle = false;  // compared row by row with the CLI's --keep-order
        exportTableCsv(*outcome.data, outcome.config, node, options, e.bench.toStdString());
        e.generalize = test::runCli({"generalize", "--project", file, "--node",
                                     QString::fromStdString(formatLevels(node)), "--keep-order",
                                     "--output", e.cli, "--json"});
        return e;
    }

    /// Rows per class of a published CSV whose first three columns are the quasi-identifiers.
    static std::map<std::string, std::uint32_t> publishedClasses(const Table& published) {
        std::map<std::string, std::uint32_t> classes;
        for (std::size_t r = 0; r < published.rowCount(); ++r)
            ++classes[published.value(r, 0) + "|" + published.value(r, 1) + "|" +
                      published.value(r, 2)];
        return classes;
    }

private slots:
    void initTestCase() {
        QVERIFY(test::isolateWorkbench(m_dir, true));
        m_csv = m_dir.filePath("synth.csv");
        const test::CliResult synth =
            test::runCli({"synth", LDIV_RESOURCES "/examples/hospital/hospital.csv", "--rows",
                          "2000", "--seed", "11", "--output", m_csv});
        QVERIFY2(synth.exitCode == 0, synth.err.constData());
        // The subset file: every third row of the table (its rows, all columns).
        CsvOptions o;
        o.inferTypes = false;
        const Table table = readCsv(m_csv.toStdString(), o);
        QFile f(m_dir.filePath("subset.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("zip,age,nationality,condition\n");
        for (std::size_t r = 0; r < table.rowCount(); r += 3) {
            QStringList cells;
            for (std::size_t c = 0; c < 4; ++c) cells << QString::fromStdString(table.value(r, c));
            f.write(cells.join(',').toUtf8() + "\n");
            ++m_subsetRows;
        }
        f.close();
        m_subsetFile = f.fileName();
    }

    void editorNamesTheWorkbenchFields() {
        auto project = makeProject();
        CriterionEditor editor;
        editor.setProject(project.get());
        QCOMPARE(editor.checkSpec("delta-presence=0.1,0.5"),
                 QString("criterion 'delta-presence=0.1,0.5' needs the research subset, the rows "
                         "that are published: set 'Research subset' in the Privacy perspective "
                         "to COL=VALUE or choose a CSV file of its rows (the loaded table is the "
                         "population)"));
        QCOMPARE(editor.checkSpec("k-map=3"),
                 QString("criterion 'k-map=3' needs the population size: enter 'Population size "
                         "N' in the Risk perspective (the number of people the data is a sample "
                         "of)"));
        QVERIFY(editor.checkSpec("population-uniqueness=0.1:pitman").contains("Risk perspective"));
        // The search says the same before it starts.
        SearchSession session;
        session.setProject(project.get());
        QSignalSpy failed(&session, &SearchSession::failed);
        session.run();
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.first().first().toString().contains("'Research subset' in the Privacy"));
        // With the inputs, both criteria are accepted.
        project->setResearchSubset("nationality=American");
        SearchSettings s = project->searchSettings();
        s.populationSize = 100000;
        project->setSearchSettings(s, "N");
        QCOMPARE(editor.checkSpec("delta-presence=0.1,0.5"), QString());
        QCOMPARE(editor.checkSpec("k-map=3"), QString());
        // A bound outside [0, 1] is still the core's to refuse.
        QVERIFY(editor.checkSpec("delta-presence=0.1,1.5").contains("dmax = 1.5 is not allowed"));
    }

    void fieldSetsTheSubsetUndoably() {
        MainWindow window;
        window.controller()->setInteractive(false);
        auto project = makeProject();
        const QString saved = m_dir.filePath("field.ldiv.json");
        project->save(saved);
        Project* p = test::openProject(window, saved, 20000);
        QVERIFY(p);
        PrivacyPerspective* privacy = window.findChild<PrivacyPerspective*>();
        QVERIFY(privacy);
        // A value no row has is refused with the core's words; the project keeps none.
        QVERIFY(!privacy->setResearchSubsetText("nationality=Martian"));
        QVERIFY(privacy->researchSubsetStatus()->text().contains(
            "research subset 'nationality=Martian': no row has nationality = 'Martian'"));
        QCOMPARE(p->researchSubset(), std::string());
        // A file named relative to the project's folder is held by its absolute path.
        QVERIFY(privacy->setResearchSubsetText("subset.csv"));
        QCOMPARE(QString::fromStdString(p->researchSubset()), m_subsetFile);
        QCOMPARE(privacy->researchSubsetStatus()->text(),
                 QString("%1 of 2000 rows are the research subset (with δ-presence only they are "
                         "published).")
                     .arg(m_subsetRows));
        p->undoStack()->undo();
        QCOMPARE(p->researchSubset(), std::string());
        QCOMPARE(privacy->researchSubsetEdit()->text(), QString());
        p->undoStack()->redo();
        QCOMPARE(privacy->researchSubsetEdit()->text(), m_subsetFile);
    }

    void searchAgreesWithTheCommandLine() {
        auto project = makeProject();
        project->setResearchSubset(m_subsetFile.toStdString());
        const auto outcome = test::searchProject(*project);
        QVERIFY(outcome && outcome->complete());
        QVERIFY(outcome->result.optimum);

        // Saved relative to the project file and read back as it was.
        const QString file = m_dir.filePath("subset.ldiv.json");
        project->save(file);
        QCOMPARE(loadProject(file.toStdString()).researchSubset, std::string("subset.csv"));
        Project reopened(loadProjectData(file, nullptr));
        QCOMPARE(reopened.researchSubset(), project->researchSubset());
        QCOMPARE(reopened.configForSave(file, false), project->configForSave(file, false));

        // `ldiv search` with --research-subset (the project's own overridden by the same file).
        const Lattice& lattice = outcome->data->dataset().lattice();
        const test::CliResult r = test::runCli(
            {"search", "--project", file, "--research-subset", m_subsetFile, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        std::vector<Levels> minimal;
        for (const QJsonValue& v : r.json()["minimal_nodes"].toArray())
            minimal.push_back(test::levelsOf(v.toArray()));
        std::sort(minimal.begin(), minimal.end());
        QVERIFY(!minimal.empty());
        // δ near the subset's third: the table as it is does not satisfy.
        QVERIFY(!outcome->result.satisfies[lattice.id(Levels(3, 0))]);
        QCOMPARE(test::sortedLevels(lattice, outcome->result.minimal), minimal);
        QCOMPARE(test::levelsOf(r.json()["optimum"].toObject()["levels"].toArray()),
                 lattice.levels(*outcome->result.optimum));
        QCOMPARE(r.json()["satisfying_count"].toInteger(),
                 qint64(outcome->result.satisfying.size()));

        // Exported: the subset's rows only (less those suppressed), the bytes of `ldiv
        // generalize`, without the membership attribute.
        const Levels optimum = lattice.levels(*outcome->result.optimum);
        const Exported e = exportBoth(*outcome, optimum, file, "subset");
        const test::CliResult& g = e.generalize;
        const QString& bench = e.bench;
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QCOMPARE(test::readFile(bench), test::readFile(e.cli));
        const qint64 rows = g.json()["rows"].toInteger();
        QCOMPARE(rows + g.json()["suppressed_rows"].toInteger(), qint64(m_subsetRows));
        QCOMPARE(test::readFile(bench).count('\n'), rows + 1);
        QVERIFY(!test::readFile(bench).contains("research subset"));

        // The report's risk is that of the released rows: the classes of the exported file
        // (counted here from its quasi-identifier values), not of the population.
        CsvOptions csv;
        csv.inferTypes = false;
        const Table published = readCsv(bench.toStdString(), csv);
        std::vector<std::uint32_t> sizes;
        for (const auto& [key, size] : publishedClasses(published)) sizes.push_back(size);
        const RiskAnalysis expected = analyzeRisk(sizes);
        const ReportData report =
            buildReportData(*outcome, *outcome->result.optimum, "subset", "optimum", std::nullopt);
        QCOMPARE(report.reidentification.rows, std::size_t(rows));
        QCOMPARE(report.reidentification.classes, expected.classes);
        QCOMPARE(report.reidentification.prosecutor.highest, expected.prosecutor.highest);
        QCOMPARE(report.reidentification.prosecutor.average, expected.prosecutor.average);
        // Only the user's sensitive attribute is reported, not the subset's membership.
        QCOMPARE(report.risks.size(), std::size_t(1));
        QCOMPARE(report.risks[0].attribute, QString("condition"));
    }

    void combinedWithKAgreesWithTheCommandLine() {
        // δ-presence and k=5: k is judged on the research subset's rows (the published ones),
        // so the workbench searches the combination and finds what `ldiv search` finds.
        auto project = makeProject();
        project->setResearchSubset(m_subsetFile.toStdString());
        SearchSettings s = project->searchSettings();
        // With the subset every third row, δ is near ⅓ in every large class, so the bounds are
        // wide here and k decides.
        s.criteria = {"delta-presence=0,1", "k=5"};
        project->setSearchSettings(s, "k");
        const auto outcome = test::searchProject(*project);
        QVERIFY(outcome && outcome->complete());
        QVERIFY(outcome->result.optimum);
        const QString file = m_dir.filePath("combined.ldiv.json");
        project->save(file);
        const Lattice& lattice = outcome->data->dataset().lattice();
        const test::CliResult r = test::runCli({"search", "--project", file, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        std::vector<Levels> minimal;
        for (const QJsonValue& v : r.json()["minimal_nodes"].toArray())
            minimal.push_back(test::levelsOf(v.toArray()));
        std::sort(minimal.begin(), minimal.end());
        QCOMPARE(test::sortedLevels(lattice, outcome->result.minimal), minimal);
        const Levels optimum = lattice.levels(*outcome->result.optimum);
        QCOMPARE(test::levelsOf(r.json()["optimum"].toObject()["levels"].toArray()), optimum);
        QCOMPARE(r.json()["satisfying_count"].toInteger(),
                 qint64(outcome->result.satisfying.size()));
        // k narrows δ-presence's answer: fewer nodes satisfy both than δ-presence alone.
        const test::CliResult alone = test::runCli(
            {"search", "--project", file, "--criterion", "delta-presence=0,1", "--json"});
        QVERIFY2(alone.exitCode == 0, alone.err.constData());
        QVERIFY(alone.json()["satisfying_count"].toInteger() >
                qint64(outcome->result.satisfying.size()));

        // Exported: the bytes of `ldiv generalize`; every published class has ≥ 5 rows.
        const Exported e = exportBoth(*outcome, optimum, file, "combined");
        const test::CliResult& g = e.generalize;
        const QString& bench = e.bench;
        QVERIFY2(g.exitCode == 0, g.err.constData());
        QCOMPARE(test::readFile(bench), test::readFile(e.cli));
        CsvOptions csv;
        csv.inferTypes = false;
        const Table published = readCsv(bench.toStdString(), csv);
        QVERIFY(published.rowCount() > 0);
        for (const auto& [key, size] : publishedClasses(published))
            QVERIFY2(size >= 5, key.c_str());
        QCOMPARE(qint64(published.rowCount()) + g.json()["suppressed_rows"].toInteger(),
                 qint64(m_subsetRows));
    }
};

QTEST_MAIN(TestResearchSubset)
#include "test_research_subset.moc"
