#!/usr/bin/env python3
"""Checks scripts/area-deps.py on fixture_areas/, whose answer is known:
the build order (sub-areas right after their area), the one upward include
(low/a.c includes high/b.h; high/b.h includes its later sub-area
high/deep/d.h), includes without an area ignored, and the exit status.
Prints TAP lines. Usage: test_area_deps.py SCRIPT FIXTURE_DIR
"""
import subprocess
import sys


def main():
    script, fixture = sys.argv[1], sys.argv[2]
    p = subprocess.run([sys.executable, script, fixture, '--root', fixture],
                       capture_output=True, text=True)
    want = ['areas: low, high, high/deep',
            'low/a.c:4: low includes high (high/b.h)',
            'high/b.h:3: high includes high/deep (high/deep/d.h)',
            '2 upward includes']
    got = p.stdout.splitlines()
    print('1..3')
    ok = True
    for n, (what, cond) in enumerate([
            ('exit status 1', p.returncode == 1),
            ('exact report', sorted(got) == sorted(want)),
            ('no stderr', p.stderr == '')], 1):
        print(('ok' if cond else 'not ok') + f' {n} - {what}')
        ok &= cond
    if not ok:
        print('# got: ' + repr(got) + ' stderr: ' + repr(p.stderr))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
