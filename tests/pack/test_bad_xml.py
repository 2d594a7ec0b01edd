#!/usr/bin/env python3
"""test_bad_xml.py: the generator refuses every broken XML in tests/pack/bad/.

Usage: test_bad_xml.py GEN_PACKETS.py BAD_DIR GOOD.xml

Each bad/*.xml starts with a comment "<!-- expect: LINE: error: MESSAGE -->".
For each, gen_packets.py must exit with status 1, print exactly
"PATH:LINE: error: MESSAGE" on stderr, and write no output file. GOOD.xml
(the real packet XML) must generate without error. Prints TAP lines and exits
non-zero if any case fails.
"""

import os
import re
import subprocess
import sys
import tempfile

EXPECT = re.compile(r'^<!-- expect: ([0-9]+: error: .*) -->$')


def run(gen, xml, out):
    """Runs the generator; returns (exit status, stderr)."""
    p = subprocess.run([sys.executable, gen, xml, out], capture_output=True, text=True)
    return p.returncode, p.stderr


def check_bad(gen, path, tmp):
    """Returns None if the file is refused as its comment says, else why not."""
    with open(path) as f:
        m = EXPECT.match(f.readline().rstrip('\n'))
    if not m:
        return 'first line has no "<!-- expect: LINE: error: MESSAGE -->"'
    out = os.path.join(tmp, 'out.h')
    status, err = run(gen, path, out)
    want = '%s:%s\n' % (path, m.group(1))
    if status != 1:
        return 'exit status %d, expected 1' % status
    if err != want:
        return 'stderr %r, expected %r' % (err, want)
    if os.path.exists(out) or os.path.exists(out + '.tmp'):
        return 'an output file was written'
    return None


def check_good(gen, path, tmp):
    out = os.path.join(tmp, 'good.h')
    status, err = run(gen, path, out)
    if status != 0 or err:
        return 'exit status %d, stderr %r' % (status, err)
    if not os.path.exists(out):
        return 'no output file'
    return None


def main(argv):
    gen, bad_dir, good = argv[1:4]
    bad = sorted(os.path.join(bad_dir, n) for n in os.listdir(bad_dir) if n.endswith('.xml'))
    cases = [(os.path.basename(p), check_bad, p) for p in bad]
    cases.append(('good: ' + os.path.basename(good), check_good, good))
    print('1..%d' % len(cases))
    failed = 0
    for n, (name, fn, path) in enumerate(cases, 1):
        with tempfile.TemporaryDirectory() as tmp:
            why = fn(gen, path, tmp)
        if why is None:
            print('ok %d - %s' % (n, name))
        else:
            failed += 1
            print('not ok %d - %s' % (n, name))
            print('# %s' % why)
    if len(bad) < 20:
        print('# expected at least 20 bad XML files, found %d' % len(bad))
        failed += 1
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
