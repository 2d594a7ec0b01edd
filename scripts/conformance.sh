#!/usr/bin/env bash
# Judges the simulator by unmodified Mesa: Debian's armhf Mesa vc4 driver runs
# under qemu-arm on the simulated device (scripts/run-on-sim.sh) and
#   1. renders the GLES2 scenes of conformance/, each compared per pixel with
#      the host's llvmpipe rendering of the same C source, within the scene's
#      tolerance (conformance/tolerance.txt; softpipe's spread beside it);
#   2. runs piglit: shader_runner over the GLSL 1.10, 1.20 and ES 1.00
#      execution tests, and piglit's GL 1.0-2.1 and GLES 2.0 tests (its
#      "quick" profile's), judged by piglit's own probes.
# Ends with the line "piglit: N pass, N fail, N crash, N skip" (a test that
# died, hung past the time limit or printed no verdict is a crash).
#
# Usage: scripts/conformance.sh [--quick] [--gl1] [--only REGEX] [--jobs N] [--out DIR]
#   --quick   the scenes and piglit shader tests of conformance/quick.txt only, each
#             checked against the verdict written there; exit 1 on any
#             difference. Also writes OUT/tap.log ("ok N - ..." lines) for
#             scripts/test.sh.
#   --gl1     add piglit's GL 1.0-1.5 tests (about 370 more, many of them
#             long under emulation: hours on 2 cores)
#   --only RE only the piglit tests whose ID matches the extended regex RE
#   --jobs N  processes in parallel (default: the host's cores)
#   --out DIR results (default build/conformance): scenes/NAME.{png,log},
#             piglit/results.txt ("VERDICT TEST" lines), piglit/logs/, and
#             (full run) piglit/llvmpipe.txt: each test that did not pass or
#             skip, run again natively by the host's piglit on llvmpipe
#             ("SIM-VERDICT LLVMPIPE-VERDICT TEST")
# See docs/CONFORMANCE.md.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
quick="" jobs=$(nproc) out=$root/build/conformance
gl_specs='!opengl 2\.[01]|!opengl es 2\.0' only=''
while [ $# -gt 0 ]; do
	case "$1" in
	--quick) quick=1 ;;
	--gl1) gl_specs='!opengl 1\.[0-5]|!opengl 2\.[01]|!opengl es 2\.0' ;;
	--jobs) jobs=$2; shift ;;
	--only) only=$2; shift ;;
	--out) out=$(realpath -m "$2"); shift ;;
	*) echo "usage: conformance.sh [--quick] [--gl1] [--only REGEX] [--jobs N] [--out DIR]" >&2; exit 2 ;;
	esac
	shift
done

say() { echo "conformance: $*" >&2; }
die() { say "$*"; exit 2; }

mesa=$root/build/mesa-root
sysroot=$mesa/sysroot
piglit=$sysroot/usr/lib/arm-linux-gnueabihf/piglit
export VC4_MESA_ROOT=$mesa ROOT=$root

setup() {
	scripts/deps.sh "$([ -n "$quick" ] && echo test || echo conformance)" >&2 || exit 2
	scripts/mesa-sysroot.sh "$mesa" --piglit >/dev/null || die "the Mesa sysroot failed"
	RUN_ON_SIM_QUIET=1 scripts/run-on-sim.sh --setup || die "the device library failed"
	local b
	for b in native armhf; do
		local dir=$root/build/scenes-$b args=()
		[ $b = armhf ] && args=(--cross-file "$mesa/mesa-armhf.ini")
		if [ ! -f "$dir/build.ninja" ]; then
			meson setup "$dir" conformance "${args[@]}" >"$dir.log" 2>&1 ||
				{ cat "$dir.log" >&2; die "cannot configure the $b scenes"; }
		fi
		ninja -C "$dir" >"$dir.log" 2>&1 || { tail -n 20 "$dir.log" >&2; die "the $b scenes do not build"; }
	done
}

# on_sim ARGS...: an armhf program on the simulated device (set up already).
on_sim() { RUN_ON_SIM_READY=1 "$ROOT/scripts/run-on-sim.sh" "$@"; }
export -f on_sim

# ---- scenes ----

