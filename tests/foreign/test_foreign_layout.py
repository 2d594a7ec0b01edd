#!/usr/bin/env python3
# test_foreign_layout.py: vc4-cldump on packets laid out the way Microsoft's
# render-only sample driver lays them out (its packed bit-field structures in
# render-only-sample/roscommon/Vc4Hw.h, written independently of Mesa).
#
# For every field the sample declares, one packet is built with only that
# field set, at the sample's byte offset, bit and width, to a value with its
# lowest and highest bit set (so a field we place one bit off, or too narrow,
# shows). The decode must differ from the all-zero packet in exactly the field
# of the same meaning, with the text given here. The one place where the
# sample and our XML (with Mesa's) disagree is marked: we assert ours and
# docs/foreign.md explains the choice.
# Usage: test_foreign_layout.py VC4_CLDUMP
import os
import struct
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree clean
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import foreign_tap as ft  # noqa: E402

W32 = 0x80000001           # lowest and highest bit of a 32-bit field
A28 = 0x8000001            # a 28-bit address field (address bits 4..31)

# Packets: opcode -> (length in bytes, CL kind: '' for binning, '--render').
PACKETS = {
    17: (5, ''), 32: (14, ''), 33: (10, ''), 56: (2, ''), 64: (5, ''), 65: (5, ''),
    96: (4, ''), 97: (5, ''), 98: (5, ''), 99: (5, ''), 101: (5, ''), 102: (9, ''),
    103: (5, ''), 104: (9, ''), 105: (9, ''), 106: (9, ''), 112: (16, ''),
    28: (7, '--render'), 29: (7, '--render'), 113: (11, '--render'),
    114: (14, '--render'), 115: (3, '--render'),
}

