#!/usr/bin/env bash
# scripts/fuzz.sh [--build DIR] SECONDS [HARNESS...]
# Builds fuzz/'s libFuzzer harnesses (meson -Dfuzzing=true with clang, ASan,
# UBSan and -fsanitize=fuzzer-no-link; not part of the normal build) in DIR
# (default build/fuzz) and runs each HARNESS (default all: submit ir cl
# capture glsl) for SECONDS, one after the other, from fuzz/corpus/HARNESS/ (new
# interesting inputs go to DIR/corpus/HARNESS, findings to
# DIR/crashes/HARNESS/, the log to DIR/HARNESS.log). Ends with one line per
# harness: executions, executions per second, coverage, corpus, findings;
# exits 1 when a harness found something. Needs clang (Debian 12: apt-get
# install clang libclang-rt-14-dev; clang 14 ships libFuzzer). fuzz/README.md.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
build=$src/build/fuzz
if [ "${1:-}" = --build ]; then build=$(realpath -m "$2"); shift 2; fi
secs=${1:?usage: scripts/fuzz.sh [--build DIR] SECONDS [HARNESS...]}
shift
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(submit ir cl capture glsl)

declare -A max_len=([submit]=4096 [ir]=4096 [cl]=4096 [capture]=65536 [glsl]=8192)
declare -A dict=([submit]=submit.dict [ir]=ir.dict)

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" "$src" -Dfuzzing=true -Dtests=false \
    -Dbuildtype=debugoptimized -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link >"$build.setup.log" 2>&1 ||
    { cat "$build.setup.log"; exit 2; }
fi
targets=()
for h in "${harnesses[@]}"; do
  [ -n "${max_len[$h]:-}" ] || { echo "fuzz.sh: no harness '$h'" >&2; exit 2; }
  targets+=("fuzz/fuzz_$h")
done
ninja -C "$build" "${targets[@]}" >"$build.build.log" 2>&1 || { tail -n 30 "$build.build.log"; exit 2; }

# Runs one harness; its libFuzzer output goes to DIR/NAME.log.
run_one() {  # run_one NAME
  local h=$1 opts=()
  mkdir -p "$build/corpus/$h" "$build/crashes/$h"
  [ -z "${dict[$h]:-}" ] || opts+=("-dict=$src/fuzz/${dict[$h]}")
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/fuzz/fuzz_$h" -max_total_time="$secs" -max_len="${max_len[$h]}" -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$build/crashes/$h/" -print_final_stats=1 \
    "${opts[@]}" "$build/corpus/$h" "$src/fuzz/corpus/$h" >"$build/$h.log" 2>&1
}

# One summary line from a harness's log.
report() {  # report NAME STATUS
  local h=$1 log=$build/$1.log execs rate cov corp found
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1 | cut -d' ' -f2)
  corp=$(grep -oE 'corp: [0-9]+/[0-9]+[a-zA-Z]*' "$log" | tail -n 1 | cut -d' ' -f2)
  found=$(find "$build/crashes/$h" -type f | wc -l)
  echo "$h: ${execs:-?} executions, ${rate:-?}/s, cov ${cov:-?}, corpus ${corp:-?}," \
    "$found findings$([ "$2" -eq 0 ] || echo " (exit $2; see $log)")"
}

status=0
summary=()
for h in "${harnesses[@]}"; do
  rc=0
  run_one "$h" || rc=$?
  [ "$rc" -eq 0 ] || status=1
  summary+=("$(report "$h" "$rc")")
  echo "${summary[-1]}"
done
exit $status
