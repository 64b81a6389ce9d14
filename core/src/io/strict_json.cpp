#include "io/strict_json.h"

#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "ldiv/data/error.h"

namespace ldv::detail {
namespace {

using nlohmann::json;

// The line and column (1-based) of byte `offset` of `text`.
std::pair<std::size_t, std::size_t> lineAndColumn(const std::string& text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

// Where the `occurrence`-th (0-based) appearance of "key" followed by a colon starts: the
// parser's callback knows the key but not its position, and the text is small.
std::size_t keyOffset(const std::string& text, const std::string& key, std::size_t occurrence) {
    const std::string quoted = json(key).dump();
    std::size_t found = 0;
    for (std::size_t p = text.find(quoted); p != std::string::npos; p = text.find(quoted, p + 1)) {
        std::size_t q = p + quoted.size();
        while (q < text.size() &&
               (text[q] == ' ' || text[q] == '\t' || text[q] == '\n' || text[q] == '\r'))
            ++q;
        if (q < text.size() && text[q] == ':' && found++ == occurrence) return p;
    }
    return std::string::npos;
}

struct Fault {
    std::string what;
    std::string key;
    std::size_t occurrence = 0;
};

}  // namespace

json parseStrictJson(const std::string& text, const std::string& source) {
    std::vector<std::set<std::string>> open;      // the keys seen in each enclosing object
    std::map<std::string, std::size_t> keysSeen;  // every key's count so far, for its position
    Fault fault;
    auto check = [&](int, json::parse_event_t event, json& parsed) {
        if (!fault.what.empty()) return true;
        switch (event) {
            case json::parse_event_t::object_start:
                open.emplace_back();
                break;
            case json::parse_event_t::object_end:
                if (!open.empty()) open.pop_back();
                break;
            case json::parse_event_t::key: {
                const std::string key = parsed.get<std::string>();
                const std::size_t occurrence = keysSeen[key]++;
                if (key.find('\0') != std::string::npos)
                    fault = {"a key contains a NUL character (\\u0000)", key, occurrence};
                else if (!open.empty() && !open.back().insert(key).second)
                    fault = {"the key \"" + key + "\" appears twice in the same object", key,
                             occurrence};
                break;
            }
            case json::parse_event_t::value:
                if (parsed.is_string() &&
                    parsed.get_ref<const std::string&>().find('\0') != std::string::npos)
                    fault = {
                        "a string contains a NUL character (\\u0000), which would cut a "
                        "name or path short",
                        {},
                        0};
                break;
            default:
                break;
        }
        return true;
    };
    json j;
    try {
        j = json::parse(text, check);
    } catch (const json::parse_error& e) {
        const auto [line, column] = lineAndColumn(text, e.byte > 0 ? e.byte - 1 : 0);
        std::string what = e.what();
        const auto pos = what.find("parse error");
        throw InputError(source, line, column,
                         "malformed JSON: " + (pos == std::string::npos ? what : what.substr(pos)));
    } catch (const json::out_of_range& e) {
        // A number beyond double's range ("version": 1e999) is not a parse_error to nlohmann
        // but out_of_range 406, without a position.
        std::string what = e.what();
        const auto pos = what.find("] ");
        throw InputError(
            source, 0, 0,
            "malformed JSON: " + (pos == std::string::npos ? what : what.substr(pos + 2)));
    }
    if (!fault.what.empty()) {
        std::size_t line = 0, column = 0;
        if (!fault.key.empty()) {
            const std::size_t at = keyOffset(text, fault.key, fault.occurrence);
            if (at != std::string::npos) std::tie(line, column) = lineAndColumn(text, at);
        }
        throw InputError(source, line, column, fault.what);
    }
    return j;
}

}  // namespace ldv::detail