# (opcode, the sample's field, byte offset in the packet, bit, width, value,
#  our field, its expected text). value may be a float (a 32-bit FLOAT).
FIELDS = [
    (17, 'BranchAddress', 1, 0, 32, W32, 'Branch Address', '0x80000001'),
    (28, 'BufferToStore', 1, 0, 3, 5, 'Buffer to Store', 'Full Dump'),
    (28, 'Fortmat', 1, 4, 2, 2, 'Format', 'LT'),
    (28, 'Mode', 1, 6, 2, 2, 'Mode', 'Decimate x16 (2)'),
    (28, 'PixelColorFormat', 1, 8, 2, 2, 'Pixel Color Format', 'BGR565 No Dither (2)'),
    (28, 'DisableDoubleBufferSwap', 1, 12, 1, 1, 'Disable Double-buffer Swap', 'true'),
    (28, 'DisableColorBufferClear', 1, 13, 1, 1, 'Disable Color Buffer Clear on Store', 'true'),
    (28, 'DisableZStencilClear', 1, 14, 1, 1, 'Disable Z Stencil Buffer Clear on Store', 'true'),
    (28, 'DisableVGMaskBufferClear', 1, 15, 1, 1, 'Disable VG-Mask Buffer Clear on Store',
     'true'),
    (28, 'DisableColorBufferDump', 3, 0, 1, 1, 'Disable Color Buffer Dump', 'true'),
    (28, 'DisableZStencilBufferDump', 3, 1, 1, 1, 'Disable Z Stencil Buffer Dump', 'true'),
    (28, 'DisableVGMaskBufferDump', 3, 2, 1, 1, 'Disable VG-Mask Buffer Dump', 'true'),
    (28, 'LastTileOfFrame', 3, 3, 1, 1, 'Last Tile of Frame', 'true'),
    (28, 'MemoryBaseAddress', 3, 4, 28, A28, 'Memory Base Address', '0x80000010'),
    (29, 'BufferToLoad', 1, 0, 3, 4, 'Buffer to Load', 'VG Mask'),
    (29, 'Fortmat', 1, 4, 2, 1, 'Format', 'T'),
    (29, 'PixelColorFormat', 1, 8, 2, 1, 'Pixel Color Format', 'BGR565 Dithered (1)'),
    (29, 'DisableColorBufferLoad', 3, 0, 1, 1, 'Disable Color Buffer Load', 'true'),
    (29, 'DisableZStencilBufferLoad', 3, 1, 1, 1, 'Disable Z Stencil Buffer Load', 'true'),
    (29, 'DisableVGMaskBufferLoad', 3, 2, 1, 1, 'Disable VG-Mask Buffer Load', 'true'),
    (29, 'MemoryBaseAddress', 3, 4, 28, A28, 'Memory Base Address', '0x80000010'),
    (32, 'PrimitiveMode', 1, 0, 4, 6, 'Primitive Mode', 'Triangle Fan'),
    (32, 'IndexType', 1, 4, 4, 1, 'Index Type', '16-bit (1)'),
    (32, 'Length', 2, 0, 32, W32, 'Length', '2147483649'),
    (32, 'AddressOfIndicesList', 6, 0, 32, W32, 'Address of Indices List', '0x80000001'),
    (32, 'MaximumIndex', 10, 0, 32, W32, 'Maximum Index', '2147483649'),
    (33, 'PrimitiveMode', 1, 0, 8, 5, 'Primitive Mode', 'Triangle Strip'),
    (33, 'Length', 2, 0, 32, W32, 'Length', '2147483649'),
    (33, 'IndexOfFirstVertex', 6, 0, 32, W32, 'Index of First Vertex', '2147483649'),
    (56, 'PrimitiveType', 1, 0, 4, 3, 'Primitive Type', 'RHT List (3)'),
    (56, 'DataType', 1, 4, 4, 1, 'Data Type', '16-bit Index (1)'),
    (64, 'NumberOfAttributeArrays', 1, 0, 3, 5, 'Number of Attribute Arrays', '5'),
    (64, 'ExtendedShaderRecord', 1, 3, 1, 1, 'Extended Shader Record', 'true'),
    (64, 'ShaderRecordAddress', 1, 4, 28, A28, 'Shader Record Address', '0x80000010'),
    # The sample declares a full word; the record is 16-byte aligned (its
    # comment), which is all our 28-bit field can hold.
    (65, 'ShaderRecordAddress', 1, 0, 32, 0x80000010, 'Shader Record Address', '0x80000010'),
    (96, 'EnableForwardFacingPrimitive', 1, 0, 1, 1, 'Enable Forward Facing Primitive', 'true'),
    (96, 'EnableReverseFacingPrimitive', 1, 1, 1, 1, 'Enable Reverse Facing Primitive', 'true'),
    (96, 'ClockwisePrimitives', 1, 2, 1, 1, 'Clockwise Primitives', 'true'),
    (96, 'EnableDepthOffset', 1, 3, 1, 1, 'Enable Depth Offset', 'true'),
    (96, 'AntialisedPointsAndLines', 1, 4, 1, 1, 'Antialiased Points and Lines', 'true'),
    (96, 'CoverageReadType', 1, 5, 1, 1, 'Coverage Read Type', '16-bit Mask (1)'),
    (96, 'RasteriserOversampleMode', 1, 6, 2, 2, 'Rasteriser Oversample Mode', '16x (2)'),
    (96, 'CoveragePipeSelect', 1, 8, 1, 1, 'Coverage Pipe Select', 'true'),
    (96, 'CoverageUpdateMode', 1, 9, 2, 3, 'Coverage Update Mode', 'Zero (3)'),
    (96, 'CoverageReadMode', 1, 11, 1, 1, 'Coverage Read Mode', 'Leave on Read (1)'),
    (96, 'DepthTestFunction', 1, 12, 3, 5, 'Depth-Test Function', 'Not Equal'),
    (96, 'ZUpdatesEnable', 1, 15, 1, 1, 'Z Updates Enable', 'true'),
    (96, 'EarlyZEnable', 3, 0, 1, 1, 'Early Z Enable', 'true'),
    (96, 'EarlyZUpdatesEnable', 3, 1, 1, 1, 'Early Z Updates Enable', 'true'),
    (97, 'FlatShadingFlags', 1, 0, 32, W32, 'Flat-shading Flags', '2147483649'),
    (98, 'PointSize', 1, 0, 32, 1.5, 'Point Size', '1.5'),
    (99, 'LineWidth', 1, 0, 32, 2.5, 'Line Width', '2.5'),
    # Disagreement: the sample declares Units first, then Factor; Mesa's
    # driver writes the factor first and the units second, as our XML reads.
    (101, 'DepthOffsetUnits', 1, 0, 16, 0x8001, 'Depth Offset Factor', '32769'),
    (101, 'DepthOffsetFactor', 3, 0, 16, 0x8001, 'Depth Offset Units', '32769'),
    (102, 'ClipWindowLeft', 1, 0, 16, 0x8001, 'Clip Window Left Pixel Coordinate', '32769'),
    (102, 'ClipWindowBottom', 3, 0, 16, 0x8001, 'Clip Window Bottom Pixel Coordinate', '32769'),
    (102, 'ClipWindowWidth', 5, 0, 16, 0x8001, 'Clip Window Width in Pixels', '32769'),
    (102, 'ClipWindowHeight', 7, 0, 16, 0x8001, 'Clip Window Height in Pixels', '32769'),
    # SHORT in the sample; 1/16 pixel units (s12.4) in ours and in Mesa's driver.
    (103, 'ViewportCenterX', 1, 0, 16, -24 & 0xffff, 'Viewport Centre X-coordinate', '-1.5'),
    (103, 'ViewportCenterY', 3, 0, 16, 0x8001, 'Viewport Centre Y-coordinate',
     '-2047.9375'),
    (104, 'MinimumZ', 1, 0, 32, 0.25, 'Minimum Zw', '0.25'),
    (104, 'MaximumZ', 5, 0, 32, 0.75, 'Maximum Zw', '0.75'),
    (105, 'ViewportHalfWidth', 1, 0, 32, 6400.0, 'Viewport Half-Width in 1/16th of Pixel', '6400'),
    (105, 'ViewportHalfHeight', 5, 0, 32, 3840.0, 'Viewport Half-Height in 1/16th of Pixel',
     '3840'),
    (106, 'ViewportZScale', 1, 0, 32, 0.25, 'Viewport Z Scale (Zc to Zs)', '0.25'),
    (106, 'ViewportZOffset', 5, 0, 32, 0.75, 'Viewport Z Offset (Zc to Zs)', '0.75'),
    (112, 'TileAllocationMemoryAddress', 1, 0, 32, W32, 'Tile Allocation Memory Address',
     '0x80000001'),
    (112, 'TileAllocationMemorySize', 5, 0, 32, W32, 'Tile Allocation Memory Size', '2147483649'),
    # A full word in the sample, 16-byte aligned by its comment (see 65).
    (112, 'TileStateDataArrayBaseAddress', 9, 0, 32, 0x80000010, 'Tile State Data Array Address',
     '0x80000010'),
    (112, 'WidthInTiles', 13, 0, 8, 0x81, 'Width in Tiles', '129'),
    (112, 'HeightInTiles', 14, 0, 8, 0x81, 'Height in Tiles', '129'),
    (112, 'MultisampleMode', 15, 0, 1, 1, 'Multisample Mode (4X)', 'true'),
    (112, 'TileBuffer64BitColorDepth', 15, 1, 1, 1, 'Tile Buffer 64-bit Color Depth', 'true'),
    (112, 'AutoInitialiseTileStateDataArray', 15, 2, 1, 1,
     'Auto-initialise Tile State Data Array', 'true'),
    (112, 'TileAllocationInitialBlockSize', 15, 3, 2, 3, 'Tile Allocation Initial Block Size',
     '256 Bytes'),
    (112, 'TileAllocationBlockSize', 15, 5, 2, 2, 'Tile Allocation Block Size', '128 Bytes'),
    (112, 'DoubleBufferInNoneMsMode', 15, 7, 1, 1, 'Double-buffer in Non-ms Mode', 'true'),
    (113, 'MemoryAddress', 1, 0, 32, W32, 'Memory Address', '0x80000001'),
    (113, 'WidthInPixels', 5, 0, 16, 0x8001, 'Width in Pixels', '32769'),
    (113, 'HeightInPixels', 7, 0, 16, 0x8001, 'Height in Pixels', '32769'),
    (113, 'MultisampleMode', 9, 0, 1, 1, 'Multisample Mode (4X)', 'true'),
    (113, 'TileBuffer64BitColorDepth', 9, 1, 1, 1, 'Tile Buffer 64-bit Color Depth (HDR Mode)',
     'true'),
    (113, 'NonHDRFrameBufferColorFormat', 9, 2, 2, 2, 'Non-HDR Frame Buffer Color Format',
     'BGR565 No Dither (2)'),
    (113, 'DecimateMode', 9, 4, 2, 2, 'Decimate Mode', '16x (2)'),
    (113, 'MemoryFormat', 9, 6, 2, 1, 'Memory Format', 'T'),
    (113, 'EnableVGMaskBuffer', 9, 8, 1, 1, 'Enable VG Mask Buffer', 'true'),
    (113, 'SelectCoverageMode', 9, 9, 1, 1, 'Select Coverage Mode', 'true'),
    (113, 'EarlyZUpdateDirection', 9, 10, 1, 1, 'Early-Z Update Direction', 'GT GE (1)'),
    (113, 'EarlyZEarlyCovDisable', 9, 11, 1, 1, 'Early-Z Early-Cov Disable', 'true'),
    (113, 'DoubleBufferInNonMsMode', 9, 12, 1, 1, 'Double-buffer in Non-ms Mode', 'true'),
    (114, 'ClearColor8', 1, 0, 32, W32, 'Clear Color', '0x0000000080000001'),
    (114, 'ClearColor8Dup', 5, 0, 32, W32, 'Clear Color', '0x8000000100000000'),
    (114, 'ClearZ', 9, 0, 24, 0x800001, 'Clear ZS', '8388609'),
    (114, 'ClearVGMask', 9, 24, 8, 0x81, 'Clear VG Mask', '129'),
    (114, 'ClearStencil', 13, 0, 8, 0x81, 'Clear Stencil', '129'),
    (115, 'TileColumnNumber', 1, 0, 8, 0x81, 'Tile Column Number', '129'),
    (115, 'TileRowNumber', 2, 0, 8, 0x81, 'Tile Row Number', '129'),
]


