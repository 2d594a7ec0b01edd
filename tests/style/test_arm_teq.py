#!/usr/bin/env python3
"""Checks scripts/arm-teq.py's rewrite on small Thumb-2 functions whose
answer is known: a CMP becomes TEQ only when no path reads N, C or V
before a call, a return or a CMP sets them again. Prints TAP lines.
Usage: test_arm_teq.py SCRIPT
"""
import importlib.util
import sys

# (what, assembly after the cmp, rewritten?)
CASES = [
    ('bne, then a call on both paths', 'bne .L1\n\tbl f\n.L1:\n\tbl g', True),
    ('beq, then a return', 'beq .L1\n\tmovs r0, #1\n.L1:\n\tbx lr', True),
    ('bhi reads C', 'bhi .L1\n\tbx lr\n.L1:\n\tbx lr', False),
    ('a branch target reads N and V', 'beq .L1\n\tbx lr\n.L1:\n\tbge .L2\n.L2:\n\tbx lr', False),
    ('it eq reads only Z', 'ite eq\n\tmoveq r0, #1\n\tmovne r0, #2\n\tpop {r4, pc}', True),
    ('it lt reads N and V', 'it lt\n\tmovlt r0, #1\n\tbx lr', False),
    ('a loop back to a full compare', '.L1:\n\tbne .L2\n\tcmp r1, #4\n\tbcc .L1\n.L2:\n\tbx lr',
     True),
    ('adc reads C', 'bne .L1\n\tadc r0, r0, #0\n.L1:\n\tbx lr', False),
    ('an unknown label', 'bne 1f\n\tbx lr', False),
    ('a tail call', 'bne .L1\n\tb f\n.L1:\n\tbx lr', True),
    ('tst leaves V live', 'tst r2, r2\n\tbvs .L1\n.L1:\n\tbx lr', False),
    ('a table jump', 'tbb [pc, r0]', False),
]

# (what, assembly, instructions the result holds; each ADD or SUB a rewrite)
ADDS = [
    ('adds before a return', 'adds r0, r0, #1\n\tbx lr', ['add r0, r0, #1']),
    ('subs read by bne: a sub and a tst', 'subs r0, r0, #1\n\tbne f\n\tbx lr',
     ['sub r0, r0, #1', 'tst\tr0, r0']),
    ('subs read by bhi', 'subs r0, r0, #1\n\tbhi f\n\tbx lr', ['subs r0, r0, #1']),
    ('adds, then a tst: C still live into bcs',
     'adds r0, r0, r1\n\ttst r0, r2\n\tbne .L1\n\tbx lr\n.L1:\n\tbcs .L2\n.L2:\n\tbx lr', []),
    ('adds killed by a cmp that stays (bcs reads it)',
     'adds r0, r0, r1\n\tcmp r0, r2\n\tbne .L1\n\tbx lr\n.L1:\n\tbcs .L2\n.L2:\n\tbx lr',
     ['add r0, r0, r1', 'cmp r0, r2']),
    ('adds, then a cmp made a teq, then a call',
     'adds r0, r0, r1\n\tcmp r0, r2\n\tbne .L1\n\tbx lr\n.L1:\n\tbl g',
     ['add r0, r0, r1', 'teq r0, r2']),
]


def main():
    spec = importlib.util.spec_from_file_location('arm_teq', sys.argv[1])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    print('1..%d' % (len(CASES) + 2 + len(ADDS)))
    ok = True
    for n, (what, tail, want) in enumerate(CASES, 1):
        text, count, _ = mod.rewrite('f:\n\tcmp r0, r1\n\t' + tail + '\n')
        good = count == (1 if want else 0) and ('teq r0, r1' in text) == want
        print(('ok' if good else 'not ok') + ' %d - %s' % (n, what))
        ok &= good
    _, count, _ = mod.rewrite('f:\n\tcmp sp, r1\n\tbne .L1\n.L1:\n\tbx lr\n')
    print(('ok' if count == 0 else 'not ok') + ' %d - never SP' % (len(CASES) + 1))
    ok &= count == 0
    # ARM code: movlt reads N and V without an IT block
    text, count, adds = mod.rewrite('\t.arm\nf:\n\tcmp r0, r1\n\tmovlt r0, r1\n\tbx lr\n')
    good = count == 0 and adds == 0 and 'cmp r0, r1' in text
    print(('ok' if good else 'not ok') + ' %d - nothing in ARM code' % (len(CASES) + 2))
    ok &= good
    for n, (what, body, want) in enumerate(ADDS, len(CASES) + 3):
        text, _, count = mod.rewrite('f:\n\t' + body + '\n')
        good = count == sum(w.split()[0] in ('add', 'sub') for w in want) and \
            all(w in text for w in want)
        print(('ok' if good else 'not ok') + ' %d - %s' % (n, what))
        ok &= good
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
