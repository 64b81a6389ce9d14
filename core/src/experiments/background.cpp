// The background-knowledge attack (Machanavajjhala et al. 2007 §1.1, §3): beliefs without and with
// the statements.
#include "ldiv/experiments/background_attack.h"

#include "ldiv/data/error.h"

namespace ldv {

BackgroundAttackResult backgroundAttack(const Table& original, std::size_t sensitive,
                                        const std::vector<std::size_t>& quasiIdentifiers,
                                        const std::vector<std::uint32_t>& rowClass,
                                        const BackgroundAttackOptions& options,
                                        Feedback* feedback) {
    BeliefOptions belief = options;
    belief.statements.clear();
    belief.rho1 = belief.rho2 = 0;
    if (feedback) feedback->checkCancelled();
    const BeliefAnalysis before =
        analyzeBeliefs(original, sensitive, quasiIdentifiers, rowClass, belief);
    if (feedback) {
        feedback->setProgress(0.5);
        feedback->checkCancelled();
    }
    belief.statements = options.statements;
    const BeliefAnalysis after =
        analyzeBeliefs(original, sensitive, quasiIdentifiers, rowClass, belief);

    BackgroundAttackResult result;
    result.classes.resize(after.classCount);
    for (std::size_t c = 0; c < after.classCount; ++c) result.classes[c].cls = c;
    result.individuals.reserve(after.individuals.size());
    for (std::size_t i = 0; i < after.individuals.size(); ++i) {
        const IndividualBelief& b = before.individuals[i];
        const IndividualBelief& a = after.individuals[i];
        const BackgroundIndividual x{.row = a.row,
                                     .cls = a.cls,
                                     .value = a.trueValue,
                                     .knowledgeApplies = a.knowledgeApplies,
                                     .beliefBefore = b.belief,
                                     .beliefAfter = a.belief,
                                     .positiveBefore = b.positive,
                                     .positiveAfter = a.positive,
                                     .negativeBefore = b.negativeValues,
                                     .negativeAfter = a.negativeValues};
        BackgroundClassRow& row = result.classes[a.cls];
        for (BackgroundClassRow* r : {&row, &result.total}) {
            ++r->rows;
            r->knowledgeRows += x.knowledgeApplies ? 1 : 0;
            r->positiveBefore += x.positiveBefore ? 1 : 0;
            r->positiveAfter += x.positiveAfter ? 1 : 0;
            r->negativeBefore += x.negativeBefore > 0 ? 1 : 0;
            r->negativeAfter += x.negativeAfter > 0 ? 1 : 0;
        }
        // A value absent from the class is negatively disclosed already without knowledge
        // (β = 0), so "new" means a positive disclosure or more negative values than before.
        const bool newly =
            (x.positiveAfter && !x.positiveBefore) || x.negativeAfter > x.negativeBefore;
        result.newlyDisclosed += newly ? 1 : 0;
        result.individuals.push_back(x);
    }
    result.total.cls = after.classCount;
    if (feedback) feedback->setProgress(1);
    return result;
}

BackgroundAttackResult backgroundAttack(const Dataset& data, const ClassPartition& release,
                                        const BackgroundAttackOptions& options,
                                        Feedback* feedback) {
    if (data.sensitiveColumns().empty())
        throw ParameterError("the background attack needs a sensitive attribute");
    return backgroundAttack(data.table(), data.sensitiveColumns()[0], data.qiColumns(),
                            release.rowClass, options, feedback);
}

BackgroundAttackResult backgroundAttack(const Dataset& data, const Levels& levels,
                                        const BackgroundAttackOptions& options,
                                        Feedback* feedback) {
    if (data.sensitiveColumns().empty())
        throw ParameterError("the background attack needs a sensitive attribute");
    return backgroundAttack(data, ClassPartition::ofNode(data, levels), options, feedback);
}

}  // namespace ldv
