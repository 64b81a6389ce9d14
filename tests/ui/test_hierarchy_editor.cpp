// The hierarchy editor's order (#18 item 5): base values, tree siblings, histogram bars and
// the ordered builder's list in natural order (numbers numerically, dates and months in
// calendar order); sortable level columns; the ordered builder's values reordered with
// Up/Down; interval labels cut at the top and bottom coding bounds so no two groups claim
// the same values.
#include <QHeaderView>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include "charts/barchart.h"
#include "hierarchy/builderpanel.h"
#include "hierarchy/hierarchyperspective.h"
#include "hierarchy/hierarchytablemodel.h"
#include "hierarchy/hierarchytreemodel.h"
#include "hierarchy/naturalorder.h"
#include "project/project.h"
#include "project/projectdata.h"

using namespace ldv;
using namespace ldv::ui;

namespace {

// Ages and months in data order, deliberately not sorted in any way.
const char* kCsv =
    "age,month,visit\n"
    "39,March,2024-03-31\n"
    "20,January,31.12.2023\n"
    "15,December,2024-01-05\n"
    "9,February,2023-06-01\n"
    "100,April,2024-03-31\n"
    "39,May,2023-06-01\n"
    "85,June,2024-01-05\n"
    "92,July,2024-01-05\n"
    "9,August,2023-06-01\n"
    "20,September,2024-03-31\n"
    "15,October,2023-06-01\n"
    "9,November,2024-01-05\n";

QStringList columnOf(const QAbstractItemModel* model, int column) {
    QStringList out;
    for (int r = 0; r < model->rowCount(); ++r) out << model->index(r, column).data().toString();
    return out;
}

QStringList listOf(const QListWidget* list) {
    QStringList out;
    for (int i = 0; i < list->count(); ++i) out << list->item(i)->text();
    return out;
}

const QStringList kMonths{"January", "February", "March",     "April",   "May",      "June",
                          "July",    "August",   "September", "October", "November", "December"};

}  // namespace

class TestHierarchyEditor : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    std::unique_ptr<Project> m_project;

    std::unique_ptr<Project> load() {
        const QString path = m_dir.filePath("visits.csv");
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) return nullptr;
        f.write(kCsv);
        f.close();
        return std::make_unique<Project>(loadCsvProject(path, CsvOptions{}, nullptr));
    }

