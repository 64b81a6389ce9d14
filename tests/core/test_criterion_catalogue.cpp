// The criterion catalogue (criterion_catalogue.h): every kind registered exactly once, and its
// declarations true. "Monotone" is checked by brute force over the lattice of random tables
// with random hierarchies (random_case.h): a node satisfying the criterion without suppression
// implies every direct generalization satisfies it. "Needs X" is checked by binding without X,
// which must fail with a message naming X.
#include "ldiv/criteria/criterion_catalogue.h"
#include "ldiv/criteria/presence_dataset.h"
#include "ldiv/data/error.h"
#include "ldiv/evaluation/criterion_result.h"
#include "ldiv/evaluation/search_config.h"

#include <QtTest>

#include <functional>
#include <map>
#include <random>

#include "random_case.h"

using namespace ldv;

namespace {

constexpr int kKinds = int(CriterionKind::GlobalRisk) + 1;  // the enum's last kind

// One valid spec per kind on a random case (s0 has values v0…, or numbers for ordered EMD),
// several where the variants or options change the predicate.
std::vector<std::string> specsOf(CriterionKind kind) {
    switch (kind) {
        case CriterionKind::KAnonymity:
            return {"k=3"};
        case CriterionKind::DistinctL:
            return {"distinct-l=2"};
        case CriterionKind::EntropyL:
            return {"entropy-l=1.6", "entropy-l=1.6;dontcare=v0"};
        case CriterionKind::RecursiveCL:
            return {"recursive-cl=3,2"};
        case CriterionKind::PdRecursiveCL:
            return {"pd-recursive-cl=2,2;dontcare=v0"};
        case CriterionKind::NpdRecursiveCL:
            return {"npd-recursive-cl=3,10,2;dontcare=v0;protected=v1"};
        case CriterionKind::SimpleL:
            return {"simple-l=1.5@s1"};
        case CriterionKind::TauL:
            return {"tau-l=0.7,2"};
        case CriterionKind::TCloseness:
            return {"t-closeness=0.3", "t-closeness=0.3:hierarchical", "t-closeness=0.3:ordered"};
        case CriterionKind::DeltaDisclosure:
            return {"delta-disclosure=1.2"};
        case CriterionKind::BetaLikeness:
            return {"beta-likeness=1", "beta-likeness=1:enhanced"};
        case CriterionKind::KMap:
            return {"k-map=3"};
        case CriterionKind::AverageRisk:
            return {"average-risk=0.4"};
        case CriterionKind::SampleUniqueness:
            return {"sample-uniqueness=0.2"};
        case CriterionKind::PopulationUniqueness:
            return {"population-uniqueness=0.1:pitman"};
        case CriterionKind::DeltaPresence:
            return {"delta-presence=0.2,0.8"};
        case CriterionKind::DifferentialPrivacy:
            return {"differential-privacy=1,0.00001"};
        case CriterionKind::IndividualRisk:
            return {"individual-risk=0.5"};
        case CriterionKind::GlobalRisk:
            return {"global-risk=2"};
    }
    return {};
}

// A two-level hierarchy of s0 (value, its parity group, *) for :hierarchical t-closeness.
Hierarchy sensitiveHierarchy(const Column& column) {
    std::vector<std::vector<std::string>> rows;
    for (std::size_t v = 0; v < column.domainSize(); ++v)
        rows.push_back({column.value(Code(v)), v % 2 ? "odd" : "even", "*"});
    return Hierarchy(rows);
}

// Flat hierarchies (value, *) over the QIs of `table`, for datasets built beside a case.
std::vector<HierarchyMap> flatMaps(const Table& table, std::size_t d) {
    std::vector<HierarchyMap> maps;
    for (std::size_t i = 0; i < d; ++i) {
        const Column& column = table.column(i);
        std::vector<std::vector<std::string>> rows;
        for (std::size_t v = 0; v < column.domainSize(); ++v)
            rows.push_back({column.value(Code(v)), "*"});
        maps.emplace_back(Hierarchy(rows), column);
    }
    return maps;
}

std::vector<std::size_t> firstColumns(std::size_t d) {
    std::vector<std::size_t> qi(d);
    for (std::size_t i = 0; i < d; ++i) qi[i] = i;
    return qi;
}

// Binding `spec` fails with a ParameterError whose message contains `needle`.
bool refusedNaming(const Dataset& data, const std::string& spec, const CriteriaInputs& inputs,
                   const char* needle, QByteArray& message) {
    try {
        bindCriteria(data, {spec}, inputs);
    } catch (const ParameterError& e) {
        message = e.what();
        return message.contains(needle);
    }
    message = "bound without error";
    return false;
}

}  // namespace

