// .xlsx workbooks: a sheet written by openpyxl reads as the CSV it was made from (numbers,
// dates as ISO text, empty cells missing), the sheet option, ldiv's own writer read back, a
// hierarchy kept in Excel, and the errors for truncated, password-protected and broken files.
#include <QTemporaryDir>
#include <QtTest>

#include "format_fixtures.h"
#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/io/csv_table_reader.h"
#include "ldiv/io/table_formats.h"
#include "test_paths.h"

using namespace ldv;

namespace {
std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}
}  // namespace

class TestFormatsXlsx : public QObject {
    Q_OBJECT
private slots:
    void extensionChoosesTheFormat() {
        QVERIFY(tableFormatOf("a/b.XLSX") == TableFormat::Xlsx);
        QVERIFY(tableFormatOf("b.dta") == TableFormat::Stata);
        QVERIFY(tableFormatOf("b.sav") == TableFormat::Spss);
        QVERIFY(tableFormatOf("b.sas7bdat") == TableFormat::Sas);
        QVERIFY(tableFormatOf("b.csv") == TableFormat::Csv);
        QVERIFY(tableFormatOf("b") == TableFormat::Csv);
    }

    // small.xlsx was written by openpyxl (make_fixtures.py): integers, decimals, date cells
    // with a yyyy-mm-dd format, empty cells, and a second sheet.
    void committedWorkbookReadsAsItsCsv() {
        const Table csv = readCsv(test::fixture("formats/small.csv"));
        CsvReport report;
        const Table xlsx = readXlsx(test::fixture("formats/small.xlsx"), {}, &report);
        std::string why;
        QVERIFY2(test::sameTable(csv, xlsx, why), why.c_str());
        QCOMPARE(report.rowsRead, std::size_t(12));
        QCOMPARE(xlsx.value(0, 3), std::string("1990-02-11"));  // a date cell, serial 32915
        QVERIFY(xlsx.column(3).type() == ColumnType::Date);
        QCOMPARE(xlsx.value(1, 2), std::string(""));  // an empty cell
        QCOMPARE(xlsx.column(2).missingCount(), std::size_t(1));
        QCOMPARE(xlsx.value(1, 5), std::string("3.25"));
        // The same through the extension dispatch, and with rows with missing values dropped.
        const Table viaDispatch = readTableFile(test::fixture("formats/small.xlsx"));
        QVERIFY2(test::sameTable(csv, viaDispatch, why), why.c_str());
        CsvOptions drop;
        drop.missing = MissingPolicy::Drop;
        QVERIFY2(test::sameTable(readCsv(test::fixture("formats/small.csv"), drop),
                                 readXlsx(test::fixture("formats/small.xlsx"), drop), why),
                 why.c_str());
    }

    void sheetByName() {
        CsvOptions o;
        o.sheet = "Notes";
        const Table notes = readXlsx(test::fixture("formats/small.xlsx"), o);
        QCOMPARE(notes.columnCount(), std::size_t(1));
        QCOMPARE(notes.column(0).name(), std::string("not the data"));
        QCOMPARE(notes.rowCount(), std::size_t(0));
        o.sheet = "Nope";
        const std::string e = errorOf([&] { readXlsx(test::fixture("formats/small.xlsx"), o); });
        QVERIFY2(e.find("no sheet 'Nope' (its sheets: Data, Notes)") != std::string::npos,
                 e.c_str());
    }

    void badFilesNameTheProblem() {
        const std::string truncated =
            errorOf([] { readXlsx(test::fixture("formats/truncated.xlsx")); });
        QVERIFY2(truncated.find("truncated.xlsx") != std::string::npos &&
                     truncated.find("truncated") != std::string::npos,
                 truncated.c_str());
        const std::string password =
            errorOf([] { readXlsx(test::fixture("formats/password.xlsx")); });
        QVERIFY2(password.find("password-protected") != std::string::npos, password.c_str());
        // errorcell.xlsx: openpyxl stored the error value #DIV/0! in C7 of Sheet1.
        const std::string cell = errorOf([] { readXlsx(test::fixture("formats/errorcell.xlsx")); });
        QVERIFY2(cell.find("errorcell.xlsx") != std::string::npos &&
                     cell.find("sheet Sheet1, cell C7: ") != std::string::npos &&
                     cell.find("#DIV/0!") != std::string::npos,
                 cell.c_str());
        const std::string missing = errorOf([] { readXlsx("/nonexistent/x.xlsx"); });
        QVERIFY2(missing.find("/nonexistent/x.xlsx") != std::string::npos, missing.c_str());
    }

    // ldiv's writer (libxlsxwriter) read back by ldiv's reader gives the table it wrote.
    void writerRoundTripOnAdult() {
        const Table adult = readCsv(test::example("adult/adult.csv"));
        QTemporaryDir dir;
        const std::string path = dir.filePath("adult.xlsx").toStdString();
        test::writeBytes(path, formatTableFor(path, adult, ',', false));
        std::string why;
        QVERIFY2(test::sameTable(adult, readXlsx(path), why), why.c_str());
        const Table small = readCsv(test::fixture("formats/small.csv"));
        const std::string smallPath = dir.filePath("small.xlsx").toStdString();
        test::writeBytes(smallPath, formatTableXlsx(small));
        QVERIFY2(test::sameTable(small, readXlsx(smallPath), why), why.c_str());
    }

    void hierarchyFromAWorkbook() {
        const std::string csvPath = test::example("adult/adult_hierarchy_age.csv");
        const Hierarchy fromCsv = readHierarchy(csvPath);
        // A sheet whose first row is the hierarchy's first row: the Table's column names.
        std::vector<Column> columns;
        for (const std::string& v : fromCsv.rows().front()) columns.emplace_back(v);
        for (std::size_t r = 1; r < fromCsv.rows().size(); ++r)
            for (std::size_t c = 0; c < columns.size(); ++c)
                columns[c].append(fromCsv.rows()[r][c]);
        QTemporaryDir dir;
        const std::string path = dir.filePath("age.xlsx").toStdString();
        test::writeBytes(path, formatTableXlsx(Table(std::move(columns))));
        const Hierarchy fromXlsx = readHierarchy(path);
        QCOMPARE(fromXlsx.rows(), fromCsv.rows());
    }

    // Adult through openpyxl at run time: 30,162 rows, the same Table as the CSV.
    void openpyxlAdultReadsAsItsCsv() {
        QTemporaryDir dir;
        if (!test::makeFixtures(QString::fromStdString(test::example("adult/adult.csv")),
                                dir.path(), {"--sep", ";"}))
            QSKIP("no pandas/openpyxl for /usr/bin/python3");
        std::string why;
        const Table csv = readCsv(test::example("adult/adult.csv"));
        QVERIFY2(test::sameTable(csv, readXlsx(dir.filePath("adult.xlsx").toStdString()), why),
                 why.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFormatsXlsx)
#include "test_formats_xlsx.moc"