private slots:
    void naturalOrder_data() {
        QTest::addColumn<QStringList>("shuffled");
        QTest::addColumn<QStringList>("expected");
        // The order itself is the core's (tests/core/test_natural_order): one row each way
        // through the workbench's QString entry.
        QTest::newRow("months and punctuation")
            << QStringList{"*", "March", "january"} << QStringList{"january", "March", "*"};
    }
    void naturalOrder() {
        QFETCH(QStringList, shuffled);
        QFETCH(QStringList, expected);
        naturalorder::sort(shuffled);
        QCOMPARE(shuffled, expected);
        std::vector<std::string> std;
        for (const QString& s : expected) std.push_back(s.toStdString());
        std::reverse(std.begin(), std.end());
        naturalorder::sort(std);
        for (std::size_t i = 0; i < std.size(); ++i)
            QCOMPARE(QString::fromStdString(std[i]), expected[int(i)]);
    }

    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_project = load();
        QVERIFY(m_project);
        QVERIFY(m_project->type(0) == ColumnType::Integer);
    }

    void levelsTableIsSortedAndSortable() {
        HierarchyPerspective hp;
        hp.setProject(m_project.get());
        QVERIFY(hp.selectAttribute("age"));
        BuilderSettings s;
        s.kind = BuilderSettings::Kind::Intervals;
        s.widths = "10,20";
        hp.builder()->setSettings(s);
        QVERIFY(hp.builder()->apply());
        const QAbstractItemModel* shown = hp.tableView()->model();
        // Base values: the data lists 39, 20, 15, 9, 100, …; the table 9, 15, 20, 39, …
        QCOMPARE(columnOf(shown, 0), (QStringList{"9", "15", "20", "39", "85", "92", "100"}));
        QVERIFY(hp.tableView()->isSortingEnabled());
        // Sorting by level 2, descending: the groups of 20 in reverse natural order.
        hp.tableView()->sortByColumn(2, Qt::DescendingOrder);
        QCOMPARE(columnOf(shown, 2),
                 (QStringList{"100-119", "80-99", "80-99", "20-39", "20-39", "0-19", "0-19"}));
        hp.tableView()->sortByColumn(0, Qt::AscendingOrder);
        // The histogram of level 1 (width 10) lists its groups in natural order: 0-9 has
        // three rows of 9, 10-19 two of 15, 20-29 two of 20, 30-39 two of 39.
        auto* level = hp.findChild<QSpinBox*>("hierarchyHistogramLevel");
        QVERIFY(level);
        level->setValue(1);
        QCOMPARE(hp.histogram()->labels(),
                 (QStringList{"0-9", "10-19", "20-29", "30-39", "80-89", "90-99", "100-109"}));
        QCOMPARE(hp.histogram()->values(), (QVector<double>{3, 2, 2, 2, 1, 1, 1}));
        // Editing a cell through the sorted view moves the right base value.
        QAbstractItemModel* model = hp.tableView()->model();
        const int row39 = int(columnOf(model, 0).indexOf("39"));
        QVERIFY(model->setData(model->index(row39, 1), "20-29"));
        const Hierarchy* h = m_project->hierarchy("age");
        for (const auto& r : h->rows())
            if (r[0] == "39") QCOMPARE(QString::fromStdString(r[1]), QString("20-29"));
        // Sorted by level 2, then an attribute without that level: back to natural order, rows
        // numbered as shown.
        hp.tableView()->sortByColumn(2, Qt::DescendingOrder);
        QVERIFY(hp.selectAttribute("month"));
        QCOMPARE(columnOf(hp.tableView()->model(), 0), kMonths);
        QCOMPARE(hp.tableView()->model()->headerData(0, Qt::Vertical).toInt(), 1);
        QCOMPARE(hp.tableView()->model()->headerData(11, Qt::Vertical).toInt(), 12);
        m_project->undoStack()->undo();
        m_project->undoStack()->undo();
        QVERIFY(!m_project->hierarchy("age"));
    }

    void treeSiblingsInNaturalOrder() {
        HierarchyPerspective hp;
        hp.setProject(m_project.get());
        QVERIFY(hp.selectAttribute("visit"));
        BuilderSettings s;
        s.kind = BuilderSettings::Kind::Dates;
        hp.builder()->setSettings(s);
        QVERIFY2(hp.builder()->apply(), qPrintable(hp.builder()->errorText()));
        const HierarchyTreeModel* tree = hp.treeModel();
        const QModelIndex top = tree->index(0, 0);
        QStringList years;
        for (int r = 0; r < tree->rowCount(top); ++r)
            years << tree->index(r, 0, top).data().toString();
        QCOMPARE(years, (QStringList{"2023", "2024"}));
        const QModelIndex y2024 = tree->index(1, 0, top);
        QStringList months;
        for (int r = 0; r < tree->rowCount(y2024); ++r)
            months << tree->index(r, 0, y2024).data().toString();
        QCOMPARE(months, (QStringList{"2024-01", "2024-03"}));
        // The base column of the levels table in chronological order, whatever the format.
        QCOMPARE(columnOf(hp.tableView()->model(), 0),
                 (QStringList{"2023-06-01", "31.12.2023", "2024-01-05", "2024-03-31"}));
        m_project->undoStack()->undo();
    }

    void orderedBuilderStartsInCalendarOrderAndReorders() {
        BuilderPanel panel;
        panel.setProject(m_project.get());
        panel.setAttribute("month");
        QListWidget* list = panel.orderList();
        QCOMPARE(listOf(list), kMonths);
        BuilderSettings s = panel.settings();
        s.kind = BuilderSettings::Kind::OrderedGrouping;
        s.groupSizes = "3,2";
        s.order.clear();  // empty: natural order
        panel.setSettings(s);
        QCOMPARE(listOf(list), kMonths);
        panel.updatePreview();
        QVERIFY2(panel.preview(), qPrintable(panel.errorText()));
        // Quarters, then half-years; the first row is January.
        const auto& rows = panel.preview()->rows();
        const auto january =
            std::find_if(rows.begin(), rows.end(), [](const auto& r) { return r[0] == "January"; });
        QVERIFY(january != rows.end());
        QCOMPARE(QString::fromStdString((*january)[1]), QString("January..March"));
        QCOMPARE(QString::fromStdString((*january)[2]), QString("January..June"));

        // Move December to the front with Up (a fiscal year from December): 11 clicks.
        list->clearSelection();
        list->item(11)->setSelected(true);
        auto* up = panel.findChild<QPushButton*>("builderOrderUp");
        QVERIFY(up);
        for (int i = 0; i < 11; ++i) QTest::mouseClick(up, Qt::LeftButton);
        QCOMPARE(list->item(0)->text(), QString("December"));
        QCOMPARE(list->item(1)->text(), QString("January"));
        // Up at the top does nothing; Down moves a block of two.
        QTest::mouseClick(up, Qt::LeftButton);
        QCOMPARE(list->item(0)->text(), QString("December"));
        list->clearSelection();
        list->item(1)->setSelected(true);
        list->item(2)->setSelected(true);
        QTest::mouseClick(panel.findChild<QPushButton*>("builderOrderDown"), Qt::LeftButton);
        QCOMPARE(listOf(list).mid(0, 4), (QStringList{"December", "March", "January", "February"}));
        panel.updatePreview();
        QVERIFY(panel.preview());
        const auto& reordered = panel.preview()->rows();
        const auto dec = std::find_if(reordered.begin(), reordered.end(),
                                      [](const auto& r) { return r[0] == "December"; });
        QCOMPARE(QString::fromStdString((*dec)[1]), QString("December..January"));
        QCOMPARE(panel.settings().order.split('\n').mid(0, 2), (QStringList{"December", "March"}));
        // "Natural order" puts the calendar back.
        QTest::mouseClick(panel.findChild<QPushButton*>("builderOrderNatural"), Qt::LeftButton);
        QCOMPARE(listOf(list), kMonths);
    }

    void intervalLabelsNeverOverlapCoding_data() {
        QTest::addColumn<QString>("widths");
        QTest::addColumn<QString>("bottom");
        QTest::addColumn<QString>("top");
        QTest::newRow("top 90, widths 10,20,40") << "10,20,40"
                                                 << ""
                                                 << "90";
        QTest::newRow("bottom 12, top 90, widths 5,20") << "5,20"
                                                        << "12"
                                                        << "90";
        QTest::newRow("top 95, width 20") << "20"
                                          << ""
                                          << "95";
    }
    void intervalLabelsNeverOverlapCoding() {
        // Every interval label "lo-hi" lies inside [bottom, top): no value is claimed by an
        // interval and by "<bottom" or ">=top" at once.
        QFETCH(QString, widths);
        QFETCH(QString, bottom);
        QFETCH(QString, top);
        BuilderPanel panel;
        panel.setProject(m_project.get());
        panel.setAttribute("age");
        BuilderSettings s;
        s.kind = BuilderSettings::Kind::Intervals;
        s.widths = widths;
        s.bottom = bottom;
        s.top = top;
        panel.setSettings(s);
        QVERIFY2(panel.preview(), qPrintable(panel.errorText()));
        const double lowest = bottom.isEmpty() ? -1e9 : bottom.toDouble();
        const double highest = top.toDouble();
        const QRegularExpression range("^(-?\\d+)-(-?\\d+)$");
        int intervals = 0, coded = 0;
        for (const auto& row : panel.preview()->rows()) {
            const double x = std::stod(row[0]);
            for (std::size_t level = 1; level + 1 < row.size(); ++level) {
                const QString label = QString::fromStdString(row[level]);
                const auto m = range.match(label);
                if (m.hasMatch()) {
                    ++intervals;
                    QVERIFY2(m.captured(1).toDouble() >= lowest, qPrintable(label));
                    QVERIFY2(m.captured(2).toDouble() < highest, qPrintable(label));
                    QVERIFY2(x >= m.captured(1).toDouble() && x <= m.captured(2).toDouble(),
                             qPrintable(label));
                } else {
                    ++coded;
                    QVERIFY2(label == ">=" + top || label == "<" + bottom, qPrintable(label));
                    QVERIFY(label.startsWith(">=") ? x >= highest : x < lowest);
                }
            }
        }
        QVERIFY(intervals > 0);
        QVERIFY(coded > 0);  // 92 and 100 are top coded
    }
    void cleanupTestCase() { m_project.reset(); }
};

QTEST_MAIN(TestHierarchyEditor)
#include "test_hierarchy_editor.moc"
