#include "ldiv/hierarchy/hierarchy_spec.h"

#include "ldiv/hierarchy/natural_order.h"

#include <algorithm>
#include <sstream>

#include "data/text_util.h"
#include "data/type_inference.h"
#include "ldiv/data/error.h"
#include "ldiv/data/table.h"
#include "ldiv/hierarchy/hierarchy_builders.h"
#include "ldiv/io/csv_table_reader.h"

namespace ldv {

namespace {

using Kind = HierarchySpec::Kind;

struct KindName {
    Kind kind;
    const char* name;
};
constexpr KindName kKinds[] = {{Kind::Intervals, "intervals"},  {Kind::Masking, "mask"},
                               {Kind::Dates, "dates"},          {Kind::OrderedGrouping, "ordered"},
                               {Kind::Suppression, "suppress"}, {Kind::Taxonomy, "taxonomy"},
                               {Kind::Identity, "identity"}};

std::vector<double> numbersOf(const std::string& list, const std::string& spec) {
    std::vector<double> out;
    std::stringstream in(list);
    std::string part;
    while (std::getline(in, part, ',')) {
        if (!detail::looksDecimal(part))
            throw ParameterError("hierarchy builder '" + spec + "': '" + part +
                                 "' is not a number");
        out.push_back(std::stod(part));
    }
    return out;
}

std::string numberList(const std::vector<double>& values) {
    std::string out;
    for (double v : values) out += (out.empty() ? "" : ",") + detail::shortNumber(v);
    return out;
}

}  // namespace

std::optional<HierarchySpec> parseHierarchySpec(const std::string& text) {
    const auto colon = text.find(':');
    const std::string name = text.substr(0, colon);
    const std::string args = colon == std::string::npos ? "" : text.substr(colon + 1);
    const auto known = std::find_if(std::begin(kKinds), std::end(kKinds),
                                    [&](const KindName& k) { return name == k.name; });
    if (known == std::end(kKinds)) return std::nullopt;
    HierarchySpec s;
    s.kind = known->kind;
    switch (s.kind) {
        case Kind::Intervals: {
            std::stringstream in(args);
            std::string part;
            std::getline(in, part, ';');
            s.widths = numbersOf(part, text);
            while (std::getline(in, part, ';')) {
                const auto eq = part.find('=');
                const std::string key = part.substr(0, eq);
                const std::vector<double> v =
                    numbersOf(eq == std::string::npos ? "" : part.substr(eq + 1), text);
                if (v.size() != 1 || (key != "bottom" && key != "top" && key != "origin"))
                    throw ParameterError("hierarchy builder '" + text + "': unknown option '" +
                                         part + "' (bottom=B, top=T, origin=O)");
                if (key == "bottom")
                    s.bottom = v.front();
                else if (key == "top")
                    s.top = v.front();
                else
                    s.origin = v.front();
            }
            break;
        }
        case Kind::Masking:
            if (!args.empty())
                for (double d : numbersOf(args, text)) s.maskSteps.push_back(int(d));
            break;
        case Kind::OrderedGrouping:
            for (double d : numbersOf(args, text)) s.groupSizes.push_back(std::size_t(d));
            break;
        case Kind::Taxonomy:
            s.taxonomyFile = args;
            break;
        case Kind::Identity:
            // "identity:x" is a file name that starts like a builder, not the builder.
            if (!args.empty()) return std::nullopt;
            break;
        case Kind::Dates:
        case Kind::Suppression:
            break;
    }
    return s;
}

std::optional<std::string> formatHierarchySpec(const HierarchySpec& s) {
    if (!s.order.empty() || !s.edges.empty() || s.topValue != "*") return std::nullopt;
    std::string out;
    for (const KindName& k : kKinds)
        if (k.kind == s.kind) out = k.name;
    switch (s.kind) {
        case Kind::Intervals:
            out += ":" + numberList(s.widths);
            if (s.bottom) out += ";bottom=" + detail::shortNumber(*s.bottom);
            if (s.top) out += ";top=" + detail::shortNumber(*s.top);
            if (s.origin != 0) out += ";origin=" + detail::shortNumber(s.origin);
            break;
        case Kind::Masking:
            if (!s.maskSteps.empty())
                out +=
                    ":" + numberList(std::vector<double>(s.maskSteps.begin(), s.maskSteps.end()));
            break;
        case Kind::OrderedGrouping:
            out += ":" + numberList(std::vector<double>(s.groupSizes.begin(), s.groupSizes.end()));
            break;
        case Kind::Taxonomy:
            out += ":" + s.taxonomyFile;
            break;
        case Kind::Dates:
        case Kind::Suppression:
        case Kind::Identity:
            break;
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> parseTaxonomyEdges(const std::string& text,
                                                                    const std::string& sourceName,
                                                                    char separator) {
    std::vector<std::pair<std::string, std::string>> edges;
    const auto records = parseCsvRecords(text, sourceName, separator);
    bool first = true;
    for (std::size_t r = 0; r < records.size(); ++r) {
        if (records[r].empty() || (records[r].size() == 1 && records[r][0].empty())) continue;
        // An optional header row, as a taxonomy file written by hand or a spreadsheet has.
        const bool header = first && records[r].size() == 2 && records[r][0] == "parent" &&
                            records[r][1] == "child";
        first = false;
        if (header) continue;
        if (records[r].size() != 2)
            throw InputError(sourceName, r + 1, 1,
                             "a taxonomy row needs two fields: parent, child");
        edges.emplace_back(records[r][0], records[r][1]);
    }
    return edges;
}

Hierarchy buildHierarchy(const HierarchySpec& s, const Column& column,
                         const std::vector<std::string>& missingTokens,
                         const std::string& baseDir) {
    // Builders over ordered values leave missing values out and put them at the top level:
    // "?" is neither a number nor a date, and has no place in an order.
    const bool skipMissing =
        s.kind == Kind::Intervals || s.kind == Kind::Dates || s.kind == Kind::OrderedGrouping;
    auto isMissing = [&](const std::string& v) {
        return std::find(missingTokens.begin(), missingTokens.end(), v) != missingTokens.end();
    };
    std::vector<std::string> values, missing;
    for (const std::string& v : column.dictionary())
        (skipMissing && isMissing(v) ? missing : values).push_back(v);
    const std::string top = s.topValue.empty() ? "*" : s.topValue;
    Hierarchy h;
    switch (s.kind) {
        case Kind::Intervals: {
            if (s.widths.empty())
                throw ParameterError("interval widths: give at least one width, e.g. 5,10,20");
            IntervalOptions o;
            o.widths = s.widths;
            o.origin = s.origin;
            o.bottom = s.bottom;
            o.top = s.top;
            o.integerLabels = column.type() == ColumnType::Integer;
            o.topValue = top;
            h = buildIntervals(values, o);
            break;
        }
        case Kind::Masking:
            h = buildMasking(values, s.maskSteps);
            break;
        case Kind::Dates:
            h = buildDates(values, top);
            break;
        case Kind::OrderedGrouping: {
            std::vector<std::string> ordered;
            for (const std::string& v : s.order)
                if (!isMissing(v)) ordered.push_back(v);
            if (ordered.empty()) {
                // Natural order (numbers numerically, months in calendar order, …), as the
                // workbench's editor lists them: one default whichever front end builds it.
                ordered = values;
                naturalSort(ordered);
            }
            h = buildOrderedGrouping(ordered, s.groupSizes, top);
            break;
        }
        case Kind::Suppression:
            h = buildSuppression(values, top);
            break;
        case Kind::Identity:
            h = Hierarchy::identity(values);  // a QI that is kept as it is, on purpose
            break;
        case Kind::Taxonomy: {
            if (s.taxonomyFile.empty()) {
                h = buildTaxonomy(s.edges, values);
                break;
            }
            std::string path = s.taxonomyFile;
            if (!baseDir.empty() && path.front() != '/') path = baseDir + "/" + path;
            const auto edges = parseTaxonomyEdges(readFileText(path), path, 0);
            try {
                h = buildTaxonomy(edges, values);
            } catch (const ParameterError& e) {
                throw InputError(path, 0, 0, e.what());
            }
            break;
        }
    }
    if (!h.empty() && !missing.empty()) {
        const std::string root = h.rows().front().back();
        for (const std::string& m : missing) {
            std::vector<std::string> row(std::size_t(h.height()) + 1, root);
            row.front() = m;
            h.rows().push_back(std::move(row));
        }
    }
    if (auto text = formatHierarchySpec(s)) h.setSource(*text);
    return h;
}

std::optional<Hierarchy> buildFromSpec(const std::string& text, const Column& column,
                                       const std::string& baseDir,
                                       const std::vector<std::string>& missingTokens) {
    const auto spec = parseHierarchySpec(text);
    if (!spec) return std::nullopt;
    Hierarchy h = buildHierarchy(*spec, column, missingTokens, baseDir);
    h.setSource(text);
    return h;
}

}  // namespace ldv
