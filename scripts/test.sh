#!/usr/bin/env bash
# The test command: installs what is missing, builds three configurations
# and runs every suite in each:
#   native    the host build
#   sanitize  AddressSanitizer + UndefinedBehaviorSanitizer
#   armhf     cross-compiled for arm-linux-gnueabihf, run under qemu-arm
#   clang     the host build with Clang (release): its warnings too are
#             errors, and the suites run on its code
# and the conformance suite: Debian's armhf Mesa on the simulated device over
# a handful of scenes and piglit tests with exact expected verdicts
# (scripts/conformance.sh --quick).
# Ends with one line "N passed, N failed" over all test cases of all suites,
# and exits non-zero if anything failed or did not build.
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test || exit 1

root=${VC4_BUILD_ROOT:-build}
status=0

setup() {  # setup NAME [meson args...]
  local dir=$root/$1; shift
  if [ ! -f "$dir/build.ninja" ]; then
    meson setup "$dir" "$@" >"$root/setup-$(basename "$dir").log" 2>&1 ||
      { cat "$root/setup-$(basename "$dir").log"; return 1; }
  fi
}

run_suite() {  # run_suite NAME [meson args...]
  local name=$1; shift
  echo "== $name"
  rm -f "$root/$name/meson-logs/testlog.json"
  if ! setup "$name" "$@" || ! ninja -C "$root/$name" >"$root/build-$name.log" 2>&1; then
    tail -n 40 "$root/build-$name.log" 2>/dev/null
    echo "$name: build failed" >"$root/$name.failed"
    status=1; return
  fi
  rm -f "$root/$name.failed"
  meson test -C "$root/$name" --no-rebuild --print-errorlogs \
    --timeout-multiplier "${TIMEOUT_MULTIPLIER:-1}" >"$root/test-$name.log" 2>&1 || status=1
  grep -E '^(Ok|Fail|Timeout|Expected Fail|Unexpected Pass|Skipped):' "$root/test-$name.log"
}

mkdir -p "$root"
run_suite native
run_suite sanitize -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug
if cross=$(scripts/armhf-sysroot.sh "$root/armhf-root"); then
  TIMEOUT_MULTIPLIER=6 run_suite armhf --cross-file "$cross"
else
  echo "armhf: sysroot failed" >"$root/armhf.failed"; status=1
fi
CC=clang run_suite clang -Dbuildtype=release

echo "== conformance"
rm -f "$root/conformance/tap.log" "$root/conformance.failed"
if ! scripts/conformance.sh --quick --out "$root/conformance" >"$root/test-conformance.log" 2>&1; then
  tail -n 20 "$root/test-conformance.log"
  [ -f "$root/conformance/tap.log" ] || echo "conformance: did not run" >"$root/conformance.failed"
  status=1
fi
tail -n 1 "$root/test-conformance.log"

python3 scripts/count_tests.py "$root" native sanitize armhf clang conformance || status=1
exit $status