class TestCriterionCatalogue : public QObject {
    Q_OBJECT

private slots:
    void everyKindHasExactlyOneEntry() {
        std::map<int, int> seen;
        for (const CriterionCapabilities& c : criterionCatalogue()) ++seen[int(c.kind)];
        QCOMPARE(int(criterionCatalogue().size()), kKinds);
        for (int k = 0; k < kKinds; ++k) {
            const auto kind = CriterionKind(k);
            QCOMPARE(seen[k], 1);
            const CriterionCapabilities& c = criterionCapabilities(kind);
            QCOMPARE(int(c.kind), k);
            QVERIFY(criterionName(kind) == c.name);
            QVERIFY(!c.measureName.empty());
            QVERIFY(!c.variants.empty());
            // Every sample spec parses back to its kind with the declared parameter count.
            for (const std::string& s : specsOf(kind)) {
                const CriterionSpec spec = parseCriterionSpec(s);
                QCOMPARE(int(spec.kind), k);
                QCOMPARE(spec.parameters.size(), c.parameterCount);
            }
            // A per-class condition that is monotone and alone safe under suppression is only
            // a class-size one (node_judge.h relies on this).
            if (c.judgedPerClass && c.monotoneWithSuppression) QVERIFY(c.classSize);
            if (c.monotoneWithSuppression) QVERIFY(c.monotone);
        }
        QCOMPARE(knownCriterionNames().size(), std::size_t(kKinds));
    }

    // The declaration "monotone" (without suppression) is true: brute force over every node of
    // ≥ 100 random lattices per spec.
    void monotoneDeclarationsHold() {
        for (const CriterionCapabilities& c : criterionCatalogue()) {
            if (!c.monotone || !c.bindable) continue;
            for (const std::string& spec : specsOf(c.kind)) {
                const bool numeric = spec.ends_with(":ordered");
                std::mt19937 rng(0x5eed + std::uint32_t(std::hash<std::string>{}(spec) % 1000));
                int tables = 0, attempts = 0;
                std::uint64_t implications = 0, failingNodes = 0;
                while (tables < 100 && attempts < 600) {
                    ++attempts;
                    const std::size_t rows = 12 + rng() % 30;
                    const std::size_t d = 2 + rng() % 2;
                    auto rc = test::randomCase(
                        rng, rows, d,
                        numeric ? test::SensitiveValues::Numeric : test::SensitiveValues::Labels);
                    CriteriaInputs inputs;
                    inputs.populationSize = double(rows) * 20;
                    inputs.sensitiveHierarchies.push_back(sensitiveHierarchy(rc->table.column(d)));
                    std::unique_ptr<PresenceDataset> presence;
                    const Dataset* data = rc->data.get();
                    std::vector<std::uint8_t> in(rows);
                    for (auto& flag : in) flag = std::uint8_t(rng() % 3 != 0);
                    std::vector<BoundCriterion> bound;
                    try {
                        if (c.needsResearchSubset) {
                            presence = std::make_unique<PresenceDataset>(*rc->data, in);
                            data = &presence->dataset();
                        }
                        bound = bindCriteria(*data, {spec}, inputs);
                    } catch (const ParameterError&) {
                        continue;  // a value of the spec missing from this table, or ℓ > domain
                    }
                    ++tables;
                    const Lattice& lattice = data->lattice();
                    std::vector<std::uint8_t> sat(std::size_t(lattice.size()));
                    for (NodeId id = 0; id < lattice.size(); ++id) {
                        const Levels levels = lattice.levels(id);
                        sat[id] = evaluateCriteria(*data, data->classes(levels), bound)[0].holds;
                        failingNodes += !sat[id];
                    }
                    for (NodeId id = 0; id < lattice.size(); ++id) {
                        if (!sat[id]) continue;
                        for (NodeId up : lattice.successors(id)) {
                            ++implications;
                            QVERIFY2(sat[up], qPrintable(QString("%1: node %2 satisfies, its "
                                                                 "generalization %3 does not "
                                                                 "(table %4)")
                                                             .arg(QString::fromStdString(spec))
                                                             .arg(id)
                                                             .arg(up)
                                                             .arg(tables)));
                        }
                    }
                }
                qInfo(
                    "%s: %d tables, %llu generalization steps from satisfying nodes, %llu "
                    "failing nodes",
                    spec.c_str(), tables, static_cast<unsigned long long>(implications),
                    static_cast<unsigned long long>(failingNodes));
                QVERIFY2(tables >= 100, spec.c_str());
                // Not vacuous: the implication was exercised and some nodes failed.
                QVERIFY2(implications > 100, spec.c_str());
                QVERIFY2(failingNodes > 10, spec.c_str());
            }
        }
    }

