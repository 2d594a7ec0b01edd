#!/usr/bin/env python3
"""fuzz/make_corpora.py: writes the seed inputs of fuzz/corpus/ir, cl and
capture from the tree's own test inputs, in each harness's input layout
(the header comments of fuzz_ir.c, fuzz_cl.c and fuzz_capture.c):
  ir       every .ir file under examples/ and tests/
  cl       the foreign binning and rendering CLs and NV record
           (tests/foreign/data), the bin CLs of the submit seeds
           (corpus/submit/valid_*) and of the captures below
  capture  tests/foreign/captures/*, plus capture directories given as
           arguments, each [NAME=]DIR (fuzz/README.md: the demo's captures)
Seeds are named seed_<what>; files the fuzzer added are left alone.
Usage: fuzz/make_corpora.py [[NAME=]CAPTURE_DIR...]"""
import glob
import os
import re
import struct
import sys

FUZZ = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(FUZZ)
BIN, RENDER, STRUCT, BRIEF = 0, 1, 3, 4


def write(harness, name, data):
    d = os.path.join(FUZZ, 'corpus', harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'seed_' + name), 'wb') as f:
        f.write(data)


def read(path):
    with open(path, 'rb') as f:
        return f.read()


def struct_index(name):
    """The position of <struct name="NAME"> among the XML's structs."""
    xml = read(os.path.join(ROOT, 'xml', 'vc4_packets.xml')).decode()
    return re.findall(r'<struct name="([^"]*)"', xml).index(name)


def ir_seeds():
    for path in sorted(glob.glob(os.path.join(ROOT, 'examples', '**', '*.ir'), recursive=True) +
                       glob.glob(os.path.join(ROOT, 'tests', '**', '*.ir'), recursive=True)):
        rel = os.path.relpath(path, ROOT).replace('/', '_')
        write('ir', rel, read(path))


def submit_bin_cl(data):
    """The bin CL of a fuzz_submit input (its layout: sizes at byte 76)."""
    bin_size = struct.unpack_from('<H', data, 76)[0]
    return data[84:84 + bin_size]


def cl_seeds(captures):
    data = os.path.join(ROOT, 'tests', 'foreign', 'data')
    write('cl', 'hackdriver_bin', bytes([BIN]) + read(os.path.join(data, 'hackdriver_bin.cl')))
    write('cl', 'hackdriver_bin_brief',
          bytes([BIN | BRIEF]) + read(os.path.join(data, 'hackdriver_bin.cl')))
    write('cl', 'hackdriver_render',
          bytes([RENDER]) + read(os.path.join(data, 'hackdriver_render.cl')))
    write('cl', 'hackdriver_nv_record', bytes([STRUCT, struct_index('NV Shader State Record')]) +
          read(os.path.join(data, 'hackdriver_nv_record.bin')))
    for path in sorted(glob.glob(os.path.join(FUZZ, 'corpus', 'submit', 'valid_*'))):
        cl = submit_bin_cl(read(path))
        if cl:
            write('cl', 'submit_' + os.path.basename(path), bytes([BIN]) + cl)
    for name, d in captures:
        cl = read(os.path.join(d, 'bin_cl.bin'))
        if cl:
            write('cl', 'capture_' + name, bytes([BIN]) + cl)


def capture_input(d):
    """A capture directory in fuzz_capture's layout."""
    out = read(os.path.join(d, 'submit.txt')) + b'\0'
    names = ['bin_cl.bin', 'shader_rec.bin', 'uniforms.bin']
    names += sorted((n for n in os.listdir(d) if re.fullmatch(r'bo-\d+\.bin', n)),
                    key=lambda n: int(n[3:-4]))
    for n in names:
        which = names.index(n) if n in names[:3] else 3 + int(n[3:-4])
        blob = read(os.path.join(d, n))
        out += struct.pack('<BI', which, len(blob)) + blob
    return out


def main():
    foreign = sorted(glob.glob(os.path.join(ROOT, 'tests', 'foreign', 'captures', '*')))
    captures = [(os.path.basename(d), d) for d in foreign]
    for arg in sys.argv[1:]:
        name, _, d = arg.rpartition('=')
        captures.append((name or os.path.basename(os.path.normpath(d)), d))
    ir_seeds()
    cl_seeds(captures)
    for name, d in captures:
        write('capture', name, capture_input(d))


if __name__ == '__main__':
    main()
