#pragma once
// The command-line options that load the bundled Adult example with its five-attribute lattice
// (sex, age, race, marital-status, education; sensitive salary-class), shared by the CLI tests
// whose expected numbers (lattice of 240 nodes, 30,162 rows) were worked out on that setup.
#include <QString>
#include <QStringList>

#include "test_paths.h"

namespace ldv::test {

/// `data` (default: the bundled adult.csv), --qi, --sensitive, --insensitive for the other
/// columns and one --hierarchy per QI.
inline QStringList adultOptions(
    const QString& data = QString::fromStdString(example("adult/adult.csv"))) {
    // The other columns are declared insensitive: generalize refuses columns without a role.
    QStringList args{
        data,           "--qi",          "sex,age,race,marital-status,education", "--sensitive",
        "salary-class", "--insensitive", "native-country,workclass,occupation"};
    const QString dir = QString::fromStdString(example("adult/"));
    for (const char* a : {"sex", "age", "race", "marital-status", "education"})
        args << "--hierarchy" << QString("%1=%2").arg(a, dir + "adult_hierarchy_" + a + ".csv");
    return args;
}

}  // namespace ldv::test
