// Input, output model and independent checks of the (τ,ℓ) algorithms (tau_recoding.h).
#include "ldiv/tau/tau_input.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_map>

#include "ldiv/data/error.h"
#include "ldiv/hierarchy/hierarchy.h"
#include "ldiv/lattice/class_partition.h"

namespace ldv {

namespace {

// In-order ranks of one QI's base codes: sort the base values by their ancestors from the
// top down, siblings in first-appearance order, so that values sharing a parent are adjacent
// (Tian & Zhang 2011 §5.1.2: "its position in the in-order traversal of taxonomy trees").
std::vector<std::uint32_t> inOrderRanks(const HierarchyMap& map, const Column& column,
                                        const Hierarchy* hierarchy) {
    const std::size_t n = column.domainSize();
    const int h = map.height();
    // order[level][code] = position of that level value's first appearance.
    std::vector<std::vector<std::size_t>> first(std::size_t(h) + 1);
    std::vector<std::size_t> baseRow(n);
    std::iota(baseRow.begin(), baseRow.end(), std::size_t(0));
    if (hierarchy && hierarchy->height() == h) {
        for (Code c = 0; c < n; ++c)
            for (std::size_t r = 0; r < hierarchy->baseCount(); ++r)
                if (hierarchy->value(r, 0) == column.value(c)) {
                    baseRow[c] = r;
                    break;
                }
    }
    for (int j = 0; j <= h; ++j) {
        auto& f = first[std::size_t(j)];
        f.assign(map.levelSize(j), std::numeric_limits<std::size_t>::max());
        for (Code c = 0; c < n; ++c) {
            auto& slot = f[map.map(c, j)];
            slot = std::min(slot, baseRow[c]);
        }
    }
    std::vector<Code> codes(n);
    std::iota(codes.begin(), codes.end(), Code(0));
    std::sort(codes.begin(), codes.end(), [&](Code a, Code b) {
        for (int j = h; j >= 0; --j) {
            const std::size_t fa = first[std::size_t(j)][map.map(a, j)];
            const std::size_t fb = first[std::size_t(j)][map.map(b, j)];
            if (fa != fb) return fa < fb;
        }
        return a < b;
    });
    std::vector<std::uint32_t> rank(n);
    for (std::size_t i = 0; i < n; ++i) rank[codes[i]] = std::uint32_t(i);
    return rank;
}

bool coversLeaf(const SensitiveTaxonomy& t, std::size_t node, std::uint32_t leaf) {
    for (int v = int(leaf); v != -1; v = t.parent(std::size_t(v)))
        if (std::size_t(v) == node) return true;
    return false;
}

}  // namespace

TauInput TauInput::make(const Dataset& data, SensitiveTaxonomy taxonomy, std::size_t sensitive,
                        const std::vector<Hierarchy>* hierarchies) {
    if (data.grouped())
        throw ParameterError(
            "(tau, l) algorithms recode rows one by one, but the data was loaded as groups "
            "(a database table or --stream)");
    if (sensitive >= data.sensitiveColumns().size())
        throw ParameterError("(tau, l) algorithms need a sensitive attribute (--sensitive COL)");
    TauInput in;
    in.data = &data;
    in.sensitive = sensitive;
    const Column& sa = data.table().column(data.sensitiveColumns()[sensitive]);
    if (taxonomy.baseCount() != sa.domainSize())
        throw ParameterError("the taxonomy of '" + sa.name() + "' has " +
                             std::to_string(taxonomy.baseCount()) + " base values, the data " +
                             std::to_string(sa.domainSize()));
    in.taxonomy = std::move(taxonomy);
    in.baseSa.assign(sa.codes().begin(), sa.codes().end());
    std::vector<std::uint32_t> counts(sa.domainSize(), 0);
    for (std::uint32_t c : in.baseSa) ++counts[c];
    in.weights = SensitiveTaxonomy::defaultWeights(counts);
    for (std::size_t i = 0; i < data.qiCount(); ++i) {
        const Hierarchy* h = hierarchies && i < hierarchies->size() ? &(*hierarchies)[i] : nullptr;
        in.qiRank.push_back(
            inOrderRanks(data.hierarchy(i), data.table().column(data.qiColumns()[i]), h));
    }
    return in;
}

const Column& TauInput::saColumn() const {
    return data->table().column(data->sensitiveColumns()[sensitive]);
}

LocalRecoding recodeNode(const TauInput& input, std::span<const int> levels) {
    const ClassPartition node = ClassPartition::ofNode(*input.data, levels);
    LocalRecoding out;
    out.classes.resize(node.count());
    for (std::size_t c = 0; c < node.count(); ++c) {
        out.classes[c].levels.assign(levels.begin(), levels.end());
        const auto key = node.classes.key(c);
        out.classes[c].codes.assign(key.begin(), key.end());
    }
    for (std::size_t r = 0; r < node.rowClass.size(); ++r)
        out.classes[node.rowClass[r]].rows.push_back(std::uint32_t(r));
    out.saNode = input.baseSa;
    return out;
}

std::vector<double> classFrequencies(const TauInput& input, const LocalRecoding& out,
                                     std::size_t cls) {
    std::vector<std::uint32_t> nodeCounts(input.taxonomy.nodeCount(), 0);
    for (std::uint32_t r : out.classes[cls].rows) ++nodeCounts[out.saNode[r]];
    std::vector<double> f;
    input.taxonomy.inducedFrequencies(nodeCounts, input.weights, f);
    return f;
}

TauCheck checkTau(const TauInput& input, const LocalRecoding& out, double tau, double l) {
    TauCheck check;
    const Dataset& data = *input.data;
    const std::size_t n = input.rowCount();
    auto fail = [&](std::string message) {
        if (check.valid) check.problem = std::move(message);
        check.valid = false;
    };
    if (out.empty()) return check;
    if (out.saNode.size() != n)
        fail("the output has " + std::to_string(out.saNode.size()) + " SA values for " +
             std::to_string(n) + " rows");
    std::vector<std::uint8_t> seen(n, 0);
    for (std::size_t c = 0; c < out.classes.size() && check.valid; ++c) {
        const RecodedClass& cls = out.classes[c];
        if (cls.rows.empty() || cls.levels.size() != data.qiCount() ||
            cls.codes.size() != data.qiCount())
            fail("class " + std::to_string(c) + " is empty or malformed");
        for (std::uint32_t r : cls.rows) {
            if (r >= n || seen[r]++) {
                fail("row " + std::to_string(r) + " is missing or in two classes");
                break;
            }
            for (std::size_t i = 0; i < data.qiCount(); ++i) {
                const Code base = data.table().column(data.qiColumns()[i]).code(r);
                if (data.hierarchy(i).map(base, cls.levels[i]) != cls.codes[i])
                    fail("row " + std::to_string(r) + " is not generalized by its class");
            }
            if (out.saNode[r] >= input.taxonomy.nodeCount() ||
                !coversLeaf(input.taxonomy, out.saNode[r], input.baseSa[r]))
                fail("the SA value of row " + std::to_string(r) + " does not cover its own");
        }
        if (check.valid && !tauHolds(classFrequencies(input, out, c), tau, l)) {
            if (check.failingClasses == 0)
                check.problem = "class " + std::to_string(c) + " fails (tau, l)";
            ++check.failingClasses;
        }
    }
    if (check.valid && std::count(seen.begin(), seen.end(), 0) > 0)
        fail("some rows are in no class");
    return check;
}

double excessiveProtection(const TauInput& input, const LocalRecoding& out, double tau, double l) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < out.classes.size(); ++c)
        best = std::min(best, excessiveProtection(classFrequencies(input, out, c), tau, l));
    return best;
}

