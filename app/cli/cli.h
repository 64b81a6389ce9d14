#pragma once
#include <iosfwd>
#include <string>

namespace ldv::cli {

/// Exit codes (a contract): 0 success, 1 usage error, 2 input error, 3 the requirement cannot
/// be met (no satisfying node, a failing node, a release that does not verify).
enum ExitCode { kSuccess = 0, kUsageError = 1, kInputError = 2, kRequirementNotMet = 3 };

/// `ldiv --version --json`: {"version": "X.Y.Z", "features": {"postgres": bool, ...}}.
std::string versionJson();

/// Runs `ldiv` with the given arguments, writing results to `out` and diagnostics to `err`.
int run(int argc, char** argv, std::ostream& out, std::ostream& err);

}  // namespace ldv::cli
