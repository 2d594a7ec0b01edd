#!/usr/bin/env bash
# Mesa's side of the shader-db benchmark: Debian's armhf Mesa vc4 driver
# (22.3.6) compiles every vertex+fragment pair of bench/shaders/ under
# qemu-arm on the simulated device (scripts/run-on-sim.sh), through the
# conformance/ program `shaderdb`, which links each pair and draws with it
# so that vc4 compiles its variants with the keys of a real draw. Writes the
# table bench/shaders/mesa-vc4.txt (docs/PERFORMANCE.md, "Shader corpus"):
#   shader PAIR STAGE INST THREADS UNIFORMS MAX-TEMPS EST-CYCLES KEY
#     per pair and stage (VS, CS = vc4's coordinate shader, FS), as Mesa
#     reports them with VC4_DEBUG=shaderdb. KEY is "draw" for the variant the
#     draw compiled, "precompiled" when the draw found the variant vc4
#     precompiles at link time under VC4_DEBUG=shaderdb (same key).
#   time PAIR GLSL-MS BACKEND-MS COLD-GLSL-MS COLD-BACKEND-MS
#     from a second run without VC4_DEBUG (no precompiles): GLSL is
#     glCompileShader x2 + glLinkProgram (GLSL front end, NIR, vc4's shader
#     state); BACKEND is the first draw call minus the same draw again (vc4's
#     keyed NIR lowering, QIR, QPU for FS, VS and CS). The corpus runs PASSES
#     times in one process: the first pass is COLD (qemu has not translated
#     Mesa's code yet); GLSL-MS and BACKEND-MS are the least of the others.
#   executed PAIR FS INST QUADS
#     the fragment shader's QPU instructions executed in the draw and the
#     quads it shaded, from the device's VC4_SIMDEV_DEBUG=jobs line for the
#     draw's job (the statistics run); INST * 4 / QUADS per 16-pixel group
#   rejected PAIR REASON   for a pair Mesa refuses to compile or link
#   total ...              sums per stage and over the corpus
# Usage: scripts/shaderdb-mesa.sh [--build DIR] [--out FILE] [--passes N] [PAIR...]
#   --build DIR  the armhf build of conformance/ (default build/shaderdb-armhf)
#   --out FILE   the table (default bench/shaders/mesa-vc4.txt)
#   --passes N   passes over the corpus in the timing run (default 5, at least 2)
#   PAIR...      only these pairs (default: every NAME.frag of bench/shaders)
# VC4_SIMDEV_BUILD names the device library's build directory, as for
# run-on-sim.sh. Exit status 1 when a pair could not be read or the run failed.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
build=$root/build/shaderdb-armhf out=$root/bench/shaders/mesa-vc4.txt passes=5
while [ $# -gt 0 ]; do
	case "$1" in
	--build) build=$(realpath -m "$2"); shift ;;
	--out) out=$(realpath -m "$2"); shift ;;
	--passes) passes=$2; shift ;;
	--*) echo "usage: shaderdb-mesa.sh [--build DIR] [--out FILE] [--passes N] [PAIR...]" >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done

say() { echo "shaderdb-mesa: $*" >&2; }
die() { say "$*"; exit 1; }

shaders=$root/bench/shaders
mesa=$root/build/mesa-root
export VC4_MESA_ROOT=$mesa

