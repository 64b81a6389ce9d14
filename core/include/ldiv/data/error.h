#pragma once
// Error types shared by the engine. Every error that comes from user input names the
// place at fault (file, line, column, or attribute and value) so that the CLI and the
// workbench can show it verbatim.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace ldv {

/// Malformed input file or data that does not fit the configuration (exit code 2 in the CLI).
class InputError : public std::runtime_error {
public:
    /// `line` and `column` are 1-based; 0 means "not applicable".
    InputError(std::string file, std::size_t line, std::size_t column, const std::string& message);
    explicit InputError(const std::string& message);

    const std::string& file() const { return m_file; }
    std::size_t line() const { return m_line; }
    std::size_t column() const { return m_column; }
    /// The message without the "file:line:column: " prefix.
    const std::string& detail() const { return m_detail; }

private:
    std::string m_file;
    std::size_t m_line = 0;
    std::size_t m_column = 0;
    std::string m_detail;
};

/// An impossible or inconsistent parameter (exit code 1 in the CLI): says what is wrong and
/// what would be allowed.
class ParameterError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

/// Thrown by long jobs when their Feedback object was cancelled.
class Cancelled : public std::runtime_error {
public:
    Cancelled() : std::runtime_error("cancelled") {}
};

}  // namespace ldv
