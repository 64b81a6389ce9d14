#!/usr/bin/env bash
# Gathers what tests/bench/device_scaling.sh needs on a machine that has no ldiv build: the
# Release ldiv and bench_load, the shared libraries they load other than glibc's (the machine
# may run another distribution), and the mach2019 and Adult data.
#   device_kit.sh BUILD_DIR KIT
set -euo pipefail
build=$1; kit=$2
root="$(cd "$(dirname "$0")/../.." && pwd)"
rm -rf "$kit"; mkdir -p "$kit/bin" "$kit/lib" "$kit/data"
cp "$build/app/ldiv" "$build/tests/bench/bench_load" "$kit/bin/"
strip "$kit/bin/"*
for bin in "$kit/bin/"*; do
  ldd "$bin" | awk '$3 ~ /^\// { print $3 }'
done | sort -u | grep -vE '/(libc|libm|libpthread|libdl|librt|ld-linux[^/]*)\.so' |
  while read -r lib; do cp -L "$lib" "$kit/lib/"; done
cp -r "$root/../shared/data/mach2019" "$root/../shared/data/adult" "$kit/data/"
chmod -R u+w "$kit/data"; rm -f "$kit/data/adult/adult_full.csv"
du -sh "$kit"
