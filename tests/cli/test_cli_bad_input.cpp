// The bad-input corpus (tests/data/bad/): every malformed file or impossible parameter gets
// the exact, helpful error and the right exit code from `ldiv`. Paths in messages are shown
// relative to the corpus folder.
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

class TestCliBadInput : public QObject {
    Q_OBJECT
    QString m_dir = QString::fromStdString(test::fixture("bad"));

private slots:
    void corpus_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        auto inspect = [](const char* file, const char* message) {
            QTest::newRow(file) << QStringList{"inspect", file} << 2 << QString(message);
        };
        inspect("ragged_short.csv",
                "ragged_short.csv:3:9: expected 3 fields (as in the header), found 2");
        inspect("ragged_long.csv",
                "ragged_long.csv:2:14: expected 3 fields (as in the header), found 4");
        inspect("unterminated_quote.csv",
                "unterminated_quote.csv:2:7: unterminated quote: the field that starts here has no "
                "closing '\"'");
        inspect("invalid_utf8.csv",
                "invalid_utf8.csv:2:12: invalid UTF-8 byte sequence in field 3 (save the file as "
                "UTF-8)");
        inspect("empty.csv", "empty.csv: the file is empty (0 bytes)");
        inspect("header_only.csv", "header_only.csv: the file has a header but no data rows");
        inspect("duplicate_header.csv",
                "duplicate_header.csv:1:9: duplicate column name 'zip' in the header (column 3)");
        inspect("text_after_quote.csv",
                "text_after_quote.csv:2:8: expected a separator or the end of the line after the "
                "closing quote, found 'x'");
        inspect("binary.csv",
                "binary.csv:1:1: invalid UTF-8 byte sequence in field 1 (save the file as UTF-8)");
        inspect("crlf_ragged.csv",
                "crlf_ragged.csv:4:9: expected 3 fields (as in the header), found 2");
        inspect("quoted_newline_ragged.csv",
                "quoted_newline_ragged.csv:4:16: expected 3 fields (as in the header), found 4");
        inspect("no_such_file.csv",
                "no_such_file.csv: cannot open the file for reading: No such file or directory");

        QTest::newRow("one column")
            << QStringList{"audit", "one_column.csv", "--sep", ",", "--qi", "zip"} << 1
            << "no column named 'zip'; the columns are: zip;age;condition (the file was "
               "read as a single column: is the separator right? see --sep)";
        QTest::newRow("all rows dropped")
            << QStringList{"audit", "all_missing.csv", "--missing", "drop", "--qi", "zip"} << 2
            << "all_missing.csv: all 2 rows have missing values and were dropped "
               "(missing policy 'drop'); keep them as a value instead (--missing keep)";
        auto hierarchy = [](const char* file, const char* message) {
            QTest::newRow(file) << QStringList{"audit", "small.csv",   "--qi",
                                               "zip",   "--hierarchy", QString("zip=") + file}
                                << 2 << QString(message);
        };
        hierarchy("hier_missing_values.csv",
                  "hierarchy of 'zip' (hier_missing_values.csv): 1 value(s) of attribute 'zip' are "
                  "not in the hierarchy: '14850'");
        hierarchy("hier_not_nesting.csv",
                  "hier_not_nesting.csv:2:3: level 2 is not a coarsening of level 1: '130**' "
                  "generalizes to '1****' "
                  "(row 1, '13053') and to '2****' (row 2, '13068')");
        hierarchy("hier_ragged.csv",
                  "hier_ragged.csv:2: row 2 ('13068') has 2 levels, the first row has 3");
        hierarchy("hier_empty_cell.csv", "hier_empty_cell.csv:2:2: empty cell at row 2, level 1");
        hierarchy("hier_duplicate_base.csv",
                  "hier_duplicate_base.csv:3:1: base value '13053' appears in rows 1 and 3");
        hierarchy("hier_empty.csv", "hier_empty.csv: the hierarchy file is empty");
        hierarchy("hier_unterminated_quote.csv",
                  "hier_unterminated_quote.csv:1:7: unterminated quote: the field that starts here "
                  "has no closing '\"'");
        hierarchy(
            "no_such_hierarchy.csv",
            "no_such_hierarchy.csv: cannot open the file for reading: No such file or directory");
        QTest::newRow("taxonomy cycle")
            << QStringList{"audit",     "small.csv",   "--qi",
                           "condition", "--hierarchy", "condition=taxonomy:taxonomy_cycle.csv"}
            << 2 << "taxonomy_cycle.csv: taxonomy: cycle through 'Resp'";
        QTest::newRow("taxonomy two parents")
            << QStringList{"audit",       "small.csv",
                           "--qi",        "condition",
                           "--hierarchy", "condition=taxonomy:taxonomy_two_parents.csv"}
            << 2
            << "taxonomy_two_parents.csv: taxonomy: 'Flu' has two parents, 'Europe' and 'Asia'";
        QTest::newRow("intervals do not nest")
            << QStringList{"audit", "small.csv",   "--qi",
                           "zip",   "--hierarchy", "zip=intervals:10,15"}
            << 1 << "interval width 15 is not a multiple of 10: the levels would not nest";
        QTest::newRow("intervals of text")
            << QStringList{"audit",     "small.csv",   "--qi",
                           "condition", "--hierarchy", "condition=intervals:10"}
            << 1 << "value 'Flu' is not a number: an interval hierarchy needs numeric values";

