#!/usr/bin/env bash
# The main job: installs what is missing, builds everything and shows the
# driver's output on the default backend.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
dir=${VC4_BUILD_ROOT:-build}/native
[ -f "$dir/build.ninja" ] || meson setup "$dir" >/dev/null
ninja -C "$dir" >/dev/null
out=${VC4_BUILD_ROOT:-build}/demo
mkdir -p "$out"
echo "(main job not yet assembled)"
