// validateHierarchy and HierarchyMap against plain reference versions (one std::map per
// check, one level at a time, every row looked up), on rows and on parseHierarchy's block
// of cells, on random hierarchies: sorted and shuffled rows, runs of labels, broken
// nesting, ragged rows, empty cells, duplicate base values, several tops and data values
// missing from the hierarchy. The fast versions visit the rows once and skip runs of
// repeated labels; the issues (kind, row, level, message), the level codes and the coverage
// must be exactly the reference's.
#include <QtTest>
#include <algorithm>
#include <map>
#include <random>

#include "io/cell_table.h"
#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"

using namespace ldv;

namespace {

using Rows = std::vector<std::vector<std::string>>;

std::string num(std::size_t n) {
    return std::to_string(n);
}

/// The checks of validateHierarchy, written the obvious way.
std::vector<HierarchyIssue> referenceIssues(const Rows& rows, const Column* column) {
    using Kind = HierarchyIssue::Kind;
    std::vector<HierarchyIssue> issues;
    if (rows.empty()) return {{Kind::EmptyCell, -1, -1, "the hierarchy has no rows"}};
    for (std::size_t r = 0; r < rows.size(); ++r)
        if (rows[r].empty())
            return {{Kind::EmptyCell, int(r), -1,
                     "row " + num(r + 1) +
                         " is empty: every row needs a base value and one value per level"}};
    const std::size_t width = rows[0].size();
    std::map<std::string, std::size_t> baseRow;
    bool shapeOk = true;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != width) {
            shapeOk = false;
            issues.push_back({Kind::RaggedRow, int(r), -1,
                              "row " + num(r + 1) + " ('" + rows[r][0] + "') has " +
                                  num(rows[r].size()) + " levels, the first row has " +
                                  num(width)});
            continue;
        }
        for (std::size_t j = 0; j < width; ++j)
            if (rows[r][j].empty())
                issues.push_back({Kind::EmptyCell, int(r), int(j),
                                  "empty cell at row " + num(r + 1) + ", level " + num(j)});
        const auto [it, fresh] = baseRow.emplace(rows[r][0], r);
        if (!fresh)
            issues.push_back({Kind::DuplicateBase, int(r), 0,
                              "base value '" + rows[r][0] + "' appears in rows " +
                                  num(it->second + 1) + " and " + num(r + 1)});
    }
    if (shapeOk) {
        for (std::size_t j = 1; j + 1 < width; ++j) {
            std::map<std::string, std::size_t> first;
            for (std::size_t r = 0; r < rows.size(); ++r) {
                const std::size_t seen = first.emplace(rows[r][j], r).first->second;
                if (rows[seen][j + 1] != rows[r][j + 1]) {
                    issues.push_back({Kind::NotNesting, int(r), int(j + 1),
                                      "level " + num(j + 1) + " is not a coarsening of level " +
                                          num(j) + ": '" + rows[r][j] + "' generalizes to '" +
                                          rows[seen][j + 1] + "' (row " + num(seen + 1) + ", '" +
                                          rows[seen][0] + "') and to '" + rows[r][j + 1] +
                                          "' (row " + num(r + 1) + ", '" + rows[r][0] + "')"});
                    break;
                }
            }
        }
        for (std::size_t r = 1; width > 1 && r < rows.size(); ++r)
            if (rows[r].back() != rows[0].back()) {
                issues.push_back({Kind::MultipleTops, int(r), int(width - 1),
                                  "the top level has more than one value ('" + rows[0].back() +
                                      "', '" + rows[r].back() + "')"});
                break;
            }
    }
    if (column) {
        std::string missing;
        std::size_t count = 0;
        for (const std::string& v : column->dictionary())
            if (!baseRow.count(v)) {
                if (count < 20) missing += (count ? ", '" : "'") + v + "'";
                ++count;
            }
        if (count)
            issues.push_back({Kind::MissingValue, -1, 0,
                              num(count) + " value(s) of attribute '" + column->name() +
                                  "' are not in the hierarchy: " + missing +
                                  (count > 20 ? ", …" : "")});
    }
    return issues;
}

/// HierarchyMap's level codes and coverage, the obvious way: level-j codes in order of first
/// appearance over the data's codes, coverage counted over the data's values and over every
/// hierarchy row.
struct ReferenceMap {
    std::vector<std::vector<std::string>> values;
    std::vector<std::vector<Code>> maps;
    std::vector<std::vector<std::uint32_t>> coverage, fullCoverage;
};

