#!/usr/bin/env python3
# gen_hackdriver_cl.py: rebuilds the two control lists that Scott Mansell's
# "hackdriver" triangle demo (github.com/phire/hackdriver, test.cpp,
# testTriangle(); MIT licence) writes into GPU memory, as raw bytes.
#
# The demo allocates one 8 MiB buffer whose bus address (BASE) comes from the
# firmware at run time; we fix BASE = 0x1e000000. Everything else is the
# constant data the demo emits, packet by packet, in its order:
#   bin CL at BASE:          tile binning config, start binning, primitive
#                            format, clip window, config bits, viewport
#                            offset, NV shader state, indexed primitive list,
#                            flush, nop, halt (59 bytes)
#   NV shader record at BASE+0x80: flags 0x01, vertex stride 24, 0xcc
#                            uniforms (unused), 3 varyings, fragment code at
#                            BASE+0xfe00, uniforms at BASE+0xff00, vertices
#                            at BASE+0xa0 (16 bytes)
#   render CL at BASE+0xe200: clear colours, rendering mode config, a dummy
#                            tile store of tile (0,0), then for x in 0..29,
#                            y in 0..16: tile coordinates, branch to the
#                            tile's list at BASE+0x6200+(y*30+x)*32, store
#                            (the last tile: store and end of frame)
# Usage: gen_hackdriver_cl.py OUTDIR  (writes hackdriver_bin.cl,
# hackdriver_nv_record.bin and hackdriver_render.cl). The files in data/
# were made with it.
import struct
import sys

BASE = 0x1e000000


def u8(*v):
    return bytes(v)


def u16(*v):
    return struct.pack('<%dH' % len(v), *v)


def u32(*v):
    return struct.pack('<%dI' % len(v), *v)


def bin_cl():
    cl = u8(112) + u32(BASE + 0x6200, 0x8000, BASE + 0x100) + u8(30, 17, 0x04)
    cl += u8(6)                                   # start tile binning
    cl += u8(56, 0x32)                            # primitive list format
    cl += u8(102) + u16(0, 0, 1920, 1080)         # clip window
    cl += u8(96, 0x03, 0x00, 0x02)                # configuration bits
    cl += u8(103) + u16(0, 0)                     # viewport offset
    cl += u8(65) + u32(BASE + 0x80)               # NV shader state
    cl += u8(32, 0x04) + u32(3, BASE + 0x70, 2)   # indexed primitive list
    cl += u8(5, 1, 0)                             # flush, nop, halt
    return cl


def nv_record():
    return u8(0x01, 6 * 4, 0xcc, 3) + u32(BASE + 0xfe00, BASE + 0xff00, BASE + 0xa0)


def render_cl():
    cl = u8(114) + u32(0xff000000, 0xff000000, 0) + u8(0)   # clear colours
    cl += u8(113) + u32(BASE + 0x10000) + u16(1920, 1080) + u8(0x04, 0x00)
    cl += u8(115, 0, 0) + u8(28) + u16(0) + u32(0)          # dummy store
    for x in range(30):
        for y in range(17):
            cl += u8(115, x, y)
            cl += u8(17) + u32(BASE + 0x6200 + (y * 30 + x) * 32)
            cl += u8(25 if (x, y) == (29, 16) else 24)
    return cl


if __name__ == '__main__':
    out = sys.argv[1]
    with open(out + '/hackdriver_bin.cl', 'wb') as f:
        f.write(bin_cl())
    with open(out + '/hackdriver_nv_record.bin', 'wb') as f:
        f.write(nv_record())
    with open(out + '/hackdriver_render.cl', 'wb') as f:
        f.write(render_cl())
