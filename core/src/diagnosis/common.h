#pragma once
// Shared plumbing of the question functions: parameter checks, timing, result skeleton.
#include <chrono>
#include <string>

#include "diagnosis/partition.h"
#include "ldiv/data/error.h"
#include "ldiv/diagnosis/diagnosis_result.h"

namespace ldv::detail {

inline void checkK(std::size_t k) {
    if (k < 1) throw ParameterError("k must be at least 1 (every class has at least one row)");
}
inline void checkDelta(double delta) {
    if (!(delta >= 0.0 && delta <= 1.0))
        throw ParameterError("delta must be a fraction of the rows in [0, 1], got " +
                             std::to_string(delta));
}

/// Starts the clock and fills the fields every result has.
class ResultBuilder {
public:
    ResultBuilder(int question, const std::vector<std::size_t>& columns, const DiagnosisData& data)
        : m_start(std::chrono::steady_clock::now()) {
        result.question = question;
        result.columns = columns;
        result.naiveCalls = data.naiveCalls();
    }
    DiagnosisResult finish() {
        result.elapsedMs =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_start)
                .count();
        return std::move(result);
    }
    DiagnosisResult result;

private:
    std::chrono::steady_clock::time_point m_start;
};

inline double fraction(std::size_t rows, std::size_t n) {
    return static_cast<double>(rows) / static_cast<double>(n);
}

}  // namespace ldv::detail
