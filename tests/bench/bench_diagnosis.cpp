// Benchmark of anonymity diagnosis (the privacy-diagnosis paper; not a test): the "for which S and
// k" question (the privacy-diagnosis paper §4.1 question 4, and question 8 with δ = 0.1) and the
// "at most k = 1" dual of question 3 (the minimal sets that single out a row), on Adult's 9
// attributes and on a synthetic table with many attributes. Prints median and spread of `runs`
// runs.
//   bench_diagnosis ADULT.csv [runs] [synthetic-attributes] [synthetic-rows]
#include <algorithm>
#include <cstdio>
#include <random>
#include <string>

#include "ldiv/diagnosis/diagnosis_result.h"
#include "ldiv/io/csv_table_reader.h"

using namespace ldv;

namespace {

// Columns driven by a skewed latent "profile" plus noise, with domains from 2 to 60: like
// survey data, combinations are neither all unique nor all common.
Table synthetic(std::size_t attributes, std::size_t rows) {
    std::mt19937 rng(2024);
    std::vector<std::size_t> profile(rows);
    std::geometric_distribution<std::size_t> zipfish(0.02);
    for (auto& p : profile) p = zipfish(rng);
    const std::size_t domains[] = {2, 3, 4, 5, 7, 9, 12, 16, 24, 60};
    std::vector<Column> columns;
    for (std::size_t a = 0; a < attributes; ++a) {
        Column c("s" + std::to_string(a));
        const std::size_t d = domains[a % std::size(domains)];
        for (std::size_t r = 0; r < rows; ++r) {
            const std::size_t v = rng() % 10 < 7 ? (profile[r] * (a + 3) / 5) % d : rng() % d;
            c.append(std::to_string(v));
        }
        columns.push_back(std::move(c));
    }
    return Table(std::move(columns));
}

void bench(const char* name, const Table& t, const DiagnosisQuery& q, int runs) {
    std::vector<std::size_t> cols(t.columnCount());
    for (std::size_t i = 0; i < cols.size(); ++i) cols[i] = i;
    std::vector<double> ms;
    DiagnosisResult r;
    for (int i = 0; i < runs; ++i) {
        r = diagnose(t, cols, q);
        ms.push_back(r.elapsedMs);
    }
    std::sort(ms.begin(), ms.end());
    std::printf(
        "%-34s |R|=%2zu rows=%6zu  median %9.2f ms (min %9.2f, max %9.2f)  calls %8llu of %llu  "
        "%.3f ms/call  answers %zu\n",
        name, t.columnCount(), t.rowCount(), ms[ms.size() / 2], ms.front(), ms.back(),
        static_cast<unsigned long long>(r.calls), static_cast<unsigned long long>(r.naiveCalls),
        ms[ms.size() / 2] / static_cast<double>(std::max<std::uint64_t>(r.calls, 1)),
        r.answers.size());
}

DiagnosisQuery query(int question, bool compact, std::optional<std::size_t> k = {},
                     std::optional<double> delta = {}, Bound bound = Bound::AtLeast) {
    DiagnosisQuery q;
    q.question = question;
    q.compact = compact;
    q.k = k;
    q.delta = delta;
    q.bound = bound;
    return q;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string adultPath = argc > 1 ? argv[1] : "resources/examples/adult/adult.csv";
    const int runs = argc > 2 ? std::max(1, std::stoi(argv[2])) : 7;
    const std::size_t attributes = argc > 3 ? std::stoul(argv[3]) : 24;
    const std::size_t rows = argc > 4 ? std::stoul(argv[4]) : 30162;
    CsvOptions csv;
    csv.separator = ';';
    const Table adult = readCsv(adultPath, csv);
    bench("adult Q4 (all S, k), listed", adult, query(4, false), runs);
    bench("adult Q8 (all S, k) delta=0.1", adult, query(8, false, {}, 0.1), runs);
    bench("adult Q3 at most k=1 (risky sets)", adult, query(3, false, 1, {}, Bound::AtMost), runs);
    bench("adult Q12 (all S, delta, k)", adult, query(12, false), runs);
    const Table syn = synthetic(attributes, rows);
    bench("synthetic Q4 (all S, k), compact", syn, query(4, true), runs);
    bench("synthetic Q3 at most k=1 (risky)", syn, query(3, true, 1, {}, Bound::AtMost), runs);
    bench("synthetic Q3 at least k=5", syn, query(3, true, 5), runs);
    return 0;
}
