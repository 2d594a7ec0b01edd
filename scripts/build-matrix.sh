#!/usr/bin/env bash
# scripts/build-matrix.sh [--root DIR] [--armhf] [--tests] [CONFIG...]
# Builds the configurations everyone uses and reports one line each: the
# compiler (gcc, clang) x the build type (debug, release) x sanitizers
# (none, san = address,undefined), native; --armhf adds gcc for
# arm-linux-gnueabihf (sysroot from scripts/armhf-sysroot.sh). Every build is
# -Werror (the project default), so "ok" means warning-free; a failed build
# prints its first errors. CONFIG names (e.g. clang-release-san) pick a
# subset. --tests also runs each native build's tests. Not part of
# scripts/test.sh (it takes a while); docs/CONVENTIONS.md, "Build matrix".
# Build directories: DIR/matrix-CONFIG (DIR defaults to build/).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root=build armhf=0 tests=0 want=()
while [ $# -gt 0 ]; do
  case "$1" in
    --root) root=$2; shift ;;
    --armhf) armhf=1 ;;
    --tests) tests=1 ;;
    -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) want+=("$1") ;;
  esac
  shift
done

configs=()
for c in gcc clang; do
  for t in debug release; do
    for s in none san; do configs+=("$c-$t-$s"); done
  done
done
[ $armhf -eq 1 ] && configs+=(armhf-debugoptimized-none)
[ ${#want[@]} -gt 0 ] && configs=("${want[@]}")

# meson arguments of one configuration, CC in the environment.
setup_args() {  # setup_args CONFIG
  local cc=${1%%-*} rest=${1#*-} type san
  type=${rest%-*}; san=${rest##*-}
  echo "-Dbuildtype=$type"
  [ "$san" = san ] && echo "-Db_sanitize=address,undefined -Db_lundef=false"
  if [ "$cc" = armhf ]; then
    echo "--cross-file $(scripts/armhf-sysroot.sh "$root/armhf-root")"
  fi
}

# Configures and builds one configuration; prints its report line.
build_one() {  # build_one CONFIG
  local cfg=$1 dir=$root/matrix-$1 cc=${1%%-*} args log
  log=$root/matrix-$1.log
  args=$(setup_args "$cfg") || { echo "$cfg: FAILED (no armhf sysroot)"; return 1; }
  [ "$cc" = armhf ] && cc=gcc
  if [ ! -f "$dir/build.ninja" ]; then
    # shellcheck disable=SC2086
    CC=$cc meson setup "$dir" $args >"$log" 2>&1 ||
      { echo "$cfg: FAILED (meson setup; $log)"; tail -n 5 "$log"; return 1; }
  fi
  if ! ninja -C "$dir" -k 0 >>"$log" 2>&1; then
    echo "$cfg: FAILED ($(grep -c 'FAILED:' "$log") targets; $log)"
    grep -E 'error:|warning:' "$log" | sort -u | head -n 10
    return 1
  fi
  local warnings
  warnings=$(grep -c 'warning:' "$log")
  [ "$warnings" -eq 0 ] || { echo "$cfg: FAILED ($warnings warnings; $log)"; return 1; }
  if [ $tests -eq 1 ] && [ "${1%%-*}" != armhf ]; then
    meson test -C "$dir" --no-rebuild >>"$log" 2>&1 ||
      { echo "$cfg: built, tests FAILED ($log)"; return 1; }
    echo "$cfg: ok, warning-free, tests pass"
    return 0
  fi
  echo "$cfg: ok, warning-free"
}

mkdir -p "$root"
failed=0
for cfg in "${configs[@]}"; do
  build_one "$cfg" || failed=$((failed + 1))
done
echo "build matrix: $((${#configs[@]} - failed)) of ${#configs[@]} configurations ok"
[ $failed -eq 0 ]
