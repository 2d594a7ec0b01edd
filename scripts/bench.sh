#!/usr/bin/env bash
# Builds an optimised tree and runs every benchmark in bench/ (registered with
# Meson's benchmark()), printing their figures. Results are recorded by hand in
# docs/PERFORMANCE.md together with the machine they were measured on.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
dir=${VC4_BUILD_ROOT:-build}/release
[ -f "$dir/build.ninja" ] || meson setup "$dir" -Dbuildtype=release -Dtests=false >/dev/null
ninja -C "$dir" >/dev/null
meson test -C "$dir" --benchmark --verbose --num-processes 1
