// The workbench's entry to the core's natural order (ldiv/hierarchy/natural_order.h): one order
// for the editor's lists and the ordered builder's default, whichever front end builds it.
#include "hierarchy/naturalorder.h"

#include "ldiv/hierarchy/natural_order.h"

namespace ldv::ui::naturalorder {

bool less(const QString& a, const QString& b) {
    return naturalLess(a.toStdString(), b.toStdString());
}

bool less(const std::string& a, const std::string& b) {
    return naturalLess(a, b);
}

void sort(QStringList& values) {
    std::vector<std::string> v;
    v.reserve(std::size_t(values.size()));
    for (const QString& s : values) v.push_back(s.toStdString());
    naturalSort(v);
    for (qsizetype i = 0; i < values.size(); ++i)
        values[i] = QString::fromStdString(v[std::size_t(i)]);
}

void sort(std::vector<std::string>& values) {
    naturalSort(values);
}

}  // namespace ldv::ui::naturalorder
