#!/usr/bin/env python3
# test_foreign_qpu.py: our QPU tools on QPU programs assembled by others
# (README.md lists them): vc4-dis against reviewed goldens, vc4-as back to the
# same bits, vc4-check's hazard rules and the kernel's acceptance rules.
# Usage: test_foreign_qpu.py VC4_DIS VC4_AS VC4_CHECK
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import foreign_tap as ft  # noqa: E402

# (name, hex file in data/, stage for vc4-check, hazard exit, kernel exit or
# None where the kernel's verdict means nothing: a program cut short).
# docs/foreign.md ("What they showed") explains the expected verdicts.
# hello_fft's programs are not shaders of any stage; cs and vs apply the same
# (non-fragment) rules to them.
PROGRAMS = [
    ('hackdriver_fs', 'hackdriver_fs.hex', 'fs', 1, 0),
    ('hello_fft_trans', 'hello_fft_trans.hex', 'cs', 0, 1),
    ('hello_fft_256', 'hello_fft_256.hex', 'cs', 0, 1),
    ('mesa_threaded_fs_part', 'mesa_threaded_fs_part.hex', 'fs', 1, None),
    ('ros_vs', 'ros_vs.hex', 'vs', 0, 0),
    ('ros_cs', 'ros_cs.hex', 'cs', 0, 0),
    ('ros_ps', 'ros_ps.hex', 'fs', 1, 0),
]


def raw_words(hexpath):
    """The program's 32-bit words, from either hex layout (README.md)."""
    words = ft.hex_words(hexpath)
    if not words:  # one 64-bit word per line
        words = [w for v in ft.hex64_words(hexpath) for w in (v & 0xffffffff, v >> 32)]
    return words


def test_dis_as(t, dis, asm, tmp, name, hexpath, raw, count):
    """vc4-dis (hex and raw input) against the golden; vc4-as back to the bits."""
    want = ft.golden(name + '.dis')
    t.equal('%s: vc4-dis -x matches golden/%s.dis' % (name, name), ft.run(dis, '-x', hexpath),
            (0, want, ''))
    t.equal('%s: vc4-dis of the raw words says the same' % name, ft.run(dis, raw), (0, want, ''))
    out = os.path.join(tmp, name + '.rt.bin')
    st, _, err = ft.run(asm, os.path.join(ft.GOLDEN, name + '.dis'), '-o', out)
    got = b''
    if st == 0 and os.path.exists(out):
        with open(out, 'rb') as f:
            got = f.read()
    with open(raw, 'rb') as f:
        t.check('%s: vc4-as of the golden gives back all %d instructions bit-exactly'
                % (name, count), got == f.read(), err)


def test_check(t, check, name, raw, stage, hazard_status, kernel_status):
    """vc4-check's hazard report and kernel verdict against the goldens."""
    st, out, err = ft.run(check, raw, '--stage', stage)
    t.equal('%s: vc4-check --stage %s matches golden/%s.check' % (name, stage, name),
            (st, out, err), (hazard_status, ft.golden(name + '.check'), ''))
    if kernel_status is None:
        return
    st, out, err = ft.run(check, raw, '--stage', stage, '--kernel')
    t.equal('%s: vc4-check --kernel matches golden/%s.kernel' % (name, name),
            (st, out, err), (kernel_status, ft.golden(name + '.kernel'), ''))


def test_published_layout(t, dis, tmp, name, words):
    """vc4-dis -x reads the words laid out as their sources publish them:
    hello_fft's `0xLO, 0xHI, // asm` lines and the render-only sample's
    `/* 0xADDR: */ 0xLO, 0xHI, /* asm */` C array rows."""
    pairs = [(words[i], words[i + 1]) for i in range(0, len(words), 2)]
    layouts = {
        'hello_fft': ''.join('0x%08x, 0x%08x, // some asm\n' % p for p in pairs),
        'render-only sample': ''.join('    /* 0x%08x: */ 0x%08x, 0x%08x, /* asm ; nop */\n'
                                      % (8 * i, p[0], p[1]) for i, p in enumerate(pairs)),
    }
    for source, text in sorted(layouts.items()):
        path = os.path.join(tmp, 'published.hex')
        with open(path, 'w') as f:
            f.write(text)
        t.equal('%s: vc4-dis -x reads it in the layout %s publishes' % (name, source),
                ft.run(dis, '-x', path), (0, ft.golden(name + '.dis'), ''))


def test_program(t, tools, tmp, name, hexname, stage, hazard_status, kernel_status):
    dis, asm, check = tools
    hexpath = os.path.join(ft.DATA, hexname)
    words = raw_words(hexpath)
    raw = os.path.join(tmp, name + '.bin')
    ft.write_words(raw, words)
    test_dis_as(t, dis, asm, tmp, name, hexpath, raw, len(words) // 2)
    if name in ('hello_fft_trans', 'ros_vs'):
        test_published_layout(t, dis, tmp, name, words)
    test_check(t, check, name, raw, stage, hazard_status, kernel_status)
    with open(raw, 'rb') as f:
        code = f.read()
    for tool, args in ((dis, []), (check, ['--stage', stage]), (check, ['--kernel'])):
        ft.survives_mutations(t, '%s: %s %s' % (name, os.path.basename(tool), ' '.join(args)),
                              tool, args, code, tmp, count=10)


def main():
    t = ft.Tap()
    with tempfile.TemporaryDirectory(prefix='vc4-foreign-') as tmp:
        for prog in PROGRAMS:
            test_program(t, sys.argv[1:4], tmp, *prog)
    t.done()


main()
