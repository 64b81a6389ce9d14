// The criterion editor (offscreen) takes every criterion the core's parser knows, checks a
// spec by the core (parse, then bind against the project's data with its population size)
// and shows the core's exact message next to the fields; the Privacy perspective refuses what
// it refuses. The ℓ check applies to the ℓ family only (it used to read the last parameter of
// any criterion as ℓ: "delta-disclosure=4" was refused for ℓ = 4 > 3 values).
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/search_config.h"
#include "ldiv/project/workspace_criteria.h"
#include "ldiv/search/search_result.h"
#include "privacy/criterioneditor.h"
#include "privacy/privacyperspective.h"
#include "project/project.h"
#include "session/preparedinput.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

namespace {

// What the core says about `spec` on the project's data: the oracle the editor must repeat.
QString coreMessage(const Project& project, const QString& spec) {
    try {
        parseCriterionSpec(spec.toStdString());
        const auto prepared = snapshotOf(project).prepare();
        bindCriteria(
            prepared->dataset(), {spec.toStdString()},
            criteriaInputs(*prepared, project.searchSettings().populationSize.value_or(0)));
    } catch (const std::exception& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

void setPopulation(Project* project, std::optional<double> n) {
    SearchSettings s = project->searchSettings();
    s.populationSize = n;
    project->setSearchSettings(s, "population");
}

}  // namespace

class TestCriterionEditor : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir)); }

    void everyKnownCriterionIsOffered() {
        CriterionEditor editor;
        for (std::string_view name : knownCriterionNames())
            QVERIFY2(editor.kindBox()->findData(
                         QString::fromUtf8(name.data(), qsizetype(name.size()))) >= 0,
                     name.data());
        QCOMPARE(editor.kindBox()->count(), int(knownCriterionNames().size()));
        // Every entry explains itself.
        for (int i = 0; i < editor.kindBox()->count(); ++i)
            QVERIFY(!editor.kindBox()->itemData(i, Qt::ToolTipRole).toString().isEmpty());
    }

    void specsAreCheckedByTheCore_data() {
        QTest::addColumn<QString>("spec");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("message");  // a part of the core's message
        QTest::newRow("t-closeness") << "t-closeness=0.2" << true << "";
        QTest::newRow("t above 1")
            << "t-closeness=1.5" << false << "t = 1.5 is not allowed, t must be in (0, 1]";
        QTest::newRow("t = 0") << "t-closeness=0" << false << "t must be in (0, 1]";
        QTest::newRow("ordered on text") << "t-closeness=0.2:ordered" << false << "numeric";
        QTest::newRow("hierarchical") << "t-closeness=0.2:hierarchical" << false << "hierarch";
        QTest::newRow("unknown variant")
            << "t-closeness=0.2:wide" << false << "unknown variant 'wide'";
        // 4 > the 3 values of 'condition': not an ℓ, so not refused as one.
        QTest::newRow("delta 4") << "delta-disclosure=4" << true << "";
        QTest::newRow("delta 0") << "delta-disclosure=0" << false << "d must be greater than 0";
        QTest::newRow("beta enhanced") << "beta-likeness=1:enhanced" << true << "";
        QTest::newRow("beta 5") << "beta-likeness=5" << true << "";
        QTest::newRow("beta bad variant")
            << "beta-likeness=1:strong" << false << "unknown variant 'strong'";
        // Without N the workbench names its own field (missinginputs.h), not --population-size.
        QTest::newRow("k-map without N")
            << "k-map=5" << false << "enter 'Population size N' in the Risk perspective";
        QTest::newRow("two parameters")
            << "t-closeness=0.2,3" << false << "expected 1 parameter(s)";
        QTest::newRow("unknown name")
            << "closeness=0.2" << false << "unknown criterion 'closeness'";
        // The ℓ family keeps its own message naming the attribute's values.
        QTest::newRow("l above values")
            << "distinct-l=4" << false << "larger than the 3 values of 'condition'";
    }
    void specsAreCheckedByTheCore() {
        QFETCH(QString, spec);
        QFETCH(bool, accepted);
        QFETCH(QString, message);
        MainWindow window;
        Project* project = test::openProject(window, "hospital", 30000);
        QVERIFY(project);
        CriterionEditor* editor = window.privacyPerspective()->editor();
        QVERIFY(editor->setSpec("k=3"));
        QCOMPARE(editor->setSpec(spec), accepted);
        if (accepted) {
            QCOMPARE(editor->problem(), QString());
            QCOMPARE(editor->spec(), spec);
            QVERIFY(CriterionEditor::isGenericKind(editor->kindBox()->currentData().toString()));
            QCOMPARE(editor->problemLabel()->text(), QString());
        } else {
            QVERIFY2(editor->problem().contains(message), qPrintable(editor->problem()));
            QCOMPARE(editor->problemLabel()->text(), editor->problem());
            QCOMPARE(editor->spec(), QString("k=3"));  // the fields did not change
            if (!spec.startsWith("distinct-l") && !spec.startsWith("k-map"))  // the core's words
                QCOMPARE(editor->problem(), coreMessage(*project, spec));
        }
    }

    void fieldsShowTheCoresMessageAndRefuse() {
        MainWindow window;
        Project* project = test::openProject(window, "hospital", 30000);
        QVERIFY(project);
        PrivacyPerspective* privacy = window.privacyPerspective();
        CriterionEditor* editor = privacy->editor();
        editor->kindBox()->setCurrentIndex(editor->kindBox()->findData("t-closeness"));
        QLineEdit* parameters = editor->parametersEdit();
        QVERIFY(parameters->isEnabled());
        QVERIFY(editor->variantBox()->isEnabled());
        QTest::keyClicks(parameters, "1.5");
        QCOMPARE(editor->spec(), QString("t-closeness=1.5"));
        const QString expected =
            "criterion 't-closeness=1.5': t = 1.5 is not allowed, t must be in (0, 1]";
        QCOMPARE(editor->problemLabel()->text(), expected);
        QCOMPARE(coreMessage(*project, "t-closeness=1.5"), expected);
        const std::vector<std::string> before = project->config().search.criteria;
        QVERIFY(!privacy->addCriterion());
        QCOMPARE(project->config().search.criteria, before);
        // Fixed in the field: the message goes, the criterion is added.
        parameters->clear();
        QTest::keyClicks(parameters, "0.3");
        QCOMPARE(editor->problemLabel()->text(), QString());
        QVERIFY(privacy->addCriterion());
        QCOMPARE(project->config().search.criteria.back(), std::string("t-closeness=0.3"));
        // A variant from the list.
        editor->variantBox()->setCurrentText("ordered");
        QCOMPARE(editor->spec(), QString("t-closeness=0.3:ordered"));
        QVERIFY(!editor->problem().isEmpty());  // 'condition' is not numeric
        QCOMPARE(editor->problem(), coreMessage(*project, "t-closeness=0.3:ordered"));
        // Criteria that are not about a sensitive attribute do not name one.
        editor->kindBox()->setCurrentIndex(editor->kindBox()->findData("k-map"));
        QVERIFY(!editor->variantBox()->isEnabled());
        parameters->setText("5");
        QCOMPARE(editor->spec(), QString("k-map=5"));
    }

    void kMapFollowsThePopulationSize() {
        MainWindow window;
        Project* project = test::openProject(window, "hospital", 30000);
        QVERIFY(project);
        CriterionEditor* editor = window.privacyPerspective()->editor();
        editor->kindBox()->setCurrentIndex(editor->kindBox()->findData("k-map"));
        editor->parametersEdit()->setText("5");
        const QString without = editor->problem();
        // The workbench's words: where N is entered, not the command line's option.
        QCOMPARE(without,
                 QString("criterion 'k-map=5' needs the population size: enter 'Population size "
                         "N' in the Risk perspective (the number of people the data is a sample "
                         "of)"));
        QVERIFY(coreMessage(*project, "k-map=5").contains("--population-size"));
        // N below the 12 rows: the core's message.
        setPopulation(project, 10);
        QCOMPARE(editor->problem(), coreMessage(*project, "k-map=5"));
        QVERIFY2(editor->problem().contains("smaller than the 12 rows"),
                 qPrintable(editor->problem()));
        // A population: accepted (K = 5 is not an ℓ, although 'condition' has 3 values).
        setPopulation(project, 1000);
        QCOMPARE(editor->problem(), QString());
        QCOMPARE(editor->problemLabel()->text(), QString());
        // Undo takes the population away again, and the refusal comes back.
        project->undoStack()->undo();
        project->undoStack()->undo();
        QCOMPARE(editor->problem(), without);
    }
};

QTEST_MAIN(TestCriterionEditor)
#include "test_criterion_editor.moc"
