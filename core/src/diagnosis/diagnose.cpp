// Dispatch of a DiagnosisQuery to the question it names (the privacy-diagnosis paper §4.1
// numbering), with the parameter checks that make a misplaced --k or --delta an error instead of a
// silent no-op.
#include <array>
#include <string>

#include "diagnosis/common.h"

namespace ldv {
namespace {

struct QuestionInfo {
    const char* text;
    bool takesK, takesDelta, takesBound;
};

// Index = question number. Bound: the privacy-diagnosis paper allows "at least / at most" wherever
// k is given.
constexpr std::array<QuestionInfo, 13> kQuestions{{
    {"", false, false, false},
    {"Is r k-anonymous with respect to S?", true, false, true},
    {"For which k is r k-anonymous with respect to S?", false, false, false},
    {"For which S is r k-anonymous with respect to S?", true, false, true},
    {"For which S and k is r k-anonymous with respect to S?", false, false, false},
    {"Is delta-suppressed r k-anonymous with respect to S?", true, true, true},
    {"For which k is delta-suppressed r k-anonymous with respect to S?", false, true, false},
    {"For which S is delta-suppressed r k-anonymous with respect to S?", true, true, true},
    {"For which k and S is delta-suppressed r k-anonymous with respect to S?", false, true, false},
    {"For which delta is delta-suppressed r k-anonymous with respect to S?", true, false, true},
    {"For which delta and S is delta-suppressed r k-anonymous with respect to S?", true, false,
     true},
    {"For which delta and k is delta-suppressed r k-anonymous with respect to S?", false, false,
     false},
    {"For which delta, k and S is delta-suppressed r k-anonymous with respect to S?", false, false,
     false},
}};

void checkParameters(const DiagnosisQuery& q) {
    if (q.question < 1 || q.question > 12)
        throw ParameterError(
            "question " + std::to_string(q.question) +
            " does not exist: the privacy-diagnosis paper §4.1 numbers its questions 1 to 12");
    const QuestionInfo& info = kQuestions[q.question];
    const std::string name = "question " + std::to_string(q.question);
    if (info.takesK && !q.k) throw ParameterError(name + " needs k (" + info.text + ")");
    if (!info.takesK && q.k)
        throw ParameterError(name + " computes k, it does not take one (" + info.text + ")");
    if (info.takesDelta && !q.delta)
        throw ParameterError(name + " needs delta (" + info.text + ")");
    if (!info.takesDelta && q.delta)
        throw ParameterError(
            name + " does not take delta (" + info.text + ")" +
            (q.question <= 4 ? "; questions 5 to 8 are the same with suppression" : ""));
    if (!info.takesBound && q.bound == Bound::AtMost)
        throw ParameterError(name + " has no given k, so no 'at most' form");
}

}  // namespace

std::string questionText(int question) {
    return question >= 1 && question <= 12 ? kQuestions[question].text : "";
}

std::vector<std::string> DiagnosisResult::attributeNames(AttributeMask mask,
                                                         const Table& table) const {
    std::vector<std::string> names;
    for (std::size_t i = 0; i < columns.size(); ++i)
        if (mask >> i & 1) names.push_back(table.column(columns[i]).name());
    return names;
}

DiagnosisResult diagnose(const Table& table, const std::vector<std::size_t>& columns,
                         const DiagnosisQuery& q, Feedback* feedback) {
    checkParameters(q);
    const std::size_t k = q.k.value_or(0);
    const double delta = q.delta.value_or(0.0);
    switch (q.question) {
        case 1:
            return isKAnonymous(table, columns, k, q.bound);
        case 2:
            return kAnonymity(table, columns);
        case 3:
            return anonymousSets(table, columns, k, 0.0, q.bound, feedback);
        case 4:
            return anonymityOfAllSets(table, columns, 0.0, q.compact, feedback);
        case 5:
            return isKAnonymousSuppressed(table, columns, k, delta, q.bound);
        case 6:
            return kAnonymitySuppressed(table, columns, delta);
        case 7: {
            DiagnosisResult r = anonymousSets(table, columns, k, delta, q.bound, feedback);
            r.question = 7;  // also when δ = 0, which anonymousSets reports as question 3
            return r;
        }
        case 8: {
            DiagnosisResult r = anonymityOfAllSets(table, columns, delta, q.compact, feedback);
            r.question = 8;
            return r;
        }
        case 9:
            return suppressionFor(table, columns, k, q.bound);
        case 10:
            return suppressionForAllSets(table, columns, k, q.bound, q.compact, feedback);
        case 11:
            return suppressionTradeoff(table, columns);
        default:
            return suppressionTradeoffOfAllSets(table, columns, q.compact, feedback);
    }
}

}  // namespace ldv
