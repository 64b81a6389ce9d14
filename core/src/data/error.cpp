#include "ldiv/data/error.h"

namespace ldv {
namespace {
std::string locate(const std::string& file, std::size_t line, std::size_t column,
                   const std::string& message) {
    std::string where = file;
    if (line > 0) {
        where += ":" + std::to_string(line);
        if (column > 0) where += ":" + std::to_string(column);
    }
    return where.empty() ? message : where + ": " + message;
}
}  // namespace

InputError::InputError(std::string file, std::size_t line, std::size_t column,
                       const std::string& message)
    : std::runtime_error(locate(file, line, column, message)),
      m_file(std::move(file)),
      m_line(line),
      m_column(column),
      m_detail(message) {}

InputError::InputError(const std::string& message)
    : std::runtime_error(message), m_detail(message) {}

}  // namespace ldv
