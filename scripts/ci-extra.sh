#!/usr/bin/env bash
# CI checks beyond the test suite: core tests under ASan+UBSan, a short fuzz run of every
# libFuzzer target, and the installer packages (contents + a run of the extracted .deb).
# Expects scripts/test.sh to have built build/.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
packages=(clang libclang-rt-14-dev dpkg-dev file)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends "${missing[@]}"
fi

echo "== core and CLI tests under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLDIV_SANITIZE=ON \
      -DLDIV_BUILD_GUI=OFF >/dev/null
cmake --build build-asan -j"$(nproc)"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
   ctest --output-on-failure -j"$(nproc)")

echo "== fuzz smoke run (${LDIV_FUZZ_SECONDS:-20} s per target)"
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLDIV_FUZZ=ON \
      -DLDIV_BUILD_GUI=OFF -DLDIV_BUILD_TESTS=OFF >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_csv fuzz_hierarchy fuzz_project
for target in csv hierarchy project; do
  work=$(mktemp -d)
  cp tests/fuzz/corpus/$target/* "$work"/
  build-fuzz/tests/fuzz/fuzz_$target -max_total_time="${LDIV_FUZZ_SECONDS:-20}" -max_len=4096 \
      -print_final_stats=1 "$work" 2>&1 | grep -E 'stat::number_of_executed_units|Done|ERROR' || true
  build-fuzz/tests/fuzz/fuzz_$target -runs=0 "$work" >/dev/null 2>&1
  rm -rf "$work"
done

echo "== packages"
(cd build && cpack -G "DEB;TGZ" >/dev/null)
deb=$(ls build/ldiv_*.deb)
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/ldiv ./usr/bin/ldiv-workbench ./usr/share/applications/ldiv-workbench.desktop \
         ./usr/share/mime/packages/ldiv-project.xml ./usr/share/icons/hicolor/48x48/apps/ldiv.png \
         ./usr/share/icons/hicolor/scalable/apps/ldiv.svg ./usr/share/man/man1/ldiv.1 \
         ./usr/share/ldiv/examples/adult/adult.csv ./usr/share/ldiv/examples/hospital/hospital.ldiv.json; do
  grep -q " $f\$" <<<"$contents" || { echo "package lacks $f"; exit 1; }
done
depends=$(dpkg-deb -f "$deb" Depends)
for lib in libqt6widgets6 libqt6gui6 libqt6core6; do
  grep -q "$lib" <<<"$depends" || { echo "package Depends lacks $lib: $depends"; exit 1; }
done
ls build/ldiv-*.tar.gz >/dev/null
unpacked=$(mktemp -d)
dpkg -x "$deb" "$unpacked"
"$unpacked/usr/bin/ldiv" --version
"$unpacked/usr/bin/ldiv" audit --project "$unpacked/usr/share/ldiv/examples/hospital/hospital.ldiv.json" --node 1,2,1 >/dev/null
QT_QPA_PLATFORM=offscreen "$unpacked/usr/bin/ldiv-workbench" --open hospital --perspective data \
    --screenshot "$unpacked/shot.png"
test -s "$unpacked/shot.png"
rm -rf "$unpacked"
echo "ci-extra: all checks passed"
