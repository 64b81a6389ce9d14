// CSV reader: RFC 4180 edge cases, separator detection, missing values, type inference and
// every error with its exact message and position.
#include <QtTest>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

using namespace ldv;

class TestCsv : public QObject {
    Q_OBJECT
private slots:
    void quotedFields() {
        const Table t = parseCsv("a,b,c\n\"x,1\",\"say \"\"hi\"\"\",\"two\nlines\"\n", "t.csv");
        QCOMPARE(t.rowCount(), std::size_t(1));
        QCOMPARE(t.value(0, 0), std::string("x,1"));
        QCOMPARE(t.value(0, 1), std::string("say \"hi\""));
        QCOMPARE(t.value(0, 2), std::string("two\nlines"));
    }
    void crlfAndBom() {
        CsvReport rep;
        const Table t = parseCsv("\xEF\xBB\xBFname;age\r\nAnn;30\r\nBob;41\r\n", "t.csv", {}, &rep);
        QCOMPARE(rep.separator, ';');
        QVERIFY(rep.hadBom);
        QCOMPARE(t.column(0).name(), std::string("name"));
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(t.value(1, 1), std::string("41"));
        QVERIFY(t.column(1).type() == ColumnType::Integer);
    }
    void crlfInsideQuotesIsKept() {
        const Table t = parseCsv("a\r\n\"x\r\ny\"\r\n", "t.csv");
        QCOMPARE(t.value(0, 0), std::string("x\r\ny"));
    }
    void separatorDetection_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<char>("separator");
        QTest::newRow("comma") << "a,b\n1,2\n" << ',';
        QTest::newRow("semicolon") << "a;b;c\n1;2,5;3\n" << ';';
        QTest::newRow("tab") << "a\tb\n1\t2\n" << '\t';
        QTest::newRow("pipe") << "a|b\n1|2\n" << '|';
        QTest::newRow("quoted comma") << "\"a,x\";b\n\"1,2\";3\n" << ';';
    }
    void separatorDetection() {
        QFETCH(QString, text);
        QFETCH(char, separator);
        QCOMPARE(detectSeparator(text.toStdString()), separator);
    }
    void missingKeepAndDrop() {
        const std::string text = "a,b\n1,?\n2,x\n,y\n";
        const Table kept = parseCsv(text, "t.csv");
        QCOMPARE(kept.rowCount(), std::size_t(3));
        QCOMPARE(kept.column(1).missingCount(), std::size_t(1));
        QCOMPARE(kept.column(0).missingCount(), std::size_t(1));
        CsvOptions drop;
        drop.missing = MissingPolicy::Drop;
        CsvReport rep;
        const Table dropped = parseCsv(text, "t.csv", drop, &rep);
        QCOMPARE(dropped.rowCount(), std::size_t(1));
        QCOMPARE(rep.rowsDropped, std::size_t(2));
        QCOMPARE(rep.rowsRead, std::size_t(3));
        QCOMPARE(dropped.value(0, 1), std::string("x"));
        // A quoted "?" is data, not a missing marker.
        const Table quoted = parseCsv("a\n\"?\"\n", "t.csv", drop);
        QCOMPARE(quoted.rowCount(), std::size_t(1));
    }
    void typeInference_data() {
        QTest::addColumn<QString>("values");
        QTest::addColumn<int>("type");
        QTest::newRow("integer") << "1\n-20\n?\n" << int(ColumnType::Integer);
        QTest::newRow("decimal") << "1.5\n2\n" << int(ColumnType::Decimal);
        QTest::newRow("iso date") << "2024-02-29\n2023-12-31\n" << int(ColumnType::Date);
        QTest::newRow("german date") << "31.12.2023\n" << int(ColumnType::Date);
        QTest::newRow("bad date") << "2023-02-30\n" << int(ColumnType::Text);
        QTest::newRow("text") << "1\nabc\n" << int(ColumnType::Text);
    }
    void typeInference() {
        QFETCH(QString, values);
        QFETCH(int, type);
        const Table t = parseCsv("v\n" + values.toStdString(), "t.csv");
        QCOMPARE(int(t.column(0).type()), type);
    }
    void trimsUnquotedBlanks() {
        const Table t = parseCsv("a, b\n x , \" y \"\n", "t.csv");
        QCOMPARE(t.column(1).name(), std::string("b"));
        QCOMPARE(t.value(0, 0), std::string("x"));
        QCOMPARE(t.value(0, 1), std::string(" y "));
    }
    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("unterminated quote")
            << "a,b\n1,\"open\n2,3\n"
            << "t.csv:2:3: unterminated quote: the field that starts here has no closing '\"'";
        QTest::newRow("ragged short") << "a,b,c\n1,2,3\n4,5\n"
                                      << "t.csv:3:4: expected 3 fields (as in the header), found 2";
        QTest::newRow("ragged long") << "a,b\n1,2,3\n"
                                     << "t.csv:2:5: expected 2 fields (as in the header), found 3";
        QTest::newRow("duplicate header")
            << "a,b,a\n1,2,3\n"
            << "t.csv:1:5: duplicate column name 'a' in the header (column 3)";
        QTest::newRow("text after quote")
            << "a,b\n\"x\"y,2\n"
            << "t.csv:2:4: expected a separator or the end of the line "
               "after the closing quote, found 'y'";
        QTest::newRow("invalid utf8")
            << QString::fromLatin1("a,b\n1,caf\xE9\n")
            << "t.csv:2:6: invalid UTF-8 byte sequence in field 2 (save the "
               "file as UTF-8)";
        QTest::newRow("empty") << ""
                               << "t.csv: the file is empty: no header and no rows";
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(QString, message);
        // Latin-1 keeps the raw byte 0xE9 for the invalid UTF-8 row.
        const QByteArray bytes =
            QTest::currentDataTag() == QByteArray("invalid utf8") ? text.toLatin1() : text.toUtf8();
        try {
            CsvOptions comma;
            comma.separator = ',';
            parseCsv(std::string_view(bytes.constData(), std::size_t(bytes.size())), "t.csv",
                     comma);
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString::fromStdString(e.what()), message);
        }
    }
    void fileErrors() {
        try {
            readCsv("/nonexistent/x.csv");
            QFAIL("no error");
        } catch (const InputError& e) {
            QCOMPARE(QString(e.what()), QString("/nonexistent/x.csv: cannot open the file for "
                                                "reading: No such file or directory"));
        }
    }
    void headerOnlyHasNoRows() {
        const Table t = parseCsv("a,b\n", "t.csv");
        QCOMPARE(t.columnCount(), std::size_t(2));
        QCOMPARE(t.rowCount(), std::size_t(0));
    }
    void readsLargeChunkedFile() {
        // More than one 4 MiB chunk, with a quoted field straddling chunk borders.
        QTemporaryDir dir;
        const std::string path = dir.filePath("big.csv").toStdString();
        std::string text = "id,note\n";
        for (int i = 0; i < 200000; ++i)
            text += std::to_string(i) + ",\"a,b \"\"" + std::to_string(i % 7) + "\"\"\"\n";
        writeFileAtomically(path, text);
        const Table t = readCsv(path);
        QCOMPARE(t.rowCount(), std::size_t(200000));
        QCOMPARE(t.value(123456, 1), std::string("a,b \"4\""));
        QCOMPARE(t.column(1).domainSize(), std::size_t(7));
    }
    void trimsBlanksThatStraddleChunks() {
        // The reader copies runs of ordinary bytes in one step; the trailing blanks of a field
        // must still be trimmed when the 4 MiB chunk border falls inside them or before them.
        QTemporaryDir dir;
        const std::string path = dir.filePath("blanks.csv").toStdString();
        std::string text = "id,value,after\n";
        for (int i = 0; i < 400000; ++i)
            text += std::to_string(i) + ",  v" + std::to_string(i % 5) +
                    std::string(std::size_t(i % 9), ' ') + "\t ," +
                    std::string(std::size_t(i % 4), ' ') + "\"q " + std::to_string(i % 3) +
                    "\"  \n";
        QVERIFY(text.size() > (std::size_t(8) << 20));
        writeFileAtomically(path, text);
        const Table t = readCsv(path);
        QCOMPARE(t.rowCount(), std::size_t(400000));
        QCOMPARE(t.column(1).domainSize(), std::size_t(5));
        QCOMPARE(t.column(2).domainSize(), std::size_t(3));
        QCOMPARE(t.value(399998, 1), std::string("v3"));
        QCOMPARE(t.value(399998, 2), std::string("q 2"));
    }
    void positionsAfterLongRuns() {
        // Error columns count every byte of the runs copied in one step: "long value here,"
        // is columns 1-16, the quoted field 17-36, the stray x column 37.
        try {
            (void)parseCsv("a,b\nlong value here,\"quoted, with comma\"x\n", "t.csv");
            QFAIL("no error");
        } catch (const InputError& e) {
            QVERIFY2(QString(e.what()).startsWith("t.csv:2:37: "), e.what());
        }
    }
    void writerQuotesAndRoundTrips() {
        std::ostringstream out;
        writeCsvRecord(out, {"plain", "a,b", "say \"x\"", "two\nlines"}, ',');
        QCOMPARE(out.str(), std::string("plain,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\"\n"));
        const Table t = parseCsv("h1,h2,h3,h4\n" + out.str(), "t.csv");
        QCOMPARE(t.value(0, 2), std::string("say \"x\""));
    }
    // The one quoting rule (csvField): the separator, a quote, CR, LF or an outer blank quote a
    // field; quotes are doubled.
    void csvFieldQuotesWhenNeeded_data() {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("separator");
        QTest::addColumn<QString>("written");
        QTest::newRow("plain") << "abc"
                               << ","
                               << "abc";
        QTest::newRow("empty") << ""
                               << ","
                               << "";
        QTest::newRow("comma") << "a,b"
                               << ","
                               << "\"a,b\"";
        QTest::newRow("comma under ;") << "a,b"
                                       << ";"
                                       << "a,b";
        QTest::newRow("semicolon under ;") << "a;b"
                                           << ";"
                                           << "\"a;b\"";
        QTest::newRow("quote") << "say \"x\""
                               << ","
                               << "\"say \"\"x\"\"\"";
        QTest::newRow("CR") << "a\rb"
                            << ","
                            << "\"a\rb\"";
        QTest::newRow("LF") << "a\nb"
                            << ","
                            << "\"a\nb\"";
        QTest::newRow("leading blank") << " a"
                                       << ","
                                       << "\" a\"";
        QTest::newRow("trailing blank") << "a "
                                        << ","
                                        << "\"a \"";
        QTest::newRow("inner blank") << "a b"
                                     << ","
                                     << "a b";
    }
    void csvFieldQuotesWhenNeeded() {
        QFETCH(QString, field);
        QFETCH(QString, separator);
        QFETCH(QString, written);
        const char sep = separator.toStdString()[0];
        QCOMPARE(QString::fromStdString(csvField(field.toStdString(), sep)), written);
        std::ostringstream out;
        writeCsvField(out, field.toStdString(), sep);
        QCOMPARE(QString::fromStdString(out.str()), written);
    }
};

QTEST_APPLESS_MAIN(TestCsv)
#include "test_csv.moc"
