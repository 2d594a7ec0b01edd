#!/usr/bin/env bash
# Builds a sysroot of armhf libraries for the cross-compiled tests, without
# touching the host's dpkg: the armhf -dev packages often cannot be installed
# beside the amd64 ones (Multi-Arch: same version skew), so we download the
# debs with a private apt state and unpack them under DIR.
# Usage: scripts/armhf-sysroot.sh DIR      (writes DIR/sysroot and DIR/armhf.ini)
set -euo pipefail

dir=$(realpath -m "$1")
sysroot=$dir/sysroot
apt=$dir/apt
pkgs=(libcmocka0 libcmocka-dev libdrm2 libdrm-common libdrm-dev libexpat1 libexpat1-dev
      libpng16-16 libpng-dev zlib1g zlib1g-dev)

if [ ! -f "$sysroot/.complete" ]; then
  rm -rf "$sysroot" "$apt"
  mkdir -p "$apt"/{lists/partial,cache/archives/partial,debs} "$sysroot"
  touch "$apt/status"
  opts=(-q -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
        -o Dir::State::status="$apt/status" -o Debug::NoLocking=1
        -o APT::Architecture=armhf -o APT::Architectures::=armhf
        -o APT::Sandbox::User=root)
  apt-get "${opts[@]}" update >"$apt/update.log" 2>&1 || true
  (cd "$apt/debs" && apt-get "${opts[@]}" download "${pkgs[@]}" >"$apt/download.log" 2>&1) || {
    echo "armhf-sysroot: apt-get download failed; see $apt/download.log" >&2; exit 1; }
  for deb in "$apt"/debs/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
  # Debian's .so links are absolute or relative within the package; make the
  # absolute ones point inside the sysroot.
  find "$sysroot" -type l | while read -r l; do
    t=$(readlink "$l"); case "$t" in /*) ln -sf "$sysroot$t" "$l";; esac
  done
  touch "$sysroot/.complete"
fi

libs=$sysroot/usr/lib/arm-linux-gnueabihf:$sysroot/lib/arm-linux-gnueabihf
cat >"$dir/armhf.ini" <<INI
[binaries]
c = 'arm-linux-gnueabihf-gcc'
ar = 'arm-linux-gnueabihf-ar'
strip = 'arm-linux-gnueabihf-strip'
pkgconfig = 'pkg-config'
exe_wrapper = ['qemu-arm', '-L', '/usr/arm-linux-gnueabihf', '-E', 'LD_LIBRARY_PATH=$libs']

[properties]
sys_root = '$sysroot'
pkg_config_libdir = ['$sysroot/usr/lib/arm-linux-gnueabihf/pkgconfig', '$sysroot/usr/share/pkgconfig']

[built-in options]
c_link_args = ['-Wl,-rpath-link,$libs', '-L$sysroot/usr/lib/arm-linux-gnueabihf']

[host_machine]
system = 'linux'
cpu_family = 'arm'
cpu = 'armv7'
endian = 'little'
INI
echo "$dir/armhf.ini"
