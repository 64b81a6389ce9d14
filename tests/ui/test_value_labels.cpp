// A Stata file's value labels in the workbench (issue 35 item 3): the column holds the labels
// ("Female", "Male") and the Data perspective's attribute panel shows the codes they stand
// for and the label set; a CSV column shows none.
#include <QFile>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

#include "data/columnpanel.h"
#include "data/dataperspective.h"
#include "project/project.h"
#include "test_paths.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"
#include "workbench/projectcontroller.h"

using namespace ldv;
using namespace ldv::ui;

class TestValueLabels : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void statisticsFileLabelsAreShown() {
        QVERIFY(QFile::copy(QString::fromStdString(test::fixture("formats/small.dta")),
                            m_dir.filePath("small.dta")));
        QFile project(m_dir.filePath("small.ldiv.json"));
        QVERIFY(project.open(QIODevice::WriteOnly));
        project.write(R"({"format": "ldiv-project", "version": 1, "data": {"path": "small.dta"},
            "attributes": [{"name": "sex", "role": "quasi-identifying"}]})");
        project.close();
        MainWindow window;
        QVERIFY(test::openProject(window, project.fileName(), 20000));
        Project* p = window.controller()->project();
        const int sex = p->columnIndex("sex"), city = p->columnIndex("city");
        QVERIFY(sex >= 0 && city >= 0);
        QCOMPARE(QString::fromStdString(p->table().value(0, std::size_t(sex))), QString("Female"));
        ColumnPanel* panel = window.dataPerspective()->columnPanel();
        auto* labels = panel->findChild<QLabel*>("valueLabels");
        QVERIFY(labels);
        panel->setColumn(sex);
        QVERIFY(!labels->isHidden());
        QVERIFY2(labels->text().contains("0 = Female, 1 = Male"), qPrintable(labels->text()));
        panel->setColumn(city);  // a string column without labels
        QVERIFY(labels->isHidden());
    }
};

QTEST_MAIN(TestValueLabels)
#include "test_value_labels.moc"
