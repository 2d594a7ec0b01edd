#!/usr/bin/env bash
# Runs README's two commands on a freshly bootstrapped Debian 12, as a new
# user's machine would: bootstraps a minimal bookworm root with mmdebstrap
# (variant apt: nothing but apt and the essential packages), copies the
# checkout in, mounts /proc and runs, as root inside the chroot,
#   bash scripts/test.sh   (must end "N passed, 0 failed" and exit 0)
#   bash scripts/demo.sh   (must exit 0 and print where its outputs are)
# Every package either command needs is installed by the command itself.
# A transient mirror failure of the bootstrap is retried once; nothing is
# skipped silently: any failure exits non-zero with the reason.
# Usage: scripts/fresh-debian.sh [WORKDIR]     (as root; .ci/run calls it)
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD

say() { echo "fresh-debian: $*"; }
die() { echo "fresh-debian: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "needs root (mmdebstrap, chroot, mount)"
for cmd in 'bash scripts/test.sh' 'bash scripts/demo.sh'; do
  grep -qxF "    $cmd" README.md || die "README.md no longer shows '$cmd'"
done

if ! command -v mmdebstrap >/dev/null; then
  say "installing mmdebstrap"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends mmdebstrap >/dev/null \
    || die "cannot install mmdebstrap"
fi

work=$(realpath -m "${1:-${TMPDIR:-/tmp}/vc4-fresh-debian}")
root=$work/root
cleanup() {
  mountpoint -q "$root/proc" && umount "$root/proc"
  [ -n "${KEEP_FRESH_ROOT:-}" ] || rm -rf --one-file-system "$work"
}
trap cleanup EXIT
mountpoint -q "$root/proc" 2>/dev/null && umount "$root/proc"
rm -rf --one-file-system "$work"
mkdir -p "$work"

mirror=http://deb.debian.org/debian
sources=("deb $mirror bookworm main" "deb $mirror bookworm-updates main"
         "deb http://deb.debian.org/debian-security bookworm-security main")
bootstrap() {
  rm -rf --one-file-system "$root"
  mmdebstrap --quiet --variant=apt --mode=root bookworm "$root" "${sources[@]}" \
    >"$work/mmdebstrap.log" 2>&1
}
say "bootstrapping Debian 12 into $root"
start=$SECONDS
if ! bootstrap; then
  tail -n 5 "$work/mmdebstrap.log"
  say "bootstrap failed; retrying once"
  sleep 10
  bootstrap || { tail -n 20 "$work/mmdebstrap.log"; die "mmdebstrap failed twice"; }
fi
say "bootstrapped in $((SECONDS - start)) s"

# The checkout without build trees (a fresh clone has none).
mkdir -p "$root/src"
tar -C "$src" --exclude='./build*' --exclude='./.git' -cf - . | tar -C "$root/src" -xf -
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc"
for node in null zero full random urandom tty; do
  [ -e "$root/dev/$node" ] || die "the bootstrapped root lacks /dev/$node"
done

in_root() {  # in_root LOGNAME COMMAND: runs README's COMMAND in the fresh root
  local log=$work/$1.log
  say "running '$2' in the fresh root"
  chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 \
    /bin/bash -c "cd /src && $2" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

start=$SECONDS
in_root test 'bash scripts/test.sh' || die "README's test command failed on fresh Debian 12"
tail -n 1 "$work/test.log" | grep -qE '^[0-9]+ passed, 0 failed$' \
  || die "README's test command did not end with 'N passed, 0 failed'"
say "test command passed in $((SECONDS - start)) s"

start=$SECONDS
in_root demo 'bash scripts/demo.sh' || die "README's main command failed on fresh Debian 12"
out=$(sed -n 's/^Outputs are in \([^ :]*\).*$/\1/p' "$work/demo.log" | tail -n 1)
[ -n "$out" ] || die "the main command did not say where its outputs are"
pngs=$(find "$root/src/${out#/src/}" -name '*.png' | wc -l)
[ "$pngs" -gt 0 ] || die "the main command wrote no PNG under $out"
say "main command passed in $((SECONDS - start)) s: $pngs PNG files under $out"

# The closing line of the whole run is the test command's.
tail -n 1 "$work/test.log"
