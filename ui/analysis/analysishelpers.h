#pragma once
// Small pieces shared by the analyses' chart adapters: panel constructors, the note texts
// (data set, attributes) and the checks every analysis starts with.
#include <QString>
#include <limits>

#include "charts/chartdata.h"
#include "ldiv/feedback.h"

namespace ldv {
class Workspace;
}

namespace ldv::ui {

namespace analysis {

inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// Translation in the "ldv::ui::Analyses" context.
QString tr(const char* text);
/// Throws ParameterError telling the user to mark a sensitive attribute.
void requireSensitive(const Workspace& data);
/// "sex, age, race".
QString qiText(const Workspace& data);
/// The first sensitive attribute, or "—".
QString sensitiveText(const Workspace& data);
ChartPanel linePanel(const QString& title, const QString& xLabel, const QString& yLabel,
                     const QVector<double>& x);
ChartPanel barPanel(const QString& title, const QString& xLabel, const QString& yLabel,
                    const QStringList& categories);
/// Series of a panel whose every value is equal ("ℓ = 2" and "ℓ = 3" drawn on top of each
/// other), as "panel: a = b" texts; appended to the chart's note so the reader knows why a
/// legend entry seems to have no line of its own.
QStringList coincidingSeries(const ChartData& chart);
void noteCoincidingSeries(ChartData& chart);

/// One step of an analysis made of several engine calls: the step's 0..1 maps to
/// [from, to] of `outer`, and `outer`'s Cancel reaches the engine through the progress
/// callback (core's detail::SubFeedback is private to the engine).
class StepFeedback {
public:
    StepFeedback(Feedback& outer, double from, double to)
        : m_outer(outer), m_from(from), m_to(to), m_inner([this](double f) { forward(f); }) {
        m_outer.checkCancelled();
        m_outer.setProgress(from);
    }
    StepFeedback(const StepFeedback&) = delete;
    StepFeedback& operator=(const StepFeedback&) = delete;
    Feedback* get() { return &m_inner; }

private:
    void forward(double f) {
        m_outer.setProgress(m_from + (m_to - m_from) * f);
        if (m_outer.isCancelled()) m_inner.cancel();
    }
    Feedback& m_outer;
    double m_from, m_to;
    Feedback m_inner;
};

}  // namespace analysis
}  // namespace ldv::ui