# tolerance NAME: "CHANNEL MAXBAD" from conformance/tolerance.txt (default 1 0).
tolerance() {
	awk -v n="$1" '$1 == n { print $2, $3; found = 1 } END { if (!found) print 1, 0 }' \
		conformance/tolerance.txt
}

# scene NAME: prints "pass|fail scene NAME (...)".
scene() {
	local name=$1 dir=$out/scenes native=$root/build/scenes-native
	mkdir -p "$dir/llvmpipe" "$dir/softpipe"
	local drv
	for drv in llvmpipe softpipe; do
		LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=$drv SCENE_PLATFORM=surfaceless \
			"$native/scene" "$name" "$dir/$drv/$name.png" 2>"$dir/$drv/$name.log" ||
			{ echo "fail scene $name ($drv could not render it)"; return; }
	done
	if ! on_sim "$root/build/scenes-armhf/scene" "$name" "$dir/$name.png" >"$dir/$name.log" 2>&1; then
		echo "fail scene $name (Mesa on the simulator failed: $(grep -m1 -E 'vc4-simdev|scene:' "$dir/$name.log" | cut -c1-160))"
		return
	fi
	read -r tol maxbad < <(tolerance "$name")
	local spread diff
	spread=$("$native/compare" "$dir/llvmpipe/$name.png" "$dir/softpipe/$name.png" --max-bad 1000000 | tail -n 1)
	diff=$("$native/compare" "$dir/llvmpipe/$name.png" "$dir/$name.png" --tolerance "$tol" --max-bad "$maxbad")
	local verdict=$?
	local hang=""
	grep -q 'vc4-simdev:' "$dir/$name.log" && hang="; $(grep -m1 'vc4-simdev:' "$dir/$name.log" | cut -c1-160)"
	[ $verdict -eq 0 ] && [ -z "$hang" ] && echo "pass scene $name ($diff; tolerance $tol, $maxbad pixels)" ||
		echo "fail scene $name ($diff; tolerance $tol, $maxbad pixels; llvmpipe vs softpipe: $spread$hang)"
}

# ---- piglit ----

# piglit_one "ID<TAB>PROGRAM ARGS...": runs one piglit test on the simulator;
# prints "VERDICT ID".
piglit_one() {
	local id=${1%%$'\t'*} cmd=${1#*$'\t'} log
	log=$PIGLIT_LOGS/$(echo "$id" | tr '/ ' '__').log
	read -r -a argv <<<"$cmd"
	argv[0]=$PIGLIT_DIR/bin/${argv[0]}
	(cd "$PIGLIT_DIR" && PIGLIT_PLATFORM=surfaceless_egl timeout 300 bash -c \
		'on_sim "$@"' on_sim "${argv[@]}") >"$log" 2>&1
	local status=$? verdict
	verdict=$(sed -n 's/.*PIGLIT: {"result": "\([a-z]*\)".*/\1/p' "$log" | tail -n 1)
	if [ $status -ge 124 ] || [ -z "$verdict" ]; then
		verdict=crash
	fi
	case "$verdict" in pass|fail|skip|crash) ;; warn) verdict=fail ;; *) verdict=crash ;; esac
	echo "$verdict $id"
}
export -f piglit_one

# The test list, "ID<TAB>PROGRAM ARGS" lines: the execution tests of the
# three GLSL versions vc4's GL has (shader_runner; ID = the file), and
# piglit's own GL 2.0, 2.1 and GLES 2.0 tests of its "quick" profile (with
# --gl1 also GL 1.0-1.5's; ID = piglit's test name, spaces as '_'), their
# commands listed by the host's piglit and run with the armhf binaries of
# the same package version.
piglit_all() {
	(cd "$piglit" && find tests/spec/glsl-1.10/execution tests/spec/glsl-1.20/execution \
		tests/spec/glsl-es-1.00/execution generated_tests/spec/glsl-1.10/execution \
		generated_tests/spec/glsl-1.20/execution -name '*.shader_test' | sort) |
	while read -r t; do
		case "$t" in *glsl-es-*) r=shader_runner_gles2 ;; *) r=shader_runner ;; esac
		printf '%s\t%s %s -auto -fbo\n' "$t" "$r" "$t"
	done
	piglit print-cmd --format '{name} ::: {command}' quick 2>/dev/null |
		grep -E "^spec@($gl_specs)@" |
		grep -v shader_runner |
		sed -E 's/^([^:]*) ::: [^ ]*\/bin\//\1\t/; s/^([^\t]*)/\1/' |
		awk -F'\t' '{ gsub(/ /, "_", $1); print $1 "\t" $2 }' | sort
}

