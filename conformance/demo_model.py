#!/usr/bin/env python3
"""demo_model.py: the first frames of three vc4-demo scenes computed in double
precision, to tell which renderer a difference comes from (docs/demo.md).

    python3 conformance/demo_model.py SCENE OURS.png LLVMPIPE.png

SCENE is cube, cube_textured or torus_phong (frame 0, the demo's geometry and
shaders re-implemented here; the image size is the PNGs'). The model
rasterises twice, with the vertices' window positions snapped as VC4 does
(x * 16 truncated toward the viewport centre: the vertex shader's ftoi of the
12.4 screen coordinates, docs/lowering.md) and as llvmpipe does (rounded to
1/256 pixel); everything else (coverage at pixel centres, perspective-correct
varyings, bilinear clamped sampling, the Phong shader) is exact. It prints
how far each model image is from the matching renderer's image and how many
of the renderers' differences the snapping alone predicts. Stdlib only.
"""
import math
import struct
import sys
import zlib

TOL = 2  # a pixel "differs" when a channel differs by more than 2/255


def load_png(path):
    """8-bit RGB or RGBA PNG (no interlace) -> rows of (r, g, b)."""
    data = open(path, 'rb').read()
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        if kind == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', data[pos + 8:pos + 18])
        elif kind == b'IDAT':
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    if depth != 8 or ctype not in (2, 6):
        sys.exit(f'{path}: only 8-bit RGB(A) PNGs')
    raw, bpp = zlib.decompress(idat), 4 if ctype == 6 else 3
    stride, rows, prev, p = w * bpp, [], bytearray(w * bpp), 0
    for _ in range(h):
        ftype, line = raw[p], bytearray(raw[p + 1:p + 1 + stride])
        p += 1 + stride
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if ftype == 1:
                line[i] = (line[i] + a) & 255
            elif ftype == 2:
                line[i] = (line[i] + b) & 255
            elif ftype == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif ftype == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return [[tuple(r[x * bpp:x * bpp + 3]) for x in range(w)] for r in rows]


# ---- matrices, column-major, as tools/demo/demo_math.c ----------------------------------

def mul(a, b):
    return [sum(a[k * 4 + r] * b[c * 4 + k] for k in range(4)) for c in range(4) for r in range(4)]


def identity():
    return [1.0 if i % 5 == 0 else 0.0 for i in range(16)]


def perspective(fovy, aspect, near, far):
    f, m = 1 / math.tan(fovy / 2), [0.0] * 16
    m[0], m[5], m[10], m[11], m[14] = f / aspect, f, (far + near) / (near - far), -1, \
        2 * far * near / (near - far)
    return m


def translate(x, y, z):
    m = identity()
    m[12:15] = [x, y, z]
    return m


def rotate(a, x, y, z):
    c, s, m = math.cos(a), math.sin(a), identity()
    t = 1 - c
    m[0:3] = [t * x * x + c, t * x * y + s * z, t * x * z - s * y]
    m[4:7] = [t * x * y - s * z, t * y * y + c, t * y * z + s * x]
    m[8:11] = [t * x * z + s * y, t * y * z - s * x, t * z * z + c]
    return m


def xform(m, v):
    return [sum(m[k * 4 + r] * v[k] for k in range(4)) for r in range(4)]


# ---- rasterising ---------------------------------------------------------------------------

def snap_vc4(x, y, w, h):
    """NDC -> window (y down): ftoi(x * w/2 * 16) / 16 about the centre (truncation)."""
    return w / 2 + math.trunc(x * (w / 2) * 16) / 16, h / 2 + math.trunc(y * (-h / 2) * 16) / 16


def snap_llvmpipe(x, y, w, h):
    return round((x + 1) * w / 2 * 256) / 256, round((1 - y) * h / 2 * 256) / 256