        auto project = [](const char* file, int code, const char* message) {
            QTest::newRow(file) << QStringList{"audit", "--project", file} << code
                                << QString(message);
        };
        project("project_future_version.ldiv.json", 2,
                "project_future_version.ldiv.json: project file version 99 is newer than this ldiv "
                "understands "
                "(version 1); please update ldiv");
        project("project_missing_data.ldiv.json", 2,
                "no_such_table.csv: cannot open the file for reading: No such file or directory");
        project("project_malformed.ldiv.json", 2,
                "project_malformed.ldiv.json:5:1: malformed JSON: parse error at line 5, column 1: "
                "syntax error "
                "while parsing object - unexpected end of input; expected '}'");
        project("project_not_ldiv.json", 2,
                "project_not_ldiv.json: not an ldiv project file (expected \"format\": "
                "\"ldiv-project\")");
        project("project_bad_role.ldiv.json", 2,
                "project_bad_role.ldiv.json: attribute 'zip': unknown role 'secret'");
        project(
            "project_missing_hierarchy.ldiv.json", 2,
            "no_such_hierarchy.csv: cannot open the file for reading: No such file or directory");
        project("project_unknown_column.ldiv.json", 1,
                "no column named 'zipcode'; the columns are: zip, age, condition");
        project("project_bad_version_type.ldiv.json", 2,
                "project_bad_version_type.ldiv.json: field 'version' has the wrong type");

