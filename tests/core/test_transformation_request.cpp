// transformationSpecFor (transform/transformation_request.h): the names `ldiv generalize
// --transform` takes (--aggregate COL=FUNCTION, --importance COL,…) and a project's one
// aggregate, turned into the spec runTransformation and the release record use. Each case is
// worked by hand on a three-QI table (two numeric, one text), and each refusal names the
// option and the value at fault.
#include <QtTest>

#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/lattice/dataset.h"
#include "ldiv/transform/transformation_request.h"

using namespace ldv;

namespace {

/// age and income (integers), city (text with a two-level hierarchy), the sensitive s last.
struct Fixture {
    Table table;
    std::unique_ptr<Dataset> data;
    Fixture() {
        Column age("age"), income("income"), city("city"), s("s");
        const char* rows[][4] = {
            {"30", "100", "Lyon", "a"}, {"31", "120", "Nice", "b"}, {"45", "100", "Lyon", "a"}};
        for (const auto& r : rows) {
            age.append(r[0]);
            income.append(r[1]);
            city.append(r[2]);
            s.append(r[3]);
        }
        age.setType(ColumnType::Integer);
        income.setType(ColumnType::Integer);
        city.setType(ColumnType::Text);
        table = Table(std::vector<Column>{age, income, city, s});
        std::vector<HierarchyMap> maps;
        maps.emplace_back(table.column(0));
        maps.emplace_back(table.column(1));
        const std::vector<std::vector<std::string>> cities{{"Lyon", "*"}, {"Nice", "*"}};
        maps.emplace_back(Hierarchy(cities), table.column(2));
        data = std::make_unique<Dataset>(table, std::vector<std::size_t>{0, 1, 2}, std::move(maps),
                                         std::vector<std::size_t>{3});
    }
};

using Names = std::vector<std::string>;

/// The ParameterError's text, or "" when none is thrown.
QString refusal(const Dataset& data, const TransformationRequest& request) {
    try {
        (void)transformationSpecFor(data, request);
    } catch (const ParameterError& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

}  // namespace

class TestTransformationRequest : public QObject {
    Q_OBJECT
private slots:
    void microaggregationTakesTheMeanWhereNoneIsNamed() {
        Fixture f;
        const TransformationSpec spec = transformationSpecFor(
            *f.data, {"microaggregation", {"income=median"}, {}, std::nullopt});
        QCOMPARE(spec.model, std::string("microaggregation"));
        QCOMPARE(spec.aggregates, (Names{"mean", "median", "mean"}));
        QVERIFY(!spec.shuffled);
    }

    void microaggregationLocalRecodesTheOthers() {
        Fixture f;
        const TransformationSpec spec = transformationSpecFor(
            *f.data, {"microaggregation+local", {"age=interval"}, {}, std::nullopt});
        QCOMPARE(spec.aggregates, (Names{"interval", "", ""}));
    }

    void projectAggregateOnTheNumericQis() {
        Fixture f;
        // The workbench's choice: every QI for MDAV alone, the numeric ones with local
        // recoding (transformationSpecOf); named aggregates win over the project's.
        QCOMPARE(
            transformationSpecFor(*f.data, {"microaggregation+local", {}, {}, "mode"}).aggregates,
            (Names{"mode", "mode", ""}));
        QCOMPARE(transformationSpecFor(*f.data, {"microaggregation", {}, {}, "median"}).aggregates,
                 (Names{"median", "median", "median"}));
        QCOMPARE(transformationSpecFor(*f.data, {"microaggregation", {"age=mode"}, {}, "median"})
                     .aggregates,
                 (Names{"mode", "mean", "mean"}));
    }

    void importanceIsKeptByName() {
        Fixture f;
        const Names order{"city", "age", "income"};
        QCOMPARE(transformationSpecFor(*f.data, {"cell-suppression", {}, order, std::nullopt})
                     .importance,
                 order);
        QVERIFY(transformationSpecFor(*f.data, {"cell-suppression", {}, {}, std::nullopt})
                    .importance.empty());
        // Other models carry neither aggregates nor an importance order.
        const TransformationSpec mondrian =
            transformationSpecFor(*f.data, {"mondrian", {}, {}, std::nullopt});
        QVERIFY(mondrian.aggregates.empty() && mondrian.importance.empty());
    }

    void refusalsNameTheValue_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QStringList>("aggregates");
        QTest::addColumn<QStringList>("importance");
        QTest::addColumn<QString>("message");
        QTest::newRow("no =") << "microaggregation" << QStringList{"age"} << QStringList{}
                              << "--aggregate 'age': expected COL=mean|median|mode|interval";
        QTest::newRow("not a QI") << "microaggregation" << QStringList{"s=mean"} << QStringList{}
                                  << "--aggregate: 's' is not a quasi-identifier";
        QTest::newRow("twice") << "microaggregation" << QStringList{"age=mean", "age=mode"}
                               << QStringList{} << "--aggregate: 'age' is given twice";
        QTest::newRow("nothing to aggregate")
            << "microaggregation+local" << QStringList{} << QStringList{}
            << "needs --aggregate COL=mean|median|mode|interval for at least one";
        QTest::newRow("importance misses one")
            << "cell-suppression" << QStringList{} << QStringList{"age", "city"}
            << "--importance must name every quasi-identifier, and 'income' is missing";
        QTest::newRow("importance twice")
            << "cell-suppression" << QStringList{} << QStringList{"age", "age", "city"}
            << "--importance: 'age' is given twice";
        QTest::newRow("importance not a QI")
            << "cell-suppression" << QStringList{} << QStringList{"zip", "age", "city"}
            << "--importance: 'zip' is not a quasi-identifier";
    }
    void refusalsNameTheValue() {
        QFETCH(QString, model);
        QFETCH(QStringList, aggregates);
        QFETCH(QStringList, importance);
        QFETCH(QString, message);
        Fixture f;
        TransformationRequest request;
        request.model = model.toStdString();
        for (const QString& a : aggregates) request.aggregates.push_back(a.toStdString());
        for (const QString& i : importance) request.importance.push_back(i.toStdString());
        const QString text = refusal(*f.data, request);
        QVERIFY2(text.contains(message), qPrintable(text));
    }

    void unknownAggregateIsRefused() {
        Fixture f;
        const QString text =
            refusal(*f.data, {"microaggregation", {"age=average"}, {}, std::nullopt});
        QVERIFY2(text.contains("average"), qPrintable(text));
    }
};

QTEST_APPLESS_MAIN(TestTransformationRequest)
#include "test_transformation_request.moc"