def raster(tris, w, h, shade, background):
    """tris: (three (x, y) window positions, per-vertex data); draws counter-clockwise
    (GL) triangles with a z-buffer on the first datum (NDC z) and shade(bary, data)."""
    img = [[background] * w for _ in range(h)]
    zbuf = [[math.inf] * w for _ in range(h)]
    for pts, data in tris:
        a, b, c = pts
        if (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) >= 0:
            continue  # back face (y down: GL's counter-clockwise has negative area)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        for j in range(max(0, int(min(ys)) - 1), min(h, int(max(ys)) + 2)):
            for i in range(max(0, int(min(xs)) - 1), min(w, int(max(xs)) + 2)):
                px, py = i + 0.5, j + 0.5
                e = [(q[0] - p[0]) * (py - p[1]) - (q[1] - p[1]) * (px - p[0])
                     for p, q in ((b, c), (c, a), (a, b))]
                if max(e) > 0:
                    continue
                bary = [x / sum(e) for x in e]
                z = sum(bary[k] * data[k][0] for k in range(3))
                if z < zbuf[j][i]:
                    zbuf[j][i] = z
                    img[j][i] = shade(bary, data)
    return img


def perspective_mix(bary, data, idx):
    """Perspective-correct interpolation of data[k][idx] (data[k][1] is clip w)."""
    iw = [bary[k] / data[k][1] for k in range(3)]
    return [sum(iw[k] * data[k][idx][q] for k in range(3)) / sum(iw)
            for q in range(len(data[0][idx]))]


# ---- the scenes (tools/vc4-demo.c, tools/demo/demo_ladder.c, examples/scenes) -------------

CUBE_FACES = [
    [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)], [(1, -1, -1), (-1, -1, -1), (-1, 1, -1), (1, 1, -1)],
    [(1, -1, 1), (1, -1, -1), (1, 1, -1), (1, 1, 1)], [(-1, -1, -1), (-1, -1, 1), (-1, 1, 1), (-1, 1, -1)],
    [(-1, 1, 1), (1, 1, 1), (1, 1, -1), (-1, 1, -1)], [(-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1)],
]
CUBE_UV = [(0, 1), (1, 1), (1, 0), (0, 0)]


def cube_mvp(w, h):
    a = 0.6  # frame 0 of cube, cube_textured, cube_gouraud
    mv = mul(translate(0, 0, -4), mul(rotate(a, 0, 1, 0), rotate(a / 2, 1, 0, 0)))
    return mul(perspective(math.pi / 3, w / h, 1, 10), mv)


def cube_tris(w, h, snap, extra):
    mvp, tris = cube_mvp(w, h), []
    for f, quad in enumerate(CUBE_FACES):
        clip = [xform(mvp, [p[0] * 0.8, p[1] * 0.8, p[2] * 0.8, 1.0]) for p in quad]
        pts = [snap(c[0] / c[3], c[1] / c[3], w, h) for c in clip]
        data = [(c[2] / c[3], c[3], extra(f, k)) for k, c in enumerate(clip)]
        for t in ((0, 1, 2), (0, 2, 3)):
            tris.append(([pts[k] for k in t], [data[k] for k in t]))
    return tris


