#!/usr/bin/env bash
# Installs the Debian packages ldiv needs to build, test and run (bookworm). Skips the
# package manager entirely when everything is already there.
set -euo pipefail
packages=(g++ cmake ninja-build pkg-config qt6-base-dev qt6-svg-dev libqcustomplot-dev
          libcli11-dev nlohmann-json3-dev libssl-dev libpq-dev libicu-dev liblinear-dev libgl-dev
          xvfb xauth file python3-sklearn python3-pytest pybind11-dev python3-dev python3-pandas
          libreadstat-dev libxlsxwriter-dev libzip-dev libexpat1-dev python3-openpyxl
          python3-jsonschema)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y --no-install-recommends "${missing[@]}"