double informationUtility(const TauInput& input, const LocalRecoding& out) {
    if (out.empty()) return 0;
    const Dataset& data = *input.data;
    double total = 0;
    for (const RecodedClass& cls : out.classes) {
        double qi = 0;
        // One domain for QIs and the SA: the base values that occur in the data (coverage,
        // as the taxonomy of tauInputOf and the search's `info` metric use).
        for (std::size_t i = 0; i < data.qiCount(); ++i)
            qi += 1.0 / double(data.hierarchy(i).coverage(cls.levels[i])[cls.codes[i]]);
        total += qi * double(cls.rows.size());
        for (std::uint32_t r : cls.rows) total += input.taxonomy.information(out.saNode[r]);
    }
    return utilityMeasure(total, input.rowCount(), data.qiCount() + 1);
}

std::size_t generalizedSaRows(const TauInput& input, const LocalRecoding& out) {
    std::size_t n = 0;
    for (std::uint32_t v : out.saNode) n += v >= input.taxonomy.baseCount();
    return n;
}

Table recodedTable(const TauInput& input, const LocalRecoding& out,
                   const std::vector<std::size_t>& dropColumns,
                   const std::vector<std::pair<std::size_t, Column>>& pseudonyms) {
    const Dataset& data = *input.data;
    const Table& source = data.table();
    const std::size_t n = input.rowCount();
    std::vector<std::uint32_t> rowClass(n, 0);
    for (std::size_t c = 0; c < out.classes.size(); ++c)
        for (std::uint32_t r : out.classes[c].rows) rowClass[r] = std::uint32_t(c);
    const std::size_t saCol = data.sensitiveColumns()[input.sensitive];
    std::vector<Column> columns;
    for (std::size_t col = 0; col < source.columnCount(); ++col) {
        if (std::find(dropColumns.begin(), dropColumns.end(), col) != dropColumns.end()) {
            const auto p = std::find_if(pseudonyms.begin(), pseudonyms.end(),
                                        [col](const auto& entry) { return entry.first == col; });
            if (p != pseudonyms.end()) columns.push_back(p->second);  // every row, in order
            continue;
        }
        Column column(source.column(col).name());
        column.reserve(n);
        const auto qi = std::find(data.qiColumns().begin(), data.qiColumns().end(), col);
        for (std::size_t r = 0; r < n; ++r) {
            if (qi != data.qiColumns().end()) {
                const std::size_t i = std::size_t(qi - data.qiColumns().begin());
                const RecodedClass& cls = out.classes[rowClass[r]];
                column.append(data.hierarchy(i).levelValue(cls.levels[i], cls.codes[i]));
            } else if (col == saCol) {
                column.append(input.taxonomy.label(out.saNode[r]));
            } else {
                column.append(source.value(r, col));
            }
        }
        columns.push_back(std::move(column));
    }
    return Table(std::move(columns));
}

}  // namespace ldv
