#include "ldiv/data/table_difference.h"

namespace ldv {

std::string tableDifference(const Table& a, const Table& b, bool ignoreNames) {
    if (a.columnCount() != b.columnCount() || a.rowCount() != b.rowCount())
        return "shape " + std::to_string(a.rowCount()) + "x" + std::to_string(a.columnCount()) +
               " vs " + std::to_string(b.rowCount()) + "x" + std::to_string(b.columnCount());
    for (std::size_t c = 0; c < a.columnCount(); ++c) {
        const Column& x = a.column(c);
        const Column& y = b.column(c);
        if (!ignoreNames && x.name() != y.name())
            return "column " + std::to_string(c + 1) + ": " + x.name() + " vs " + y.name();
        if (x.type() != y.type())
            return "column " + x.name() + ": type " + std::string(toString(x.type())) + " vs " +
                   std::string(toString(y.type()));
        if (x.missingCount() != y.missingCount())
            return "column " + x.name() + ": missing " + std::to_string(x.missingCount()) + " vs " +
                   std::to_string(y.missingCount());
        if (x.dictionary() != y.dictionary()) return "column " + x.name() + ": dictionaries differ";
        if (x.normalizedCount() != y.normalizedCount() ||
            x.normalizedExample() != y.normalizedExample())
            return "column " + x.name() + ": spellings read as their NFC form differ";
        for (std::size_t r = 0; r < a.rowCount(); ++r)
            if (x.code(r) != y.code(r))
                return "column " + x.name() + ", row " + std::to_string(r + 1) + ": '" +
                       x.value(x.code(r)) + "' vs '" + y.value(y.code(r)) + "'";
    }
    return {};
}

}  // namespace ldv
