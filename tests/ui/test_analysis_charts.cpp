// The Analysis perspective's newer analyses (offscreen), each run through the perspective with
// options typed into its form and compared number by number with the engine called directly:
// run time vs QI size (qiSizeTiming), (τ,ℓ) excessive protection (sweep, CldSearch, bestOneDld:
// the colour map has the grid's dimensions), information and count-query error
// (informationUtility, CountQueryWorkload), diagnosis per attribute set (anonymousSets,
// kAnonymitySuppressed) and background-knowledge beliefs (analyzeBeliefs, backgroundAttack:
// Umeko of Machanavajjhala et al. 2007 Fig. 2). Also: invalid options are refused with a message,
// and options are kept in the project, not per machine; the new charts export as non-trivial PNG,
// PDF and SVG; the report written by the Export perspective contains the analysis charts with their
// titles and notes.
#include <qcustomplot.h>
#include <QFile>
#include <QImage>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "analysis/analyses.h"
#include "analysis/analysisoptionsform.h"
#include "analysis/analysisperspective.h"
#include "analysis/beliefsanalysis.h"
#include "analysis/tauanalyses.h"
#include "charts/panelchart.h"
#include "charts/reportchart.h"
#include "export/exportperspective.h"
#include "ldiv/attacks/belief_analysis.h"
#include "ldiv/project/tau_input.h"
#include "ldiv/tau/sweep_result.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "session/searchsession.h"
#include "workbench/autosave.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

namespace {

qint64 fileSize(const QString& path) {
    return QFileInfo(path).size();
}

/// Equal as numbers, or both "no value" (NaN in the chart, empty output in the engine).
bool same(double chart, double engine) {
    if (std::isnan(chart) || std::isnan(engine) || std::isinf(engine))
        return std::isnan(chart) && !std::isfinite(engine);
    return std::abs(chart - engine) <= 1e-12 * std::max(1.0, std::abs(engine));
}

/// A taxonomy of the hospital's conditions (the example has none): 3 values, 2 groups.
Hierarchy conditionTaxonomy() {
    return Hierarchy({{"Cancer", "Serious", "*"},
                      {"Heart Disease", "Serious", "*"},
                      {"Viral Infection", "Infection", "*"}},
                     "test");
}

}  // namespace

class TestAnalysisCharts : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    bool open(MainWindow& window, const QString& example) {
        window.resize(1440, 900);
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open(example);
        if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 60000))
            return false;
        window.showPerspective("analysis");
        return true;
    }

    /// Selects `id`, types `options` into its form and runs it to the end.
    bool run(MainWindow& window, const QString& id, const QList<QPair<QString, QString>>& options) {
        AnalysisPerspective* ap = window.analysisPerspective();
        if (!ap->setCurrentAnalysis(id)) return false;
        for (const auto& [key, value] : options)
            if (!ap->setOption(key, value)) return false;
        ap->run();
        return QTest::qWaitFor([&] { return !ap->isRunning(); }, 300000);
    }

    std::shared_ptr<Workspace> prepared(MainWindow& window) {
        return snapshotOf(*window.controller()->project()).prepare();
    }

    void exportsAreNonTrivial(AnalysisPerspective* ap, const QString& name) {
        for (const QString suffix : {"png", "pdf", "svg", "csv"}) {
            const QString path = m_dir.filePath(name + "." + suffix);
            QVERIFY2(ap->exportChart(path), qPrintable(ap->lastError()));
            QVERIFY2(fileSize(path) > (suffix == "csv" ? 100 : 5000), qPrintable(path));
        }
        const QImage png(m_dir.filePath(name + ".png"));
        QVERIFY(png.width() >= 300 && png.height() >= 200);
        // Not a blank picture: many distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < png.height(); y += 7)
            for (int x = 0; x < png.width(); x += 7) colours.insert(png.pixel(x, y));
        QVERIFY2(colours.size() > 20, qPrintable(QString::number(colours.size())));
        QFile pdf(m_dir.filePath(name + ".pdf"));
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray pdfBytes = pdf.readAll();
        QVERIFY(pdfBytes.startsWith("%PDF"));
        QCOMPARE(pdfBytes.count("/Type /Page\n") + pdfBytes.count("/Type /Page\r") +
                     pdfBytes.count("/Type /Page "),
                 1);
        QFile svg(m_dir.filePath(name + ".svg"));
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QByteArray svgBytes = svg.readAll();
        QVERIFY(svgBytes.contains("<svg"));
        QVERIFY(svgBytes.count("<path") + svgBytes.count("<image") + svgBytes.count("<polyline") >
                10);
    }

