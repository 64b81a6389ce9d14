// analyzeBeliefs against a brute-force reading of SPEC §4 (Machanavajjhala et al. 2007 §3):
// the joint f(q,s) of each prior model written out as a map, f(s|q*) summed over the base
// tuples of the class, β(q,s,T*) = n(q*,s)·f(s|q)/f(s|q*) / Σ_{s′} …, on random tables with
// and without background statements.
#include "ldiv/attacks/belief_analysis.h"
#include "ldiv/io/csv_table_reader.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <random>
#include <set>

using namespace ldv;

namespace {

struct RandomCase {
    Table table;
    std::vector<std::uint32_t> rowClass;
};

// Columns a, b (QI) and s (SA) with small domains; classes group rows by a only, or by a
// random coarsening of (a, b), so classes hold several base tuples.
RandomCase randomCase(std::mt19937& rng) {
    std::uniform_int_distribution<int> rows(5, 40), a(0, 2), b(0, 1), s(0, 3);
    const int n = rows(rng);
    std::string text = "a,b,s\n";
    std::vector<int> av(n), bv(n);
    for (int r = 0; r < n; ++r) {
        av[r] = a(rng), bv[r] = b(rng);
        text += "a" + std::to_string(av[r]) + ",b" + std::to_string(bv[r]) + ",s" +
                std::to_string(s(rng)) + "\n";
    }
    RandomCase c{parseCsv(text, "random"), {}};
    const int coarsen = std::uniform_int_distribution<int>(0, 2)(rng);
    std::map<int, std::uint32_t> ids;
    for (int r = 0; r < n; ++r) {
        const int key = coarsen == 0 ? av[r] * 2 + bv[r] : coarsen == 1 ? av[r] : 0;
        c.rowClass.push_back(ids.emplace(key, std::uint32_t(ids.size())).first->second);
    }
    return c;
}

using Joint = std::map<std::pair<std::string, std::string>, double>;  // (q tuple, s) → f(q,s)

std::string tupleOf(const Table& t, std::size_t r) {
    return t.value(r, 0) + "|" + t.value(r, 1);
}

Joint jointOf(const Table& t, PriorModel model) {
    Joint f;
    const double n = double(t.rowCount());
    std::map<std::string, double> fq, fs;
    for (std::size_t r = 0; r < t.rowCount(); ++r) {
        fq[tupleOf(t, r)] += 1 / n;
        fs[t.value(r, 2)] += 1 / n;
        if (model == PriorModel::BaseQuasiIdentifier) f[{tupleOf(t, r), t.value(r, 2)}] += 1 / n;
    }
    if (model == PriorModel::Marginal)
        for (const auto& [q, pq] : fq)
            for (const auto& [s, ps] : fs) f[{q, s}] = pq * ps;
    return f;
}

double conditional(const Joint& f, const std::set<std::string>& qs, const std::string& s) {
    double num = 0, den = 0;
    for (const auto& [key, p] : f)
        if (qs.count(key.first)) {
            den += p;
            if (key.second == s) num += p;
        }
    return num / den;
}

}  // namespace

