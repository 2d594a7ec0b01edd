#!/usr/bin/env python3
# test_foreign_run.py: vc4-run executes hello_fft's transpose shader
# (data/hello_fft_trans.hex, distributed by Raspberry Pi in userland's
# hello_fft) on one simulated QPU, with the uniforms gpu_fft_trans.c gives it
# and a memory image laid out like GPU_FFT's, and the result must be the
# transposed matrix with nothing else in memory touched.
#
# What the shader does with its 8 uniforms (from gpu_fft_trans.c and the
# shader's own loads): u0 = address of the source FFT's mailbox message;
# word 0 of that message is the address of the source FFT's uniforms, whose
# word 3 is its input buffer; adding u1 (out - in) gives the source matrix.
# u2/u3 do the same for the destination. u4/u5 are the source/destination row
# strides in bytes, u6/u7 the source's columns/rows (multiples of 16 / 8).
# Elements are complex: two 32-bit words (re, im), copied bit for bit.
# Usage: test_foreign_run.py VC4_RUN
import os
import struct
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import foreign_tap as ft  # noqa: E402

SRC_MSG, SRC_UNIFS, SRC_IN, SRC_OUT_OFFSET = 0x100, 0x200, 0x0800, 0x800
DST_MSG, DST_UNIFS, DST_IN = 0x140, 0x300, 0x4000
MEM_SIZE = 0x6000


def element(r, c, part):
    """The word at row r, column c of the source (part 0 = re, 1 = im)."""
    return 0x5a000000 | (r << 16) | (c << 4) | part


def image(nx, ny):
    """The memory image: the pointer chain, then the source matrix."""
    mem = bytearray(MEM_SIZE)
    for addr, val in ((SRC_MSG, SRC_UNIFS), (SRC_UNIFS + 12, SRC_IN),
                      (DST_MSG, DST_UNIFS), (DST_UNIFS + 12, DST_IN)):
        struct.pack_into('<I', mem, addr, val)
    src = SRC_IN + SRC_OUT_OFFSET
    for r in range(ny):
        for c in range(nx):
            struct.pack_into('<II', mem, src + (r * nx + c) * 8, element(r, c, 0),
                             element(r, c, 1))
    return mem


def uniforms(nx, ny, count=8):
    u = [SRC_MSG, SRC_OUT_OFFSET, DST_MSG, 0, nx * 8, ny * 8, nx, ny][:count]
    return [a for w in u for a in ('-u', '0x%x' % w)]


def test_transpose(t, tool, tmp, code, nx, ny):
    mem = image(nx, ny)
    mem_path, out_path = os.path.join(tmp, 'mem.bin'), os.path.join(tmp, 'out.bin')
    with open(mem_path, 'wb') as f:
        f.write(mem)
    if os.path.exists(out_path):
        os.remove(out_path)
    name = 'hello_fft_trans %dx%d' % (nx, ny)
    res = ft.run(tool, code, *uniforms(nx, ny), '--mem', 0, mem_path,
                 '--dump', 0, MEM_SIZE, out_path)
    if not t.equal(name + ': runs to thread end, exit 0, no output', res, (0, '', '')):
        return
    with open(out_path, 'rb') as f:
        out = f.read()
    bad = []
    for c in range(nx):
        for r in range(ny):
            got = struct.unpack_from('<II', out, DST_IN + (c * ny + r) * 8)
            if got != (element(r, c, 0), element(r, c, 1)):
                bad.append('dst[%d][%d] = %08x %08x' % (c, r, got[0], got[1]))
    t.check(name + ': destination row c, column r holds source row r, column c',
            not bad, '\n'.join(bad[:8]))
    dst_end = DST_IN + nx * ny * 8
    t.check(name + ': no byte outside the destination matrix changed',
            out[:DST_IN] == mem[:DST_IN] and out[dst_end:] == mem[dst_end:])


def main():
    t = ft.Tap()
    tool = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix='vc4-foreign-') as tmp:
        code = os.path.join(tmp, 'trans.bin')
        ft.write_words(code, ft.hex_words(os.path.join(ft.DATA, 'hello_fft_trans.hex')))
        test_transpose(t, tool, tmp, code, 16, 8)
        test_transpose(t, tool, tmp, code, 32, 16)
        mem_path = os.path.join(tmp, 'mem.bin')
        t.equal('hello_fft_trans with 7 uniforms: exit 1, the file and the overrun are named',
                ft.run(tool, code, *uniforms(32, 16, 7), '--mem', 0, mem_path),
                (1, '', 'vc4-run: %s: ip 13: uniform stream overrun (7 uniforms given)\n'
                 % code))
    t.done()


main()
