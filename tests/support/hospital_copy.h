#pragma once
// The hospital example of Machanavajjhala et al. 2007 at k=5 (instead of its distinct-l=3),
// copied with its CSV files into `folder`, optionally with a "transformation" object added:
// the transformation tests of the workbench and of the command line start from it.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

#include "test_paths.h"

namespace ldv::test {

/// The copied project file's path, or "" when a file could not be copied or written.
inline QString hospitalK5Copy(const QString& folder, const QByteArray& transformation = {}) {
    QDir().mkpath(folder);
    const QDir source(QString::fromStdString(example("hospital")));
    for (const QString& f : source.entryList({"*.csv"}, QDir::Files))
        QFile::copy(source.filePath(f), folder + "/" + f);
    QFile in(source.filePath("hospital.ldiv.json"));
    if (!in.open(QIODevice::ReadOnly)) return {};
    QByteArray text = in.readAll();
    text.replace("\"distinct-l=3\"", "\"k=5\"");
    if (!transformation.isEmpty())
        text.replace("\"algorithm\": \"fast\"",
                     "\"algorithm\": \"fast\",\n  \"transformation\": " + transformation);
    QFile out(folder + "/hospital.ldiv.json");
    if (!out.open(QIODevice::WriteOnly)) return {};
    out.write(text);
    return out.fileName();
}

}  // namespace ldv::test