        // Issue 24's hostile inputs (tests/data/bad/cli/, a folder the workbench's corpus test
        // does not list): each refused with its message, never a crash or a wrong answer.
        auto cli = [](const char* name, QStringList args, int code, const char* message) {
            QTest::newRow(name) << args << code << QString(message);
        };
        cli("empty level row", {"audit", "--project", "cli/project_empty_level_row.ldiv.json"}, 2,
            "hierarchy of 'zip' (cli/project_empty_level_row.ldiv.json, embedded): row 2 is empty: "
            "every row needs a "
            "base value and one value per level");
        cli("only an empty row",
            {"search", "--project", "cli/project_only_empty_row.ldiv.json", "-c", "k=2"}, 2,
            "hierarchy of 'zip' (cli/project_only_empty_row.ldiv.json, embedded): row 1 is empty: "
            "every row needs a "
            "base value and one value per level");
        cli("lattice overflow",
            {"search", "--project", "cli/project_lattice_overflow.ldiv.json", "-c", "k=2"}, 1,
            "the generalization lattice has 4^32 (about 1.8e+19) nodes, more than a 64-bit node "
            "number can address; "
            "use fewer quasi-identifiers or shorter hierarchies");
        cli("identifying QI in project",
            {"audit", "--project", "cli/project_identifying_qi.ldiv.json"}, 1,
            "attribute 'zip' cannot be both identifying and quasi-identifying: its values would be "
            "published; make "
            "it one or the other");
        cli("identifying QI on the command line",
            {"generalize", "small.csv", "--qi", "zip,age", "--identifying", "age", "--node", "0,0",
             "-o", "x.csv", "--mapping", "map.csv"},
            1,
            "attribute 'age' cannot be both identifying and quasi-identifying: its values would be "
            "published; make "
            "it one or the other");
        cli("project suppression limit",
            {"search", "--project", "cli/project_bad_suppression.ldiv.json"}, 1,
            "the project's suppression_limit must be a fraction between 0 and 1 (e.g. 0.02), not "
            "-0.5");
        cli("negative suppression",
            {"search", "small.csv", "--qi", "zip", "-c", "k=1", "--suppression", "-0.5"}, 1,
            "--suppression must be a fraction between 0 and 1 (e.g. 0.02), not -0.5");
        cli("NaN suppression",
            {"search", "small.csv", "--qi", "zip", "-c", "k=1", "--suppression", "nan"}, 1,
            "--suppression must be a fraction between 0 and 1 (e.g. 0.02), not nan");
        cli("hierarchy neither file nor object",
            {"audit", "--project", "cli/project_hierarchy_number.ldiv.json"}, 2,
            "cli/project_hierarchy_number.ldiv.json: attribute 'zip': \"hierarchy\" must be a file "
            "name or an object "
            "with \"levels\", \"file\" or \"builder\"");
        cli("hierarchy /dev/zero in a project",
            {"audit", "--project", "cli/project_dev_zero.ldiv.json"}, 2,
            "/dev/zero: this is a device or socket, not a regular file");
        cli("hierarchy /dev/zero",
            {"audit", "small.csv", "--qi", "zip", "--hierarchy", "zip=/dev/zero"}, 2,
            "/dev/zero: this is a device or socket, not a regular file");
        cli("hierarchy is a folder", {"audit", "small.csv", "--qi", "zip", "--hierarchy", "zip=/"},
            2, "/: this is a folder, not a file");
        cli("data is a folder", {"inspect", "cli"}, 2, "cli: this is a folder, not a file");
        cli("data is a device", {"inspect", "/dev/zero"}, 2,
            "/dev/zero: this is a device or socket, not a regular file");
        cli("output separator quote",
            {"generalize", "small.csv", "--qi", "zip", "--node", "0", "-o", "x.csv", "--output-sep",
             "\""},
            1,
            "invalid --output-sep: a quote, a line break or an empty separator would write a CSV "
            "file that cannot be "
            "read back; use one character such as , ; | or tab");
        cli("output separator newline",
            {"generalize", "small.csv", "--qi", "zip", "--node", "0", "-o", "x.csv", "--output-sep",
             "\n"},
            1,
            "invalid --output-sep: a quote, a line break or an empty separator would write a CSV "
            "file that cannot be "
            "read back; use one character such as , ; | or tab");
        cli("input separator newline", {"audit", "small.csv", "--sep", "\n"}, 1,
            "invalid --sep: a quote or a line break cannot separate fields; use one character such "
            "as , ; | or tab");
        cli("output is the data",
            {"generalize", "small.csv", "--qi", "zip", "--node", "0", "-o", "small.csv"}, 1,
            "--output 'small.csv' is the data file: writing it would destroy an input; choose "
            "another file");
        cli("synth resample nan",
            {"synth", "small.csv", "--rows", "5", "--resample", "nan", "--output", "x.csv"}, 1,
            "--resample must lie in [0, 1], not nan");
        for (const char* rows : {"1e20", "-5", "nan", "0", "1000000000001"})
            cli(qPrintable(QString("synth rows %1").arg(rows)),
                {"synth", "small.csv", "--rows=" + QString(rows), "--output", "x.csv"}, 1,
                qPrintable(
                    QString("--rows must be a whole number from 1 to 1000000000000, not '%1'")
                        .arg(rows)));
        cli("synth over its input", {"synth", "small.csv", "--rows", "5", "--output", "small.csv"},
            1,
            "--output 'small.csv' is the data file: writing it would destroy an input; choose "
            "another file");

