// The Export perspective's differential-privacy box (export/dpexport.h): SafePub from the
// workbench writes what `ldiv generalize -c differential-privacy=…` writes with the same seed,
// its record verifies, PRAM's matrices can be inspected, the Lattice says the node was drawn at
// random, and bad settings are refused with nothing written.
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "export/dpexport.h"
#include "export/exportperspective.h"
#include "lattice/latticeperspective.h"
#include "project/project.h"
#include "session/searchsession.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv::ui;

namespace {
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
int runCli(const QStringList& args, QByteArray* out = nullptr) {
    QProcess p;
    p.start(LDIV_CLI_PATH, args);
    if (!p.waitForFinished(300000)) return -1;
    if (out) *out = p.readAllStandardOutput() + p.readAllStandardError();
    return p.exitCode();
}
}  // namespace

class TestDpExport : public QObject {
    Q_OBJECT
    /// The bundled Adult example in `window`; its Export perspective's SafePub box, or null.
    static DpExportBox* openAdult(MainWindow& window) {
        window.show();
        window.controller()->setInteractive(false);
        window.controller()->open("adult");
        if (!QTest::qWaitFor([&] { return window.controller()->project() != nullptr; }, 30000))
            return nullptr;
        return window.exportPerspective()->dpBox();
    }

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void workbenchEqualsTheCommandLine() {
        MainWindow window;
        DpExportBox* box = openAdult(window);
        QVERIFY(box);
        box->setNeutralizeFormulas(false);
        box->epsilonBox()->setValue(1);
        box->deltaEdit()->setText("1e-5");
        box->reproducibleBox()->setChecked(true);
        box->seedBox()->setValue(7);
        box->pramEdit()->setText("salary-class=0.7");
        const QString gui = m_dir.filePath("dp_gui.csv");
        QSignalSpy done(box, &DpExportBox::finished);
        box->exportTo(gui);
        QVERIFY(done.wait(120000));
        QVERIFY2(done.first().first().toBool(), qPrintable(box->status()));
        QVERIFY2(box->status().contains("drawn at random"), qPrintable(box->status()));
        QVERIFY2(box->status().contains("NOT private"), qPrintable(box->status()));

        // The same seed on the command line: the same sample, node, PRAM draws and row order.
        const QString cli = m_dir.filePath("dp_cli.csv");
        QByteArray json;
        QCOMPARE(runCli({"generalize", "--project",
                         LDIV_RESOURCES "/examples/adult/adult.ldiv.json", "-c",
                         "differential-privacy=1,1e-5", "--seed", "7", "--pram", "salary-class=0.7",
                         "--no-neutralize-formulas", "--output-sep", ",", "-o", cli, "--json"},
                        &json),
                 0);
        const QByteArray bytes = readAll(gui);
        QVERIFY(bytes.size() > 10000);
        QCOMPARE(bytes, readAll(cli));
        const QJsonObject j = QJsonDocument::fromJson(json.left(json.indexOf('\n'))).object();
        QString levels;
        for (const QJsonValue& v : j["node"].toArray())
            levels += (levels.isEmpty() ? "" : ",") + QString::number(v.toInt());
        QVERIFY2(box->status().contains("[" + levels + "]"), qPrintable(box->status()));

        // The record next to the table verifies against the original, and fails on a change.
        const QString record = box->releasePath();
        QVERIFY(QFile::exists(record));
        const QString original = LDIV_RESOURCES "/examples/adult/adult.csv";
        QByteArray verdict;
        QCOMPARE(runCli({"verify", record, "--published", gui, "--original", original}, &verdict),
                 0);
        QByteArray changed = bytes;
        changed.chop(1);
        changed = changed.left(changed.lastIndexOf('\n') + 1);
        QFile f(gui);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(changed);
        f.close();
        QCOMPARE(runCli({"verify", record, "--published", gui, "--original", original}), 3);

        // PRAM's matrix: a header of the column's values, each row summing to 1.
        QVERIFY(box->pramMatrices().startsWith("# salary-class (p = 0.7)\n"));
        // The Lattice says that the node was drawn at random.
        QVERIFY2(window.latticePerspective()->randomizedNotice().contains("at random"),
                 qPrintable(window.latticePerspective()->randomizedNotice()));
    }

    void badSettingsWriteNothing() {
        MainWindow window;
        DpExportBox* box = openAdult(window);
        QVERIFY(box);
        QSignalSpy done(box, &DpExportBox::finished);
        const QString out = m_dir.filePath("bad.csv");
        box->deltaEdit()->setText("0.5x");
        box->exportTo(out);
        QCOMPARE(done.count(), 1);
        QVERIFY2(box->status().contains("δ '0.5x'"), qPrintable(box->status()));
        box->deltaEdit()->setText("1e-5");
        box->pramEdit()->setText("age");  // a quasi-identifier
        box->exportTo(out);
        QVERIFY(done.wait(120000) || done.count() == 2);
        QVERIFY2(box->status().contains("quasi-identifier"), qPrintable(box->status()));
        QVERIFY(!QFile::exists(out));
        box->pramEdit()->setText("salary-class=2");
        box->exportTo(out);
        QVERIFY2(box->status().contains("(0, 1]"), qPrintable(box->status()));
        QVERIFY(!QFile::exists(out));
    }

    void pramInTheTableExport() {
        // The table export perturbs an insensitive column with PRAM (from the CSPRNG); its
        // record names the column and verifies against the original (every other cell).
        MainWindow window;
        const auto outcome =
            ldv::test::openAndSearch(window, LDIV_RESOURCES "/examples/adult/adult.ldiv.json");
        QVERIFY(outcome && outcome->result.optimum);
        ExportPerspective* ep = window.exportPerspective();
        ep->pramEdit()->setText("occupation");  // the sensitive attribute: refused
        const QString out = m_dir.filePath("pram.csv");
        QVERIFY(!ep->exportTable(out));
        QVERIFY2(ep->lastError().contains("sensitive"), qPrintable(ep->lastError()));
        QVERIFY(!QFile::exists(out));
        ep->pramEdit()->setText("salary-class=0.7");
        QVERIFY2(ep->exportTable(out), qPrintable(ep->lastError()));
        const QString record = m_dir.filePath("pram.ldiv-release.json");
        const QJsonObject conf =
            QJsonDocument::fromJson(readAll(record)).object()["configuration"].toObject();
        const QJsonObject pram = conf["pram"].toObject();
        QCOMPARE(pram["columns"].toArray()[0].toObject()["column"].toString(),
                 QString("salary-class"));
        QVERIFY(!pram.contains("seed"));
        QByteArray verdict;
        QCOMPARE(runCli({"verify", record, "--published", out, "--original",
                         LDIV_RESOURCES "/examples/adult/adult.csv"},
                        &verdict),
                 0);
        QVERIFY2(verdict.contains("in every column but the PRAM ones"), verdict.constData());
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestDpExport)
#include "test_dp_export.moc"
