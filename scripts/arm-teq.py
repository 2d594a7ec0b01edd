#!/usr/bin/env python3
"""arm-teq.py: GCC's Thumb-2 assembly with fewer flags for QEMU to compute.

    arm-linux-gnueabihf-gcc -wrapper scripts/arm-teq.py ...   (src/meson.build)
    scripts/arm-teq.py --rewrite IN.s OUT.s                   (by hand)

Under qemu-arm a CMP costs about 13 host instructions at the end of a
translation block: QEMU computes all four flags, N, Z, C and V, since a
later block might read any of them. A TEQ sets only N and Z (about 4), and
its Z is CMP's (a ^ b == 0 exactly when a - b == 0). GCC writes every
equality test as CMP and BEQ/BNE; some 21 M of them end a block in one
corpus compile (docs/PERFORMANCE.md, "Issue 10, H-E round"). Likewise
an ADDS or SUBS (GCC's choice wherever the flags are dead, for the 16-bit
encoding) computes all four; an ADD or SUB none.

As GCC's -wrapper, this runs every subcommand of the compiler driver
unchanged except the assembler's: its input is first rewritten in place
(and put back if the assembler then fails, as when a CBZ's target moves
out of its range).
A `cmp rN, OP` becomes `teq rN, OP` only when N, C and V are provably dead
after it: on every path from it (fall-through, branches to labels of the
file, IT blocks) a call, a return, a tail call or an instruction that sets
all four flags comes before any instruction that reads N, C or V (a
conditional branch or IT block on another condition than EQ/NE, ADC, SBC,
RRX). Anything not understood (a jump through a table, MRS, a branch to an
unknown label, a directive other than the few listed) keeps the CMP.
Never SP or PC as an operand (TEQ may not take them), and nothing in a
file with ARM code (`.arm`: -marm), whose conditional instructions need no
IT block. Then, on the
result, an ADDS or SUBS outside an IT block becomes ADD or SUB when all
four flags are dead after it by the same walk (a TEQ or TST sets only N
and Z), and so do the shifts and logical ops that set N, Z (and C); an
ADDS or SUBS whose C and V only are dead becomes ADD or SUB and a TST of
its result, which sets N and Z as it did.
"""
import os
import re
import subprocess
import sys

FLAGS_READ = {'eq': 'Z', 'ne': 'Z', 'cs': 'CZ', 'hs': 'C', 'cc': 'C', 'lo': 'C', 'mi': 'N',
              'pl': 'N', 'vs': 'V', 'vc': 'V', 'hi': 'CZ', 'ls': 'CZ', 'ge': 'NV', 'lt': 'NV',
              'gt': 'NZV', 'le': 'NZV'}
INVERSE = {'eq': 'ne', 'ne': 'eq', 'cs': 'cc', 'hs': 'lo', 'cc': 'cs', 'lo': 'hs', 'mi': 'pl',
           'pl': 'mi', 'vs': 'vc', 'vc': 'vs', 'hi': 'ls', 'ls': 'hi', 'ge': 'lt', 'lt': 'ge',
           'gt': 'le', 'le': 'gt'}
SETS_ALL = {'cmp', 'cmn', 'adds', 'subs', 'rsbs', 'negs', 'adcs', 'sbcs'}
SETS_N = {'tst', 'teq', 'ands', 'orrs', 'eors', 'bics', 'mvns', 'movs', 'orns', 'lsls', 'lsrs',
          'asrs', 'rors', 'muls'}   # N and Z, maybe C; never V
READS_C = {'adc', 'sbc', 'adcs', 'sbcs', 'rrx', 'rrxs'}
HARMLESS = ('.loc', '.cfi', '.p2align', '.align', '.syntax', '.thumb', '.code', '#')
BRANCH = re.compile(r'^b(%s)$' % '|'.join(FLAGS_READ))


def parse(lines):
    """Per line: ('label', name), ('insn', mnemonic, operands), ('dir', text),
    ('blank',) or ('unknown',)."""
    out = []
    for line in lines:
        s = line.split('@')[0].strip()
        if not s:
            out.append(('blank',))
        elif re.match(r'^[\w.$]+:$', s):
            out.append(('label', s[:-1]))
        elif re.match(r'^[\w.$]+:', s):
            out.append(('unknown',))
        elif s.startswith(('.', '#')):
            out.append(('dir', s))
        else:
            p = s.split(None, 1)
            out.append(('insn', re.sub(r'\.[nw]$', '', p[0].lower()),
                        p[1] if len(p) > 1 else ''))
    return out


def leaves(m, ops):
    """Whether the instruction leaves the function: return or tail call."""
    return m == 'bx' or (m in ('pop', 'ldm', 'ldmia', 'ldmfd') and 'pc' in ops) or \
        (m.startswith('ldr') and ops.split(',')[0].strip() == 'pc')


