#pragma once
// The lattice's legend: the state colours, or the metric colour scale with its range.
#include <QWidget>

namespace ldv::ui {

class LatticeLegend : public QWidget {
    Q_OBJECT
public:
    explicit LatticeLegend(QWidget* parent = nullptr);
    void showStates();
    void showScale(const QString& metric, double min, double max);
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    bool m_scale = false;
    QString m_metric;
    double m_min = 0, m_max = 1;
};

}  // namespace ldv::ui
