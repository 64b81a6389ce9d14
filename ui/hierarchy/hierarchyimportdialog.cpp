#include "hierarchy/hierarchyimportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

namespace ldv::ui {

namespace {
// The attribute named by `rest` (exact first, then ignoring case), or "".
QString attributeNamed(const QString& rest, const QStringList& attributes) {
    if (attributes.contains(rest)) return rest;
    for (const QString& a : attributes)
        if (a.compare(rest, Qt::CaseInsensitive) == 0) return a;
    return {};
}
}  // namespace

QString matchHierarchyFile(const QString& path, const QStringList& attributes) {
    QString stem = QFileInfo(path).fileName();
    if (stem.endsWith(QLatin1String(".csv"), Qt::CaseInsensitive)) stem.chop(4);
    static const QString marker = QStringLiteral("hierarchy_");
    // Every place the marker may start the attribute's name: at the start, or after '_'.
    for (qsizetype at = stem.indexOf(marker, 0, Qt::CaseInsensitive); at >= 0;
         at = stem.indexOf(marker, at + 1, Qt::CaseInsensitive)) {
        if (at > 0 && stem.at(at - 1) != QLatin1Char('_')) continue;
        if (const QString a = attributeNamed(stem.mid(at + marker.size()), attributes);
            !a.isEmpty())
            return a;
    }
    return attributeNamed(stem, attributes);
}

HierarchyImportDialog::HierarchyImportDialog(const QStringList& paths,
                                             const QStringList& attributes, const QString& fallback,
                                             QWidget* parent)
    : QDialog(parent), m_paths(paths), m_table(new QTableWidget(int(paths.size()), 2, this)) {
    setWindowTitle(paths.size() == 1 ? tr("Import a hierarchy")
                                     : tr("Import %1 hierarchies").arg(paths.size()));
    setObjectName("hierarchyImportDialog");
    m_table->setObjectName("hierarchyImportTable");
    m_table->setHorizontalHeaderLabels({tr("File"), tr("Attribute")});
    m_table->setToolTip(
        tr("Each file and the attribute its name matches; change an attribute where the match "
           "is wrong"));
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    for (int row = 0; row < paths.size(); ++row) {
        auto* file = new QTableWidgetItem(QFileInfo(paths[row]).fileName());
        file->setToolTip(paths[row]);
        file->setFlags(Qt::ItemIsEnabled);
        m_table->setItem(row, 0, file);
        auto* box = new QComboBox(m_table);
        box->addItem(tr("(do not import)"), QString());
        for (const QString& a : attributes) box->addItem(a, a);
        QString match = matchHierarchyFile(paths[row], attributes);
        if (match.isEmpty() && paths.size() == 1) match = fallback;
        box->setCurrentIndex(std::max(0, box->findData(match)));
        box->setToolTip(tr("The attribute this file's hierarchy is for"));
        m_table->setCellWidget(row, 1, box);
    }
    auto* hint = new QLabel(
        tr("Files are matched to attributes by name (hierarchy_<attribute>.csv, "
           "…_hierarchy_<attribute>.csv or <attribute>.csv). Check the matches, then import."),
        this);
    hint->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
    buttons->button(QDialogButtonBox::Ok)
        ->setToolTip(tr("Import each file as the hierarchy of the attribute beside it "
                        "(undoable); files set to \"do not import\" are skipped"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(hint);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(560, 120 + 30 * int(std::min<qsizetype>(paths.size(), 12)));
}

QList<QPair<QString, QString>> HierarchyImportDialog::matches() const {
    QList<QPair<QString, QString>> out;
    for (int row = 0; row < m_paths.size(); ++row) {
        const QString a =
            static_cast<QComboBox*>(m_table->cellWidget(row, 1))->currentData().toString();
        if (!a.isEmpty()) out.append({m_paths[row], a});
    }
    return out;
}

void HierarchyImportDialog::setAttribute(int row, const QString& attribute) {
    auto* box = static_cast<QComboBox*>(m_table->cellWidget(row, 1));
    box->setCurrentIndex(std::max(0, box->findData(attribute)));
}

}  // namespace ldv::ui