        cli("NUL byte", {"inspect", "cli/nul_byte.csv"}, 2,
            "cli/nul_byte.csv:2:2: NUL byte in field 1: is this a text file?");
        cli("second BOM", {"inspect", "cli/second_bom.csv"}, 2,
            "cli/second_bom.csv:1:1: byte-order mark (U+FEFF) at the start of field 1: remove it "
            "(a second BOM, or files "
            "joined together?)");
        cli("content is not echoed", {"audit", "cli/not_a_table.csv", "--sep", ",", "--qi", "zip"},
            1, "no column named 'zip'; the columns are: root:x:0:0:root:/root:/bin/bash:…");

        QTest::newRow("bad separator")
            << QStringList{"audit", "small.csv", "--sep", "ab"} << 1
            << "invalid --sep 'ab': use one character, tab, comma, semicolon or pipe";
        QTest::newRow("node above hierarchy")
            << QStringList{"audit", "small.csv", "--qi", "zip", "--node", "1"} << 1
            << "--node: level 1 of 'zip' exceeds its hierarchy height 0";
        QTest::newRow("node not numeric")
            << QStringList{"audit", "small.csv", "--qi", "zip", "--node", "x"} << 1
            << "invalid level 'x' in node 'x': expected non-negative integers separated by commas, "
               "e.g. 1,2,0";
    }
    void corpus() {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const auto r = test::runCli(args, m_dir);
        QString err = QString::fromUtf8(r.err).trimmed();
        err.replace(m_dir + "/", "");
        QCOMPARE(r.exitCode, exitCode);
        QCOMPARE(err, "ldiv: error: " + message);
        QVERIFY(r.out.isEmpty());
    }
    void hierarchyAsAStringIsItsFile() {
        // "hierarchy": "hier_zip.csv" names a file (it was ignored, leaving the identity).
        const auto r = test::runCli({"audit", "--project", "cli/project_hierarchy_string.ldiv.json",
                                     "--node", "1", "--json"},
                                    m_dir);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json()["classes"].toInt(), 2);  // 130** (2 rows) and 148** (1 row)
    }
    // Labels that differ only in Unicode normalisation are one value (2 spellings of José and
    // of Zürich: 2 classes, not 4); labels that differ only in surrounding blanks are kept
    // apart but named. Both warnings are exact.
    void lookalikeLabels() {
        const auto r = test::runCli(
            {"audit", "cli/nfd_labels.csv", "--qi", "city", "--sensitive", "disease", "--json"},
            m_dir);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QString::fromUtf8(r.err),
                 QString::fromUtf8(
                     "warning: attribute 'city': 'Bern ' and 'Bern' differ only in white space; "
                     "they form separate classes\n"
                     "warning: attribute 'city': 2 spelling(s) not in Unicode normalisation form "
                     "C (e.g. 'Jose\xcc\x81') read in composed form (NFC): labels that differ "
                     "only in normalisation are one value\n"));
        QCOMPARE(r.json()["classes"].toInt(), 4);  // José, Zürich, "Bern ", Bern
    }
    void corpusHasThirtyFiles() { QVERIFY(QDir(m_dir).entryList(QDir::Files).size() >= 30); }
    void overlongRecordIsRefused() {
        // A 70 MB line (no newline) is refused before it is read into memory whole.
        QTemporaryDir dir;
        QFile f(dir.filePath("long.csv"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("a,b\n");
        const QByteArray block(1 << 20, 'x');
        for (int i = 0; i < 70; ++i) f.write(block);
        f.close();
        const auto r = test::runCli({"inspect", f.fileName()});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString(r.err).contains("long.csv:2:1: a record longer than 64 MiB: is this a CSV "
                                         "file, and are its quotes balanced?"),
                 r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliBadInput)
#include "test_cli_bad_input.moc"