piglit_run() {  # piglit_run < TEST-LIST: results into $out/piglit/results.txt
	export PIGLIT_DIR=$piglit PIGLIT_LOGS=$out/piglit/logs ROOT=$root
	mkdir -p "$PIGLIT_LOGS"
	tr '\n' '\0' | xargs -0 -P "$jobs" -I{} bash -c 'piglit_one "$0"' {} |
		sort -k2 >"$out/piglit/results.txt"
}

# Each test that failed or crashed on the simulator, run again by the host's
# piglit (same package version) on llvmpipe: "SIM LLVMPIPE ID" lines.
llvmpipe_triage() {
	local host=/usr/lib/x86_64-linux-gnu/piglit
	awk '$1 == "fail" || $1 == "crash" { print $1, $2 }' "$out/piglit/results.txt" |
	while read -r sim id; do
		local cmd v argv
		cmd=$(awk -F'\t' -v id="$id" '$1 == id { print $2; exit }' "$out/piglit/tests.txt")
		read -r -a argv <<<"$cmd"
		v=$(cd "$host" && LIBGL_ALWAYS_SOFTWARE=1 PIGLIT_PLATFORM=surfaceless_egl \
			timeout 120 "$host/bin/${argv[0]}" "${argv[@]:1}" 2>&1 |
			sed -n 's/.*PIGLIT: {"result": "\([a-z]*\)".*/\1/p' | tail -n 1)
		echo "$sim ${v:-crash} $id"
	done >"$out/piglit/llvmpipe.txt"
}

summary() {  # the closing line over results.txt
	awk '{ n[$1]++ } END { printf "piglit: %d pass, %d fail, %d crash, %d skip\n",
		n["pass"], n["fail"], n["crash"], n["skip"] }' "$out/piglit/results.txt"
}

# ---- main ----

setup
mkdir -p "$out/piglit"
if [ -n "$quick" ]; then
	scenes=$(awk '$1 == "scene" { print $2 }' conformance/quick.txt)
	piglit_all >"$out/piglit/tests.txt"
	awk '$1 == "piglit" { print $2 }' conformance/quick.txt >"$out/piglit/wanted.txt"
	awk -F'\t' 'NR == FNR { want[$1] = 1; next } $1 in want' "$out/piglit/wanted.txt" \
		"$out/piglit/tests.txt" | piglit_run
else
	scenes=$("$root/build/scenes-native/scene" --list | awk '{ print $1 }')
	start=$SECONDS
	piglit_all | grep -E -- "${only:-.}" >"$out/piglit/tests.txt"
	piglit_run <"$out/piglit/tests.txt"
	say "piglit: $(wc -l <"$out/piglit/results.txt") tests in $((SECONDS - start)) s on $jobs processes"
	llvmpipe_triage
fi
for s in $scenes; do scene "$s"; done | tee "$out/scenes.txt"

status=0
if [ -n "$quick" ]; then
	# Every verdict must be the one conformance/quick.txt expects.
	: >"$out/tap.log"
	n=0
	while read -r kind name want; do
		case "$kind" in scene|piglit) ;; *) continue ;; esac
		if [ "$kind" = scene ]; then
			got=$(awk -v n="$name" '$2 == "scene" && $3 == n { print $1 }' "$out/scenes.txt")
		else
			got=$(awk -v t="$name" '$2 == t { print $1 }' "$out/piglit/results.txt")
		fi
		n=$((n + 1))
		if [ "$got" = "$want" ]; then
			echo "ok $n - $kind $name: $got" >>"$out/tap.log"
		else
			echo "not ok $n - $kind $name: $got, expected $want" >>"$out/tap.log"
			status=1
		fi
	done <conformance/quick.txt
	grep '^not ok' "$out/tap.log" >&2
fi
summary
exit $status
