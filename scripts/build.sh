#!/usr/bin/env bash
# Configures and builds ldiv (Release, Ninja) into build/ after installing dependencies.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-deps.sh"
build="${LDIV_BUILD_DIR:-$root/build}"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release ${LDIV_CMAKE_ARGS:-} >/dev/null
cmake --build "$build" -j"$(nproc)"
