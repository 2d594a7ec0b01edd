#!/usr/bin/env python3
"""qemu-tb-report.py: the output of bench/qemu's plugins by function.

    qemu-tb-report.py BINARY OUT [--base HEX] [--minus OUT0] [--top N]

BINARY is the armhf program QEMU ran (its symbols by `nm`), OUT the file the
tb_count plugin ("VADDR INSNS EXECS") or the tb_transitions plugin ("VADDR
KIND COUNT") wrote, --base the program's load address (qemu-arm's `-d page`
log shows it; 0x40000000 for a PIE run by qemu-arm 7.2). --minus subtracts
another run's counts (e.g. `--frames 1` from `--frames 2`: one frame).
Prints the totals, then per function guest instructions and blocks
(tb_count) or the counts per kind (tb_transitions). Addresses outside the
program are "(libraries)".
"""
import argparse
import bisect
import collections
import subprocess


def symbols(binary):
    out = subprocess.run(['nm', '--defined-only', binary], capture_output=True, text=True,
                         check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split(None, 2)
        if len(parts) == 3 and parts[1] in 'tTwW' and not parts[2].startswith('$'):
            syms.append((int(parts[0], 16) & ~1, parts[2]))
    return sorted(syms)


def load(path):
    """{(vaddr, second field): count}; the second field is INSNS or KIND."""
    counts = collections.Counter()
    with open(path) as f:
        for line in f:
            vaddr, second, count = line.split()
            counts[(int(vaddr, 16), second)] += int(count)
    return counts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('binary')
    ap.add_argument('out')
    ap.add_argument('--base', default='40000000')
    ap.add_argument('--minus')
    ap.add_argument('--top', type=int, default=30)
    a = ap.parse_args()
    base, syms = int(a.base, 16), symbols(a.binary)
    addrs = [s[0] for s in syms]
    counts = load(a.out)
    if a.minus:
        counts.subtract(load(a.minus))
    by_fn = collections.defaultdict(collections.Counter)
    totals = collections.Counter()
    for (vaddr, second), n in counts.items():
        if n <= 0:
            continue
        i = bisect.bisect_right(addrs, vaddr - base) - 1
        fn = syms[i][1] if i >= 0 and 0 <= vaddr - base < 1 << 28 else '(libraries)'
        if second.isdigit():   # tb_count: instructions and blocks
            for key, v in (('insns', int(second) * n), ('blocks', n)):
                by_fn[fn][key] += v
                totals[key] += v
        else:                  # tb_transitions: one kind
            by_fn[fn][second] += n
            totals[second] += n
    keys = ['insns', 'blocks'] if 'insns' in totals else [k for k in 'FfJXR' if k in totals]
    print('total ' + '  '.join('%s %.2f M' % (k, totals[k] / 1e6) for k in keys))
    order = sorted(by_fn.items(), key=lambda kv: -sum(kv[1][k] for k in keys
                                                      if k in ('insns', 'X', 'R', 'f')))
    for fn, c in order[:a.top]:
        print('  '.join('%10.3f M' % (c[k] / 1e6) for k in keys) + '  ' + fn)


if __name__ == '__main__':
    main()