def tile_texel(x, y):
    """tools/demo/demo_ladder.c tile_texture(), 128x128."""
    frame = x < 6 or y < 6 or x >= 122 or y >= 122
    grout = x % 32 < 2 or y % 32 < 2
    teal = ((x // 32) ^ (y // 32)) & 1
    return [(240, 222, 184), (36, 150, 160), (120, 100, 80), (50, 34, 26)][
        3 if frame else 2 if grout else teal]


TILES = [[tile_texel(x, y) for x in range(128)] for y in range(128)]


def bilinear(u, v):
    x, y = u * 128 - 0.5, v * 128 - 0.5
    x0, y0 = math.floor(x), math.floor(y)
    fx, fy = x - x0, y - y0

    def t(i, j):
        return TILES[min(max(j, 0), 127)][min(max(i, 0), 127)]
    return [(t(x0, y0)[c] * (1 - fx) + t(x0 + 1, y0)[c] * fx) * (1 - fy) +
            (t(x0, y0 + 1)[c] * (1 - fx) + t(x0 + 1, y0 + 1)[c] * fx) * fy for c in range(3)]


def model_cube(w, h, snap):
    """Which face covers each pixel, coloured by face (the cube scene's faces are flat)."""
    return raster(cube_tris(w, h, snap, lambda f, k: [f]), w, h,
                  lambda bary, data: (data[0][2][0],), (-1,))


def model_cube_textured(w, h, snap):
    def shade(bary, data):
        return tuple(round(c) for c in bilinear(*perspective_mix(bary, data, 2)))
    return raster(cube_tris(w, h, snap, lambda f, k: CUBE_UV[k]), w, h, shade, (13, 13, 20))


def model_torus_phong(w, h, snap):
    mv = mul(translate(0, 0, -4.2), rotate(0.9, 1, 0, 0))
    mvp = mul(perspective(math.pi / 3, w / h, 1, 10), mv)
    rings, sides, verts = 48, 24, []
    for i in range(rings + 1):
        a = 2 * math.pi * i / rings
        for j in range(sides + 1):
            b = 2 * math.pi * j / sides
            r = 1.0 + 0.42 * math.cos(b)
            p = [math.cos(a) * r, 0.42 * math.sin(b), -math.sin(a) * r, 1.0]
            n = [math.cos(a) * math.cos(b), math.sin(b), -math.sin(a) * math.cos(b), 0.0]
            c = xform(mvp, p)
            verts.append((snap(c[0] / c[3], c[1] / c[3], w, h),
                          (c[2] / c[3], c[3], xform(mv, p)[:3], xform(mv, n)[:3])))
    tris = []
    for i in range(rings):
        for j in range(sides):
            q = [i * (sides + 1) + j, (i + 1) * (sides + 1) + j,
                 (i + 1) * (sides + 1) + j + 1, i * (sides + 1) + j + 1]
            for t in ((0, 1, 2), (0, 2, 3)):
                tris.append(([verts[q[k]][0] for k in t], [verts[q[k]][1] for k in t]))

    def normalize(v):
        n = math.sqrt(sum(x * x for x in v))
        return [x / n for x in v]

    def shade(bary, data):  # examples/scenes/phong.frag
        pos, n = perspective_mix(bary, data, 2), normalize(perspective_mix(bary, data, 3))
        l = normalize([lc - pc for lc, pc in zip((-2.0, 3.0, 1.0), pos)])
        ndl = sum(a * b for a, b in zip(n, l))
        t = n[1] * 0.5 + 0.5
        amb = [(1 - t) * g + t * s for g, s in zip((0.1, 0.06, 0.04), (0.12, 0.16, 0.3))]
        col = [bc * (a + lc * max(ndl, 0)) for bc, a, lc in zip((0.95, 0.55, 0.15), amb, (1.0, 0.96, 0.9))]
        r = [nc * ndl * 2 - lc for nc, lc in zip(n, l)]
        spec = max(sum(a * b for a, b in zip(r, normalize([-x for x in pos]))), 0.0001) ** 48
        return tuple(round(255 * min(max(c + (spec if ndl > 0 else 0), 0), 1)) for c in col)
    return raster(tris, w, h, shade, (13, 13, 20))


def differs(a, b):
    return max(abs(x - y) for x, y in zip(a, b)) > TOL


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ('cube', 'cube_textured', 'torus_phong'):
        sys.exit('usage: demo_model.py cube|cube_textured|torus_phong OURS.png LLVMPIPE.png')
    scene, ours, ref = sys.argv[1], load_png(sys.argv[2]), load_png(sys.argv[3])
    h, w = len(ours), len(ours[0])
    model = globals()['model_' + scene]
    m_vc4, m_lp = model(w, h, snap_vc4), model(w, h, snap_llvmpipe)
    pixels = [(i, j) for j in range(h) for i in range(w)]
    actual = {(i, j) for i, j in pixels if differs(ours[j][i], ref[j][i])}
    if scene == 'cube':  # face labels: predicted = a different face or background
        predicted = {(i, j) for i, j in pixels if m_vc4[j][i] != m_lp[j][i]}
    else:
        fit_vc4 = sum(differs(m_vc4[j][i], ours[j][i]) for i, j in pixels)
        fit_lp = sum(differs(m_lp[j][i], ref[j][i]) for i, j in pixels)
        print(f'{scene}: model with VC4 snapping vs our image: {fit_vc4} pixels differ; '
              f'model with 1/256 snapping vs llvmpipe: {fit_lp}')
        predicted = {(i, j) for i, j in pixels if differs(m_vc4[j][i], m_lp[j][i])}
    print(f'{scene}: ours vs llvmpipe: {len(actual)} pixels differ; the snapping alone predicts '
          f'{len(predicted)}; both: {len(actual & predicted)}')


if __name__ == '__main__':
    main()
