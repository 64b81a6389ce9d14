#include "ldiv/lattice/generalize.h"

#include <algorithm>

namespace ldv {

Table generalizeTable(const Dataset& data, std::span<const int> levels,
                      const std::vector<std::size_t>& identifying,
                      const GeneralizeOptions& options) {
    const Table& in = data.table();
    std::vector<bool> suppressed(in.rowCount(), false);
    for (std::uint32_t r : options.suppressedRows) suppressed[r] = true;
    // A row is written unless it is left out of the release or removed as suppressed.
    std::vector<bool> written(in.rowCount(), true);
    for (std::size_t r = 0; r < in.rowCount(); ++r)
        written[r] = !(suppressed[r] && !options.maskSuppressed) &&
                     (options.leftOut.empty() || !options.leftOut[r]);
    std::vector<Column> out;
    for (std::size_t c = 0; c < in.columnCount(); ++c) {
        if (std::find(identifying.begin(), identifying.end(), c) != identifying.end()) {
            const auto p = std::find_if(options.pseudonyms.begin(), options.pseudonyms.end(),
                                        [c](const auto& entry) { return entry.first == c; });
            if (p == options.pseudonyms.end()) continue;
            Column col(p->second.name());
            for (std::size_t r = 0; r < in.rowCount(); ++r)
                if (written[r]) col.appendCode(col.intern(p->second.value(p->second.code(r))));
            out.push_back(std::move(col));
            continue;
        }
        if (std::find(options.dropColumns.begin(), options.dropColumns.end(), c) !=
            options.dropColumns.end())
            continue;
        const Column& src = in.column(c);
        Column col(src.name());
        col.reserve(in.rowCount());
        const auto qi = std::find(data.qiColumns().begin(), data.qiColumns().end(), c);
        // Translate codes once per dictionary entry, not once per row.
        std::vector<Code> translate(src.domainSize());
        Code masked = 0;
        if (qi != data.qiColumns().end()) {
            const std::size_t i = std::size_t(qi - data.qiColumns().begin());
            const HierarchyMap& h = data.hierarchy(i);
            for (Code v = 0; v < src.domainSize(); ++v)
                translate[v] = col.intern(h.levelValue(levels[i], h.map(v, levels[i])));
            if (options.maskSuppressed) masked = col.intern(options.suppressedToken);
            col.setType(levels[i] == 0 ? src.type() : ColumnType::Text);
        } else {
            for (Code v = 0; v < src.domainSize(); ++v) translate[v] = col.intern(src.value(v));
            col.setType(src.type());
        }
        const bool isQi = qi != data.qiColumns().end();
        for (std::size_t r = 0; r < in.rowCount(); ++r) {
            if (!written[r]) continue;
            col.appendCode(suppressed[r] && isQi ? masked : translate[src.code(r)]);
        }
        out.push_back(std::move(col));
    }
    return Table(std::move(out));
}

}  // namespace ldv
