#include "ldiv/utility/output_on_input.h"

#include <unordered_map>

#include "ldiv/hierarchy/hierarchy.h"

namespace ldv {

std::optional<std::vector<std::pair<std::string, double>>> outputOnInput(const Distribution& input,
                                                                         const Distribution& output,
                                                                         const Hierarchy* hierarchy,
                                                                         std::optional<int> level) {
    std::unordered_map<std::string, std::size_t> position;
    for (std::size_t i = 0; i < input.size(); ++i) position.emplace(input[i].value, i);
    std::vector<std::pair<std::string, double>> out;
    for (const ValueCount& v : input) out.emplace_back(v.value, 0.0);
    const auto& rows = hierarchy ? hierarchy->rows() : std::vector<std::vector<std::string>>{};
    for (const ValueCount& label : output) {
        // The input values under the label: at the node's level, else the lowest level that
        // holds it.
        std::vector<std::size_t> under;
        const int height = hierarchy ? hierarchy->height() : 0;
        const int from = level ? *level : 0, to = level ? *level : height;
        for (int l = from; l <= to && under.empty(); ++l)
            for (const std::vector<std::string>& row : rows)
                if (std::size_t(l) < row.size() && row[std::size_t(l)] == label.value)
                    if (auto it = position.find(row.front()); it != position.end())
                        under.push_back(it->second);
        if (under.empty()) {
            const auto it = position.find(label.value);
            if (it == position.end()) return std::nullopt;
            under.push_back(it->second);
        }
        const double share = double(label.count) / double(under.size());
        for (std::size_t i : under) out[i].second += share;
    }
    return out;
}

}  // namespace ldv
