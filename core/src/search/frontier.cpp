#include "ldiv/data/ambient_feedback.h"
#include "ldiv/search/frontier_result.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

#include "ldiv/data/error.h"
#include "ldiv/publish/published_node.h"
#include "ldiv/risk/risk_analysis.h"

namespace ldv {
namespace {

std::vector<double> expandValues(const std::string& text, const std::string& grid) {
    std::vector<double> values;
    const auto bad = [&](const std::string& why) {
        return ParameterError("--criteria-grid '" + grid + "': " + why +
                              " (use e.g. k=2..50, entropy-l=2..6, entropy-l=2..4:0.5, k=2,5,10)");
    };
    const auto number = [&](const std::string& s) {
        try {
            std::size_t used = 0;
            const double v = std::stod(s, &used);
            if (used != s.size() || !std::isfinite(v)) throw bad("'" + s + "' is not a number");
            return v;
        } catch (const std::logic_error&) {
            throw bad("'" + s + "' is not a number");
        }
    };
    const auto dots = text.find("..");
    if (dots == std::string::npos) return {number(text)};
    std::string to = text.substr(dots + 2);
    double step = 1;
    if (const auto colon = to.find(':'); colon != std::string::npos) {
        step = number(to.substr(colon + 1));
        to = to.substr(0, colon);
    }
    const double a = number(text.substr(0, dots)), b = number(to);
    if (step <= 0 || b < a) throw bad("a range needs from <= to and a positive step");
    if ((b - a) / step > 100000) throw bad("the range has too many values");
    for (std::size_t i = 0;; ++i) {
        const double v = a + double(i) * step;
        if (v > b + 1e-9 * std::max(1.0, std::fabs(b))) break;
        values.push_back(std::round(v * 1e9) / 1e9);
    }
    return values;
}

/// Per node, the classes smaller than the grid's largest k bucketed by size, and the totals:
/// what a k-grid with suppression needs to judge and measure the node at every k.
struct SizeBuckets {
    // prefix[s] = sum over classes of size < s (s = 0..kMax).
    std::vector<std::uint32_t> classes, rows;
    std::vector<double> info, loss;
    std::size_t totalClasses = 0;
    double dm = 0, totalInfo = 0, totalLoss = 0;
    std::vector<double> dmBelow;
};

struct LevelTables {
    std::vector<std::vector<std::vector<double>>> invCover, cellLoss;  // [qi][level][code]
    double topInformation = 0;
};

LevelTables levelTables(const Dataset& data) {
    LevelTables t;
    const std::size_t d = data.qiCount();
    t.invCover.resize(d);
    t.cellLoss.resize(d);
    for (std::size_t i = 0; i < d; ++i) {
        const HierarchyMap& h = data.hierarchy(i);
        const double domain = double(h.levelSize(0));
        t.topInformation += 1.0 / domain;
        for (int l = 0; l <= h.height(); ++l) {
            const auto& cov = h.coverage(l);
            std::vector<double> inv(cov.size()), loss(cov.size());
            for (std::size_t c = 0; c < cov.size(); ++c) {
                inv[c] = 1.0 / double(cov[c]);
                loss[c] = domain > 1 ? double(cov[c] - 1) / (domain - 1) : 0.0;
            }
            t.invCover[i].push_back(std::move(inv));
            t.cellLoss[i].push_back(std::move(loss));
        }
    }
    return t;
}

SizeBuckets bucketNode(const Dataset& data, const LevelTables& t, std::span<const int> levels,
                       std::size_t kMax) {
    const EquivalenceClasses classes = data.classes(levels);
    const std::size_t d = data.qiCount();
    SizeBuckets b;
    b.classes.assign(kMax + 1, 0);
    b.rows.assign(kMax + 1, 0);
    b.info.assign(kMax + 1, 0);
    b.loss.assign(kMax + 1, 0);
    b.dmBelow.assign(kMax + 1, 0);
    b.totalClasses = classes.count();
    for (std::size_t c = 0; c < classes.count(); ++c) {
        const std::uint32_t size = classes.sizes[c];
        const auto key = classes.key(c);
        double info = 0, loss = 0;
        for (std::size_t i = 0; i < d; ++i) {
            info += t.invCover[i][levels[i]][key[i]];
            loss += t.cellLoss[i][levels[i]][key[i]];
        }
        info *= size;
        loss *= size;
        b.dm += double(size) * size;
        b.totalInfo += info;
        b.totalLoss += loss;
        if (size <= kMax) {
            ++b.classes[size];
            b.rows[size] += size;
            b.info[size] += info;
            b.loss[size] += loss;
            b.dmBelow[size] += double(size) * size;
        }
    }
    // Shift to "sizes < s" prefixes.
    std::uint32_t cc = 0, rr = 0;
    double ii = 0, ll = 0, dd = 0;
    for (std::size_t s = 0; s <= kMax; ++s) {
        const std::uint32_t c = b.classes[s], r = b.rows[s];
        const double i = b.info[s], l = b.loss[s], m = b.dmBelow[s];
        b.classes[s] = cc, b.rows[s] = rr, b.info[s] = ii, b.loss[s] = ll, b.dmBelow[s] = dd;
        cc += c, rr += r, ii += i, ll += l, dd += m;
    }
    return b;
}

/// Answers a pure k-grid from one grouping of every node.
void sharedKGrid(const Dataset& data, const FrontierConfig& config,
                 std::vector<FrontierPoint>& points, const std::vector<std::size_t>& kOf,
                 Feedback* feedback) {
    const Lattice& lattice = data.lattice();
    const std::size_t kMax = *std::max_element(kOf.begin(), kOf.end());
    const LevelTables tables = levelTables(data);
    std::vector<SizeBuckets> buckets(lattice.size());
    unsigned threads =
        config.threads ? config.threads : std::max(1u, std::thread::hardware_concurrency());
    threads = unsigned(std::min<std::uint64_t>(threads, lattice.size()));
    // Every node is grouped here, which is most of the frontier's time (24 s for 38,880 nodes
    // of 30,000 rows on 2 cores): Cancel is honoured between nodes, not after the whole lattice,
    // and the first worker reports how far its share has come.
    std::vector<std::thread> pool;
    for (unsigned w = 0; w < threads; ++w)
        pool.emplace_back([&, w] {
            for (NodeId id = w; id < lattice.size(); id += threads) {
                if (feedback && feedback->isCancelled()) return;
                buckets[id] = bucketNode(data, tables, lattice.levels(id), kMax);
                if (w == 0 && feedback) feedback->setProgress(double(id) / double(lattice.size()));
            }
        });
    for (auto& t : pool) t.join();
    if (feedback) feedback->checkCancelled();

    const double n = double(data.rowCount());
    const double d = double(data.qiCount());
    for (std::size_t p = 0; p < points.size(); ++p) {
        FrontierPoint& point = points[p];
        const std::size_t k = kOf[p];
        const std::uint64_t limit = suppressionLimitRows(point.suppression, data.rowCount());
        std::optional<NodeMetrics> best;
        for (NodeId id = 0; id < lattice.size(); ++id) {
            const SizeBuckets& b = buckets[id];
            const double suppressed = b.rows[k];
            if (suppressed > double(limit)) continue;
            NodeMetrics m;
            m.levels = lattice.levels(id);
            m.height = Lattice::height(m.levels);
            m.classes = b.totalClasses - b.classes[k];
            m.suppressedRows = b.rows[k];
            m.averageClassSize = m.classes ? (n - suppressed) / double(m.classes) : 0.0;
            m.discernibility = b.dm - b.dmBelow[k] + n * suppressed;
            m.information =
                (n > 0 && d > 0)
                    ? (b.totalInfo - b.info[k] + suppressed * tables.topInformation) / (n * d)
                    : 1.0;
            m.loss = (n > 0 && d > 0) ? (b.totalLoss - b.loss[k] + suppressed * d) / (n * d) : 0.0;
            if (!best || betterOptimum(m, *best, config.metric)) best = std::move(m);
        }
        if (!best) continue;
        point.optimum = best->levels;
    }
}

}  // namespace

std::vector<std::string> expandCriteriaGrid(const std::string& grid) {
    const auto eq = grid.find('=');
    if (eq == std::string::npos || eq == 0)
        throw ParameterError("--criteria-grid '" + grid +
                             "': expected NAME=FROM..TO (e.g. k=2..50)");
    const std::string name = grid.substr(0, eq);
    std::string rest = grid.substr(eq + 1), suffix;
    if (const auto cut = rest.find_first_of(";@"); cut != std::string::npos) {
        suffix = rest.substr(cut);
        rest = rest.substr(0, cut);
    }
    std::vector<std::string> parts;
    for (std::size_t p = 0; p <= rest.size();) {
        const std::size_t q = std::min(rest.find(',', p), rest.size());
        parts.push_back(rest.substr(p, q - p));
        p = q + 1;
    }
    std::size_t ranges = 0, rangeAt = 0;
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (parts[i].find("..") != std::string::npos) ++ranges, rangeAt = i;
    std::vector<std::string> specs;
    if (ranges > 1)
        throw ParameterError("--criteria-grid '" + grid + "': only one parameter may be a range");
    if (ranges == 0) {
        // "k=2,5,10": a list of values of a one-parameter criterion.
        for (const std::string& v : parts) {
            expandValues(v, grid);
            specs.push_back(name + "=" + v + suffix);
        }
    } else {
        for (double v : expandValues(parts[rangeAt], grid)) {
            std::string spec = name + "=";
            for (std::size_t i = 0; i < parts.size(); ++i)
                spec += (i ? "," : "") + (i == rangeAt ? formatNumber(v) : parts[i]);
            specs.push_back(spec + suffix);
        }
    }
    for (const std::string& s : specs) parseCriterionSpec(s);  // validates each requirement
    return specs;
}

FrontierRisk parseFrontierRisk(const std::string& name) {
    if (name == "prosecutor") return FrontierRisk::Prosecutor;
    if (name == "journalist") return FrontierRisk::Journalist;
    if (name == "marketer") return FrontierRisk::Marketer;
    throw ParameterError("unknown risk model '" + name +
                         "': use prosecutor, journalist (with a population size) or marketer");
}

std::string_view frontierRiskName(FrontierRisk risk) {
    switch (risk) {
        case FrontierRisk::Prosecutor:
            return "prosecutor";
        case FrontierRisk::Journalist:
            return "journalist";
        case FrontierRisk::Marketer:
            return "marketer";
    }
    return "prosecutor";
}

std::vector<std::size_t> paretoFront(const std::vector<FrontierPoint>& points) {
    std::vector<std::size_t> front;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!points[i].optimum) continue;
        bool dominated = false;
        for (std::size_t j = 0; j < points.size() && !dominated; ++j) {
            if (!points[j].optimum || j == i) continue;
            const double ri = points[i].riskValue, rj = points[j].riskValue;
            const double ui = points[i].utility, uj = points[j].utility;
            dominated = rj <= ri && uj <= ui && (rj < ri || uj < ui);
        }
        if (!dominated) front.push_back(i);
    }
    return front;
}