private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        Autosave::setDirectory(m_dir.filePath("recovery"));
    }

    void timingChartEqualsEngine() {
        MainWindow window;
        QVERIFY(open(window, "hospital"));
        QVERIFY(run(window, "timing",
                    {{"from", "1"}, {"parameter", "2"}, {"algorithms", "incognito, fast"}}));
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY2(ap->hasResult(), qPrintable(ap->chart()->data().title));
        const auto data = prepared(window);
        const ChartData& chart = ap->chart()->data();
        QCOMPARE(chart.panels.size(), 2);
        QCOMPARE(chart.panels[0].x, QVector<double>({1, 2, 3}));
        // 2 algorithms × 2 models, then the lattice size.
        QCOMPARE(chart.panels[0].series.size(), 4);
        QCOMPARE(chart.panels[1].series.size(), 5);
        int s = 0;
        for (SearchAlgorithm algorithm : {SearchAlgorithm::Incognito, SearchAlgorithm::Fast}) {
            TimingOptions o;
            o.fromSize = 1;
            o.parameter = 2;
            o.algorithm = algorithm;
            const std::vector<TimingRow> rows = qiSizeTiming(data->dataset(), o);
            QCOMPARE(rows.size(), std::size_t(6));
            for (const TimingRow& r : rows) {
                const int series = s + int(r.model == PrivacyModel::EntropyL);
                const int i = int(r.qiSize) - 1;
                QCOMPARE(chart.panels[1].series[series].values[i], double(r.checkedNodes));
                QCOMPARE(chart.panels[1].series[4].values[i], double(r.latticeSize));
                const double ms = chart.panels[0].series[series].values[i];
                QVERIFY(std::isfinite(ms) && ms >= 0);
            }
            QVERIFY(chart.panels[0].series[s].name.contains(
                algorithm == SearchAlgorithm::Fast ? "fast" : "Incognito"));
            s += 2;
        }
    }

    void tauProtectionEqualsEngine() {
        MainWindow window;
        QVERIFY(open(window, "hospital"));
        // Without a taxonomy the analysis says what to do.
        QVERIFY(run(window, "tau-protection", {}));
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY(!ap->hasResult());
        QVERIFY2(ap->runError().contains("no hierarchy"), qPrintable(ap->runError()));
        Project* project = window.controller()->project();
        project->setHierarchy("condition", conditionTaxonomy(), "taxonomy");
        const std::vector<double> taus{0.4, 0.5, 0.6, 0.7}, ls{2, 3};
        QVERIFY(run(window, "tau-protection",
                    {{"taus", "0.4, 0.5, 0.6, 0.7"},
                     {"ls", "2, 3"},
                     {"sliceL", "3"},
                     {"sliceTau", "0.5"},
                     {"map", "SWEEP"},
                     {"seed", "1"}}));
        QVERIFY(ap->hasResult());
        const auto data = prepared(window);
        const TauInput input = tauInputOf(*data);
        QCOMPARE(input.domain(), std::size_t(3));
        const ChartData& chart = ap->chart()->data();
        QCOMPARE(chart.panels.size(), 3);
        const ChartPanel& map = chart.panels[0];
        QVERIFY(map.kind == ChartPanel::Kind::ColorMap);
        QCOMPARE(map.x.size(), 4);
        QCOMPARE(map.y.size(), 2);
        QCOMPARE(map.series.size(), 2);
        int finite = 0;
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 4; ++i) {
                const double tau = taus[std::size_t(i)], l = ls[std::size_t(j)];
                double e = NAN;
                if (validTau(tau, l, 3)) {
                    SweepOptions o;
                    o.tau = tau;
                    o.l = l;
                    o.seed = 1;
                    e = excessiveProtection(input, sweep(input, o).recoding, tau, l);
                    ++finite;
                }
                QVERIFY2(same(map.series[j].values[i], e),
                         qPrintable(QString("τ %1 ℓ %2: %3 vs %4")
                                        .arg(tau)
                                        .arg(l)
                                        .arg(map.series[j].values[i])
                                        .arg(e)));
            }
        QCOMPARE(finite, 7);  // (0.4, 2) is invalid: τ < 1/ℓ
        // The slices: e(P) of each algorithm along τ at ℓ = 3 and along ℓ at τ = 0.5.
        CldSearch cld(input);
        for (int i = 0; i < 4; ++i) {
            const double tau = taus[std::size_t(i)];
            const BaselineOutcome c = cld.best(tau, 3), d = bestOneDld(input, tau, 3);
            QVERIFY(
                same(chart.panels[1].series[1].values[i], c.empty ? NAN : c.excessiveProtection));
            QVERIFY(
                same(chart.panels[1].series[2].values[i], d.empty ? NAN : d.excessiveProtection));
            QCOMPARE(chart.panels[1].series[0].values[i], map.series[1].values[i]);
        }
        for (int j = 0; j < 2; ++j) {
            const BaselineOutcome c = cld.best(0.5, ls[std::size_t(j)]);
            QVERIFY(
                same(chart.panels[2].series[1].values[j], c.empty ? NAN : c.excessiveProtection));
        }
        // The drawn colour map has the grid's dimensions, with a colour scale.
        QCustomPlot* plot = ap->chart()->plot();
        QCPColorMap* drawn = nullptr;
        for (int i = 0; i < plot->plottableCount(); ++i)
            if (auto* m = qobject_cast<QCPColorMap*>(plot->plottable(i))) drawn = m;
        QVERIFY(drawn);
        QCOMPARE(drawn->data()->keySize(), 4);
        QCOMPARE(drawn->data()->valueSize(), 2);
        QVERIFY(drawn->colorScale() != nullptr);
        QCOMPARE(drawn->colorScale()->axis()->label(), QString("e(P)"));
        QVERIFY(same(drawn->data()->cell(2, 1), map.series[1].values[2]));
        exportsAreNonTrivial(ap, "tau-protection");
    }

    void tauInformationEqualsEngine() {
        MainWindow window;
        QVERIFY(open(window, "hospital"));
        window.controller()->project()->setHierarchy("condition", conditionTaxonomy(), "taxonomy");
        QVERIFY(run(window, "tau-information",
                    {{"taus", "0.5, 0.7"},
                     {"ls", "2, 3"},
                     {"queryTau", "0.7"},
                     {"queryL", "2"},
                     {"queries", "50"},
                     {"seed", "3"}}));
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY(ap->hasResult());
        const auto data = prepared(window);
        const TauInput input = tauInputOf(*data);
        const ChartData& chart = ap->chart()->data();
        QCOMPARE(chart.panels.size(), 3);
        const ChartPanel& info = chart.panels[0];
        QCOMPARE(info.categories,
                 QStringList({"τ=0.5, ℓ=2", "τ=0.7, ℓ=2", "τ=0.5, ℓ=3", "τ=0.7, ℓ=3"}));
        SweepOptions o;
        o.tau = 0.5;
        o.l = 3;
        o.seed = 3;
        QVERIFY(
            same(info.series[0].values[2], informationUtility(input, sweep(input, o).recoding)));
        const BaselineOutcome d = bestOneDld(input, 0.7, 2);
        QVERIFY(same(info.series[2].values[1], d.empty ? NAN : d.utility));
        // Count queries at (0.7, 2): the same workload (seed, size) on SWEEP's output.
        o.tau = 0.7;
        o.l = 2;
        const LocalRecoding out = sweep(input, o).recoding;
        const CountQueryWorkload workload(input, 50, 3);
        const std::vector<double> errors = workload.averageErrors(out);
        QCOMPARE(chart.panels[1].x.size(), int(errors.size()));
        for (std::size_t s = 0; s < errors.size(); ++s)
            QVERIFY(same(chart.panels[1].series[0].values[int(s)], errors[s]));
        const std::vector<SensitiveCountError> byValue = sensitiveCountErrors(input, out);
        QCOMPARE(chart.panels[2].categories.size(), int(byValue.size()));
        for (std::size_t v = 0; v < byValue.size(); ++v) {
            QCOMPARE(chart.panels[2].categories[int(v)], QString::fromStdString(byValue[v].value));
            QVERIFY(same(chart.panels[2].series[0].values[int(v)], byValue[v].relativeError));
        }
    }

    void diagnosisCallsEqualEngine() {
        // Calls of Algorithm 2 for question 3 (δ = 0) and question 7 (δ = 0.05) against the
        // engine's diagnose() called directly; the naive line is 2^|R| (the privacy-diagnosis paper
        // Figs 1–2).
        MainWindow window;
        QVERIFY(open(window, "adult"));
        QVERIFY(run(window, "diagnosis", {{"ks", "2, 10, 50"}, {"delta", "0.05"}}));
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY2(ap->hasResult(), qPrintable(ap->runError()));
        const auto data = prepared(window);
        std::vector<std::size_t> columns;
        for (const std::string& n : data->qiNames())
            columns.push_back(data->table().requireColumn(n));
        const ChartData& chart = ap->chart()->data();
        QCOMPARE(chart.panels.size(), 2);
        const ChartPanel& calls = chart.panels[0];
        const ChartPanel& sets = chart.panels[1];
        QCOMPARE(calls.x, QVector<double>({2, 10, 50}));
        QCOMPARE(calls.series.size(), 3);  // δ = 0, δ = 0.05, naive
        for (int i = 0; i < 3; ++i) {
            for (int s = 0; s < 2; ++s) {
                DiagnosisQuery q;
                q.question = s == 0 ? 3 : 7;
                q.k = std::size_t(calls.x[i]);
                if (s == 1) q.delta = 0.05;
                const DiagnosisResult r = diagnose(data->table(), columns, q);
                QCOMPARE(calls.series[s].values[i], double(r.calls));
                QCOMPARE(sets.series[s].values[i], double(r.answers.size()));
                QVERIFY(r.calls < r.naiveCalls);
            }
            QCOMPARE(calls.series[2].values[i], std::pow(2.0, double(columns.size())));
        }
        exportsAreNonTrivial(ap, "diagnosis_calls");
    }

    void diagnosisSetsEqualEngine() {
        MainWindow window;
        QVERIFY(open(window, "adult"));
        QVERIFY(run(window, "diagnosis-sets",
                    {{"k", "10"}, {"deltas", "0, 0.01, 0.05"}, {"deltaSets", "2"}}));
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY(ap->hasResult());
        const auto data = prepared(window);
        std::vector<std::size_t> columns;
        for (const std::string& n : data->qiNames())
            columns.push_back(data->table().requireColumn(n));
        const DiagnosisResult q3 = anonymousSets(data->table(), columns, 10, 0, Bound::AtLeast);
        QVERIFY(!q3.answers.empty());
        const ChartData& chart = ap->chart()->data();
        const ChartPanel& bars = chart.panels[0];
        QCOMPARE(bars.categories.size(), int(std::min<std::size_t>(q3.answers.size(), 24)));
        for (int i = 0; i < bars.categories.size(); ++i) {
            const DiagnosisAnswer& a = q3.answers[std::size_t(i)];
            QCOMPARE(bars.series[0].values[i], double(*a.k));
            QVERIFY(*a.k >= 10);
            QStringList names;
            for (const std::string& n : q3.attributeNames(a.attributes, data->table()))
                names << QString::fromStdString(n);
            QCOMPARE(bars.categories[i], names.join('+'));
        }
        const ChartPanel& byDelta = chart.panels[1];
        QCOMPARE(byDelta.x, QVector<double>({0, 0.01, 0.05}));
        QCOMPARE(byDelta.series.size(), 3);  // R and two maximal sets
        for (int i = 0; i < 3; ++i) {
            const double delta = byDelta.x[i];
            QCOMPARE(byDelta.series[0].values[i],
                     double(*kAnonymitySuppressed(data->table(), columns, delta).answers[0].k));
            std::vector<std::size_t> first;
            for (std::size_t c = 0; c < columns.size(); ++c)
                if (q3.answers[0].attributes >> c & 1) first.push_back(columns[c]);
            QCOMPARE(byDelta.series[1].values[i],
                     double(*kAnonymitySuppressed(data->table(), first, delta).answers[0].k));
        }
        // k_δ grows with δ.
        QVERIFY(byDelta.series[0].values[2] >= byDelta.series[0].values[0]);
    }

    void beliefsOfUmeko() {
        MainWindow window;
        QVERIFY(open(window, "hospital"));
        const QString knowledge = "nationality=Japanese => condition=Heart Disease : 0.01";
        QVERIFY(run(
            window, "beliefs",
            {{"node", "2,1,1"}, {"row", "3"}, {"knowledge", knowledge}, {"prior", "marginal"}}));
        AnalysisPerspective* ap = window.analysisPerspective();
        QVERIFY(ap->hasResult());
        const auto data = prepared(window);
        const Dataset& ds = data->dataset();
        const std::vector<std::uint32_t> rowClass =
            ds.rowClasses(ds.classes(Levels{2, 1, 1}, true));
        const std::size_t sa = ds.sensitiveColumns()[0];
        BeliefOptions without;
        BeliefOptions with;
        with.statements = {parseBackgroundStatement(knowledge.toStdString())};
        const BeliefAnalysis before =
            analyzeBeliefs(data->table(), sa, ds.qiColumns(), rowClass, without);
        const BeliefAnalysis after =
            analyzeBeliefs(data->table(), sa, ds.qiColumns(), rowClass, with);
        const ChartData& chart = ap->chart()->data();
        const ChartPanel& beliefs = chart.panels[0];
        const Column& condition = data->table().column(sa);
        QCOMPARE(beliefs.categories.size(), int(condition.domainSize()));
        QCOMPARE(beliefs.series.size(), 4);  // prior, prior with knowledge, before, after
        const IndividualBelief& b = before.individuals[2];
        const IndividualBelief& a = after.individuals[2];
        const int truth = int(b.trueValue);
        QCOMPARE(beliefs.categories[truth], QString("Viral Infection"));
        QVERIFY(same(beliefs.series[0].values[truth], b.prior));
        QVERIFY(same(beliefs.series[1].values[truth], a.prior));
        QVERIFY(std::abs(beliefs.series[2].values[truth] - b.belief) < 1e-12);
        QVERIFY(std::abs(beliefs.series[3].values[truth] - a.belief) < 1e-12);
        // Machanavajjhala et al. 2007 Fig. 2 without knowledge: β = n(q*,s)/N (SPEC §4), viral 2
        // of 4.
        QVERIFY(std::abs(b.belief - 0.5) < 1e-12);
        QVERIFY(a.belief > 0.95);  // … and Umeko's is disclosed by the knowledge
        for (int s = 0; s < 4; ++s) {
            double sum = 0;
            for (double v : beliefs.series[s].values) sum += v;
            QVERIFY(std::abs(sum - 1) < 1e-9);
        }
        // The class counts are backgroundAttack's.
        BackgroundAttackOptions options;
        options.statements = with.statements;
        const BackgroundAttackResult attack =
            backgroundAttack(data->table(), sa, ds.qiColumns(), rowClass, options);
        const BackgroundClassRow& cls = attack.classes[rowClass[2]];
        QCOMPARE(chart.panels[1].series[0].values,
                 QVector<double>({double(cls.positiveBefore), double(cls.negativeBefore)}));
        QCOMPARE(chart.panels[1].series[1].values,
                 QVector<double>({double(cls.positiveAfter), double(cls.negativeAfter)}));
        QVERIFY(cls.positiveAfter > cls.positiveBefore);
        exportsAreNonTrivial(ap, "beliefs");

        // Empty node: the optimum of the project's requirement (distinct 3-diversity).
        QVERIFY(run(window, "beliefs", {{"node", ""}}));
        QVERIFY(ap->hasResult());
        QVERIFY(ap->chart()->data().note.contains("optimum"));
    }

    void invalidOptionsAreRefusedAndOptionsRemembered() {
        {
            MainWindow window;
            QVERIFY(open(window, "hospital"));
            AnalysisPerspective* ap = window.analysisPerspective();
            QVERIFY(ap->setCurrentAnalysis("homogeneity"));
            QVERIFY(ap->setOption("ks", "2, x"));
            QVERIFY(ap->optionsForm()->error().contains("k values"));
            QVERIFY(ap->optionsForm()->error().contains("x"));
            ap->run();
            QVERIFY(!ap->isRunning());
            QVERIFY(!ap->hasResult());
            QVERIFY(ap->runError().contains("k values"));
            QVERIFY(ap->setOption("ks", "3, 4"));
            QVERIFY(ap->optionsForm()->error().isEmpty());
            ap->run();
            QVERIFY(QTest::qWaitFor([&] { return !ap->isRunning(); }, 60000));
            QVERIFY(ap->hasResult());
            QCOMPARE(ap->chart()->data().panels[0].x, QVector<double>({3, 4}));
            // Out of range, and a row past the table: clear messages.
            QVERIFY(ap->setOption("thresholds", "1.5"));
            QVERIFY(ap->optionsForm()->error().contains("outside"));
            QVERIFY(ap->setOption("thresholds", "1"));
            QVERIFY(ap->setCurrentAnalysis("beliefs"));
            QVERIFY(ap->setOption("row", "99"));
            ap->run();
            QVERIFY(QTest::qWaitFor([&] { return !ap->isRunning(); }, 60000));
            QVERIFY(!ap->hasResult());
            QVERIFY2(ap->runError().contains("past the last row (12)"), qPrintable(ap->runError()));
            // The options are remembered in the project (saved with it), not per machine.
            const QJsonObject saved =
                window.controller()->project()->workbenchValue("analysis").toObject();
            QCOMPARE(saved["options"].toObject()["homogeneity"].toObject()["ks"].toString(),
                     QString("3, 4"));
        }
        AnalysisPerspective fresh;
        QVERIFY(fresh.setCurrentAnalysis("homogeneity"));
        QCOMPARE(fresh.options(), defaultOptions(analyses().front().options));
        QCOMPARE(homogeneityOptions(fresh.options()).ks, homogeneityOptions().ks);
    }

    // The report renders charts 640 px wide (reportchart.h): the note under the title is
    // wrapped to that width instead of being clipped at both ends, and x labels that would
    // overlap in three panels (k = 2, 5, 10, …) give way to evenly spaced ticks, where a
    // wide chart on screen keeps a tick at every k.
    void reportWidthChartWrapsAndSpacesTicks() {
        ChartData data;
        data.title = "Homogeneity attack on minimal k-anonymous tables";
        data.note =
            "Sensitive: occupation · QI: sex, age, race, marital-status, education, "
            "native-country, workclass · 20000 rows\nIdentical in every panel, drawn "
            "on top of each other (told apart by their markers): 100 % homogeneous = ≥ 95 % "
            "homogeneous, and the minimal tables of every k drawn as a dashed line";
        for (const char* title : {"Affected tables", "Affected classes", "Affected rows"}) {
            ChartPanel panel = linePanel(title, "k", "count", {2, 5, 10, 15, 20, 30, 50});
            panel.series.push_back({"all minimal tables", {9, 8, 7, 6, 5, 4, 3}});
            data.panels.push_back(panel);
        }
        auto noteOf = [](PanelChart& chart) {
            auto* note = qobject_cast<QCPTextElement*>(chart.plot()->plotLayout()->element(1, 0));
            return note ? note->text() : QString();
        };
        auto tickAtEveryK = [](PanelChart& chart) {
            QCPAxisRect* rect = chart.plot()->axisRects().value(0);
            if (!rect) return false;
            const QSharedPointer<QCPAxisTicker> ticker = rect->axis(QCPAxis::atBottom)->ticker();
            return !ticker.dynamicCast<QCPAxisTickerText>().isNull();
        };
        PanelChart report;
        report.resize(kReportChartWidth, kReportChartHeight);
        report.setData(data);
        const QString wrapped = noteOf(report);
        QVERIFY2(wrapped.count('\n') >= 2, qPrintable(wrapped));
        const QFontMetrics metrics(QFont(report.font().family(), 8));
        for (const QString& line : wrapped.split('\n'))
            QVERIFY2(metrics.horizontalAdvance(line) <= kReportChartWidth - 24, qPrintable(line));
        QVERIFY(!tickAtEveryK(report));

        PanelChart wide;
        wide.resize(1200, 500);
        wide.setData(data);
        wide.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wide));
        QCOMPARE(noteOf(wide).count('\n'), 1);  // only the note's own line break
        QVERIFY(tickAtEveryK(wide));
        wide.resize(kReportChartWidth, kReportChartHeight);  // a narrower window re-wraps it
        QCOMPARE(noteOf(wide), wrapped);
        QVERIFY(!tickAtEveryK(wide));
    }

    void reportContainsAnalysisCharts() {
        MainWindow window;
        QVERIFY(open(window, "hospital"));
        QVERIFY(run(window, "beliefs", {{"node", "2,1,1"}, {"row", "3"}}));
        QVERIFY(run(window, "diagnosis-sets", {{"k", "2"}}));
        window.searchSession()->run();
        QVERIFY(
            QTest::qWaitFor([&] { return window.searchSession()->outcome() != nullptr; }, 60000));
        ExportPerspective* ex = window.findChild<ExportPerspective*>();
        QVERIFY(ex);
        QVERIFY(
            QTest::qWaitFor([&] { return ex->report() != nullptr && !ex->isPreparing(); }, 60000));
        const QString html = m_dir.filePath("report.html"), pdf = m_dir.filePath("report.pdf");
        QVERIFY2(ex->exportReport(html), qPrintable(ex->lastError()));
        QVERIFY2(ex->exportReport(pdf), qPrintable(ex->lastError()));
        QFile file(html);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(file.readAll());
        QVERIFY(text.contains("Background-knowledge beliefs"));
        QVERIFY(text.contains("Diagnosis: k per attribute set"));
        QVERIFY(text.contains("Node [2,1,1]"));             // the beliefs chart's note
        QCOMPARE(text.count("data:image/png;base64,"), 3);  // class sizes + two analyses
        QVERIFY(fileSize(pdf) > 50000);
    }
};

QTEST_MAIN(TestAnalysisCharts)
#include "test_analysis_charts.moc"
