// Invariant PRAM (transform/pram.h).
#include "ldiv/transform/pram.h"

#include <charconv>

#include "ldiv/criteria/criterion_spec.h"
#include "ldiv/data/error.h"
#include "ldiv/dp/safepub.h"

namespace ldv {

PramMatrix invariantPramMatrix(std::span<const std::uint64_t> counts,
                               std::vector<std::string> values, double p) {
    if (!(p > 0 && p <= 1))
        throw ParameterError("PRAM: the diagonal p = " + formatNumber(p) +
                             " is not allowed, p must be in (0, 1]");
    const std::size_t m = counts.size();
    PramMatrix out;
    out.values = std::move(values);
    out.cells.assign(m * m, 0.0);
    double total = 0;
    for (std::uint64_t c : counts) total += double(c);
    // Only the categories that occur take part: a value nobody has cannot be published
    // without changing the marginal.
    std::vector<std::size_t> present;
    for (std::size_t i = 0; i < m; ++i)
        if (counts[i] > 0) present.push_back(i);
    for (std::size_t i = 0; i < m; ++i)
        if (counts[i] == 0) out.cells[i * m + i] = 1.0;
    const std::size_t K = present.size();
    if (K == 0) return out;
    if (K == 1) {
        out.cells[present[0] * m + present[0]] = 1.0;
        return out;
    }
    const double off = (1.0 - p) / double(K - 1);
    const auto base = [&](std::size_t a, std::size_t b) { return a == b ? p : off; };
    std::vector<double> pi(K);
    for (std::size_t a = 0; a < K; ++a) pi[a] = double(counts[present[a]]) / total;
    // Q: q_kj = p_jk π_j / Σ_l p_lk π_l (the reverse chain of P under π).
    std::vector<double> q(K * K);
    for (std::size_t k = 0; k < K; ++k) {
        double s = 0;
        for (std::size_t l = 0; l < K; ++l) s += base(l, k) * pi[l];
        for (std::size_t j = 0; j < K; ++j) q[k * K + j] = base(j, k) * pi[j] / s;
    }
    for (std::size_t a = 0; a < K; ++a)
        for (std::size_t b = 0; b < K; ++b) {
            double r = 0;
            for (std::size_t k = 0; k < K; ++k) r += base(a, k) * q[k * K + b];
            out.cells[present[a] * m + present[b]] = r;
        }
    return out;
}

std::vector<double> pramStationaryCheck(const PramMatrix& matrix,
                                        std::span<const std::uint64_t> counts) {
    const std::size_t m = matrix.values.size();
    double total = 0;
    for (std::uint64_t c : counts) total += double(c);
    std::vector<double> out(m, 0.0);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < m; ++j) out[j] += double(counts[i]) / total * matrix.at(i, j);
    return out;
}

std::vector<std::uint32_t> pramCodes(std::span<const std::uint32_t> codes, const PramMatrix& matrix,
                                     RandomSource& rng) {
    const std::size_t m = matrix.values.size();
    std::vector<std::uint32_t> out;
    out.reserve(codes.size());
    for (std::uint32_t code : codes) {
        const double u = rng.uniform();
        double cumulative = 0;
        std::uint32_t to = code;  // u within rounding of 1 keeps the value
        for (std::size_t j = 0; j < m; ++j) {
            cumulative += matrix.at(code, j);
            if (u < cumulative) {
                to = std::uint32_t(j);
                break;
            }
        }
        out.push_back(to);
    }
    return out;
}

PramMatrix pramColumn(Table& table, std::size_t column, double p, RandomSource& rng) {
    const Column& in = table.column(column);
    std::vector<std::uint64_t> counts(in.domainSize(), 0);
    for (Code c : in.codes()) ++counts[c];
    PramMatrix matrix = invariantPramMatrix(counts, in.dictionary(), p);
    const std::vector<std::uint32_t> codes(in.codes().begin(), in.codes().end());
    const std::vector<std::uint32_t> drawn = pramCodes(codes, matrix, rng);
    Column out(in.name());
    out.setType(in.type());
    for (const std::string& v : in.dictionary()) out.intern(v);
    out.reserve(drawn.size());
    for (std::uint32_t c : drawn) out.appendCode(c);
    table.column(column) = std::move(out);
    return matrix;
}

std::string formatPramMatrixCsv(const PramMatrix& matrix, char separator) {
    const auto quoted = [separator](const std::string& s) {
        if (s.find_first_of(std::string("\"\r\n") + separator) == std::string::npos) return s;
        std::string q = "\"";
        for (char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
        return q + "\"";
    };
    std::string out = "from";
    for (const std::string& v : matrix.values) out += separator + quoted(v);
    out += "\n";
    for (std::size_t i = 0; i < matrix.values.size(); ++i) {
        out += quoted(matrix.values[i]);
        for (std::size_t j = 0; j < matrix.values.size(); ++j) {
            char buffer[32];
            const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, matrix.at(i, j));
            out += separator + std::string(buffer, ec == std::errc() ? end : buffer);
        }
        out += "\n";
    }
    return out;
}

}  // namespace ldv
