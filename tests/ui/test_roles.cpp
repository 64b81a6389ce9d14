// Roles (#18 item 7): several attributes selected in the attribute list get one role in one
// undo step; identifying roles are proposed with their reason and applied only when the user
// accepts (a column unique per row, a column named like a direct identifier). The core's
// workspace warnings (values differing only in white space) are shown under the list for the
// quasi-identifiers and sensitive attributes.
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "data/dataperspective.h"
#include "data/roleproposals.h"
#include "project/project.h"
#include "project/projectdata.h"

using namespace ldv;
using namespace ldv::ui;

namespace {
// id differs in every row; patient_name repeats (two Ann) but is a direct identifier by name;
// age, zip and disease are neither.
const char* kCsv =
    "id,patient_name,age,zip,disease\n"
    "7,Ann,30,14853,flu\n"
    "3,Bob,41,14853,cold\n"
    "9,Ann,30,13053,flu\n"
    "1,Cem,52,13068,asthma\n";
}  // namespace

class TestRoles : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::unique_ptr<Project> load() {
        const QString path = m_dir.filePath("patients.csv");
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) return nullptr;
        f.write(kCsv);
        f.close();
        return std::make_unique<Project>(loadCsvProject(path, CsvOptions{}, nullptr));
    }

private slots:
    void proposalsAreExplainedAndNeverSilent() {
        auto project = load();
        QVERIFY(project);
        DataPerspective dp;
        dp.setProject(project.get());
        const auto proposals = proposeRoles(*project);
        QCOMPARE(int(proposals.size()), 2);
        QCOMPARE(proposals[0].column, project->columnIndex("id"));
        QCOMPARE(proposals[0].reason,
                 QString("every one of the 4 rows has its own value, so it points at one person"));
        QCOMPARE(proposals[1].column, project->columnIndex("patient_name"));
        QCOMPARE(proposals[1].reason,
                 QString("its name reads like a direct identifier (3 distinct values in 4 rows)"));
        // Nothing applied yet: every attribute is still insensitive, no undo step.
        for (int c = 0; c < project->columnCount(); ++c)
            QVERIFY(project->role(c) == Role::Insensitive);
        QCOMPARE(project->undoStack()->count(), 0);
        RoleProposalPanel* panel = dp.roleProposals();
        QVERIFY(!panel->isHidden());
        QCOMPARE(int(panel->proposals().size()), 2);

        // Reject the name proposal: it goes, the role stays.
        auto* reject = panel->findChild<QPushButton*>("roleProposalReject_patient_name");
        QVERIFY(reject);
        QTest::mouseClick(reject, Qt::LeftButton);
        QCOMPARE(int(panel->proposals().size()), 1);
        QVERIFY(project->role(project->columnIndex("patient_name")) == Role::Insensitive);

        // Accept the id proposal: one undo step, and the panel hides.
        auto* accept = panel->findChild<QPushButton*>("roleProposalAccept_id");
        QVERIFY(accept);
        QTest::mouseClick(accept, Qt::LeftButton);
        QVERIFY(project->role(project->columnIndex("id")) == Role::Identifying);
        QCOMPARE(project->undoStack()->count(), 1);
        QVERIFY(panel->proposals().empty());
        QVERIFY(panel->isHidden());
        // Undo brings the proposal back (the rejected one stays away).
        project->undoStack()->undo();
        QCOMPARE(int(panel->proposals().size()), 1);
        QCOMPARE(panel->proposals()[0].column, project->columnIndex("id"));
        dp.setProject(nullptr);
    }

    // Role proposals appear under the attribute list: they take their room from the details
    // below it, not from the list (every attribute of a short list stays in view).
    void listKeepsItsRowsWhenProposalsShow() {
        auto project = load();
        QVERIFY(project);
        DataPerspective dp;
        dp.resize(900, 600);
        dp.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dp));
        dp.setProject(project.get());
        QCoreApplication::processEvents();
        QVERIFY(dp.roleProposals()->isVisible());
        QTableView* list = dp.columnView();
        const int rows = list->model()->rowCount();
        QCOMPARE(rows, 5);
        for (int r = 0; r < rows; ++r)
            QVERIFY2(
                list->viewport()->rect().contains(list->visualRect(list->model()->index(r, 0))),
                qPrintable(QString("row %1 of %2 out of view (viewport %3 px)")
                               .arg(r)
                               .arg(rows)
                               .arg(list->viewport()->height())));
        dp.setProject(nullptr);
    }

    void setRoleForTheSelection() {
        auto project = load();
        DataPerspective dp;
        dp.resize(900, 600);
        dp.setProject(project.get());
        dp.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dp));
        QTableView* list = dp.columnView();
        auto* apply = dp.findChild<QPushButton*>("selectionRoleApply");
        auto* role = dp.findChild<QComboBox*>("selectionRole");
        QVERIFY(apply && role);
        // Click age, Ctrl-click zip and disease, as a user does.
        const auto click = [list](int row, Qt::KeyboardModifiers mods) {
            const QRect r = list->visualRect(list->model()->index(row, 0));
            QTest::mouseClick(list->viewport(), Qt::LeftButton, mods, r.center());
        };
        click(project->columnIndex("age"), Qt::NoModifier);
        click(project->columnIndex("zip"), Qt::ControlModifier);
        click(project->columnIndex("disease"), Qt::ControlModifier);
        QCOMPARE(dp.selectedColumns(), (std::vector<int>{2, 3, 4}));
        QCOMPARE(dp.findChild<QLabel*>("selectionCount")->text(), QString("3 attributes selected"));
        QVERIFY(apply->isEnabled());
        role->setCurrentText("quasi-identifying");
        QTest::mouseClick(apply, Qt::LeftButton);
        for (int c : {2, 3, 4}) QVERIFY(project->role(c) == Role::QuasiIdentifying);
        QCOMPARE(project->undoStack()->count(), 1);
        QCOMPARE(project->qiOrder(), (std::vector<std::string>{"age", "zip", "disease"}));
        // A plain click selects disease alone: it becomes sensitive; then undo both steps.
        click(project->columnIndex("disease"), Qt::NoModifier);
        role->setCurrentText("sensitive");
        QTest::mouseClick(apply, Qt::LeftButton);
        QVERIFY(project->role(4) == Role::Sensitive);
        QCOMPARE(project->undoStack()->count(), 2);
        project->undoStack()->undo();
        QVERIFY(project->role(4) == Role::QuasiIdentifying);
        project->undoStack()->undo();
        for (int c : {2, 3, 4}) QVERIFY(project->role(c) == Role::Insensitive);
        dp.setProject(nullptr);
    }

    void qiOrderFollowsTheTable() {
        // Marked zip first, then age: the level vectors still read age, zip (table order),
        // as they would had the roles been set the other way round.
        auto project = load();
        project->setType(project->columnIndex("zip"), ColumnType::Text);
        project->setRole(project->columnIndex("zip"), Role::QuasiIdentifying);
        project->setRole(project->columnIndex("age"), Role::QuasiIdentifying);
        QCOMPARE(project->qiOrder(), (std::vector<std::string>{"age", "zip"}));
        QCOMPARE(project->config().attributes.front().name, std::string("age"));
    }

    void whiteSpaceLookalikesAreShown() {
        const QString path = m_dir.filePath("cities.csv");
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("city,ward\nNew York,a 1\nNew  York,a  1\nBoston,b\nNew York,b\n");
        f.close();
        Project project(loadCsvProject(path, CsvOptions{}, nullptr));
        DataPerspective dp;
        dp.setProject(&project);
        auto* label = dp.findChild<QLabel*>("dataChecks");
        QVERIFY(label);
        // Insensitive attributes are not checked.
        QVERIFY(dp.checks().isEmpty());
        QVERIFY(label->isHidden());
        project.setRole(0, Role::QuasiIdentifying);
        QCOMPARE(dp.checks(),
                 QStringList{"attribute 'city': 'New York' and 'New  York' differ only in white "
                             "space; they form separate classes"});
        QVERIFY(!label->isHidden());
        project.setRole(1, Role::Sensitive);
        QCOMPARE(dp.checks().size(), 2);
        QVERIFY(dp.checks()[1].startsWith("attribute 'ward': 'a 1' and 'a  1'"));
        project.undoStack()->undo();
        project.undoStack()->undo();
        QVERIFY(dp.checks().isEmpty());
        QVERIFY(label->isHidden());
        dp.setProject(nullptr);
    }
};

QTEST_MAIN(TestRoles)
#include "test_roles.moc"
