#!/usr/bin/env bash
# CI checks beyond the test suite: clang-format on every tracked C++ file, core tests under
# ASan+UBSan, a short fuzz run of every libFuzzer target (fails on a crash, leak, timeout or
# out-of-memory), and the installer
# packages: contents and Depends of the .deb and the .tar.gz, a real `apt-get install` of the
# .deb with a run of the installed programs (including `ldiv-workbench --self-test`), then
# its removal, and a run from the unpacked .tar.gz.
# Expects scripts/test.sh to have built build/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
packages=(clang clang-format libclang-rt-14-dev dpkg-dev file desktop-file-utils)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

echo "== clang-format"
bash scripts/check-format.sh

# One clang build serves the sanitizer run and the fuzz targets: everything is compiled with
# ASan + UBSan and libFuzzer's coverage instrumentation (LDIV_FUZZ), which makes the tests about
# twice as slow as ASan alone but saves a second build of the core and the CLI (CI time, 2 cores).
echo "== core and CLI tests under AddressSanitizer + UndefinedBehaviorSanitizer (clang)"
# Line tables rather than full debug information (-g): the sanitizers' reports still name file
# and line, and objects are half the size (search/fast.cpp: 1.06 against 2.04 MB, compiled in
# 5.2 against 5.7 s; -O1 compiled no faster than -O2, and runs the tests slower).
CXX=clang++ cmake -S . -B build-sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" -DLDIV_SANITIZE=ON \
      -DLDIV_FUZZ=ON -DLDIV_BUILD_GUI=OFF -DLDIV_BUILD_BENCH=OFF -DLDIV_PYTHON=OFF -DLDIV_PCH=ON >/dev/null
