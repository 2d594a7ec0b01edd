#!/usr/bin/env bash
# Builds an armhf sysroot holding Debian 12's Mesa (EGL, GBM, GLES 2, desktop
# GL through EGL; no X server), its whole dependency closure and the C library,
# so that `qemu-arm -L DIR/sysroot` runs armhf GL programs and the cross
# compiler links them. Like scripts/armhf-sysroot.sh it never touches the
# host's dpkg: a private apt state with armhf as its only architecture
# downloads the debs and dpkg-deb -x unpacks them under DIR/sysroot.
# Usage: scripts/mesa-sysroot.sh DIR [--piglit]
#   --piglit adds Debian's armhf piglit (shader_runner and the test binaries,
#   tests under usr/lib/arm-linux-gnueabihf/piglit) and its closure, once.
#   writes DIR/sysroot, DIR/mesa-armhf.ini (a meson cross file) and DIR/apt
#   (state, debs, logs); prints the sysroot's path as its last line.
set -euo pipefail

[ $# -ge 1 ] && [ $# -le 2 ] && { [ $# -eq 1 ] || [ "$2" = --piglit ]; } ||
	{ echo "usage: $0 DIR [--piglit]" >&2; exit 2; }
dir=$(realpath -m "$1")
with_piglit=${2:-}
sysroot=$dir/sysroot
apt=$dir/apt
triplet=arm-linux-gnueabihf
roots=(libgl1-mesa-dri libegl-mesa0 libegl1 libgles2 libgbm1 libgl1 libopengl0
       libgbm-dev libegl-dev libgles-dev libgl-dev libopengl-dev libdrm-dev
       libpng-dev zlib1g-dev libexpat1-dev libc6 libc6-dev)
opts=(-q -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
      -o Dir::State::status="$apt/status" -o Debug::NoLocking=1
      -o APT::Architecture=armhf -o APT::Architectures::=armhf
      -o APT::Sandbox::User=root)

say() { echo "mesa-sysroot: $*" >&2; }

# retry LOG WHAT CMD...: runs CMD with its output in LOG; once more after a
# pause if it fails. Returns the status of the last attempt.
retry() {
	local log=$1 what=$2; shift 2
	"$@" >"$log" 2>&1 && return 0
	say "$what failed; retrying in 5 s (log: $log)"
	sleep 5
	"$@" >>"$log" 2>&1
}

# Refreshes the private package lists. A failed index (the security archive's
# armhf index often is, "mirror sync in progress") is only a warning as long
# as every root package still has a candidate.
update_lists() {
	local log=$apt/update.log
	retry "$log" "apt-get update" apt-get "${opts[@]}" update ||
		say "warning: apt-get update reported errors (see $log); going on with" \
			"what it fetched"
	apt-cache "${opts[@]}" show "${roots[@]}" >/dev/null 2>>"$log" || {
		say "error: the armhf package lists lack some of: ${roots[*]}; see $log"; exit 1; }
}

# Prints the names of the closure of the packages named, one a line, without
# virtual packages (shown by apt-cache as <name>).
closure() {
	apt-cache "${opts[@]}" depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances "$@" |
		grep -v '^ ' | grep -v '^<' | sort -u
}

download() {
	local log=$apt/download.log
	mapfile -t pkgs < <(closure "${roots[@]}")
	say "downloading ${#pkgs[@]} armhf packages"
	(cd "$apt/debs" &&
		retry "$log" "apt-get download" apt-get "${opts[@]}" download "${pkgs[@]}") || {
		say "error: apt-get download failed twice; see $log"; exit 1; }
}

# Debian's links are absolute or relative within a package; absolute ones
# become relative links inside the sysroot, so that it may be moved.
fix_links() {
	local l t
	find "$sysroot" -type l | while read -r l; do
		t=$(readlink "$l")
		case "$t" in
		/*) ln -sfn "$(realpath -m --relative-to="$(dirname "$l")" "$sysroot$t")" "$l";;
		esac
	done
}

# Links a trivial armhf program against the sysroot's libEGL and runs it under
# qemu-arm -L: it must load glvnd and Mesa's vendor library and list the
# client extensions. Skipped (with a note) without the cross compiler or qemu.
check_egl() {
	local libs=$sysroot/usr/lib/$triplet exe=$apt/egl-check log=$apt/egl-check.log
	if ! command -v "$triplet-gcc" >/dev/null || ! command -v qemu-arm >/dev/null; then
		say "note: no $triplet-gcc or qemu-arm; the EGL start-up check is skipped"
		return 0
	fi
	printf '%s\n' '#include <EGL/egl.h>' '#include <stdio.h>' \
		'int main(void) { const char *e = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);' \
		'puts(e ? e : "none"); return !e; }' >"$exe.c"
	if ! { "$triplet-gcc" --sysroot="$sysroot" -Wl,-rpath-link,"$libs" \
		-Wl,-rpath-link,"$sysroot/lib/$triplet" -o "$exe" "$exe.c" -lEGL &&
		qemu-arm -L "$sysroot" "$exe"; } >"$log" 2>&1 ||
		! grep -q EGL_MESA_platform_surfaceless "$log"; then
		say "error: an armhf EGL program does not start; see $log"
		exit 1
	fi
}

build_sysroot() {
	rm -rf "$sysroot" "$apt"
	mkdir -p "$apt"/{lists/partial,cache/archives/partial,debs} "$sysroot"
	touch "$apt/status"
	update_lists
	download
	for deb in "$apt"/debs/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
	fix_links
	[ -e "$sysroot/lib/ld-linux-armhf.so.3" ] || {
		say "error: no ld-linux-armhf.so.3 in $sysroot"; exit 1; }
	check_egl
	touch "$sysroot/.complete"
}

write_cross_file() {
	local libs=$sysroot/usr/lib/$triplet
	local rpaths="'-Wl,-rpath-link,$libs', '-Wl,-rpath-link,$sysroot/lib/$triplet'"
	cat >"$dir/mesa-armhf.ini" <<INI
; Meson cross file for armhf programs built against the Mesa sysroot of
; scripts/mesa-sysroot.sh; they run under qemu-arm with the sysroot as prefix.
[binaries]
c = '$triplet-gcc'
ar = '$triplet-ar'
strip = '$triplet-strip'
pkgconfig = 'pkg-config'
exe_wrapper = ['qemu-arm', '-L', '$sysroot']

[properties]
sys_root = '$sysroot'
pkg_config_libdir = ['$libs/pkgconfig', '$sysroot/usr/share/pkgconfig']

[built-in options]
c_args = ['--sysroot=$sysroot']
c_link_args = ['--sysroot=$sysroot', $rpaths, '-L$libs']

[host_machine]
system = 'linux'
cpu_family = 'arm'
cpu = 'armv7'
endian = 'little'
INI
}

# Adds piglit and what it needs beyond the sysroot already there.
add_piglit() {
	local log=$apt/piglit.log new=$apt/piglit-debs
	rm -rf "$new" && mkdir -p "$new"
	mapfile -t pkgs < <(closure piglit libwaffle-1-0 | comm -23 - <(closure "${roots[@]}"))
	say "downloading piglit: ${#pkgs[@]} armhf packages"
	(cd "$new" && retry "$log" "apt-get download (piglit)" \
		apt-get "${opts[@]}" download "${pkgs[@]}") || {
		say "error: apt-get download of piglit failed twice; see $log"; exit 1; }
	for deb in "$new"/*.deb; do dpkg-deb -x "$deb" "$sysroot"; done
	fix_links
	[ -x "$sysroot/usr/lib/$triplet/piglit/bin/shader_runner" ] || {
		say "error: no shader_runner in the piglit package"; exit 1; }
	touch "$sysroot/.piglit-complete"
}

[ -f "$sysroot/.complete" ] || build_sysroot
[ -z "$with_piglit" ] || [ -f "$sysroot/.piglit-complete" ] || add_piglit
write_cross_file
echo "$sysroot"
