// Synthetic rows for scale tests (synth.h).
#include "ldiv/synth/synth.h"

#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "ldiv/data/error.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

void writeSyntheticRows(const Table& input, const SynthOptions& options, std::ostream& out,
                        Feedback* feedback) {
    const std::size_t n = input.rowCount(), m = input.columnCount();
    if (n == 0 || m == 0)
        throw ParameterError("synth needs a table with at least one row and column");
    if (!(options.resampleProbability >= 0 && options.resampleProbability <= 1))  // NaN too
        throw ParameterError("the resampling probability must lie in [0, 1]");
    // rowsWith[c][v]: input rows whose column c−1 has code v (the conditioning index for c).
    std::vector<std::vector<std::vector<std::uint32_t>>> rowsWith(m);
    for (std::size_t c = 1; c < m; ++c) {
        const Column& prev = input.column(c - 1);
        rowsWith[c].resize(prev.domainSize());
        for (std::size_t r = 0; r < n; ++r) rowsWith[c][prev.code(r)].push_back(std::uint32_t(r));
    }
    // Values are written pre-quoted once per dictionary entry.
    std::vector<std::vector<std::string>> text(m);
    for (std::size_t c = 0; c < m; ++c)
        for (const std::string& v : input.column(c).dictionary())
            text[c].push_back(csvField(v, options.separator));
    writeCsvRecord(out, input.columnNames(), options.separator);

    std::mt19937_64 rng(options.seed);
    std::uniform_int_distribution<std::size_t> anyRow(0, n - 1);
    std::bernoulli_distribution resample(options.resampleProbability);
    std::vector<Code> row(m);
    std::string line;
    for (std::uint64_t k = 0; k < options.rows; ++k) {
        if (feedback && (k & 0xFFFF) == 0) {
            feedback->checkCancelled();
            feedback->setProgress(double(k) / double(options.rows));
        }
        const std::size_t src = anyRow(rng);
        for (std::size_t c = 0; c < m; ++c) row[c] = input.column(c).code(src);
        for (std::size_t c = 1; c < m; ++c) {
            if (!resample(rng)) continue;
            const auto& pool = rowsWith[c][row[c - 1]];
            row[c] = input.column(c).code(
                pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)]);
        }
        line.clear();
        for (std::size_t c = 0; c < m; ++c) {
            if (c) line += options.separator;
            line += text[c][row[c]];
        }
        line += '\n';
        // A failed write (ENOSPC) fails every later one too: generating on is wasted work.
        if (!out.write(line.data(), std::streamsize(line.size()))) return;
    }
    if (feedback) feedback->setProgress(1.0);
}

std::uint64_t expectedSyntheticBytes(const Table& input, const SynthOptions& options) {
    const std::size_t n = input.rowCount(), m = input.columnCount();
    std::uint64_t header = 0, total = 0;
    for (const std::string& name : input.columnNames())
        header += csvField(name, options.separator).size() + 1;
    if (n == 0) return header;
    for (std::size_t c = 0; c < m; ++c) {
        const Column& column = input.column(c);
        std::vector<std::uint64_t> width;
        for (const std::string& v : column.dictionary())
            width.push_back(csvField(v, options.separator).size());
        for (std::size_t r = 0; r < n; ++r) total += width[column.code(r)] + 1;  // + sep or \n
    }
    // Mean row length × rows, in long double: 10^12 rows × a few hundred bytes overflows no
    // 64-bit count, but the product of two of them might.
    const long double bytes = (long double)total / (long double)n * (long double)options.rows;
    return bytes >= 1.8e19L ? UINT64_MAX : header + std::uint64_t(bytes);
}

}  // namespace ldv
