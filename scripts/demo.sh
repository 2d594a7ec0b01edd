#!/usr/bin/env bash
# The main job: installs what is missing, builds everything and shows what the
# driver produces, on the default backend (the simulator when there is no vc4
# device):
#   1. the demo scenes rendered through the driver API to 640x480 PNG files,
#      and 30-frame animations (APNG) of the textured cube and the
#      shadertoy effect;
#   2. the scenes' shaders compiled from GLSL by vc4c (stats, lowered IR,
#      disassembly);
#   3. a binning control list for one draw, built with the CL builder and
#      decoded at run time from the packet XML, and a render list;
#   4. a fragment shader assembled, disassembled and checked (hazards and the
#      kernel's acceptance rules);
#   5. a compute kernel run on the simulated QPU, with its output memory;
#   6. a vertex shader in our IR, run by the reference interpreter;
# and ends with where the outputs are and a table of figures per scene:
# time per frame on the simulator, QPU instructions per frame, shader sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
root=${VC4_BUILD_ROOT:-build}
dir=$root/native
[ -f "$dir/build.ninja" ] || meson setup "$dir" >/dev/null
ninja -C "$dir" >/dev/null
tools=$dir/tools
out=$root/demo
mkdir -p "$out"
figures=$out/figures.tsv
rm -f "$figures"

step() { printf '\n== %s\n' "$1"; }

step "1. Demo scenes rendered through the driver API (vc4-demo), 640x480"
"$tools/vc4-demo" -o "$out" --stats "$figures"
step "1b. Animations: 30 frames (1 s at 30 fps) of the textured cube and the shadertoy effect"
"$tools/vc4-demo" -o "$out/anim" --only cube_textured,shadertoy --frames 30 \
  --stats "$figures"

step "2. The scenes' shaders compiled from GLSL (vc4c --stats, then the colour FS as IR and QPU code)"
"$tools/vc4c" --stats examples/scenes/colour.vert --fs examples/scenes/colour.frag
"$tools/vc4c" --stats examples/scenes/textured.frag
"$tools/vc4c" --stats examples/scenes/phong.vert --fs examples/scenes/phong.frag
"$tools/vc4c" --stats examples/scenes/shadertoy.frag
"$tools/vc4c" --ir --dis examples/scenes/colour.frag

step "3. Binning control list for one draw (vc4-cldump), and a render list"
"$tools/vc4-cldump" tests/cl/bin_cl.cl
"$tools/vc4-cldump" --render --brief tests/cl/render_cl.cl

step "4. A fragment shader: vc4-as, vc4-dis, vc4-check (hazards, then the kernel's rules)"
"$tools/vc4-as" examples/qpu/colour.fs.s -o "$out/colour.fs.bin"
"$tools/vc4-dis" "$out/colour.fs.bin"
"$tools/vc4-check" "$out/colour.fs.bin" --stage fs
"$tools/vc4-check" "$out/colour.fs.bin" --kernel

step "5. A compute kernel on one simulated QPU (vc4-run)"
"$tools/vc4-as" examples/qpu/add_uniform.s -o "$out/add_uniform.bin"
python3 -c "import sys; sys.stdout.buffer.write(bytes(range(64)))" >"$out/in.bin"
"$tools/vc4-run" "$out/add_uniform.bin" -u 0x100 -u 0x01010101 -u 0x200 \
  --mem 0x100 "$out/in.bin" --dump 0x200 64 "$out/out.bin"
echo "input bytes 0..63 + 0x01010101 per word ->"
od -An -tx1 -v "$out/out.bin" | head -n 4

step "6. A vertex shader in our IR, run by the reference interpreter (vc4-ir)"
"$tools/vc4-ir" --run examples/ir/transform.ir pos=1,2,3,1 colour=1,0.5,0.25,1 \
  mvp=2,0,0,0,0,2,0,0,0,0,2,0,0,0,0,1

step "Tools (in $tools)"
for t in "$tools"/vc4-*; do [ -f "$t" ] && [ -x "$t" ] && echo "  $(basename "$t")"; done
echo
echo "Outputs are in $out/: the scenes as $out/NAME.png (640x480);"
echo "animations (APNG: open them in a web browser) as $out/anim/NAME.png,"
echo "their frames as $out/anim/NAME/NNNN.png."

step "Figures per scene (the simulator on this machine; first frames include compiling the shaders)"
# figures.tsv: tab-separated, a header line; printed as aligned columns.
awk -F '\t' '
  { for (i = 1; i <= NF; i++) { cell[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } }
  NF > cols { cols = NF }
  END {
    for (r = 1; r <= NR; r++) {
      line = ""
      for (i = 1; i <= cols; i++) {
        fmt = i == cols ? "%s" : i == 1 ? "%-" w[i] "s" : "%" w[i] "s"
        line = line sprintf(fmt, cell[r, i]) (i < cols ? "  " : "")
      }
      print line
      if (r == 1) { gsub(/./, "-", line); print line }
    }
  }' "$figures"