cmake --build build-sanitize -j"$(nproc)"
# The *_no_pext repeats (the same tests with PEXT off) run in the Release build only: under the
# sanitizers they doubled the longest suite (~4 min of CI), and the PEXT run already takes the
# hashing paths wherever a key space is too large to count densely.
# LDIV_TEST_SCALE (tests/support/test_scale.h): the randomized brute-force suites run a tenth
# of their rounds here (a quarter took 11.5 min of the sanitizer run, search_suppression alone
# 3.5 min, as ASan, UBSan and the fuzzer's coverage make them ~15x slower); the Release run
# above ran them all.
# The python/ suites check the shape of the CLI's JSON (the same whatever the compiler) and
# ran in the Release run; under the sanitizers they cost ~80 s of CPU.
(cd build-sanitize && LDIV_TEST_SCALE=0.1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$(nproc)" -E '_no_pext$|^python/')

fuzz_seconds="${LDIV_FUZZ_SECONDS:-12}"
source "$root/scripts/fuzz-max-len.sh"
# fuzz_smoke NAME BINARY SEEDS: runs a libFuzzer binary for $fuzz_seconds on a copy of a seed
# corpus, then replays the corpus it grew. Crashing inputs go to $work/artifacts/ (not the
# current folder). Fails, printing the crashing input's path and the end of the log, when
# libFuzzer exits non-zero or leaves an artifact: a crash or sanitizer report (crash-*),
# a leak (leak-*), an input slower than -timeout (timeout-*) or beyond -rss_limit_mb (oom-*);
# `timeout` ends a fuzzer that hangs outside libFuzzer's own watch.
fuzz_smoke() {
  local name=$1 binary=$2 seeds=$3
  local work status=0 artifacts kind a
  work=$(mktemp -d "${TMPDIR:-/tmp}/ldiv-fuzz-$name.XXXXXX")
  mkdir -p "$work/corpus" "$work/artifacts"
  cp "$seeds"/* "$work/corpus/"
  local options=(-max_len="$(fuzz_max_len "$seeds")" -timeout=10 -rss_limit_mb=2048
                 -artifact_prefix="$work/artifacts/")
  timeout -k 10 $((fuzz_seconds + 120)) "$binary" "${options[@]}" -max_total_time="$fuzz_seconds" \
      -print_final_stats=1 "$work/corpus" >"$work/log" 2>&1 || status=$?
  if [ "$status" -eq 0 ]; then
    timeout -k 10 300 "$binary" "${options[@]}" -runs=0 "$work/corpus" >>"$work/log" 2>&1 || status=$?
  fi
  grep -E 'stat::number_of_executed_units|stat::average_exec_per_sec|^Done' "$work/log" | sed "s/^/fuzz_$name: /" || true
  artifacts=$(find "$work/artifacts" -type f | sort)
  if [ "$status" -ne 0 ] || [ -n "$artifacts" ]; then
    kind=$(grep -oE 'ERROR: (libFuzzer: .*|[A-Za-z]+Sanitizer: [A-Za-z -]+)' "$work/log" | head -n 1 || true)
    [ "$status" -eq 124 ] || [ "$status" -eq 137 ] && kind="killed: no answer within $((fuzz_seconds + 120)) s"
    echo "fuzz_$name FAILED: exit status $status${kind:+ ($kind)}"
    for a in $artifacts; do echo "  input: $a ($(stat -c %s "$a") bytes)"; done
    echo "  log: $work/log, last lines:"
    tail -n 40 "$work/log" | sed 's/^/  | /'
    return 1
  fi
  rm -rf "$work"
}

echo "== fuzz smoke run ($fuzz_seconds s per target)"
fuzz_failed=0
for target in csv hierarchy project workspace release xlsx readstat; do
  fuzz_smoke "$target" build-sanitize/tests/fuzz/fuzz_$target tests/fuzz/corpus/$target || fuzz_failed=1
done
[ "$fuzz_failed" -eq 0 ] || { echo "ci-extra: the fuzz smoke run found a problem (see above)"; exit 1; }

echo "== packages"
(cd build && cpack -G "DEB;TGZ" >/dev/null)
deb=$(ls -t build/ldiv_*.deb | head -n 1)
tgz=$(ls -t build/ldiv-*.tar.gz | head -n 1)
key_files=(usr/bin/ldiv usr/bin/ldiv-workbench usr/share/applications/ldiv-workbench.desktop
           usr/share/mime/packages/ldiv-project.xml usr/share/icons/hicolor/48x48/apps/ldiv.png
           usr/share/icons/hicolor/scalable/apps/ldiv.svg usr/share/man/man1/ldiv.1
           usr/share/man/man1/ldiv-workbench.1 usr/share/bash-completion/completions/ldiv
           usr/share/ldiv/examples/adult/adult.csv usr/share/ldiv/examples/hospital/hospital.ldiv.json)
contents=$(dpkg-deb -c "$deb")
tgz_contents=$(tar -tzf "$tgz")
for f in "${key_files[@]}"; do
  grep -q " \./$f\$" <<<"$contents" || { echo "$deb lacks /$f"; exit 1; }
  grep -qE "^[^/]+/$f\$" <<<"$tgz_contents" || { echo "$tgz lacks $f"; exit 1; }
done
echo "$deb and $tgz hold the ${#key_files[@]} key files"

# Depends: the Qt and QCustomPlot libraries by name, and the package of every library the
# binaries link directly (what dpkg-shlibdeps should have found). Qt6PrintSupport is not
# linked directly: QCustomPlot needs it, and libqcustomplot2.1-qt6 depends on it.
depends=$(dpkg-deb -f "$deb" Depends)
depend_names=$(sed 's/([^)]*)//g; s/|/,/g' <<<"$depends" | tr ',' '\n' | awk 'NF { print $1 }')
has_depend() { grep -qxF "$1" <<<"$depend_names"; }
for p in libqt6widgets6 libqt6gui6 libqt6core6 libqt6svg6 libqcustomplot2.1-qt6; do
  has_depend "$p" || { echo "$deb: Depends lacks $p: $depends"; exit 1; }
done
# The package owning a library file, whichever of its names (/lib or /usr/lib, the link or
# the file it points to) dpkg registered.
package_of() {
  local name candidate
  for name in "$1" "$(readlink -f "$1")"; do
    for candidate in "$name" "${name#/usr}" "/usr$name"; do
      dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1 | grep . && return 0
    done
  done
  return 0
}
unpacked=$(mktemp -d)
dpkg -x "$deb" "$unpacked"
for bin in "$unpacked"/usr/bin/*; do
  for soname in $(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    # ldd names most libraries "soname => path (address)" but the dynamic loader by its path
    # alone ("/lib64/ld-linux-x86-64.so.2 (address)"); the -fPIC engine's thread_local
    # variables make the binaries link the loader directly (__tls_get_addr).
    # awk reads all of ldd's output (no early exit): an early exit could end ldd with SIGPIPE,
    # which pipefail turns into a silent failure of this assignment (seen once under load).
    lib=$(ldd "$bin" | awk -v s="$soname" 'found { next } $1 == s { print $3; found = 1; next }
      { n = split($1, part, "/") } n > 1 && part[n] == s { print $1; found = 1 }')
    [ -n "$lib" ] && [ "$lib" != "not" ] || { echo "$(basename "$bin"): $soname not found"; exit 1; }
    package=$(package_of "$lib")
    [ -n "$package" ] || { echo "$(basename "$bin"): $soname ($lib) belongs to no package"; exit 1; }
    has_depend "$package" || { echo "$deb: Depends lacks $package ($soname of $(basename "$bin")): $depends"; exit 1; }
  done
done
apt-cache depends libqcustomplot2.1-qt6 | grep 'Depends: libqt6printsupport6' >/dev/null ||
  { echo "libqcustomplot2.1-qt6 no longer pulls in libqt6printsupport6: add it to Depends"; exit 1; }
rm -rf "$unpacked"
echo "Depends: $depends"

# A real installation of the .deb, a run of what it installed, then its removal.
if dpkg-query -W -f='${Status}' ldiv 2>/dev/null | grep -q 'install ok installed'; then
  echo "ldiv is already installed on this machine: not testing the installation"; exit 1
fi
remove_ldiv() { DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y ldiv >/dev/null || true; }
trap remove_ldiv EXIT
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "$root/$deb"
/usr/bin/ldiv --version
/usr/bin/ldiv audit --project /usr/share/ldiv/examples/hospital/hospital.ldiv.json --node 1,2,1 >/dev/null
# The installed bash completions: what bash-completion loads for `ldiv`, completing `ldiv gen`.
[ "$(bash --norc -c 'source /usr/share/bash-completion/completions/ldiv; COMP_WORDS=(ldiv gen); COMP_CWORD=1; _ldiv; echo "${COMPREPLY[*]}"')" = generalize ] ||
  { echo "the installed bash completions do not complete 'ldiv gen'"; exit 1; }
# The Python module installed by the .deb, from a folder with no build tree on the path.
(cd / && env -u PYTHONPATH /usr/bin/python3 -c "import ldiv; r = ldiv.search(project='/usr/share/ldiv/examples/hospital/hospital.ldiv.json'); assert r.satisfying_count > 0, r")
desktop-file-validate /usr/share/applications/ldiv-workbench.desktop
# shared-mime-info's trigger compiled the type and its magic into the desktop's database.
grep -q 'application/x-ldiv-project' /usr/share/mime/types &&
  grep -aqF '"format": "ldiv-project"' /usr/share/mime/magic ||
  { echo "the MIME type application/x-ldiv-project is not in /usr/share/mime"; exit 1; }
! ldd /usr/bin/ldiv-workbench | grep 'not found' || { echo "installed ldiv-workbench misses libraries"; exit 1; }
selftest=$(cd / && env -u LDIV_RESOURCES QT_QPA_PLATFORM=offscreen /usr/bin/ldiv-workbench --self-test 2>/dev/null) ||
  { echo "$selftest"; echo "the installed workbench failed its self-test"; exit 1; }
echo "$selftest"
grep -q '^ok    example: /usr/share/ldiv/examples/hospital/hospital.ldiv.json$' <<<"$selftest" ||
  { echo "the installed workbench did not use the installed examples"; exit 1; }
trap - EXIT
DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y ldiv
[ ! -e /usr/bin/ldiv ] && [ ! -e /usr/bin/ldiv-workbench ] || { echo "apt-get remove left ldiv behind"; exit 1; }

# The .tar.gz is relocatable: run it where it was unpacked.
unpacked=$(mktemp -d)
tar -xzf "$tgz" -C "$unpacked"
prefix=$(echo "$unpacked"/*/usr)
"$prefix/bin/ldiv" --version
"$prefix/bin/ldiv" audit --project "$prefix/share/ldiv/examples/hospital/hospital.ldiv.json" --node 1,2,1 >/dev/null
env -u LDIV_RESOURCES QT_QPA_PLATFORM=offscreen "$prefix/bin/ldiv-workbench" --self-test 2>/dev/null | tail -n 1
QT_QPA_PLATFORM=offscreen "$prefix/bin/ldiv-workbench" --open hospital --perspective data --screenshot "$unpacked/shot.png"
test -s "$unpacked/shot.png"
rm -rf "$unpacked"
echo "ci-extra: all checks passed"