ReferenceMap referenceMap(const Rows& rows, const Column& column) {
    const std::size_t h = rows[0].size() - 1;
    ReferenceMap m;
    m.values.resize(h + 1);
    m.maps.resize(h + 1);
    m.coverage.resize(h + 1);
    m.fullCoverage.resize(h + 1);
    for (std::size_t j = 0; j <= h; ++j) {
        std::map<std::string, Code> code;
        for (Code c = 0; c < column.domainSize(); ++c) {
            std::size_t row = 0;
            while (rows[row][0] != column.value(c)) ++row;
            const std::string& label = j == 0 ? column.value(c) : rows[row][j];
            const auto [it, fresh] = code.emplace(label, Code(m.values[j].size()));
            if (fresh) m.values[j].push_back(label);
            m.maps[j].push_back(it->second);
        }
        m.coverage[j].assign(m.values[j].size(), 0);
        for (Code v : m.maps[j]) ++m.coverage[j][v];
        m.fullCoverage[j].assign(m.values[j].size(), j == 0 ? 1 : 0);
        if (j > 0)
            for (const auto& row : rows)
                if (auto it = code.find(row[j]); it != code.end()) ++m.fullCoverage[j][it->second];
    }
    return m;
}

/// A random hierarchy: a tree of labels (each level groups `fanout` labels of the level
/// below), rows sorted or shuffled, then with probability `damage` one of: a label changed
/// (nesting broken or a second top), a cell emptied, a row cut short, a base repeated.
Rows randomRows(std::mt19937_64& rng, std::size_t count, std::size_t width, bool shuffle,
                double damage) {
    std::vector<std::size_t> fanout(width);
    for (std::size_t& f : fanout) f = 1 + rng() % 4;
    Rows rows;
    for (std::size_t i = 0; i < count; ++i) {
        std::vector<std::string> row;
        std::size_t id = i;
        for (std::size_t j = 0; j < width; ++j) {
            // Labels of different levels may coincide ("3" at levels 1 and 2) on purpose.
            std::string label = j == 0 ? "v" : "";
            label += num(id);
            row.push_back(j + 1 == width && width > 1 ? "*" : label);
            id /= fanout[j];
        }
        rows.push_back(std::move(row));
    }
    if (shuffle) std::shuffle(rows.begin(), rows.end(), rng);
    std::uniform_real_distribution<double> u(0, 1);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (u(rng) >= damage) continue;
        const std::size_t j = rng() % width;
        switch (rng() % 5) {
            case 0:
                rows[r][j] = num(rng() % 7);
                break;
            case 1:
                rows[r][j].clear();
                break;
            case 2:
                if (width > 1) rows[r].pop_back();
                break;
            case 3:
                rows[r][0] = rows[rng() % rows.size()][0];
                break;
            default:
                rows[r].back() = "top" + num(rng() % 2);
        }
    }
    return rows;
}

/// The same rows as one block of cells, the form parseHierarchy keeps (rows() built lazily).
Hierarchy asCells(const Rows& rows) {
    auto cells = std::make_shared<detail::CellTable>();
    for (const auto& row : rows) {
        for (const std::string& cell : row) {
            cells->text += cell;
            cells->cellStart.push_back(std::uint32_t(cells->text.size()));
        }
        cells->rowStart.push_back(std::uint32_t(cells->cellStart.size() - 1));
    }
    return Hierarchy(cells, "cells");
}

QString describe(const std::vector<HierarchyIssue>& issues) {
    QStringList out;
    for (const HierarchyIssue& i : issues)
        out << QString("%1@%2,%3: %4")
                   .arg(int(i.kind))
                   .arg(i.row)
                   .arg(i.level)
                   .arg(QString::fromStdString(i.message));
    return out.join("\n");
}

}  // namespace

class TestHierarchyBind : public QObject {
    Q_OBJECT
private slots:
    void matchesTheReferenceOnRandomHierarchies() {
        std::mt19937_64 rng(2026);
        int bound = 0, refused = 0, parsed = 0;
        for (int trial = 0; trial < 3000; ++trial) {
            const std::size_t count = 1 + rng() % (trial % 10 == 0 ? 400 : 40);
            const std::size_t width = 1 + rng() % 5;
            const double damage = trial % 3 == 0 ? 0.0 : (trial % 3 == 1 ? 0.01 : 0.2);
            const Rows rows = randomRows(rng, count, width, rng() % 2, damage);
            // Data values: mostly base values of the hierarchy (in random order, repeated),
            // sometimes one it lacks.
            Column column("attr");
            const std::size_t values = 1 + rng() % (count + 2);
            for (std::size_t i = 0; i < values; ++i) {
                const auto& row = rows[rng() % rows.size()];
                column.append(rng() % 50 == 0 || row.empty() || row[0].empty()
                                  ? "absent" + num(rng() % 3)
                                  : row[0]);
            }
            const auto expected = referenceIssues(rows, &column);
            const auto error = std::find_if(expected.begin(), expected.end(),
                                            [](const HierarchyIssue& i) { return isError(i); });
            error != expected.end() ? ++refused : ++bound;
            // Rows as vectors of strings, as one block of cells (parseHierarchy's form), and,
            // when the structure has no error, as parseHierarchy returns it (validated():
            // HierarchyMap then checks only the data's values).
            std::vector<Hierarchy> forms{Hierarchy(rows), asCells(rows)};
            const auto structural = referenceIssues(rows, nullptr);
            if (std::none_of(structural.begin(), structural.end(),
                             [](const HierarchyIssue& i) { return isError(i); })) {
                forms.push_back(parseHierarchy(formatHierarchy(forms[0], ';'), "p.csv", ';'));
                QVERIFY(forms.back().validated());
                ++parsed;
            }
            for (const Hierarchy& hierarchy : forms) {
                QCOMPARE(hierarchy.baseCount(), rows.size());
                QCOMPARE(describe(validateHierarchy(hierarchy, &column)), describe(expected));
                QCOMPARE(describe(validateHierarchy(hierarchy)),
                         describe(referenceIssues(rows, nullptr)));
                if (error != expected.end()) {
                    try {
                        const HierarchyMap map(hierarchy, column);
                        QFAIL("no error");
                    } catch (const InputError& e) {
                        QVERIFY(QString(e.what()).endsWith(QString::fromStdString(error->message)));
                    }
                    QVERIFY(hierarchy.rows() == rows);
                    continue;
                }
                const HierarchyMap map(hierarchy, column);
                const ReferenceMap ref = referenceMap(rows, column);
                QCOMPARE(map.height(), int(rows[0].size()) - 1);
                for (int j = 0; j <= map.height(); ++j) {
                    QVERIFY(map.levelValues(j) == ref.values[j]);
                    QVERIFY(map.levelMap(j) == ref.maps[j]);
                    QVERIFY(map.coverage(j) == ref.coverage[j]);
                    QVERIFY(map.fullCoverage(j) == ref.fullCoverage[j]);
                }
                QVERIFY(hierarchy.rows() == rows);
            }
        }
        // Both outcomes are exercised often.
        QVERIFY(bound > 800);
        QVERIFY(parsed > 800);
        QVERIFY(refused > 800);
    }

