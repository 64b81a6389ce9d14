#include "charts/plotexport.h"

#include <QSvgGenerator>
#include <algorithm>

#include <qcustomplot.h>

namespace ldv::ui {

bool exportPlot(QCustomPlot* plot, const QString& path, int w, int h, const QString& title) {
    const QString suffix = path.section('.', -1).toLower();
    if (suffix == "pdf") return plot->savePdf(path, w, h, QCP::epAllowCosmetic, QString(), title);
    if (suffix == "svg") {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(QSize(w, h));
        generator.setViewBox(QRect(0, 0, w, h));
        generator.setTitle(title);
        QCPPainter painter;
        if (!painter.begin(&generator)) return false;
        plot->toPainter(&painter, w, h);
        return painter.end();
    }
    return plot->savePng(path, w, h, std::max(1.0, plot->devicePixelRatioF()));
}

}  // namespace ldv::ui
