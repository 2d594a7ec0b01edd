#!/bin/sh
# scripts/fuzz.sh SECONDS [BUILD_DIR]: builds fuzz/fuzz_submit.c with clang's
# libFuzzer + ASan + UBSan over the simulated kernel (not part of the normal
# build) and fuzzes SUBMIT_CL for SECONDS, starting from fuzz/corpus/ (new
# interesting inputs go to BUILD_DIR/corpus, crashers to BUILD_DIR/crashes).
# Needs clang (Debian 12: apt-get install clang; clang-14 ships libFuzzer).
set -eu
secs=${1:?usage: scripts/fuzz.sh SECONDS [BUILD_DIR]}
src=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$src/build-fuzz}
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -g -O1"
if [ ! -f "$build/build.ninja" ]; then
	CC=clang meson setup "$build" "$src" -Dbuildtype=debug -Db_lundef=false \
		-Dc_args="$flags" -Dc_link_args="-fsanitize=address,undefined" >/dev/null
fi
libs="src/sim/kernel/libvc4_simkernel.a src/qpu/check/libvc4_qpu_check.a \
src/qpu/libvc4_qpu.a src/util/libvc4_util.a"
ninja -C "$build" -j2 $libs gen/vc4_packets.h >/dev/null
cd "$build"
clang -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -g -O1 \
	-I"$src/src" -I"$src/gen" -I"$build/gen" $(pkg-config --cflags libdrm) "$src/fuzz/fuzz_submit.c" \
	-Wl,--start-group $libs -Wl,--end-group $(pkg-config --libs libdrm) -lm \
	-o fuzz_submit
mkdir -p corpus crashes
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	./fuzz_submit -max_total_time="$secs" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
	-artifact_prefix=crashes/ -print_final_stats=1 -dict="$src/fuzz/submit.dict" \
	corpus "$src/fuzz/corpus"
