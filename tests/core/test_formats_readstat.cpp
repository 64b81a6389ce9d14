// Stata and SPSS files through ReadStat: a .dta written by pandas reads as the CSV it was
// made from (dates, missing values, value labels read as their labels), ldiv's .dta and .sav
// writers read back, value labels kept where the published value is a label, and the errors
// for a damaged .sav and a string too long for Stata.
#include <QTemporaryDir>
#include <QtTest>

#include <readstat.h>

#include "format_fixtures.h"
#include "ldiv/data/error.h"
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
using Labels = std::vector<std::pair<std::string, std::string>>;

ssize_t appendBytes(const void* data, size_t len, void* ctx) {
    static_cast<std::string*>(ctx)->append(static_cast<const char*>(data), len);
    return ssize_t(len);
}

/// A one-variable file written with ReadStat's own writer: numbers in display format `format`.
std::string numericFile(TableFormat format, const char* fmt, const std::vector<double>& values) {
    std::string bytes;
    readstat_writer_t* w = readstat_writer_init();
    readstat_set_data_writer(w, appendBytes);
    readstat_variable_t* v = readstat_add_variable(w, "when", READSTAT_TYPE_DOUBLE, 0);
    readstat_variable_set_format(v, fmt);
    if (format == TableFormat::Sas)
        readstat_begin_writing_sas7bdat(w, &bytes, long(values.size()));
    else
        readstat_begin_writing_sav(w, &bytes, long(values.size()));
    for (double x : values) {
        readstat_begin_row(w);
        readstat_insert_double_value(w, v, x);
        readstat_end_row(w);
    }
    readstat_end_writing(w);
    readstat_writer_free(w);
    return bytes;
}
}  // namespace

class TestFormatsReadstat : public QObject {
    Q_OBJECT
private slots:
    // small.dta: pandas to_stata (version 118) of small.csv with born as %td dates and sex a
    // Categorical, which Stata holds as codes 0, 1 with the labels Female, Male.
    void pandasDtaReadsAsItsCsv() {
        const Table csv = readCsv(test::fixture("formats/small.csv"));
        TableMetadata meta;
        const Table dta = readStatFile(test::fixture("formats/small.dta"), TableFormat::Stata, {},
                                       nullptr, &meta);
        std::string why;
        QVERIFY2(test::sameTable(csv, dta, why), why.c_str());
        QCOMPARE(dta.value(0, 1), std::string("Female"));
        QCOMPARE(dta.value(4, 3), std::string(""));  // a missing date
        const ColumnLabels* sex = meta.find("sex");
        QVERIFY(sex);
        QCOMPARE(sex->valueLabels, (Labels{{"0", "Female"}, {"1", "Male"}}));
        QVERIFY(!sex->labelSet.empty());
        CsvOptions drop;
        drop.missing = MissingPolicy::Drop;
        QVERIFY2(test::sameTable(readCsv(test::fixture("formats/small.csv"), drop),
                                 readTableFile(test::fixture("formats/small.dta"), drop), why),
                 why.c_str());
    }

    void writersReadBack_data() {
        QTest::addColumn<QString>("extension");
        QTest::newRow("dta") << "dta";
        QTest::newRow("sav") << "sav";
    }
    void writersReadBack() {
        QFETCH(QString, extension);
        QTemporaryDir dir;
        std::string why;
        // The small table with the labels the pandas file had: sex goes out as codes with
        // its label set, and comes back as the labels with the same codes.
        TableMetadata meta;
        const Table small = readStatFile(test::fixture("formats/small.dta"), TableFormat::Stata, {},
                                         nullptr, &meta);
        const std::string path = dir.filePath("small." + extension).toStdString();
        test::writeBytes(path, formatTableFor(path, small, ',', false, &meta));
        TableMetadata back;
        QVERIFY2(test::sameTable(small, readTableFile(path, {}, nullptr, nullptr, &back), why),
                 why.c_str());
        QVERIFY(back.find("sex"));
        QCOMPARE(back.find("sex")->valueLabels, (Labels{{"0", "Female"}, {"1", "Male"}}));
        // Adult: names such as marital-status become marital_status (the format allows no
        // hyphen) with the original name as the variable label; every value comes back.
        const Table adult = readCsv(test::example("adult/adult.csv"));
        const std::string adultPath = dir.filePath("adult." + extension).toStdString();
        test::writeBytes(adultPath, formatTableFor(adultPath, adult, ',', false));
        TableMetadata adultMeta;
        const Table adultBack = readTableFile(adultPath, {}, nullptr, nullptr, &adultMeta);
        QVERIFY2(test::sameTable(adult, adultBack, why, true), why.c_str());
        QCOMPARE(adultBack.column(3).name(), std::string("marital_status"));
        QVERIFY(adultMeta.find("marital_status"));
        QCOMPARE(adultMeta.find("marital_status")->label, std::string("marital-status"));
    }

