// Issue 18, walking the workbench at 1366×768, item 4: the Risk perspective had a line edit
// with only a placeholder (the attribute-combination filter), which is gone once the user
// types. Every line edit of the perspective has a label whose buddy it is, and a tooltip.
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

#include "risk/riskperspective.h"
#include "ui_fixtures.h"
#include "workbench/mainwindow.h"

using namespace ldv;
using namespace ldv::ui;

class TestRiskLabels : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { QVERIFY(test::isolateWorkbench(m_dir, true)); }

    void everyLineEditHasALabelAndATooltip() {
        MainWindow window;
        window.resize(1366, 768);
        window.show();
        QVERIFY(test::openProject(window, "hospital", 20000));
        window.showPerspective(MainWindow::Risk);
        RiskPerspective* risk = window.riskPerspective();
        const auto labels = risk->findChildren<QLabel*>();
        int edits = 0;
        for (QLineEdit* edit : risk->findChildren<QLineEdit*>()) {
            // The editors inside spin boxes and combo boxes are labelled through their owner.
            if (qobject_cast<QAbstractSpinBox*>(edit->parent()) ||
                qobject_cast<QComboBox*>(edit->parent()))
                continue;
            ++edits;
            const QString name = edit->objectName();
            QVERIFY2(!edit->toolTip().isEmpty(), qPrintable(name));
            const auto labelled = std::find_if(labels.begin(), labels.end(),
                                               [edit](QLabel* l) { return l->buddy() == edit; });
            QVERIFY2(labelled != labels.end(), qPrintable(name + " has no label"));
            QVERIFY2((*labelled)->isVisible(), qPrintable(name));
            QVERIFY2(!(*labelled)->text().remove('&').trimmed().isEmpty(), qPrintable(name));
        }
        // The population size and the combination filter.
        QCOMPARE(edits, 2);
        auto* filter = risk->findChild<QLineEdit*>("riskCombinationFilter");
        QVERIFY(filter);
        auto* label = risk->findChild<QLabel*>("riskCombinationFilterLabel");
        QVERIFY(label);
        QCOMPARE(label->buddy(), filter);
        QCOMPARE(label->text(), QString("Fi&lter:"));
        // The label sits just left of the field, on the same row.
        QVERIFY(label->geometry().right() < filter->geometry().left());
        QVERIFY(filter->geometry().left() - label->geometry().right() < 24);
    }
};

QTEST_MAIN(TestRiskLabels)
#include "test_risk_labels.moc"
