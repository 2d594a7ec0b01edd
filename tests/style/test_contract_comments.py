#!/usr/bin/env python3
"""Checks scripts/contract-comments.py on a fixture whose answer is known
(fixture/lib/sample.c and sample.h): which functions count as long, which
comments count as contracts, the figures printed, the list and the exit
status of --min. Prints TAP lines.
Usage: test_contract_comments.py SCRIPT FIXTURE_DIR
"""
import subprocess
import sys


def run(script, fixture, *args):
    """(exit status, stdout lines, stderr) of the script on the fixture."""
    p = subprocess.run([sys.executable, script, '--root', fixture,
                        fixture + '/lib', *args],
                       capture_output=True, text=True)
    return p.returncode, p.stdout.splitlines(), p.stderr


def main():
    script, fixture = sys.argv[1], sys.argv[2]
    cases = [
        ('default counts header and forward-declaration contracts', [],
         0, ['lib                          4/7      57.1 %',
             'overall                      4/7      57.1 %'], ''),
        ('--list names the functions without a contract', ['--list'],
         0, ['lib                          4/7      57.1 %',
             'overall                      4/7      57.1 %',
             'lib/sample.c:47 blank_between',
             'lib/sample.c:91 undocumented_in_header',
             'lib/sample.c:107 trailing'], ''),
        ('--strict counts only comments above the definition',
         ['--strict', '--min', '28'],
         0, ['lib                          2/7      28.6 %',
             'overall                      2/7      28.6 %'], ''),
        ('--min above the share fails and lists', ['--strict', '--min', '30'],
         1, ['lib                          2/7      28.6 %',
             'overall                      2/7      28.6 %',
             'lib/sample.c:47 blank_between',
             'lib/sample.c:76 documented_in_header',
             'lib/sample.c:91 undocumented_in_header',
             'lib/sample.c:107 trailing',
             'lib/sample.c:125 forward'],
         'contract-comments: 28.6 % is below the minimum of 30 %\n'),
        ('--lines 9 counts the 10-line function too', ['--lines', '9'],
         0, ['lib                          4/8      50.0 %',
             'overall                      4/8      50.0 %'], ''),
    ]
    print(f'1..{len(cases) + 1}')
    failed = 0
    for n, (name, args, status, out, err) in enumerate(cases, 1):
        got = run(script, fixture, *args)
        ok = got == (status, out, err)
        failed += not ok
        print(f'{"ok" if ok else "not ok"} {n} - {name}')
        if not ok:
            print(f'# expected {(status, out, err)!r}\n# got      {got!r}')
    got = subprocess.run([sys.executable, script, fixture + '/none'],
                         capture_output=True, text=True)
    ok = got.returncode == 2 and 'no folder' in got.stderr
    failed += not ok
    print(f'{"ok" if ok else "not ok"} {len(cases) + 1} - a missing folder '
          'exits 2')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