def dead_after(ins, labels, start, flags):
    """Whether the flags (a string of N, Z, C, V) are dead on every path
    from line start."""
    work, seen = [(start, frozenset(flags))], set()
    while work:
        i, need = work.pop()
        it = []   # conditions of the IT block's remaining instructions
        while (i, need, tuple(it)) not in seen:
            seen.add((i, need, tuple(it)))
            if i >= len(ins) or ins[i][0] == 'unknown':
                return False
            e = ins[i]
            i += 1
            if e[0] in ('blank', 'label'):
                continue
            if e[0] == 'dir':
                if e[1].startswith(HARMLESS):
                    continue
                return False
            m, ops = e[1], e[2]
            cond = it.pop(0) if it else None
            if cond:
                if set(FLAGS_READ[cond]) & need:
                    return False
                m = m[:-2] if m.endswith(cond) and len(m) > 2 else \
                    m[:-3] + 's' if m.endswith(cond + 's') else m
            if re.match(r'^it[te]{0,3}$', m):
                c = ops.strip().lower()
                if c not in INVERSE or set(FLAGS_READ[c]) & need:
                    return False
                it = [c] + [c if x == 't' else INVERSE[c] for x in m[2:]]
                continue
            b = BRANCH.match(m)
            target = ops.split(',')[-1].strip()
            if b or m in ('cbz', 'cbnz') or (m == 'b' and cond and target in labels):
                if b and set(FLAGS_READ[b.group(1)]) & need or target not in labels:
                    return False
                work.append((labels[target], need))
                continue
            if m == 'b':
                if target in labels:
                    i = labels[target]
                    continue
                if target.startswith('.L'):
                    return False
                if cond:
                    continue
                break                      # a tail call: flags dead
            if m in ('bl', 'blx') or leaves(m, ops):
                if cond:
                    continue
                break                      # a call clobbers the flags; a return
            if m in ('tbb', 'tbh', 'mrs', 'msr') or 'pc' in ops.split(',')[0]:
                return False
            if m in READS_C and 'C' in need:
                return False
            if cond:
                continue                   # a conditional write kills nothing
            if m in SETS_ALL or (m == 'vmrs' and 'apsr_nzcv' in ops.lower()):
                break
            if m in SETS_N:
                need = need - {'N', 'Z'}
                if not need:
                    break
    return True


def operands_ok(ops):
    """Whether TEQ, ADD and SUB take these operands as CMP, ADDS and SUBS
    did: a general register first, never SP or PC."""
    ops = [o.strip().lower() for o in ops.split(',')]
    return len(ops) >= 2 and re.match(r'^(r\d+|ip|lr|fp|sl|sb)$', ops[0]) and \
        not any(o in ('sp', 'pc', 'r13', 'r15') for o in ops)


def rewrite_pass(lines, mnemonics, dead):
    """Rewrites in lines each instruction of mnemonics {old: new} after
    which the flags dead are dead; how many."""
    ins = parse(lines)
    labels = {e[1]: k for k, e in enumerate(ins) if e[0] == 'label'}
    count = 0
    for k, e in enumerate(ins):
        if e[0] == 'insn' and e[1] in mnemonics and operands_ok(e[2]) and \
                dead_after(ins, labels, k + 1, dead):
            lines[k] = re.sub(r'\b%s(\.[nw])?\b' % e[1], mnemonics[e[1]], lines[k], count=1)
            count += 1
    return count


def split_adds(lines):
    """Rewrites each ADDS or SUBS after which only N and Z may be read as
    ADD or SUB and a TST of the result (the same N and Z; QEMU computes the
    carry and the overflow for ADDS and SUBS, not for TST); how many."""
    ins = parse(lines)
    labels = {e[1]: k for k, e in enumerate(ins) if e[0] == 'label'}
    count = 0
    for k, e in enumerate(ins):
        if e[0] == 'insn' and e[1] in ('adds', 'subs') and operands_ok(e[2]) and \
                dead_after(ins, labels, k + 1, 'CV'):
            rd = e[2].split(',')[0].strip()
            lines[k] = re.sub(r'\b(add|sub)s(\.[nw])?\b', r'\1', lines[k], count=1) + \
                '\n\ttst\t%s, %s' % (rd, rd)
            count += 1
    return count


def arm_mode(lines):
    """Whether some of the file is ARM (not Thumb) code: its conditional
    instructions stand outside IT blocks, which the walk does not read."""
    return any(l.strip() == '.arm' or re.match(r'^\.code\s+32\b', l.strip()) for l in lines)


def rewrite(text):
    """text with its CMPs whose N, C and V are dead as TEQ, then its ADDS
    and SUBS whose flags are all dead as ADD and SUB; how many of each.
    The second pass sees the TEQs (they set only N and Z). A file with ARM
    code is left as it is."""
    lines = text.split('\n')
    if arm_mode(lines):
        return text, 0, 0
    cmps = rewrite_pass(lines, {'cmp': 'teq'}, 'NCV')
    adds = rewrite_pass(lines, {'adds': 'add', 'subs': 'sub'}, 'NZCV')
    adds += rewrite_pass(lines, {m: m[:-1] for m in ('lsls', 'lsrs', 'asrs', 'rors', 'ands', 'orrs',
                                                     'eors', 'bics', 'mvns', 'orns', 'muls')},
                         'NZCV')
    adds += split_adds(lines)
    return '\n'.join(lines), cmps, adds


def main():
    if len(sys.argv) == 4 and sys.argv[1] == '--rewrite':
        with open(sys.argv[2]) as f:
            text, cmps, adds = rewrite(f.read())
        with open(sys.argv[3], 'w') as f:
            f.write(text)
        print('arm-teq: %d cmp -> teq, %d adds/subs -> add/sub' % (cmps, adds))
        return
    cmd = sys.argv[1:]
    if cmd and os.path.basename(cmd[0]) == 'as' and cmd[-1].endswith('.s'):
        with open(cmd[-1]) as f:
            original = f.read()
        with open(cmd[-1], 'w') as f:
            f.write(rewrite(original)[0])
        # the longer encodings can put a CBZ/CBNZ target out of range: then
        # the assembly is assembled as GCC wrote it
        if subprocess.run(cmd, stderr=subprocess.DEVNULL).returncode == 0:
            return
        with open(cmd[-1], 'w') as f:
            f.write(original)
    os.execvp(cmd[0], cmd)


if __name__ == '__main__':
    main()
