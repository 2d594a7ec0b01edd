#!/bin/sh
# glsl-piglit.sh: compiles every shader of piglit's GLSL ES 1.00 compiler
# tests with vc4c (front end and back end) and compares with each test's
# "expect_result: pass|fail" header; then the same for piglit's GLSL 1.10
# compiler tests run as ES 1.00 ("#version 110" read as 100, fragment
# shaders given "precision mediump float;") — informative only: 1.10 has
# features ES 1.00 lacks (gl_ModelViewMatrix, ftransform...) and lacks
# rules it has. Prints the figures, then the files where we disagree.
#
#   scripts/glsl-piglit.sh [VC4C] [PIGLIT_SPEC_DIR]
#
# Defaults: build/h1/tools/vc4c and the Debian piglit package's
# /usr/lib/x86_64-linux-gnu/piglit/tests/spec. Exit status 0 (a report, not
# a gate; 2 when vc4c or piglit is missing).
set -u
VC4C=${1:-build/h1/tools/vc4c}
SPEC=${2:-/usr/lib/x86_64-linux-gnu/piglit/tests/spec}
[ -x "$VC4C" ] || { echo "glsl-piglit.sh: no vc4c at $VC4C" >&2; exit 2; }
[ -d "$SPEC/glsl-es-1.00/compiler" ] || { echo "glsl-piglit.sh: no piglit at $SPEC" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run DIR LABEL CONVERT: CONVERT=1 rewrites a GLSL 1.10 shader as ES 1.00
run() {
	dir=$1 label=$2 convert=$3
	total=0 pass_ok=0 pass_bad=0 fail_ok=0 fail_bad=0 other=0
	: > "$tmp/report"
	for f in $(find "$dir" -name '*.vert' -o -name '*.frag' | sort); do
		total=$((total + 1))
		want=$(sed -n 's/.*expect_result: *\([a-z]*\).*/\1/p' "$f" | head -n 1)
		src=$f
		if [ "$convert" = 1 ]; then
			src=$tmp/shader.${f##*.}
			sed 's/^[ \t]*#[ \t]*version[ \t]*110/#version 100/' "$f" > "$tmp/body"
			if [ "${f##*.}" = frag ]; then
				awk '/^[ \t]*#[ \t]*version/ && !done { print; print "precision mediump float;"; done = 1; next } { print }
				     END { }' "$tmp/body" > "$src"
				grep -q '^[ \t]*#[ \t]*version' "$tmp/body" ||
					{ echo "precision mediump float;"; cat "$tmp/body"; } > "$src"
			else
				cp "$tmp/body" "$src"
			fi
		fi
		msg=$("$VC4C" "$src" 2>&1 >/dev/null)
		got=$?
		# piglit's compiler tests compile without linking: a shader whose
		# only error is the missing main (a link-time rule) counts as compiled
		[ "$got" = 1 ] && [ "$(echo "$msg" | wc -l)" = 1 ] &&
			echo "$msg" | grep -q "function 'main' is not defined$" && got=0
		rel=${f#"$dir"/}
		case "$want:$got" in
		pass:0) pass_ok=$((pass_ok + 1)) ;;
		pass:*) pass_bad=$((pass_bad + 1))
			echo "  should compile: $rel: $(echo "$msg" | head -n 1 | sed 's|^vc4c: [^:]*:||')" \
				>> "$tmp/report" ;;
		fail:0) fail_bad=$((fail_bad + 1))
			echo "  should be rejected: $rel" >> "$tmp/report" ;;
		fail:*) fail_ok=$((fail_ok + 1)) ;;
		*) other=$((other + 1)) ;;
		esac
	done
	echo "$label: $total shaders"
	echo "  expect pass: $((pass_ok + pass_bad)), compiled $pass_ok, rejected $pass_bad"
	echo "  expect fail: $((fail_ok + fail_bad)), rejected $fail_ok, accepted $fail_bad"
	[ "$other" -eq 0 ] || echo "  without an expect_result header: $other"
	cat "$tmp/report"
}

run "$SPEC/glsl-es-1.00/compiler" "piglit glsl-es-1.00/compiler" 0
[ -d "$SPEC/glsl-1.10/compiler" ] &&
	run "$SPEC/glsl-1.10/compiler" "piglit glsl-1.10/compiler read as ES 1.00 (informative)" 1
exit 0