    void notNestingAfterARunNamesTheFirstRowOfTheLabel() {
        // Rows 1-3 repeat 'x' -> 'p'; row 5 repeats row 4's 'x' but with 'q': the message
        // names row 1, where 'x' first went to 'p', as a full lookup would.
        const Hierarchy h(Rows{{"a", "x", "p", "*"},
                               {"b", "x", "p", "*"},
                               {"c", "x", "p", "*"},
                               {"d", "y", "p", "*"},
                               {"e", "x", "p", "*"},
                               {"f", "x", "q", "*"}});
        const auto issues = validateHierarchy(h);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues[0].message),
                 QString("level 2 is not a coarsening of level 1: 'x' generalizes to 'p' (row 1, "
                         "'a') and to 'q' (row 6, 'f')"));
        QCOMPARE(issues[0].row, 5);
    }

    void cellsBecomeRowsOnceAndCopiesStayEqual() {
        // A hierarchy kept as cells: equal to its rows' form, copies equal, and the
        // non-const rows() turns it into editable rows without changing a cell.
        const Rows rows{{"a", "x", "*"}, {"b", "x", "*"}, {"c", "y", "*"}};
        Hierarchy cells = asCells(rows);
        const Hierarchy copy = cells;
        QVERIFY(cells == Hierarchy(rows));
        QVERIFY(copy == cells);
        QCOMPARE(copy.height(), 2);
        QCOMPARE(copy.value(2, 1), std::string("y"));
        QCOMPARE(std::string(copy.cell(1, 0)), std::string("b"));
        cells.rows()[2][1] = "x";
        QCOMPARE(std::string(cells.cell(2, 1)), std::string("x"));
        QVERIFY(!(cells == copy));
        QCOMPARE(copy.value(2, 1), std::string("y"));
        Hierarchy moved = std::move(cells);
        QCOMPARE(moved.value(2, 1), std::string("x"));
        // Only parseHierarchy marks a hierarchy validated; copies keep it, an edit drops it.
        Hierarchy read = parseHierarchy("a;x;*\nb;x;*\n", "r.csv", ';');
        QVERIFY(read.validated() && !copy.validated());
        const Hierarchy readCopy = read;
        QVERIFY(readCopy.validated());
        read.rows()[1][1] = "y";
        QVERIFY(!read.validated() && readCopy.validated());
    }

    void bindsAShuffledHierarchyWithCountsOverAllRows() {
        // Hierarchy rows out of order; the data reaches 'lo' before 'hi'. Level 1 codes
        // follow the data (lo = 0), full coverage counts every row (lo: 2, hi: 3).
        const Hierarchy h(Rows{{"5", "hi", "*"},
                               {"1", "lo", "*"},
                               {"4", "hi", "*"},
                               {"2", "lo", "*"},
                               {"3", "hi", "*"}});
        Column c("n");
        for (const char* v : {"2", "4", "2", "5"}) c.append(v);
        const HierarchyMap map(h, c);
        QVERIFY(map.levelValues(1) == (std::vector<std::string>{"lo", "hi"}));
        QVERIFY(map.levelMap(1) == (std::vector<Code>{0, 1, 1}));
        QVERIFY(map.coverage(1) == (std::vector<std::uint32_t>{1, 2}));
        QVERIFY(map.fullCoverage(1) == (std::vector<std::uint32_t>{2, 3}));
        QVERIFY(map.fullCoverage(2) == (std::vector<std::uint32_t>{5}));
    }
};

QTEST_APPLESS_MAIN(TestHierarchyBind)
#include "test_hierarchy_bind.moc"