if [ $# -gt 0 ]; then
	pairs=("$@")
else
	mapfile -t pairs < <(find "$shaders" -maxdepth 1 -name '*.frag' -printf '%f\n' |
		sed 's/\.frag$//' | sort)
fi
[ ${#pairs[@]} -gt 0 ] || die "no pairs in $shaders"
if ! [[ "$passes" =~ ^[0-9]+$ ]] || [ "$passes" -lt 2 ]; then
	die "--passes must be a number of at least 2"
fi

# The sysroot, the device library and the armhf shaderdb program.
RUN_ON_SIM_QUIET=1 scripts/run-on-sim.sh --setup || die "run-on-sim.sh --setup failed"
if [ ! -f "$build/build.ninja" ]; then
	meson setup "$build" conformance --cross-file "$mesa/mesa-armhf.ini" >"$build.log" 2>&1 ||
		{ tail -n 20 "$build.log" >&2; die "cannot configure $build"; }
fi
ninja -C "$build" shaderdb >"$build.log" 2>&1 || { tail -n 20 "$build.log" >&2; die "shaderdb does not build"; }

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# run LOG ARGS...: the shaderdb program on the simulated device.
run() {
	local log=$1; shift
	RUN_ON_SIM_READY=1 scripts/run-on-sim.sh "$build/shaderdb" --dir "$shaders" "$@" >"$log" 2>&1
}

start=$SECONDS
VC4_DEBUG=shaderdb VC4_SIMDEV_DEBUG=jobs run "$logs/stats.log" "${pairs[@]}" ||
	{ tail -n 20 "$logs/stats.log" >&2; die "the statistics run failed"; }
stats_s=$((SECONDS - start))
start=$SECONDS
all=()
for _ in $(seq "$passes"); do all+=("${pairs[@]}"); done
run "$logs/times.log" "${all[@]}" ||
	{ tail -n 20 "$logs/times.log" >&2; die "the timing run failed"; }
times_s=$((SECONDS - start))
say "statistics run ${stats_s} s, timing run ($passes passes) ${times_s} s, ${#pairs[@]} pairs"

# stats LOG: "shader", "executed" and "rejected" lines from the
# VC4_DEBUG=shaderdb run. Lines before a pair's "draw" marker are link-time
# precompiles; a stage the draw did not compile takes the FS precompile (the
# only FS at link time). The first device job line after "draw" is the draw's.
stats() {
	awk '
	function flush(   s) {
		if (name == "") return
		for (s = 1; s <= 3; s++) {
			st = order[s]
			if (st in drawn) print "shader", name, st, drawn[st], "draw"
			else if (st == "FS" && pre != "") print "shader", name, st, pre, "precompiled"
			else if (!rejected) print "shader", name, st, "- - - - -", "missing"
		}
	}
	BEGIN { order[1] = "VS"; order[2] = "CS"; order[3] = "FS" }
	/^shaderdb: begin / { flush(); name = $3; phase = "link"; delete drawn; pre = ""; rejected = 0; job = 0; next }
	/^vc4-simdev: job: / {
		if (phase == "draw" && !job++) print "executed", name, "FS", $8, $10
		next
	}
	/^shaderdb: [^ ]*: draw$/ { phase = "draw"; next }
	/^shaderdb: [^ ]*: redraw$/ { phase = "redraw"; next }
	/^shaderdb: [^ ]*: rejected: / {
		rejected = 1; sub(/^shaderdb: [^ ]*: rejected: /, ""); print "rejected", name, $0; next
	}
	/^shaderdb: gl: MESA_SHADER_[A-Z]* shader: / {
		st = $3 == "MESA_SHADER_FRAGMENT" ? "FS" : $3 == "MESA_SHADER_COORD" ? "CS" : "VS"
		v = $5 " " $7 " " $9 " " $11 " " $13
		if (phase == "draw") drawn[st] = v
		else if (phase == "link" && st == "FS") pre = v
	}
	END { flush() }' "$1"
}

# times LOG: "time" lines; the first pass of the corpus is cold, the least of
# the later passes warm.
times() {
	awk '
	/^shaderdb: [^ ]*: compile_ms / {
		n = $2; sub(/:$/, "", n)
		glsl = $4 + $6; backend = $8 - $10
		if (n in cold) {
			if (!(n in warm_g) || glsl < warm_g[n]) warm_g[n] = glsl
			if (!(n in warm_b) || backend < warm_b[n]) warm_b[n] = backend
		}
		else { cold[n] = 1; cold_g[n] = glsl; cold_b[n] = backend; names[++k] = n }
	}
	END {
		for (i = 1; i <= k; i++) {
			n = names[i]
			printf "time %s %.2f %.2f %.2f %.2f\n", n, warm_g[n], warm_b[n], cold_g[n], cold_b[n]
		}
	}' "$1"
}

version=$(sed -n 's/^scene: GL_VERSION: //p' "$logs/stats.log" | head -n 1)
renderer=$(sed -n 's/^scene: GL_RENDERER: //p' "$logs/stats.log" | head -n 1)
{ stats "$logs/stats.log"; times "$logs/times.log"; } >"$logs/rows.txt"
grep -q '^shader .* missing$' "$logs/rows.txt" && say "warning: some stage was not reported (see 'missing' rows)"
grep -v 'vc4-simdev: job:' "$logs/stats.log" "$logs/times.log" | grep -q 'vc4-simdev:' &&
	say "warning: the device reported: $(grep -h 'vc4-simdev:' "$logs/stats.log" "$logs/times.log" | grep -v 'vc4-simdev: job:' | head -n 1)"

mkdir -p "$(dirname "$out")"
{
	echo "# Mesa vc4 on the shader corpus of bench/shaders/ (scripts/shaderdb-mesa.sh; reference data)."
	echo "# Mesa: $version, $renderer: Debian 12's armhf vc4_dri.so, unmodified,"
	echo "#   under $(qemu-arm --version | head -n 1 | cut -d'(' -f1)on the simulated device (libvc4-simdev.so)."
	echo "# Date: $(date -u +%Y-%m-%d); tree: $(git rev-parse --short HEAD 2>/dev/null || echo unknown); host: $(nproc) cores."
	echo "# Draw: a 32x32 RGBA8 texture FBO with a D24S8 renderbuffer, one triangle; GL's default state except"
	echo "#   '// shaderdb: depth' (GL_DEPTH_TEST, LESS) and '// shaderdb: blend' (SRC_ALPHA, ONE_MINUS_SRC_ALPHA)"
	echo "#   in the .frag; every sampler a 4x4 RGBA8 2D or cube texture, LINEAR, REPEAT; every attribute"
	echo "#   GL_FLOAT with its type's component count. Figures are what Mesa prints with VC4_DEBUG=shaderdb."
	echo "# Rows:"
	echo "#   shader PAIR STAGE INST THREADS UNIFORMS MAX-TEMPS EST-CYCLES KEY  (STAGE: VS, CS = coordinate"
	echo "#     shader, FS; KEY: draw = compiled by the draw, precompiled = the link-time variant, same key)"
	echo "#   time PAIR GLSL-MS BACKEND-MS COLD-GLSL-MS COLD-BACKEND-MS  (wall clock under qemu-arm, no"
	echo "#     VC4_DEBUG; GLSL = compile + link, BACKEND = first draw call - second; cold = first of"
	echo "#     $passes passes over the corpus in one process, the others' least otherwise)"
	echo "#   executed PAIR FS INST QUADS  (the FS's QPU instructions executed in the draw on the simulated"
	echo "#     device and the 2x2 quads it shaded: VC4_SIMDEV_DEBUG=jobs; INST * 4 / QUADS per 16 pixels)"
	echo "#   rejected PAIR REASON"
	echo "#   total ..."
	awk '$1 == "shader" { printf "%-8s %-38s %-3s %5s %2s %4s %4s %5s %s\n", $1, $2, $3, $4, $5, $6, $7, $8, $9; next }
	     $1 == "time" { printf "%-8s %-38s %8s %8s %8s %8s\n", $1, $2, $3, $4, $5, $6; next }
	     { print }' "$logs/rows.txt"
	awk '
	$1 == "shader" && $4 != "-" {
		n[$3]++; inst[$3] += $4; unif[$3] += $6; temps[$3] += $7; cyc[$3] += $8
		if ($3 == "FS" && $5 == 2) threaded++
		pairs[$2] = 1
	}
	$1 == "time" { g += $3; b += $4; cg += $5; cb += $6 }
	$1 == "rejected" { rej++ }
	END {
		np = 0; for (p in pairs) np++
		split("VS CS FS", order, " ")
		for (i = 1; i <= 3; i++) {
			s = order[i]
			printf "total %s: %d shaders, %d instructions, %d uniforms, %d max-temps (sum), %d estimated cycles\n",
				s, n[s], inst[s], unif[s], temps[s], cyc[s]
		}
		printf "total all: %d pairs, %d instructions (VS+CS+FS), %d FS of %d two-threaded, %d rejected\n",
			np, inst["VS"] + inst["CS"] + inst["FS"], threaded, n["FS"], rej
		printf "total time: warm %.1f ms GLSL + %.1f ms backend; cold %.1f ms GLSL + %.1f ms backend\n",
			g, b, cg, cb
	}' "$logs/rows.txt"
} >"$out"
say "wrote $out"
grep '^total' "$out" >&2
