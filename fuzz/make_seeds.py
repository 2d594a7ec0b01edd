#!/usr/bin/env python3
"""fuzz/make_seeds.py: writes the hand-made seed inputs of fuzz/corpus/submit/ (valid
submissions in fuzz_submit.c's input layout). BO list: 0 do-nothing shader,
1 texture shader, 2 plain 4 KiB, 3 plain 8 KiB, 4 plain 64 KiB, 5 plain 4 KiB,
6 UBO (direct read) shader, 7 uniform-address-reset shader."""
import os
import struct
import sys

ABSENT = (0xff, 0, 0, 0)

def header(count, flags, w, h, tiles, clear, surfaces, sizes):
    out = struct.pack('<BBHHBBBBI', count, flags, w, h, *tiles, clear)
    for s in surfaces:
        out += struct.pack('<BHHI', *s)
    out += bytes([0, 1, 2, 3, 4, 5, 6, 7])
    out += struct.pack('<HHHH', *sizes)
    assert len(out) == 84
    return out

def surfaces(color_write=ABSENT, color_read=ABSENT, zs_read=ABSENT, zs_write=ABSENT,
             msaa_color=ABSENT, msaa_zs=ABSENT):
    return [color_read, color_write, zs_read, zs_write, msaa_color, msaa_zs]

def bin_head(tx, ty):
    return bytes([112]) + bytes(12) + bytes([tx, ty, 0]) + bytes([6])

TAIL = bytes([7, 4])

def record(fs, attr_bo, stride, single=1):
    idx = struct.pack('<IIII', fs, 0, 0, attr_bo)
    rec = struct.pack('<HBBIIHBBIIHBBII', single, 0, 0, 0, 0, 0, 1, 12, 0, 0, 0, 1, 12, 0, 0)
    return idx + rec + struct.pack('<IBBBB', 0, 11, stride, 0, 0)

def job(name, hdr_args, bin_cl, rec, uni):
    count, flags, w, h, tiles, clear, surf, nrec = hdr_args
    data = header(count, flags, w, h, tiles, clear, surf, (len(bin_cl), len(rec), len(uni), nrec))
    return name, data + bin_cl + rec + uni

def seeds():
    cw = (4, 0x0004, 0, 0)
    draw = bin_head(1, 1) + bytes([64, 1, 0, 0, 0]) + bytes([33, 4]) + struct.pack('<II', 3, 0)
    yield job('valid_draw', (6, 0, 64, 64, (0, 0, 0, 0), 0, surfaces(cw), 1),
              draw + TAIL, record(0, 3, 12), b'')
    idx = (bin_head(1, 1) + bytes([254]) + struct.pack('<II', 5, 0) + bytes([64, 1, 0, 0, 0]) +
           bytes([32, 0x14]) + struct.pack('<III', 3, 16, 2))
    yield job('valid_indexed', (6, 0, 64, 64, (0, 0, 0, 0), 0, surfaces(cw), 1),
              idx + TAIL, record(0, 3, 12), b'')
    # texture shader as FS: texture index 4, P0 = RGBA8888 at 0, P1 = 16x16
    uni = struct.pack('<III', 4, 0, (16 << 20) | (16 << 8))
    yield job('valid_texture', (6, 0, 64, 64, (0, 0, 0, 0), 0, surfaces(cw), 1),
              draw + TAIL, record(1, 3, 12), uni)
    # UBO shader (BO 6) as FS: UBO index 4, clamp 252, base 0x100
    uni = struct.pack('<III', 4, 252, 0x100)
    yield job('valid_ubo', (7, 0, 64, 64, (0, 0, 0, 0), 0, surfaces(cw), 1),
              draw + TAIL, record(6, 3, 12), uni)
    yield job('valid_uniform_reset', (8, 0, 64, 64, (0, 0, 0, 0), 0, surfaces(cw), 1),
              draw + TAIL, record(7, 3, 12), struct.pack('<I', 0xdeadbeef))
    yield job('valid_clear_only', (6, 1, 64, 64, (0, 0, 0, 0), 0xff0000ff, surfaces(cw), 0),
              b'', b'', b'')
    zs = (4, 0x0022, 0, 0)  # Z/S buffer, T format
    yield job('valid_zs_read_write', (6, 0, 64, 64, (0, 0, 0, 0), 0,
                                      surfaces(cw, (4, 0x0004 >> 2 | 1, 0, 0), zs, zs), 0),
              b'', b'', b'')
    yield job('valid_msaa', (6, 0, 64, 64, (0, 0, 1, 1), 0,
                             surfaces((4, 0x0005, 0, 0), msaa_color=(4, 0, 0, 0)), 0),
              b'', b'', b'')
    two = bin_head(2, 2) + bytes([64, 1, 0, 0, 0]) + bytes([33, 4]) + struct.pack('<II', 3, 0)
    yield job('valid_fixed_order', (6, 2, 128, 128, (0, 0, 1, 1), 0,
                                    surfaces((4, 0x0004, 0, 0)), 1),
              two + TAIL, record(0, 3, 12), b'')

def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), 'corpus', 'submit')
    os.makedirs(out, exist_ok=True)
    for name, data in seeds():
        with open(os.path.join(out, name), 'wb') as f:
            f.write(data)

if __name__ == '__main__':
    main()