def packet(opcode, probe=None):
    """The packet with every field zero, or with the probe's field set."""
    data = bytearray(PACKETS[opcode][0])
    data[0] = opcode
    if probe:
        _, _, off, bit, width, value = probe[:6]
        if isinstance(value, float):
            struct.pack_into('<f', data, off, value)
        else:
            assert 0 <= value < (1 << width)
            nbytes = (bit + width + 7) // 8
            word = int.from_bytes(data[off:off + nbytes], 'little') | (value << bit)
            data[off:off + nbytes] = word.to_bytes(nbytes, 'little')
    return bytes(data)


def decode(tool, tmp, kind, packets):
    """Decodes the concatenated packets; returns the parsed packets or None."""
    path = os.path.join(tmp, 'probe.cl')
    with open(path, 'wb') as f:
        f.write(b''.join(packets))
    st, out, err = ft.run(tool, *([kind] if kind else []), path)
    return ft.parse_cldump(out) if st == 0 and not err else None


def main():
    t = ft.Tap()
    tool = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix='vc4-foreign-') as tmp:
        for kind in ('', '--render'):
            ops = [op for op in sorted(PACKETS) if PACKETS[op][1] == kind]
            probes = [p for p in FIELDS if p[0] in ops]
            got = decode(tool, tmp, kind, [packet(op) for op in ops] +
                         [packet(p[0], p) for p in probes])
            if not t.check('%s CL of %d zero packets and %d probes decodes'
                           % ('rendering' if kind else 'binning', len(ops), len(probes)),
                           got is not None and len(got) == len(ops) + len(probes)):
                continue
            zero = {op: got[i][3] for i, op in enumerate(ops)}
            for p, (_, opcode, _, fields) in zip(probes, got[len(ops):]):
                diff = {k: v for k, v in fields.items() if zero[p[0]].get(k) != v}
                t.equal('packet %d: the sample\'s %s is our %s' % (p[0], p[1], p[6]),
                        (opcode, diff), (p[0], {p[6]: p[7]}))
    t.done()


main()
