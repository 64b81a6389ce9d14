#!/usr/bin/env bash
# clang-format (.clang-format) on every tracked C++ file.
#   scripts/check-format.sh          fails listing the files that differ (CI)
#   scripts/check-format.sh --fix    formats them in place (one mechanical commit)
# Include order is part of the style: each block of includes sorted, blocks kept as written
# (IncludeBlocks: Preserve). scripts/dev/move_headers.py keeps the blocks it rewrites sorted.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang-format >/dev/null || { echo "check-format: clang-format is not installed (apt-get install clang-format)"; exit 1; }
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.hpp')
if [ "${1:-}" = "--fix" ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 50 clang-format -i
  echo "check-format: formatted ${#files[@]} files"
  exit 0
fi
bad=()
for f in "${files[@]}"; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done
if [ ${#bad[@]} -gt 0 ]; then
  printf '  %s\n' "${bad[@]}"
  echo "check-format: ${#bad[@]} of ${#files[@]} files differ from .clang-format ($(clang-format --version | grep -o 'version [0-9.]*')); run scripts/check-format.sh --fix"
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