    // Each declared need: binding without it fails and says what is missing; a kind that
    // does not declare a sensitive attribute binds without one.
    void declaredNeedsAreEnforced() {
        std::mt19937 rng(42);
        std::unique_ptr<test::RandomCase> rc;
        // A case where v0 and v1 occur in s0 and s1 (dontcare and protected values).
        for (;;) {
            rc = test::randomCase(rng, 40, 2);
            if (rc->table.column(2).domainSize() >= 3 && rc->table.column(3).domainSize() >= 3)
                break;
        }
        const Dataset noSensitive(rc->table, firstColumns(2), flatMaps(rc->table, 2), {});
        CriteriaInputs withAll;
        withAll.populationSize = 4000;
        withAll.sensitiveHierarchies.push_back(sensitiveHierarchy(rc->table.column(2)));
        int checked = 0;
        for (const CriterionCapabilities& c : criterionCatalogue()) {
            if (!c.bindable) continue;
            const std::string spec = specsOf(c.kind).front();
            QByteArray message;
            if (c.needsSensitiveAttribute) {
                QVERIFY2(refusedNaming(noSensitive, spec, withAll, "sensitive attribute", message),
                         message.constData());
                ++checked;
            } else if (!c.needsResearchSubset && !c.needsSurveyWeights) {
                bindCriteria(noSensitive, {spec}, withAll);  // throws if it needed one
            }
            if (c.needsPopulationSize) {
                QVERIFY2(
                    refusedNaming(*rc->data, spec, CriteriaInputs{}, "population size", message),
                    message.constData());
                ++checked;
            }
            if (c.needsResearchSubset) {
                QVERIFY2(refusedNaming(*rc->data, spec, withAll, "research subset", message),
                         message.constData());
                ++checked;
            }
            if (c.needsSurveyWeights) {
                QVERIFY2(refusedNaming(*rc->data, spec, withAll, "survey weights", message),
                         message.constData());
                ++checked;
            }
            if (!c.sensitiveHierarchyVariant.empty()) {
                const std::string hierarchical =
                    std::string(c.name) + "=0.3:" + std::string(c.sensitiveHierarchyVariant);
                QVERIFY(needsSensitiveHierarchy(parseCriterionSpec(hierarchical)));
                QVERIFY(!needsSensitiveHierarchy(parseCriterionSpec(spec)));
                QVERIFY2(
                    refusedNaming(*rc->data, hierarchical, CriteriaInputs{}, "hierarchy", message),
                    message.constData());
                bindCriteria(*rc->data, {hierarchical}, withAll);
                ++checked;
            }
        }
        QVERIFY(checked >= 15);
    }
};

QTEST_APPLESS_MAIN(TestCriterionCatalogue)
#include "test_criterion_catalogue.moc"
