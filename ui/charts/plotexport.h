#pragma once
// Writing a QCustomPlot to PNG, PDF or SVG (by the file's suffix) at a given logical size;
// the one place both chart classes export through. PNG is rendered at the screen's device
// pixel ratio, so a chart exported at 200 % scaling is as sharp as it is on screen.
#include <QString>

class QCustomPlot;

namespace ldv::ui {

bool exportPlot(QCustomPlot* plot, const QString& path, int width, int height,
                const QString& title = {});

}  // namespace ldv::ui
