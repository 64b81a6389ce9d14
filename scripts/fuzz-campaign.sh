#!/usr/bin/env bash
# The long fuzzing campaign documented in docs/hardening.md: builds the libFuzzer targets with
# clang in build-fuzz/ and runs each one in turn (one process, one job) for
# LDIV_FUZZ_SECONDS (default 300) on a copy of its seed corpus (no -jobs: one process, so
# the log stays in one file and the machine keeps its other cores). Prints per target the
# executions, coverage (cov/ft) and corpus size libFuzzer reports; crashing inputs are kept
# in build-fuzz/findings/<target>/ (add them to tests/fuzz/corpus/<target>/ and write a test).
# CI runs the short smoke version of this in scripts/ci-extra.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
source "$root/scripts/fuzz-max-len.sh"
seconds="${LDIV_FUZZ_SECONDS:-300}"
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLDIV_FUZZ=ON \
      -DLDIV_BUILD_GUI=OFF -DLDIV_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz -j"${LDIV_FUZZ_BUILD_JOBS:-1}" --target fuzz_csv fuzz_hierarchy fuzz_project fuzz_workspace \
      fuzz_release
for target in ${LDIV_FUZZ_TARGETS:-csv hierarchy project workspace release xlsx readstat}; do
  work=$(mktemp -d)
  findings="$root/build-fuzz/findings/$target"
  mkdir -p "$findings"
  cp tests/fuzz/corpus/$target/* "$work"/
  seeds=$(ls "$work" | wc -l)
  echo "== fuzz_$target: ${seconds} s, $seeds seeds, started $(date -u +%FT%TZ)"
  status=0
  build-fuzz/tests/fuzz/fuzz_$target -max_total_time="$seconds" -max_len="$(fuzz_max_len "$work")" \
      -print_final_stats=1 -artifact_prefix="$findings/" "$work" >"$findings/log.txt" 2>&1 || status=$?
  # The last status line holds the final coverage; the stats give executions and speed.
  grep -E '^#[0-9]+' "$findings/log.txt" | tail -n 1 || true
  grep -E 'stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|ERROR|SUMMARY' "$findings/log.txt" || true
  echo "corpus after the run: $(ls "$work" | wc -l) inputs; exit status $status"
  ls "$findings" | grep -v '^log.txt$' | sed 's/^/finding: /' || true
  rm -rf "$work"
done
