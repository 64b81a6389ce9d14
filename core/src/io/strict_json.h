#pragma once
// JSON read strictly, for the files a user is handed (project files, release records): a
// malformed text, a key given twice in one object (nlohmann would keep the last silently, so
// a file could say one thing to a reader and another to ldiv) or a NUL character in a key or
// string (a path would be cut at it) is an InputError naming the file, line and column.
#include <nlohmann/json.hpp>
#include <string>

namespace ldv::detail {

nlohmann::json parseStrictJson(const std::string& text, const std::string& source);

}  // namespace ldv::detail
