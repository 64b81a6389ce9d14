#!/usr/bin/env bash
# Sets up everything and launches the workbench on the bundled Adult example.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/build.sh"
example="${1:-adult}"
if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "No display found: starting the workbench under xvfb-run (nothing will be visible)." >&2
  exec xvfb-run -a "${LDIV_BUILD_DIR:-$root/build}/app/ldiv-workbench" --open "$example"
fi
exec "${LDIV_BUILD_DIR:-$root/build}/app/ldiv-workbench" --open "$example"
