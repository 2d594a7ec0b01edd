#!/usr/bin/env bash
# Runs an unmodified armhf program on the simulated VideoCore IV: under
# qemu-arm, with Debian's own armhf Mesa (vc4_dri.so) and libvc4-simdev.so
# preloaded, so that the program finds a vc4 device at /dev/dri/card0 and
# /dev/dri/renderD128 and everything it draws runs on our simulated kernel
# and 3D pipeline. The program links against the sysroot's libEGL,
# libGLESv2, libGL or libgbm (build it with the cross file below).
#
# Usage: scripts/run-on-sim.sh PROGRAM [ARGS...]
#        scripts/run-on-sim.sh --setup    (only sets up; for scripts that then
#                                          run many programs with
#                                          RUN_ON_SIM_READY=1, which skips it)
# Sets up on first use, and prints the path of what it set up (on stderr):
#   build/mesa-root/sysroot          Debian 12's armhf Mesa and its closure
#   build/mesa-root/mesa-armhf.ini   a meson cross file for programs
#   build/simdev-armhf/...           libvc4-simdev.so for armhf (built from
#                                    this tree each run; VC4_SIMDEV_BUILD
#                                    names another build directory)
# The environment passes through to the program (VC4_DEBUG, MESA_*, ...);
# the exit status is the program's. Device messages (a rejected job, a GPU
# hang, an unsupported ioctl) start with "vc4-simdev:". docs/simdev.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: run-on-sim.sh PROGRAM [ARGS...]" >&2; exit 2; }

say() { echo "run-on-sim: $*" >&2; }

mesa=${VC4_MESA_ROOT:-$root/build/mesa-root}
build=${VC4_SIMDEV_BUILD:-$root/build/simdev-armhf}
lib=$build/src/simdev/libvc4-simdev.so
sysroot=$mesa/sysroot

# The sysroot, the cross file and the armhf device library, built from this
# tree (a no-op when they are there and up to date).
setup() {
	"$root/scripts/deps.sh" test >&2 || exit 2
	if [ ! -f "$mesa/sysroot/.complete" ]; then
		say "setting up the armhf Mesa sysroot (once)"
		"$root/scripts/mesa-sysroot.sh" "$mesa" >&2 || exit 2
		say "set up $mesa/sysroot and $mesa/mesa-armhf.ini"
	fi
	if [ ! -f "$build/build.ninja" ]; then
		meson setup "$build" "$root" --cross-file "$mesa/mesa-armhf.ini" -Dtests=false \
			>"$build.setup.log" 2>&1 || { cat "$build.setup.log" >&2; exit 2; }
	fi
	if ! ninja -C "$build" src/simdev/libvc4-simdev.so >"$build.log" 2>&1; then
		tail -n 30 "$build.log" >&2
		exit 2
	fi
	[ -n "${RUN_ON_SIM_QUIET:-}" ] || say "device library $lib"
}

[ -n "${RUN_ON_SIM_READY:-}" ] || setup
[ "$1" != --setup ] || exit 0

export __EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-/usr/share/glvnd/egl_vendor.d/50_mesa.json}
export MESA_SHADER_CACHE_DISABLE=${MESA_SHADER_CACHE_DISABLE:-true}
# LD_PRELOAD goes to the emulated process only (-E), never to qemu itself.
exec qemu-arm -L "$sysroot" -E LD_PRELOAD="$lib" "$@"
