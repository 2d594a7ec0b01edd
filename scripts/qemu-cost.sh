#!/usr/bin/env bash
# What one benchmark frame or one corpus compile costs under qemu-arm,
# counted as QEMU's own host instructions (cachegrind of qemu-arm running
# an armhf release build). Unlike a wall time it does not move with the
# machine's load or clock, so it is the measure docs/PERFORMANCE.md's
# qemu-arm sections compare trees by; walls against Mesa or the first tree
# are still measured side by side, alternating.
#
#   scripts/qemu-cost.sh frame SCENE    one frame of bench_frame's SCENE at
#                                       1 thread: --frames 2 minus --frames 1
#   scripts/qemu-cost.sh compile        one compile of bench/shaders:
#                                       (--passes 3 minus --passes 1) / 2
#
# The build is $VC4_BUILD_ROOT/arm-release (default build/arm-release),
# set up here with scripts/armhf-sysroot.sh's cross file. Prints e.g.
# "frame sphere: 22.94 G host instructions".
set -euo pipefail
cd "$(dirname "$0")/.."
usage() { echo "usage: scripts/qemu-cost.sh frame SCENE | compile" >&2; exit 2; }
case "${1:-}" in
  frame) [ $# -eq 2 ] || usage ;;
  compile) [ $# -eq 1 ] || usage ;;
  *) usage ;;
esac
scripts/deps.sh qemu-cost

root=${VC4_BUILD_ROOT:-build}
cross=$(scripts/armhf-sysroot.sh "$root/armhf-root")
sysroot=$(realpath "$root/armhf-root/sysroot")
dir=$root/arm-release
[ -f "$dir/build.ninja" ] ||
  meson setup "$dir" --cross-file "$cross" --buildtype=release -Dtests=false >/dev/null
ninja -C "$dir" bench/bench_frame bench/bench_shaderdb >/dev/null

libs=$sysroot/usr/lib/arm-linux-gnueabihf:$sysroot/lib/arm-linux-gnueabihf
# host instructions of one qemu-arm run of PROGRAM ARGS...
host_instructions() {
  valgrind --tool=cachegrind --cache-sim=no --branch-sim=no \
    --cachegrind-out-file=/dev/null \
    qemu-arm -L /usr/arm-linux-gnueabihf -E LD_LIBRARY_PATH="$libs" "$@" 2>&1 >/dev/null |
    awk '/I +refs/ { gsub(",", "", $NF); print $NF }'
}

if [ "$1" = frame ]; then
  run=("$dir/bench/bench_frame" examples/scenes --threads 1 --scene "$2" --no-interp)
  one=$(host_instructions "${run[@]}" --frames 1)
  two=$(host_instructions "${run[@]}" --frames 2)
  awk -v a="$one" -v b="$two" -v s="$2" \
    'BEGIN { printf "frame %s: %.2f G host instructions\n", s, (b - a) / 1e9 }'
else
  run=("$dir/bench/bench_shaderdb" bench/shaders --quiet)
  one=$(host_instructions "${run[@]}" --passes 1)
  three=$(host_instructions "${run[@]}" --passes 3)
  awk -v a="$one" -v b="$three" \
    'BEGIN { printf "compile: %.1f M host instructions\n", (b - a) / 2e6 }'
fi
