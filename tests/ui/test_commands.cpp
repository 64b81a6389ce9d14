// Every undo command: redo / undo / redo restores exactly; the pure hierarchy edits and the
// builder settings; save and reload of a project.
#include <QTemporaryDir>

#include <QtTest>
#include "ldiv/data/error.h"

#include "hierarchy/buildersettings.h"
#include "ldiv/hierarchy/hierarchy_edits.h"
#include "project/project.h"
#include "project/projectcommands.h"
#include "project/projectdata.h"

using namespace ldv;
using namespace ldv::ui;
namespace he = ldv::hierarchyedits;

class TestCommands : public QObject {
    Q_OBJECT
    std::unique_ptr<Project> open() {
        return std::make_unique<Project>(
            loadProjectData(LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json", nullptr));
    }
    static Hierarchy sample() {
        return Hierarchy({{"a", "ab", "*"}, {"b", "ab", "*"}, {"c", "cd", "*"}, {"d", "cd", "*"}});
    }

private slots:
    void setRole() {
        auto p = open();
        const int zip = p->columnIndex("zip");
        const auto order = p->config().qiOrder;
        QSignalSpy spy(p.get(), &Project::roleChanged);
        SetRoleCommand cmd(p.get(), zip, Role::Insensitive);
        cmd.redo();
        QVERIFY(p->role(zip) == Role::Insensitive);
        const auto qi = p->qiOrder();
        QVERIFY(std::find(qi.begin(), qi.end(), "zip") == qi.end());
        cmd.undo();
        QVERIFY(p->role(zip) == Role::QuasiIdentifying);
        QCOMPARE(p->config().qiOrder, order);
        cmd.redo();
        QVERIFY(p->role(zip) == Role::Insensitive);
        QCOMPARE(spy.count(), 3);
        QCOMPARE(spy.last().at(0).toInt(), zip);
    }

    void setRoleAppendsQi() {
        auto p = open();
        const int condition = p->columnIndex("condition");
        p->setRole(condition, Role::QuasiIdentifying);
        QCOMPARE(p->qiOrder().back(), std::string("condition"));
        p->undoStack()->undo();
        QCOMPARE(p->qiOrder().size(), std::size_t(3));
        p->undoStack()->redo();
        QCOMPARE(p->qiOrder().size(), std::size_t(4));
        QVERIFY(p->isDirty());
    }

    void setType() {
        auto p = open();
        const int age = p->columnIndex("age");
        QVERIFY(p->type(age) == ColumnType::Integer);
        QSignalSpy spy(p.get(), &Project::typeChanged);
        SetTypeCommand cmd(p.get(), age, ColumnType::Text);
        cmd.redo();
        QVERIFY(p->type(age) == ColumnType::Text);
        QVERIFY(p->typeOverride(age) == ColumnType::Text);
        cmd.undo();
        QVERIFY(p->type(age) == ColumnType::Integer);
        QVERIFY(!p->typeOverride(age));
        cmd.redo();
        QVERIFY(p->type(age) == ColumnType::Text);
        QCOMPARE(spy.count(), 3);
        // Choosing the inferred type again drops the override.
        p->setType(age, ColumnType::Integer);
        QVERIFY(!p->typeOverride(age));
    }

    void setHierarchy() {
        auto p = open();
        const Hierarchy before = *p->hierarchy("age");
        QSignalSpy spy(p.get(), &Project::hierarchyChanged);
        SetHierarchyCommand cmd(p.get(), "age", he::removeLevel(before, 1), "remove");
        cmd.redo();
        QCOMPARE(p->hierarchy("age")->height(), before.height() - 1);
        cmd.undo();
        QCOMPARE(*p->hierarchy("age"), before);
        cmd.redo();
        QCOMPARE(p->hierarchy("age")->height(), before.height() - 1);
        QCOMPARE(spy.count(), 3);
        QCOMPARE(spy.last().at(0).toString(), QString("age"));
        // Removing and restoring a hierarchy.
        SetHierarchyCommand clear(p.get(), "age", std::nullopt, "clear");
        clear.redo();
        QVERIFY(!p->hierarchy("age"));
        clear.undo();
        QVERIFY(p->hierarchy("age"));
        clear.redo();
        QVERIFY(!p->hierarchy("age"));
    }

    void edits() {
        const Hierarchy h = sample();
        Hierarchy r = he::renameGroup(h, 1, "ab", "AB");
        QCOMPARE(r.value(0, 1), std::string("AB"));
        QCOMPARE(r.value(1, 1), std::string("AB"));
        QCOMPARE(r.value(2, 1), std::string("cd"));
        Hierarchy m = he::moveValue(h, 0, 1, "cd");
        QCOMPARE(m.value(0, 1), std::string("cd"));
        QVERIFY(validateHierarchy(m).empty());
        Hierarchy g =
            he::moveGroup(Hierarchy({{"a", "ab", "x", "*"}, {"c", "cd", "y", "*"}}), 1, "ab", "y");
        QCOMPARE(g.value(0, 2), std::string("y"));
        QVERIFY(validateHierarchy(g).empty());
        Hierarchy a = he::addLevel(h, 1);
        QCOMPARE(a.height(), 3);
        QCOMPARE(a.value(0, 2), std::string("ab"));
        QVERIFY(validateHierarchy(a).empty());
        QCOMPARE(he::removeLevel(a, 2), h);
        QVERIFY_THROWS_EXCEPTION(ParameterError, he::removeLevel(h, 0));
        QCOMPARE(he::groupsAt(h, 1), (std::vector<std::string>{"ab", "cd"}));
        const auto sizes =
            he::groupSizes(h, 1, [](const std::string& v) { return v == "a" ? 5u : 1u; });
        QCOMPARE(sizes.size(), std::size_t(2));
        QCOMPARE(sizes[0].records, std::size_t(6));
        QCOMPARE(sizes[0].baseValues, std::size_t(2));
    }

    void builders_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("column");
        QTest::addColumn<int>("height");
        QTest::newRow("intervals age") << int(BuilderSettings::Kind::Intervals) << "age" << 4;
        QTest::newRow("masking zip") << int(BuilderSettings::Kind::Masking) << "zip" << 5;
        QTest::newRow("suppression nationality")
            << int(BuilderSettings::Kind::Suppression) << "nationality" << 1;
        QTest::newRow("ordered age") << int(BuilderSettings::Kind::OrderedGrouping) << "age" << 3;
    }

    void builders() {
        QFETCH(int, kind);
        QFETCH(QString, column);
        QFETCH(int, height);
        auto p = open();
        BuilderSettings s;
        s.kind = BuilderSettings::Kind(kind);
        const Column& c = p->table().column(std::size_t(p->columnIndex(column.toStdString())));
        const Hierarchy h = buildHierarchy(s, c, p->config().csv.missingTokens);
        QCOMPARE(h.height(), height);
        for (const auto& issue : validateHierarchy(h, &c))
            QVERIFY2(!isError(issue), issue.message.c_str());
    }

    void hierarchyOriginFollowsUndo() {
        // Undo gives a hierarchy back the file it came from, so a save links to that file
        // instead of embedding the hierarchy; redo makes it an edited (embedded) one again.
        QTemporaryDir dir;
        auto p = open();
        const QString path = dir.filePath("copy.ldiv.json");
        const std::string saved = formatProject(p->configForSave(path, false));
        const auto origin = p->hierarchyOrigin("age");
        QVERIFY(origin && QString::fromStdString(origin->file).endsWith("/hierarchy_age.csv"));
        p->setHierarchy("age", he::removeLevel(*p->hierarchy("age"), 1), "remove");
        QVERIFY(!p->hierarchyOrigin("age"));
        QVERIFY(p->configForSave(path, false).attribute("age")->hierarchy);
        p->undoStack()->undo();
        QCOMPARE(p->hierarchyOrigin("age")->file, origin->file);
        QCOMPARE(formatProject(p->configForSave(path, false)), saved);
        // A save with hierarchy files makes the edited hierarchy that file's copy: undo and
        // redo keep each state's origin.
        p->undoStack()->redo();
        p->save(path, true);
        const auto written = p->hierarchyOrigin("age");
        QVERIFY(written && written->file == dir.filePath("copy_hierarchy_age.csv").toStdString());
        p->undoStack()->undo();
        QCOMPARE(p->hierarchyOrigin("age")->file, origin->file);
        p->undoStack()->redo();
        QCOMPARE(p->hierarchyOrigin("age")->file, written->file);
        // Clearing and restoring a hierarchy restores its origin too.
        p->setHierarchy("zip", std::nullopt, "clear");
        QVERIFY(!p->hierarchyOrigin("zip"));
        p->undoStack()->undo();
        QVERIFY(
            QString::fromStdString(p->hierarchyOrigin("zip")->file).endsWith("/hierarchy_zip.csv"));
    }

    // The builders' own cases (taxonomy header row, missing values at the top) are the core's:
    // tests/core/test_hierarchy_spec.cpp; the panel's settings are read into that spec.

    void saveAndReload_data() {
        QTest::addColumn<bool>("asFiles");
        QTest::newRow("embedded") << false;
        QTest::newRow("files") << true;
    }

    void saveAndReload() {
        QFETCH(bool, asFiles);
        QTemporaryDir dir;
        auto p = open();
        p->setRole(p->columnIndex("condition"), Role::Sensitive);
        p->setRole(p->columnIndex("zip"), Role::Identifying);
        p->setType(p->columnIndex("age"), ColumnType::Decimal);
        p->setHierarchy("nationality", he::addLevel(*p->hierarchy("nationality"), 1), "add");
        const QString path = dir.filePath("sub/copy.ldiv.json");
        QDir().mkpath(dir.filePath("sub"));
        p->save(path, asFiles);
        QVERIFY(!p->isDirty());
        QCOMPARE(p->filePath(), path);
        auto reloaded = std::make_unique<Project>(loadProjectData(path, nullptr));
        QCOMPARE(reloaded->config().qiOrder, p->config().qiOrder);
        for (int c = 0; c < p->columnCount(); ++c) {
            QVERIFY(reloaded->role(c) == p->role(c));
            QVERIFY(reloaded->type(c) == p->type(c));
            const std::string name = p->columnName(c).toStdString();
            QCOMPARE(bool(reloaded->hierarchy(name)), bool(p->hierarchy(name)));
            if (p->hierarchy(name)) QCOMPARE(*reloaded->hierarchy(name), *p->hierarchy(name));
        }
        QCOMPARE(formatProject(reloaded->configForSave(path, asFiles)),
                 formatProject(p->configForSave(path, asFiles)));
        QCOMPARE(reloaded->table().rowCount(), p->table().rowCount());
    }
};

QTEST_MAIN(TestCommands)
#include "test_commands.moc"
