#!/usr/bin/env bash
# Builds the conformance scenes natively (build/scenes-native) and renders
# every scene with the host's Mesa twice, surfaceless: with llvmpipe into
# OUTDIR/llvmpipe/NAME.png and with softpipe into OUTDIR/softpipe/NAME.png.
# Then prints, per scene, how the two differ (conformance/compare with
# tolerance 0): the spread between two software rasterisers is the honest
# floor for any tolerance against them. Exits 1 if any scene fails to render.
# Usage: scripts/scenes-reference.sh OUTDIR
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1")
build=$root/build/scenes-native
host_pkgs="libegl-dev libgles-dev libgbm-dev libpng-dev libegl-mesa0 libgl1-mesa-dri"

if ! pkg-config --exists egl glesv2 gbm libpng ||
   ! ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1; then
	echo "scenes-reference: missing host packages; run: apt-get install -y $host_pkgs" >&2
	exit 1
fi
[ -f "$build/build.ninja" ] || meson setup "$build" "$root/conformance" >/dev/null
ninja -C "$build" >/dev/null

# render DRIVER NAME: one scene with one gallium software driver.
render() {
	mkdir -p "$out/$1"
	LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=$1 SCENE_PLATFORM=surfaceless \
		"$build/scene" "$2" "$out/$1/$2.png" 2>"$out/$1/$2.log"
}

failed=0
for name in $("$build/scene" --list | awk '{ print $1 }'); do
	for driver in llvmpipe softpipe; do
		render "$driver" "$name" || {
			echo "scenes-reference: $name with $driver failed;" \
				"see $out/$driver/$name.log" >&2
			failed=1
			continue 2
		}
	done
	printf '%-16s ' "$name"
	"$build/compare" "$out/llvmpipe/$name.png" "$out/softpipe/$name.png" --max-bad 4096 ||
		true
done
echo "$out"
exit "$failed"
