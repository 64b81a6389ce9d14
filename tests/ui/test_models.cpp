// Every item model of the workbench under QAbstractItemModelTester, including edits.
#include <QAbstractItemModelTester>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QTableView>
#include <QtTest>

#include "data/columnlistmodel.h"
#include "data/tablemodel.h"
#include "hierarchy/hierarchytablemodel.h"
#include "hierarchy/hierarchytreemodel.h"
#include "lattice/sharedtablemodel.h"
#include "project/project.h"
#include "project/projectdata.h"

using namespace ldv;
using namespace ldv::ui;

class TestModels : public QObject {
    Q_OBJECT
    std::unique_ptr<Project> open() {
        auto data =
            loadProjectData(LDIV_RESOURCES "/examples/hospital/hospital.ldiv.json", nullptr);
        return std::make_unique<Project>(data);
    }

private slots:
    void tableModel() {
        auto project = open();
        TableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProject(project.get());
        QCOMPARE(model.rowCount(), 12);
        QCOMPARE(model.columnCount(), int(project->table().columnCount()));
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), project->columnName(0));
        QVERIFY(model.headerData(0, Qt::Horizontal, Qt::DecorationRole).isValid());
        QCOMPARE(model.headerData(4, Qt::Vertical).toInt(), 5);
        QVERIFY(!model.headerData(4, Qt::Vertical, Qt::DecorationRole).isValid());
        for (int c = 0; c < model.columnCount(); ++c) {
            const QModelIndex cell = model.index(3, c);
            const QString text = QString::fromStdString(project->table().value(3, std::size_t(c)));
            QCOMPARE(model.data(cell).toString(), text);
            QCOMPARE(model.data(cell, Qt::ToolTipRole).toString(), text);
            const ColumnType type = project->table().column(std::size_t(c)).type();
            const bool numeric = type == ColumnType::Integer || type == ColumnType::Decimal;
            QCOMPARE(model.data(cell, Qt::TextAlignmentRole).toInt(),
                     int((numeric ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter));
        }
        QSignalSpy header(&model, &QAbstractItemModel::headerDataChanged);
        project->setRole(0, Role::Identifying);
        QCOMPARE(header.count(), 1);
        model.setProject(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void sharedTableModel() {
        // A table computed elsewhere (a generalized one), shown as it is: the cells' text, the
        // column names across, the row numbers down, and nothing else.
        Column age("age"), zip("zip");
        age.intern("20-29");
        age.intern("30-39");
        zip.intern("130**");
        for (const Code a : {Code(0), Code(1), Code(0)}) {
            age.appendCode(a);
            zip.appendCode(Code(0));
        }
        SharedTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.headerData(0, Qt::Vertical).isValid());
        model.setTable(
            std::make_shared<Table>(std::vector<Column>{std::move(age), std::move(zip)}));
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), 2);
        QCOMPARE(model.data(model.index(0, 0)).toString(), QString("20-29"));
        QCOMPARE(model.data(model.index(1, 0)).toString(), QString("30-39"));
        QCOMPARE(model.data(model.index(2, 1)).toString(), QString("130**"));
        QVERIFY(!model.data(model.index(1, 0), Qt::ToolTipRole).isValid());
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QString("zip"));
        QCOMPARE(model.headerData(2, Qt::Vertical).toInt(), 3);
        QVERIFY(!model.headerData(2, Qt::Horizontal).isValid());
        QVERIFY(!model.headerData(0, Qt::Horizontal, Qt::DecorationRole).isValid());
        model.setTable(nullptr);
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.columnCount(), 0);
    }

    void columnListModel() {
        auto project = open();
        ColumnListModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProject(project.get());
        const int age = project->columnIndex("age");
        QCOMPARE(model.data(model.index(age, ColumnListModel::Role)).toString(),
                 QString("quasi-identifying"));
        QVERIFY(model.flags(model.index(age, ColumnListModel::Role)) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(model.index(age, ColumnListModel::Name)) & Qt::ItemIsEditable));
        QVERIFY(model.setData(model.index(age, ColumnListModel::Role), "sensitive"));
        QVERIFY(project->role(age) == Role::Sensitive);
        QCOMPARE(project->undoStack()->count(), 1);
        QVERIFY(!model.setData(model.index(age, ColumnListModel::Role), "no such role"));
        QVERIFY(model.setData(model.index(age, ColumnListModel::Type), "text"));
        QVERIFY(project->type(age) == ColumnType::Text);
        QCOMPARE(model.data(model.index(age, ColumnListModel::Type)).toString(), QString("text"));
        project->undoStack()->undo();
        QVERIFY(project->type(age) == ColumnType::Integer);
    }

    void hierarchyTableModel() {
        auto project = open();
        HierarchyTableModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProject(project.get());
        model.setAttribute("zip");
        const Hierarchy before = *project->hierarchy("zip");
        QCOMPARE(model.rowCount(), int(before.baseCount()));
        QCOMPARE(model.columnCount(), before.height() + 1);
        QVERIFY(!(model.flags(model.index(0, 0)) & Qt::ItemIsEditable));
        QVERIFY(model.flags(model.index(0, 1)) & Qt::ItemIsEditable);
        // Move the first zip into another level-1 group: its ancestors follow that group.
        const QString target = model.data(model.index(2, 1)).toString();
        QVERIFY(model.setData(model.index(0, 1), target));
        QCOMPARE(model.data(model.index(0, 1)).toString(), target);
        QCOMPARE(model.data(model.index(0, 2)).toString(),
                 model.data(model.index(2, 2)).toString());
        QVERIFY(validateHierarchy(model.hierarchy()).empty());
        project->undoStack()->undo();
        QCOMPARE(model.hierarchy(), before);
        // Issues mark cells.
        model.setIssues({{HierarchyIssue::Kind::EmptyCell, 1, 2, "empty"}});
        QVERIFY(model.data(model.index(1, 2), Qt::BackgroundRole).isValid());
        QCOMPARE(model.data(model.index(1, 2), Qt::ToolTipRole).toString(), QString("empty"));
        // An attribute without hierarchy shows its base values (identity).
        model.setAttribute("condition");
        QCOMPARE(model.columnCount(), 1);
        QCOMPARE(model.rowCount(), int(project->table()
                                           .column(std::size_t(project->columnIndex("condition")))
                                           .domainSize()));
    }

    void hierarchyTreeModel() {
        auto project = open();
        HierarchyTreeModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProject(project.get());
        model.setAttribute("age");
        const Hierarchy before = *project->hierarchy("age");
        QCOMPARE(model.rowCount(), 1);  // one top value
        QModelIndex top = model.index(0, 0);
        QCOMPARE(model.level(top), before.height());
        QCOMPARE(model.data(model.index(0, HierarchyTreeModel::BaseValues)).toULongLong(),
                 qulonglong(before.baseCount()));
        // Walk down to a leaf.
        QModelIndex node = top;
        while (model.rowCount(node) > 0) node = model.index(0, 0, node);
        QCOMPARE(model.level(node), 0);
        QVERIFY(!(model.flags(node) & Qt::ItemIsEditable));
        // Rename the first child of the top.
        const QModelIndex child = model.index(0, 0, top);
        const QString old = child.data().toString();
        QVERIFY(model.setData(child, "renamed"));
        // Siblings are in natural order: "renamed" (text) now comes after the numeric groups.
        QStringList children;
        for (int r = 0; r < model.rowCount(model.index(0, 0)); ++r)
            children << model.index(r, 0, model.index(0, 0)).data().toString();
        QVERIFY2(children.contains("renamed") && !children.contains(old),
                 qPrintable(children.join(", ")));
        QCOMPARE(hierarchyeditsCount(*project->hierarchy("age"), "renamed"),
                 hierarchyeditsCount(before, old));
        project->undoStack()->undo();
        QCOMPARE(*project->hierarchy("age"), before);
        // Move a leaf's group under another parent.
        const QModelIndex group = model.index(0, 0, model.index(0, 0, top));
        const QStringList parents = model.parentChoices(group);
        QVERIFY(parents.size() >= 2);
        QVERIFY(model.moveNode(group, parents.last()));
        QVERIFY(*project->hierarchy("age") != before);
    }

    void tenMillionRows() {
        // The view over a 10 M-row table stays responsive: nothing is read or measured per row.
        auto data = std::make_shared<ProjectData>();
        Column c("flag");
        c.intern("yes");
        c.intern("no");
        const std::size_t n = 10'000'000;
        c.reserve(n);
        for (std::size_t i = 0; i < n; ++i) c.appendCode(Code(i % 2));
        data->table = std::make_shared<Table>(std::vector<Column>{std::move(c)});
        data->inferredTypes = {ColumnType::Text};
        data->valueCounts = {countValues(data->table->column(0))};
        data->dataPath = "memory.csv";
        Project project(data);
        TableModel model;
        model.setProject(&project);
        QTableView view;
        view.verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
        view.setModel(&model);
        view.resize(600, 400);
        view.show();
        QElapsedTimer clock;
        clock.start();
        view.scrollToBottom();
        view.repaint();
        QVERIFY2(clock.elapsed() < 100, qPrintable(QString::number(clock.elapsed())));
        QCOMPARE(model.data(model.index(int(n) - 1, 0)).toString(), QString("no"));
    }

private:
    static int hierarchyeditsCount(const Hierarchy& h, const QString& value) {
        int n = 0;
        for (const auto& row : h.rows())
            for (const auto& cell : row) n += cell == value.toStdString();
        return n;
    }
};

QTEST_MAIN(TestModels)
#include "test_models.moc"