    // A published column with labels: values that are labels keep their codes, the others
    // ("*") get the next code, labelled with themselves.
    void publishedValuesKeepTheirLabels() {
        Column sex("sex");
        for (const char* v : {"Male", "*", "Female", "Male", ""}) sex.append(v);
        const Table published(std::vector<Column>{sex});
        TableMetadata meta;
        meta.columns.push_back(
            {"sex", "Sex of the person", "sexlbl", {{"1", "Female"}, {"2", "Male"}}});
        QTemporaryDir dir;
        const std::string path = dir.filePath("p.dta").toStdString();
        test::writeBytes(path, formatTableStat(published, TableFormat::Stata, path, &meta));
        TableMetadata back;
        const Table t = readStatFile(path, TableFormat::Stata, {}, nullptr, &back);
        QCOMPARE(t.column(0).dictionary(), (std::vector<std::string>{"Male", "*", "Female", ""}));
        QVERIFY(back.find("sex"));
        QCOMPARE(back.find("sex")->label, std::string("Sex of the person"));
        QCOMPARE(back.find("sex")->labelSet, std::string("sexlbl"));
        Labels labels = back.find("sex")->valueLabels;
        std::sort(labels.begin(), labels.end());
        QCOMPARE(labels, (Labels{{"1", "Female"}, {"2", "Male"}, {"3", "*"}}));
    }

    void damagedSavIsNamed() {
        const Table small = readCsv(test::fixture("formats/small.csv"));
        QTemporaryDir dir;
        const std::string path = dir.filePath("corrupt.sav").toStdString();
        std::string bytes = formatTableStat(small, TableFormat::Spss, path);
        // The dictionary cut in the middle: the header survives, the variables do not.
        test::writeBytes(path, bytes.substr(0, 300));
        const std::string cut = errorOf([&] { readTableFile(path); });
        QVERIFY2(cut.find("corrupt.sav") != std::string::npos &&
                     cut.find("cannot read the SPSS file") != std::string::npos,
                 cut.c_str());
        // Not an SPSS file at all.
        test::writeBytes(path, "id,sex\n1,Male\n");
        const std::string text = errorOf([&] { readTableFile(path); });
        QVERIFY2(text.find("cannot read the SPSS file") != std::string::npos, text.c_str());
    }

    void stringTooLongForStata() {
        Column note("note");
        note.append("short");
        note.append(std::string(3000, 'x'));
        const Table t(std::vector<Column>{note});
        const std::string e = errorOf([&] { formatTableStat(t, TableFormat::Stata, "out.dta"); });
        QVERIFY2(e.find("out.dta") != std::string::npos &&
                     e.find("variable 'note'") != std::string::npos &&
                     e.find("3000 bytes") != std::string::npos &&
                     e.find("2045") != std::string::npos,
                 e.c_str());
        // SPSS holds it.
        QTemporaryDir dir;
        const std::string path = dir.filePath("long.sav").toStdString();
        test::writeBytes(path, formatTableStat(t, TableFormat::Spss, path));
        QCOMPARE(readTableFile(path).value(1, 0), std::string(3000, 'x'));
        const std::string sas = errorOf([&] { formatTableFor("out.sas7bdat", t, ',', false); });
        QVERIFY2(sas.find("does not write SAS") != std::string::npos, sas.c_str());
    }

    // Dates by display format, against Python's datetime: SAS counts days (DATE9) or seconds
    // (DATETIME20) from 1960-01-01, SPSS seconds from 1582-10-14.
    void datesOfSasAndSpss() {
        QTemporaryDir dir;
        const std::string sas = dir.filePath("d.sas7bdat").toStdString();
        test::writeBytes(sas, numericFile(TableFormat::Sas, "DATE9", {23000, -1, 0}));
        const Table t = readTableFile(sas);
        QCOMPARE(t.column(0).dictionary(),
                 (std::vector<std::string>{"2022-12-21", "1959-12-31", "1960-01-01"}));
        QVERIFY(t.column(0).type() == ColumnType::Date);
        test::writeBytes(sas, numericFile(TableFormat::Sas, "DATETIME20", {2000000000}));
        QCOMPARE(readTableFile(sas).value(0, 0), std::string("2023-05-18 03:33:20"));
        const std::string sav = dir.filePath("d.sav").toStdString();
        test::writeBytes(sav, numericFile(TableFormat::Spss, "DATE11", {13931222400.0}));
        QCOMPARE(readTableFile(sav).value(0, 0), std::string("2024-03-31"));
        test::writeBytes(sav, numericFile(TableFormat::Spss, "DATETIME20", {13931252100.0}));
        QCOMPARE(readTableFile(sav).value(0, 0), std::string("2024-03-31 08:15:00"));
    }

    // Adult through pandas' to_stata at run time: the same values as the CSV (pandas renames
    // marital-status to marital_status).
    void pandasAdultReadsAsItsCsv() {
        QTemporaryDir dir;
        if (!test::makeFixtures(QString::fromStdString(test::example("adult/adult.csv")),
                                dir.path(), {"--sep", ";"}))
            QSKIP("no pandas/openpyxl for /usr/bin/python3");
        std::string why;
        const Table csv = readCsv(test::example("adult/adult.csv"));
        QVERIFY2(
            test::sameTable(csv, readTableFile(dir.filePath("adult.dta").toStdString()), why, true),
            why.c_str());
    }
};

QTEST_GUILESS_MAIN(TestFormatsReadstat)
#include "test_formats_readstat.moc"
