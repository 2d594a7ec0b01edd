#!/usr/bin/env bash
# Installs the Debian packages a job needs, or says the one line to run.
# Usage: scripts/deps.sh build|test|conformance|qemu-cost
# "build" is what the driver and its tools need; "test" adds the armhf
# cross toolchain and qemu-user for the cross-compiled suite, Clang for the
# clang suite, and the host's
# Mesa (llvmpipe, softpipe) for the conformance scenes; "conformance" adds
# the host's piglit, to run failing tests on llvmpipe too; "qemu-cost" adds
# valgrind, whose cachegrind counts QEMU's host instructions
# (scripts/qemu-cost.sh).
set -euo pipefail

build_pkgs=(gcc python3 meson ninja-build pkg-config
            libdrm-dev libexpat1-dev libcmocka-dev libpng-dev)
test_pkgs=(gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user clang
           libegl-dev libgles-dev libgbm-dev libegl-mesa0 libgl1-mesa-dri)

want=("${build_pkgs[@]}")
case "${1:-build}" in
  test) want+=("${test_pkgs[@]}") ;;
  conformance) want+=("${test_pkgs[@]}" piglit) ;;
  qemu-cost) want+=("${test_pkgs[@]}" valgrind) ;;
esac

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
    || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

line="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing packages. Run as root:" >&2
  echo "  apt-get update && $line" >&2
  exit 1
fi
echo "Installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
$line >/dev/null
