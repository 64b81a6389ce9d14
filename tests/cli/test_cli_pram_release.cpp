// `ldiv generalize --node … --pram COL --release` (issue 36 item 3): the record names the
// perturbed column; verify --original replays a seeded run's draws byte for byte, and for an
// unseeded run checks every other cell and that each perturbed value is a value of its column.
// A changed cell in another column, a value foreign to the perturbed column, and a record that
// claims PRAM on a quasi-identifier all fail.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"
#include "test_paths.h"

using namespace ldv;

namespace {
QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
void writeAll(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}
QMap<QString, QString> verdicts(const test::CliResult& v) {
    QMap<QString, QString> out;
    for (const QJsonValue& c : v.json()["claims"].toArray())
        out[c.toObject()["claim"].toString()] = c.toObject()["verdict"].toString();
    return out;
}
}  // namespace

class TestCliPramRelease : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_project = QString::fromStdString(test::example("adult/adult.ldiv.json"));
    QString m_original = QString::fromStdString(test::example("adult/adult.csv"));

    test::CliResult publish(const QString& out, const QString& record, QStringList extra) {
        QStringList args{"generalize", "--project", m_project,       "--node", "0,0,1,1,3,2,2",
                         "-c",         "k=5",       "--suppression", "0.02",   "-o",
                         out,          "--release", record,          "--pram", "salary-class=0.7"};
        args << "--output-sep"
             << "," << extra;
        return test::runCli(args);
    }
    test::CliResult verify(const QString& record, const QString& out) {
        return test::runCli(
            {"verify", record, "--published", out, "--original", m_original, "--json"});
    }

private slots:
    void seededRunReplays() {
        const QString out = m_dir.filePath("s.csv"), record = m_dir.filePath("s.json");
        const auto r = publish(out, record, {"--seed", "11"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject conf =
            QJsonDocument::fromJson(readAll(record)).object()["configuration"].toObject();
        const QJsonObject pram = conf["pram"].toObject();
        QCOMPARE(pram["seed"].toInteger(), qint64(12));  // S + 1: the shuffle uses S
        QCOMPARE(pram["columns"].toArray()[0].toObject()["column"].toString(),
                 QString("salary-class"));
        QCOMPARE(pram["columns"].toArray()[0].toObject()["p"].toDouble(), 0.7);
        const auto v = verify(record, out);
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdicts(v)["published file reproduces from the original"], QString("holds"));
        QCOMPARE(verdicts(v)["record reproduces from the original"], QString("holds"));
    }

    void unseededRunChecksTheOtherCells() {
        const QString out = m_dir.filePath("u.csv"), record = m_dir.filePath("u.json");
        const auto r = publish(out, record, {});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject conf =
            QJsonDocument::fromJson(readAll(record)).object()["configuration"].toObject();
        QVERIFY(!conf["pram"].toObject().contains("seed"));
        const QByteArray bytes = readAll(out);
        auto v = verify(record, out);
        QVERIFY2(v.exitCode == 0, v.out.constData());
        QCOMPARE(verdicts(v)["published file reproduces from the original"], QString("holds"));

        // The published file's header and its salary-class column (the last one).
        QList<QByteArray> lines = bytes.split('\n');
        QVERIFY(lines.size() > 100);
        const QList<QByteArray> header = lines[0].split(',');
        QCOMPARE(header.last(), QByteArray("salary-class"));

        // A perturbed cell set to the column's other value: still a value of the column, so
        // the file verifies except for the hash claim the record makes of the file as written.
        // A value the column never has fails the reproduction claim.
        QList<QByteArray> foreign = lines;
        QList<QByteArray> cells = foreign[1].split(',');
        cells.last() = "plenty";
        foreign[1] = cells.join(',');
        writeAll(out, foreign.join('\n'));
        v = verify(record, out);
        QCOMPARE(v.exitCode, 3);
        QCOMPARE(verdicts(v)["published file reproduces from the original"], QString("fails"));
        QVERIFY2(v.out.contains("is not a value of the perturbed column"), v.out.constData());

        // A changed cell of another column (occupation, the sensitive attribute) fails.
        QList<QByteArray> changed = lines;
        cells = changed[1].split(',');
        const int occupation = int(header.indexOf("occupation"));
        QVERIFY(occupation >= 0);
        cells[occupation] = cells[occupation] == "Sales" ? "Craft-repair" : "Sales";
        changed[1] = cells.join(',');
        writeAll(out, changed.join('\n'));
        v = verify(record, out);
        QCOMPARE(v.exitCode, 3);
        QCOMPARE(verdicts(v)["published file reproduces from the original"], QString("fails"));
    }

    void pramOnAQuasiIdentifierIsRefusedInRecords() {
        // generalize refuses it, and a record edited to claim it does not verify.
        const QString out = m_dir.filePath("q.csv"), record = m_dir.filePath("q.json");
        QCOMPARE(test::runCli({"generalize", "--project", m_project, "--node", "0,0,1,1,3,2,2",
                               "-c", "k=5", "-o", out, "--release", record, "--pram", "sex"})
                     .exitCode,
                 1);
        QVERIFY(!QFile::exists(record));
        const auto r = publish(out, record, {"--seed", "3"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QString text = QString::fromUtf8(readAll(record));
        text.replace(QRegularExpression("\"column\": ?\"salary-class\""), "\"column\": \"sex\"");
        QVERIFY(text.contains("\"column\": \"sex\""));
        writeAll(record, text.toUtf8());
        const auto v = verify(record, out);
        QVERIFY(v.exitCode != 0);
        QVERIFY2(v.out.contains("pram perturbs 'sex'") || v.err.contains("pram perturbs 'sex'"),
                 (v.out + v.err).constData());
        // A column the project does not have is a claim nothing can check.
        text.replace("\"column\": \"sex\"", "\"column\": \"no;such\\\"col\"");
        writeAll(record, text.toUtf8());
        const auto w = verify(record, out);
        QVERIFY(w.exitCode != 0);
        QVERIFY2((w.out + w.err).contains("which is not an attribute of the project"),
                 (w.out + w.err).constData());
    }
};

QTEST_APPLESS_MAIN(TestCliPramRelease)
#include "test_cli_pram_release.moc"
