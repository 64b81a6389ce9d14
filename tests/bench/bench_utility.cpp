// Benchmark of issue 33 (not a test; run on a Release build):
//   bench_utility RESOURCES_DIR [runs]
// `ldiv utility` of a node without classification on Adult (30,162 rows), medians of `runs`
// (default 9): publishing the node (publishNode: judged with k=5, entropy-l=3 and 2 %
// suppression as adult.ldiv.json, suppressed rows removed) and comparing every QI and the
// sensitive attribute, input against output, with two contingency tables.
//  - 8 QI (adult.ldiv.json's 7 and salary-class), sensitive occupation, node 1,2,1,1,2,1,1,0;
//  - the project file adult.ldiv.json itself (7 QI), node 1,2,1,1,2,1,1;
//  - classification of salary-class (`--target salary-class`, 5 folds, seed 0) on 8 QI
//    (the project's 7 and occupation), k=5 with 2 % suppression, node 1,2,1,1,2,1,1,1: the
//    whole report with three models, and 5-fold logistic regression alone on input and
//    output (the bound: 2 s).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>

#include "adult_workspace.h"
#include "bench_timing.h"
#include "ldiv/project/workspace.h"
#include "ldiv/project/workspace_publish.h"
#include "ldiv/utility/utility_report.h"
#include "ldiv/workflow/requirement.h"

using namespace ldv;
using ldv::bench::Clock;
using ldv::bench::median;

namespace {

void measure(const char* what, const Workspace& ws, const std::vector<int>& node, int runs) {
    SearchSettings settings = ws.config().search;
    settings.criteria = {"k=5", "entropy-l=3"};
    settings.suppressionLimit = 0.02;
    const Requirement requirement = prepareRequirement(ws, settings);
    UtilityRequest request;
    request.pairs = {{"sex", "occupation"}, {"education", "marital-status"}};
    std::vector<double> ms;
    UtilityReport report;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        report = nodeUtility(ws, requirement.config, node, request);
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::printf(
        "%s: utility of the node (%zu attributes, 2 pairs; %zu output rows, %zu suppressed): "
        "%.2f ms (median of %d)\n",
        what, report.attributes.size(), report.outputRows, report.suppressedRows, median(ms), runs);
}

void measureClassification(const Workspace& ws, const std::vector<int>& node, int runs) {
    SearchSettings settings = ws.config().search;
    settings.criteria = {"k=5"};
    settings.suppressionLimit = 0.02;
    const Requirement requirement = prepareRequirement(ws, settings);
    UtilityRequest request;
    request.attributes = {"salary-class"};
    request.target = "salary-class";
    std::vector<double> whole, logistic;
    UtilityReport report;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        report = nodeUtility(ws, requirement.config, node, request);
        whole.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    // Logistic regression alone: the input's codes, and the output's labels as the report
    // trained on them (both 30,162 rows; suppressed rows all "*").
    const PublishedNode published = publishNode(ws, requirement.config, node);
    const Table& in = ws.table();
    auto side = [&](bool output) {
        FeatureTable t;
        std::size_t p = 0;
        for (const std::string& q : ws.qiNames()) {
            const Column& c = in.column(*in.columnIndex(q));
            const Column& o = published.table.column(*published.table.columnIndex(q));
            std::map<std::string, std::uint32_t> codes;
            std::vector<std::string> labels;
            p = 0;
            for (std::size_t r = 0; r < in.rowCount(); ++r) {
                const bool kept = published.rowPublished[r];
                labels.push_back(!output ? c.value(c.code(r)) : kept ? o.value(o.code(p)) : "*");
                p += kept;
            }
            for (const std::string& l : labels) codes.emplace(l, 0);
            std::uint32_t next = 0;
            for (auto& [l, code] : codes) code = next++;
            t.columns.emplace_back();
            for (const std::string& l : labels) t.columns.back().push_back(codes[l]);
            t.domains.push_back(next);
        }
        const Column& target = in.column(*in.columnIndex("salary-class"));
        for (std::size_t r = 0; r < in.rowCount(); ++r) t.labels.push_back(target.code(r));
        t.classes = std::uint32_t(target.domainSize());
        return t;
    };
    const FeatureTable input = side(false), output = side(true);
    const std::vector<std::uint32_t> folds = foldAssignment(in.rowCount(), 5, 0);
    // CPU time too: on shared cores the wall clock mostly measures the other processes.
    std::vector<double> cpu;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        const std::clock_t cpuStart = std::clock();
        crossValidate(input, ClassifierKind::Logistic, folds, 5);
        crossValidate(output, ClassifierKind::Logistic, folds, 5);
        cpu.push_back(1000.0 * double(std::clock() - cpuStart) / CLOCKS_PER_SEC);
        logistic.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    const ClassificationReport& c = *report.classification;
    std::printf(
        "Adult, 8 QI, classification of salary-class, node 1,2,1,1,2,1,1,1 (%zu "
        "suppressed): baseline %.4f",
        c.suppressedRows, c.baseline);
    for (const ModelAccuracy& m : c.models)
        std::printf(", %s %.4f → %.4f", m.model.c_str(), m.inputAccuracy, m.outputAccuracy);
    std::printf(
        "\n  whole report %.0f ms, 5-fold logistic on input and output %.0f ms "
        "(CPU time of all threads %.0f ms; medians of %d)\n",
        median(whole), median(logistic), median(cpu), runs);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: bench_utility RESOURCES_DIR [runs]\n");
        return 1;
    }
    const std::string dir = std::string(argv[1]) + "/examples/adult/";
    const int runs = argc > 2 ? std::stoi(argv[2]) : 9;

    const std::vector<std::string> qi{
        "sex",       "age",         "race", "marital-status", "education", "native-country",
        "workclass", "salary-class"};
    const auto eight = test::adultWorkspace(dir, qi, "occupation");
    measure("Adult, 8 QI, sensitive occupation, node 1,2,1,1,2,1,1,0", *eight,
            {1, 2, 1, 1, 2, 1, 1, 0}, runs);

    const Workspace project(loadProject(dir + "adult.ldiv.json"), dir);
    measure("adult.ldiv.json (7 QI), node 1,2,1,1,2,1,1", project, {1, 2, 1, 1, 2, 1, 1}, runs);

    const std::vector<std::string> withOccupation{
        "sex",       "age",       "race", "marital-status", "education", "native-country",
        "workclass", "occupation"};
    const auto classification = test::adultWorkspace(dir, withOccupation, "salary-class");
    measureClassification(*classification, {1, 2, 1, 1, 2, 1, 1, 1}, argc > 2 ? runs : 5);
    return 0;
}
