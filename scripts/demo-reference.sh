#!/usr/bin/env bash
# Renders every vc4-demo scene's first frame twice: with our driver on the
# simulator (vc4-demo --backend sim) and with the same scene code on the
# host's Mesa llvmpipe (vc4-demo-gl: tools/vc4-demo.c and tools/demo/
# linked against conformance/vc4_on_gl*.c, our API on GLES 2 + EGL,
# surfaceless). Compares each pair with conformance's `compare` (pixels
# whose largest channel difference is above 2/255, and the largest
# difference), writes side-by-side PNGs (ours | llvmpipe | difference x 8)
# with conformance's `sidebyside`, and ends with a table per scene.
# Also renders every scene on llvmpipe with the shaders' mediump made highp
# (VC4_ON_GL_HIGHP=1: llvmpipe computes mediump in 16 bits, we in 32) as
# llvmpipe-highp/, compared in the table's last two columns, and
# render_to_texture with GL's own render-to-texture orientation
# (VC4_ON_GL_RTT=gl) as llvmpipe-gl-rtt/ (docs/demo.md).
#
# Usage: scripts/demo-reference.sh [--out DIR] [--size WxH]
#   --out DIR    where everything goes (default build/demo-reference):
#                DIR/ours/, DIR/llvmpipe/, DIR/llvmpipe-highp/,
#                DIR/llvmpipe-gl-rtt/, DIR/sbs/NAME.png, DIR/table.txt
#   --size WxH   the images' size (default 320x240)
# Environment: VC4_BUILD, our build directory (default build/native: its
# tools/vc4-demo is built there when missing); GL_BUILD, the native
# conformance build (default build/demo-gl).
# Exit status: 0 every scene rendered both ways; 1 a render failed or a
# package is missing; 2 usage.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/build/demo-reference
size=320x240
while [ $# -gt 0 ]; do
	case "$1" in
	--out) [ $# -ge 2 ] || { echo "demo-reference: --out needs a directory" >&2; exit 2; }
		out=$2; shift 2 ;;
	--size) [ $# -ge 2 ] || { echo "demo-reference: --size needs WxH" >&2; exit 2; }
		size=$2; shift 2 ;;
	*) echo "usage: $0 [--out DIR] [--size WxH]" >&2; exit 2 ;;
	esac
done
out=$(realpath -m "$out")
vc4_build=$(realpath -m "${VC4_BUILD:-$root/build/native}")
gl_build=$(realpath -m "${GL_BUILD:-$root/build/demo-gl}")

# The host's Mesa, EGL/GLES headers and libpng (scripts/deps.sh test has them).
if ! pkg-config --exists egl glesv2 gbm libpng ||
   ! ls /usr/lib/*/dri/swrast_dri.so >/dev/null 2>&1; then
	bash "$root/scripts/deps.sh" test || exit 1
fi
[ -f "$gl_build/build.ninja" ] || meson setup "$gl_build" "$root/conformance" >/dev/null
ninja -C "$gl_build" -j2 vc4-demo-gl compare sidebyside >/dev/null
if [ ! -x "$vc4_build/tools/vc4-demo" ]; then
	[ -f "$vc4_build/build.ninja" ] || meson setup "$vc4_build" "$root" >/dev/null
	ninja -C "$vc4_build" -j2 tools/vc4-demo >/dev/null
fi

mkdir -p "$out/ours" "$out/llvmpipe" "$out/llvmpipe-highp" "$out/llvmpipe-gl-rtt" "$out/sbs"
# gl ARGS...: vc4-demo-gl on llvmpipe, surfaceless; its log beside the images.
gl() {
	LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe SCENE_PLATFORM=surfaceless \
		"$gl_build/vc4-demo-gl" --scenes "$root/examples/scenes" --size "$size" "$@"
}
"$vc4_build/tools/vc4-demo" --backend sim --scenes "$root/examples/scenes" --size "$size" \
	-o "$out/ours" >"$out/ours.log" 2>&1 ||
	{ echo "demo-reference: vc4-demo failed; see $out/ours.log" >&2; exit 1; }
gl -o "$out/llvmpipe" >"$out/llvmpipe.log" 2>&1 ||
	{ echo "demo-reference: vc4-demo-gl failed; see $out/llvmpipe.log" >&2; exit 1; }
VC4_ON_GL_HIGHP=1 gl -o "$out/llvmpipe-highp" >"$out/llvmpipe-highp.log" 2>&1 ||
	{ echo "demo-reference: vc4-demo-gl (highp) failed" >&2; exit 1; }
VC4_ON_GL_RTT=gl gl -o "$out/llvmpipe-gl-rtt" --only render_to_texture \
	>"$out/llvmpipe-gl-rtt.log" 2>&1 ||
	{ echo "demo-reference: vc4-demo-gl (GL's RTT) failed" >&2; exit 1; }

# figures A.png B.png: "PIXELS TOTAL MAX" (compare, channel difference > 2).
figures() {
	"$gl_build/compare" "$1" "$2" --tolerance 2 --max-bad 100000000 |
		awk '{ gsub(",", "", $(NF - 3)); print $1, $(NF - 3), $NF }'
}
{
	printf '%-18s %9s %7s %4s  %9s %4s  %s\n' scene 'pixels>2' '%' max \
		'highp>2' max side-by-side
	while read -r line; do
		name=${line%%:*}
		read -r bad total max < <(figures "$out/ours/$name.png" "$out/llvmpipe/$name.png")
		read -r hbad _ hmax < <(figures "$out/ours/$name.png" \
			"$out/llvmpipe-highp/$name.png")
		"$gl_build/sidebyside" "$out/ours/$name.png" "$out/llvmpipe/$name.png" \
			"$out/sbs/$name.png"
		printf '%-18s %9s %7.3f %4s  %9s %4s  %s\n' "$name" "$bad" \
			"$(awk -v b="$bad" -v t="$total" 'BEGIN { print 100 * b / t }')" "$max" \
			"$hbad" "$hmax" "$out/sbs/$name.png"
	done < <(grep -E '^[a-z_]+: ' "$out/ours.log")
} | tee "$out/table.txt"
res=$("$gl_build/compare" "$out/ours/render_to_texture.png" \
	"$out/llvmpipe-gl-rtt/render_to_texture.png" --tolerance 2 --max-bad 100000000)
echo "render_to_texture against GL's own RTT orientation (VC4_ON_GL_RTT=gl): $res" |
	tee -a "$out/table.txt"
"$gl_build/sidebyside" "$out/ours/render_to_texture.png" \
	"$out/llvmpipe-gl-rtt/render_to_texture.png" "$out/sbs/render_to_texture-gl-rtt.png"
echo "demo-reference: images in $out (ours/, llvmpipe/, sbs/), table in $out/table.txt"