FrontierResult frontier(const Dataset& data, const FrontierConfig& config, Feedback* feedback) {
    feedback = orAmbientFeedback(feedback);
    const auto t0 = std::chrono::steady_clock::now();
    FrontierResult out;
    if (config.suppressions.empty()) throw ParameterError("frontier: no suppression limit");
    if (config.risk == FrontierRisk::Journalist && !config.populationSize)
        throw ParameterError("the journalist risk needs the population size (--population-size N)");
    RiskOptions riskOptions;
    riskOptions.populationSize = config.populationSize;
    // Refuses a population smaller than the table before any work.
    if (config.populationSize)
        analyzeRisk(std::vector<std::uint32_t>{std::uint32_t(data.rowCount())}, riskOptions);
    for (double s : config.suppressions)
        if (s < 0 || s > 1)
            throw ParameterError("--suppression values must be fractions between 0 and 1");
    // The cross product of the grids, each joined with the fixed criteria.
    std::vector<std::vector<std::string>> requirements{{}};
    for (const auto& grid : config.grids) {
        std::vector<std::vector<std::string>> next;
        for (const auto& r : requirements)
            for (const std::string& spec : grid) {
                next.push_back(r);
                next.back().push_back(spec);
            }
        requirements = std::move(next);
    }
    for (auto& r : requirements) r.insert(r.end(), config.fixed.begin(), config.fixed.end());
    for (const auto& r : requirements) {
        if (r.empty()) throw ParameterError("frontier: give at least one --criteria-grid");
        bindCriteria(data, r, config.inputs);  // refuses an impossible ℓ before any work
        for (double s : config.suppressions) {
            FrontierPoint p;
            p.criteria = r;
            p.suppression = s;
            out.points.push_back(std::move(p));
        }
    }

    // A point's requirement, suppression limit and the frontier's metric, as searched and judged.
    auto pointConfig = [&](const FrontierPoint& p) {
        SearchConfig sc;
        sc.criteria = bindCriteria(data, p.criteria, config.inputs);
        sc.suppressionLimit = p.suppression;
        sc.metric = config.metric;
        sc.quality = config.quality;
        return sc;
    };
    // One grouping of every node answers a k-grid at every k and limit (suppressed rows are
    // the classes below k); other requirements run one search each on the shared dataset.
    std::vector<std::size_t> kOf;
    // (The shared grouping computes the class-size metrics, information and LM only.)
    bool shared = config.metric != Metric::KlDivergence && config.metric != Metric::Ambiguity &&
                  !attributeWiseMetric(config.metric);
    for (const FrontierPoint& p : out.points) {
        if (!shared) break;
        const CriterionSpec spec = parseCriterionSpec(p.criteria.front());
        shared = p.criteria.size() == 1 && spec.kind == CriterionKind::KAnonymity &&
                 spec.parameters[0] <= 100000;
        if (shared) kOf.push_back(std::size_t(spec.parameters[0]));
    }
    out.sharedGrouping = shared && !out.points.empty();
    if (out.sharedGrouping) {
        sharedKGrid(data, config, out.points, kOf, feedback);
    } else {
        // One search per point: each is its share of one progress, not a restart from 0.
        const double points = double(out.points.size());
        for (std::size_t i = 0; i < out.points.size(); ++i) {
            FrontierPoint& p = out.points[i];
            SearchConfig sc = pointConfig(p);
            sc.threads = config.threads;
            SubFeedback step(feedback, double(i) / points, double(i + 1) / points);
            const SearchResult r = search(data, sc, step.get());
            if (r.optimum) p.optimum = data.lattice().levels(*r.optimum);
        }
    }
    // The optimum's published classes give its metrics and risk, judged as it is published.
    for (FrontierPoint& p : out.points) {
        if (!p.optimum) continue;
        const NodeJudgement j = judgeNode(data, pointConfig(p), *p.optimum);
        p.metrics = j.metrics;
        p.utility = metricValue(j.metrics, config.metric, config.quality);
        // The released classes: with δ-presence (a RowSample, dataset.h) a class without a row
        // of the research subset is not released (releasedClassSizes, workspace_publish.h).
        std::vector<std::uint32_t> sizes;
        for (std::size_t c = 0; c < j.classes.count(); ++c)
            if ((j.suppressed.empty() || !j.suppressed[c]) && j.classes.sizes[c] > 0)
                sizes.push_back(j.classes.sizes[c]);
        p.risk = prosecutorRisk(sizes);
        switch (config.risk) {
            case FrontierRisk::Prosecutor:
                p.riskValue = p.risk.highest;
                break;
            case FrontierRisk::Journalist:
                p.riskValue = analyzeRisk(sizes, riskOptions).journalist->highest;
                break;
            case FrontierRisk::Marketer:
                p.riskValue = analyzeRisk(sizes, riskOptions).marketer;
                break;
        }
    }
    out.pareto = paretoFront(out.points);
    for (std::size_t i : out.pareto) out.points[i].pareto = true;
    out.elapsedMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

}  // namespace ldv
