#!/usr/bin/env python3
# test_foreign_cl.py: vc4-cldump on the control lists of Scott Mansell's
# hackdriver triangle demo (not made by our CL builder; see README.md).
# Checks the exact decode against reviewed goldens and, independently of the
# goldens, that the decoded values are the ones the demo put there: packet
# order, tile counts, the 510 tile coordinates and their tile-list addresses.
# Usage: test_foreign_cl.py VC4_CLDUMP
import os
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import foreign_tap as ft  # noqa: E402
import gen_hackdriver_cl as hd  # noqa: E402

BIN = os.path.join(ft.DATA, 'hackdriver_bin.cl')
RENDER = os.path.join(ft.DATA, 'hackdriver_render.cl')


def test_data_matches_generator(t):
    """The data files are exactly what gen_hackdriver_cl.py rebuilds."""
    for name, build in (('hackdriver_bin.cl', hd.bin_cl),
                        ('hackdriver_nv_record.bin', hd.nv_record),
                        ('hackdriver_render.cl', hd.render_cl)):
        with open(os.path.join(ft.DATA, name), 'rb') as f:
            t.check('data/%s is what gen_hackdriver_cl.py builds' % name, f.read() == build())


def test_bin(t, tool):
    st, out, err = ft.run(tool, BIN)
    t.equal('bin CL: exit status 0, nothing on stderr', (st, err), (0, ''))
    t.equal('bin CL: full decode matches golden/hackdriver_bin.txt', out,
            ft.golden('hackdriver_bin.txt'))
    st, out, err = ft.run(tool, '--brief', BIN)
    t.equal('bin CL: --brief matches golden/hackdriver_bin_brief.txt', (st, out, err),
            (0, ft.golden('hackdriver_bin_brief.txt'), ''))
    p = ft.parse_cldump(ft.run(tool, BIN)[1])
    t.equal('bin CL: the demo\'s packet sequence, 59 bytes',
            [(o, c) for o, c, _, _ in p],
            [(0x00, 112), (0x10, 6), (0x11, 56), (0x13, 102), (0x1c, 96), (0x20, 103),
             (0x25, 65), (0x2a, 32), (0x38, 5), (0x39, 1), (0x3a, 0)])
    if len(p) != 11:
        return
    tb, clip, prim = p[0][3], p[3][3], p[7][3]
    t.equal('bin CL: 30x17 tiles of 64 pixels cover 1920x1080',
            (tb.get('Width in Tiles'), tb.get('Height in Tiles'),
             clip.get('Clip Window Width in Pixels'), clip.get('Clip Window Height in Pixels')),
            ('30', '17', '1920', '1080'))
    t.equal('bin CL: tile allocation / state addresses are BASE+0x6200 / BASE+0x100',
            (tb.get('Tile Allocation Memory Address'), tb.get('Tile Allocation Memory Size'),
             tb.get('Tile State Data Array Address')),
            ('0x1e006200', '32768', '0x1e000100'))
    t.equal('bin CL: NV shader record at BASE+0x80; 3 8-bit indices at BASE+0x70',
            (p[6][3].get('Shader Record Address'), prim.get('Primitive Mode'),
             prim.get('Index Type'), prim.get('Length'), prim.get('Address of Indices List'),
             prim.get('Maximum Index')),
            ('0x1e000080', 'Triangles', '8-bit (0)', '3', '0x1e000070', '2'))


def test_render(t, tool):
    st, out, err = ft.run(tool, '--render', RENDER)
    t.equal('render CL: exit status 0, nothing on stderr', (st, err), (0, ''))
    lines = out.splitlines(keepends=True)
    head, tail = ft.golden('hackdriver_render_head.txt'), ft.golden('hackdriver_render_tail.txt')
    t.equal('render CL: setup and first tile match golden/hackdriver_render_head.txt',
            ''.join(lines[:len(head.splitlines())]), head)
    t.equal('render CL: last tile matches golden/hackdriver_render_tail.txt',
            ''.join(lines[-len(tail.splitlines()):]), tail)
    p = ft.parse_cldump(out)
    want_ops = [114, 113, 115, 28] + [115, 17, 24] * 509 + [115, 17, 25]
    t.equal('render CL: 1534 packets: setup, then coordinates/branch/store per tile',
            [c for _, c, _, _ in p], want_ops)
    if len(p) != len(want_ops):
        return
    got, want = [], []
    for i, (x, y) in enumerate((x, y) for x in range(30) for y in range(17)):
        coords, branch = p[4 + 3 * i][3], p[5 + 3 * i][3]
        got.append((coords.get('Tile Column Number'), coords.get('Tile Row Number'),
                    branch.get('Branch Address')))
        want.append((str(x), str(y), '0x%08x' % (hd.BASE + 0x6200 + (y * 30 + x) * 32)))
    t.equal('render CL: 510 tiles column by column, each branching to its 32-byte list',
            got, want)
    cfg = p[1][3]
    t.equal('render CL: 1920x1080 RGBA8888 raster frame buffer at BASE+0x10000',
            (cfg.get('Memory Address'), cfg.get('Width in Pixels'), cfg.get('Height in Pixels'),
             cfg.get('Non-HDR Frame Buffer Color Format'), cfg.get('Memory Format')),
            ('0x1e010000', '1920', '1080', 'RGBA8888 (1)', 'Raster'))


def main():
    t = ft.Tap()
    tool = sys.argv[1]
    test_data_matches_generator(t)
    test_bin(t, tool)
    test_render(t, tool)
    with tempfile.TemporaryDirectory(prefix='vc4-foreign-') as tmp:
        for path, args in ((BIN, []), (RENDER, ['--render'])):
            with open(path, 'rb') as f:
                ft.survives_mutations(t, os.path.basename(path), tool, args, f.read(), tmp)
    t.done()


main()