class TestBeliefsAnalysis : public QObject {
    Q_OBJECT

private slots:
    void bruteForce() {
        std::mt19937 rng(2207);
        for (int trial = 0; trial < 200; ++trial) {
            const RandomCase c = randomCase(rng);
            const Table& t = c.table;
            const PriorModel model =
                trial % 2 ? PriorModel::BaseQuasiIdentifier : PriorModel::Marginal;
            BeliefOptions options;
            options.prior = model;
            options.epsilon = 0.0999;  // no n/N with N ≤ 40 lies on it
            // Every third trial: a statement about a0 and the first row's sensitive value.
            const bool knowledge = trial % 3 == 0 && t.column(0).find("a0").has_value();
            const std::string known = t.value(0, 2);
            const double p = 0.02;
            if (knowledge)
                options.statements.push_back(
                    parseBackgroundStatement("a=a0 => s=" + known + " : 0.02"));
            const BeliefAnalysis result = analyzeBeliefs(t, 2, {0, 1}, c.rowClass, options);

            const Joint f = jointOf(t, model);
            std::vector<std::string> domain;
            for (std::size_t v = 0; v < t.column(2).domainSize(); ++v)
                domain.push_back(t.column(2).value(Code(v)));
            for (std::size_t r = 0; r < t.rowCount(); ++r) {
                std::set<std::string> classTuples;
                std::map<std::string, double> n;
                for (std::size_t o = 0; o < t.rowCount(); ++o)
                    if (c.rowClass[o] == c.rowClass[r])
                        classTuples.insert(tupleOf(t, o)), n[t.value(o, 2)] += 1;
                std::map<std::string, double> fq;  // f(·|q), then the statement
                for (const std::string& s : domain) fq[s] = conditional(f, {tupleOf(t, r)}, s);
                const bool applies = knowledge && t.value(r, 0) == "a0";
                if (applies) {
                    double others = 0;
                    for (const auto& [s, v] : fq) others += s == known ? 0 : v;
                    for (auto& [s, v] : fq)
                        v = s == known ? p : (others > 0 ? v * (1 - p) / others : 0);
                    if (!(others > 0))
                        for (auto& [s, v] : fq)
                            v = s == known ? p : (1 - p) / double(domain.size() - 1);
                }
                std::map<std::string, double> term;
                double total = 0;
                for (const std::string& s : domain) {
                    term[s] = n[s] > 0 ? n[s] * fq[s] / conditional(f, classTuples, s) : 0;
                    total += term[s];
                }
                const IndividualBelief& got = result.individuals[r];
                const std::string truth = t.value(r, 2);
                QCOMPARE(got.knowledgeApplies, applies);
                QVERIFY(std::abs(got.prior - fq[truth]) < 1e-12);
                if (total > 0) {
                    QVERIFY2(std::abs(got.belief - term[truth] / total) < 1e-9,
                             qPrintable(QString("trial %1 row %2: %3 vs %4")
                                            .arg(trial)
                                            .arg(r)
                                            .arg(got.belief)
                                            .arg(term[truth] / total)));
                    std::size_t negative = 0;
                    for (const std::string& s : domain)
                        if (s != truth && term[s] / total < options.epsilon) ++negative;
                    QCOMPARE(got.negativeValues, negative);
                } else {
                    QVERIFY(std::isnan(got.belief));
                }
                // Without knowledge β = n(q*,s)/N whatever the model is, when the model's
                // f(s|q) equals its f(s|q*) — always so for the marginal model.
                if (model == PriorModel::Marginal && !applies) {
                    double size = 0;
                    for (const auto& [s, v] : n) size += v;
                    QVERIFY(std::abs(got.belief - n[truth] / size) < 1e-12);
                }
            }
        }
    }

    // A Joint prior equal to the table's own joint distribution gives the base model's numbers.
    void jointEqualsBase() {
        std::mt19937 rng(7);
        for (int trial = 0; trial < 30; ++trial) {
            const RandomCase c = randomCase(rng);
            BeliefOptions base;
            base.prior = PriorModel::BaseQuasiIdentifier;
            BeliefOptions joint;
            joint.prior = PriorModel::Joint;
            joint.joint.quasiIdentifiers = {"b", "a"};  // the file's order need not be the data's
            joint.joint.sensitive = "s";
            for (std::size_t r = 0; r < c.table.rowCount(); ++r)
                joint.joint.entries.push_back(
                    {{c.table.value(r, 1), c.table.value(r, 0)}, c.table.value(r, 2), 1.0});
            const auto x = analyzeBeliefs(c.table, 2, {0, 1}, c.rowClass, base);
            const auto y = analyzeBeliefs(c.table, 2, {0, 1}, c.rowClass, joint);
            for (std::size_t r = 0; r < c.table.rowCount(); ++r) {
                QVERIFY(std::abs(x.individuals[r].belief - y.individuals[r].belief) < 1e-12);
                QVERIFY(std::abs(x.individuals[r].prior - y.individuals[r].prior) < 1e-12);
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestBeliefsAnalysis)
#include "test_beliefs_analysis.moc"
