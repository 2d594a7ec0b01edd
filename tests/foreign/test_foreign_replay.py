#!/usr/bin/env python3
# test_foreign_replay.py: vc4-replay on capture directories that reproduce
# what another userspace submits (captures/*/; README.md says where each
# comes from). Each capture's verdict.txt holds the verdict of the real
# kernel, which the source program relies on; the replay on the simulated
# kernel must give the same, with the exact text below.
# Usage: test_foreign_replay.py VC4_REPLAY
import os
import sys

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import foreign_tap as ft  # noqa: E402

CAPTURES = os.path.join(ft.HERE, 'captures')

# capture directory -> (exit status, stdout) of `vc4-replay DIR --backend sim`.
# igt_lookup_fail: replay passes handle 0 for a "missing" BO, which the
# kernel cannot look up either; the real kernel said EINVAL (verdict.txt).
EXPECTED = {
    'igt_clear_4k': (0, 'accepted (sim backend)\n'),
    'igt_lookup_fail': (1, 'rejected (sim backend): SUBMIT_CL: Failed to look up GEM BO 0: 0\n'),
}


def main():
    t = ft.Tap()
    tool = sys.argv[1]
    dirs = sorted(d for d in os.listdir(CAPTURES) if os.path.isdir(os.path.join(CAPTURES, d)))
    t.equal('every capture directory has an expected verdict', dirs, sorted(EXPECTED))
    for name in dirs:
        path = os.path.join(CAPTURES, name)
        real = ft.read_text(os.path.join(path, 'verdict.txt')).strip()
        status, out = EXPECTED.get(name, (None, None))
        t.equal('%s: verdict.txt (the real kernel) and the expected replay agree' % name,
                real.split()[0], {0: 'accepted', 1: 'rejected'}.get(status))
        t.equal('%s: vc4-replay --backend sim gives the real kernel\'s verdict' % name,
                ft.run(tool, path, '--backend', 'sim'), (status, out, ''))
    t.done()


main()
