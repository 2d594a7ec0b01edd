#!/usr/bin/env python3
"""Counts test cases over the suites' Meson test logs.

Every CMocka program runs with CMOCKA_MESSAGE_OUTPUT=TAP, so each test case is
an "ok N - name" or "not ok N - name" line; a line with a "# SKIP" directive
(CMocka's skip(): a case whose subject is not built for this host, e.g. an x86
path in the armhf build) is counted as skipped, neither passed nor failed. A program that failed without
printing "not ok" (a crash, a sanitizer report, a timeout) counts as one
failure; one that passed without printing TAP counts as one pass. A suite that
did not build counts as one failure. A suite given by a TAP file
instead (BUILD_ROOT/SUITE/tap.log, e.g. the conformance suite's) counts its
"ok" and "not ok" lines, and a missing file as one failure. Prints a line per
suite (with its skipped cases, if any), the failing cases, and last the line
"N passed, N failed".
Usage: count_tests.py BUILD_ROOT SUITE...
"""
import json
import os
import re
import sys

TAP = re.compile(r'^\s*(not ok|ok)\b(.*)$')
SKIP = re.compile(r'#\s*SKIP\b', re.IGNORECASE)


def count_log(path):
    passed, failed, skipped, failures = 0, 0, 0, []
    with open(path) as f:
        for line in f:
            entry = json.loads(line)
            p = f = s = 0
            for out in (entry.get('stdout') or '').splitlines():
                m = TAP.match(out)
                if not m:
                    continue
                if SKIP.search(m.group(2)):
                    s += 1
                elif m.group(1) == 'ok':
                    p += 1
                else:
                    f += 1
                    failures.append(f"{entry['name']}:{m.group(2)}")
            ok = entry['result'] in ('OK', 'EXPECTEDFAIL', 'SKIP')
            if not ok and f == 0:
                f = 1
                failures.append(f"{entry['name']}: {entry['result']}")
            if ok and p + f + s == 0:
                p = 1
            passed += p
            failed += f
            skipped += s
    return passed, failed, skipped, failures


def count_tap(path):
    passed, failed, failures = 0, 0, []
    with open(path) as f:
        for line in f:
            m = TAP.match(line)
            if m and m.group(1) == 'ok':
                passed += 1
            elif m:
                failed += 1
                failures.append(m.group(2).strip())
    return passed, failed, failures


def main():
    root, suites = sys.argv[1], sys.argv[2:]
    total_p = total_f = 0
    for suite in suites:
        tap = os.path.join(root, suite, 'tap.log')
        log = os.path.join(root, suite, 'meson-logs', 'testlog.json')
        if os.path.exists(tap) and not os.path.exists(os.path.join(root, suite + '.failed')):
            p, f, failures = count_tap(tap)
            if p + f == 0:
                f, failures = 1, [f"{suite}: no test ran"]
            print(f"{suite}: {p} passed, {f} failed")
            for name in failures:
                print(f"  FAILED {name}")
            total_p += p
            total_f += f
            continue
        if os.path.exists(os.path.join(root, suite + '.failed')) or not os.path.exists(log):
            print(f"{suite}: did not build or run")
            total_f += 1
            continue
        p, f, s, failures = count_log(log)
        print(f"{suite}: {p} passed, {f} failed" + (f" ({s} skipped)" if s else ""))
        for name in failures:
            print(f"  FAILED {name}")
        total_p += p
        total_f += f
    print(f"{total_p} passed, {total_f} failed")
    return 1 if total_f else 0


if __name__ == '__main__':
    sys.exit(main())
