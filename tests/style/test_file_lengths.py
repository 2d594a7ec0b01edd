#!/usr/bin/env python3
"""Checks scripts/file-lengths.py on fixture_areas/ (line counts known:
low/a.c 4, high/b.h and high/deep/d.h 3, low/a.h 1): --max 3 names only
low/a.c and exits 1; --max 4 passes. Prints TAP lines.
Usage: test_file_lengths.py SCRIPT FIXTURE_DIR
"""
import subprocess
import sys


def run(script, fixture, limit):
    p = subprocess.run([sys.executable, script, '--max', str(limit), '--root', fixture,
                        fixture], capture_output=True, text=True)
    return p.returncode, p.stdout.splitlines()


def main():
    script, fixture = sys.argv[1], sys.argv[2]
    cases = [('--max 3 names low/a.c', run(script, fixture, 3),
              (1, ['low/a.c: 4 lines', '1 files over 3 lines'])),
             ('--max 4 passes', run(script, fixture, 4), (0, ['0 files over 4 lines']))]
    print(f'1..{len(cases)}')
    ok = True
    for n, (what, got, want) in enumerate(cases, 1):
        good = got == want
        print(('ok' if good else 'not ok') + f' {n} - {what}')
        if not good:
            print(f'# got {got!r}, want {want!r}')
        ok &= good
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
