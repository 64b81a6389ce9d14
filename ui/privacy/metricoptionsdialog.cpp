#include "privacy/metricoptionsdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ldiv/metrics/quality_model.h"

namespace ldv::ui {

namespace {
QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}
}  // namespace

MetricOptionsDialog::MetricOptionsDialog(const SearchSettings& settings,
                                         const std::vector<std::string>& qis, QWidget* parent)
    : QDialog(parent),
      m_qis(qis),
      m_gsFactor(new QDoubleSpinBox(this)),
      m_aggregate(new QComboBox(this)),
      m_weights(new QTableWidget(int(qis.size()), 2, this)) {
    setObjectName("metricOptionsDialog");
    setWindowTitle(tr("Quality model options"));
    auto* intro = new QLabel(
        tr("These options shape the attribute-wise quality models (entropy, granularity, sse, "
           "loss; ARX's definitions, docs/utility.md). Discernibility, AECS, height and "
           "ambiguity do not read them."),
        this);
    intro->setWordWrap(true);

    m_gsFactor->setObjectName("gsFactor");
    m_gsFactor->setRange(0, 1);
    m_gsFactor->setSingleStep(0.05);
    m_gsFactor->setDecimals(2);
    m_gsFactor->setValue(settings.gsFactor);
    m_gsFactor->setToolTip(
        tr("ARX's generalization/suppression factor: 0 weighs only generalization, 1 only "
           "suppression, 0.5 both equally (the default)"));
    m_aggregate->setObjectName("aggregate");
    const std::pair<QualityAggregate, QString> aggregates[] = {
        {QualityAggregate::Sum, tr("sum")},
        {QualityAggregate::Max, tr("maximum")},
        {QualityAggregate::Mean, tr("arithmetic mean")},
        {QualityAggregate::Geometric, tr("geometric mean")}};
    for (const auto& [a, label] : aggregates)
        m_aggregate->addItem(label, text(qualityAggregateName(a)));
    m_aggregate->setCurrentIndex(
        std::max(0, m_aggregate->findData(text(qualityAggregateName(settings.aggregate)))));
    m_aggregate->setToolTip(tr("How the attributes' losses combine into the node's figure"));

    m_weights->setObjectName("weights");
    m_weights->setHorizontalHeaderLabels({tr("Quasi-identifier"), tr("Weight")});
    m_weights->verticalHeader()->hide();
    m_weights->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_weights->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_weights->setToolTip(
        tr("How much each attribute's loss counts (1 = as much as the others, "
           "0 = not at all)"));
    for (int i = 0; i < int(qis.size()); ++i) {
        auto* name = new QTableWidgetItem(QString::fromStdString(qis[std::size_t(i)]));
        name->setFlags(name->flags() & ~Qt::ItemIsEditable);
        m_weights->setItem(i, 0, name);
        auto* box = new QDoubleSpinBox(m_weights);
        box->setRange(0, 1000);
        box->setDecimals(2);
        box->setValue(1);
        for (const auto& [column, weight] : settings.weights)
            if (column == qis[std::size_t(i)]) box->setValue(weight);
        m_weights->setCellWidget(i, 1, box);
    }

    auto* form = new QFormLayout;
    form->addRow(tr("&Generalization/suppression factor:"), m_gsFactor);
    form->addRow(tr("&Aggregate over attributes:"), m_aggregate);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(new QLabel(tr("&Weights:"), this));
    layout->addWidget(m_weights, 1);
    layout->addWidget(buttons);
    resize(420, 420);
}

SearchSettings MetricOptionsDialog::apply(SearchSettings settings) const {
    settings.gsFactor = m_gsFactor->value();
    settings.aggregate = parseQualityAggregate(m_aggregate->currentData().toString().toStdString());
    settings.weights.clear();
    for (int i = 0; i < m_weights->rowCount(); ++i) {
        const double w = static_cast<QDoubleSpinBox*>(m_weights->cellWidget(i, 1))->value();
        if (w != 1) settings.weights.emplace_back(m_qis[std::size_t(i)], w);
    }
    return settings;
}

QString metricOptionsText(const SearchSettings& s) {
    QStringList parts;
    if (s.gsFactor != 0.5) parts << QObject::tr("gs-factor %1").arg(s.gsFactor);
    if (s.aggregate != QualityAggregate::Sum) parts << text(qualityAggregateName(s.aggregate));
    QStringList weights;
    for (const auto& [column, weight] : s.weights)
        weights << QStringLiteral("%1=%2").arg(QString::fromStdString(column)).arg(weight);
    if (!weights.isEmpty()) parts << QObject::tr("weights %1").arg(weights.join(", "));
    return parts.isEmpty() ? QObject::tr("defaults") : parts.join(QStringLiteral("; "));
}

}  // namespace ldv::ui
