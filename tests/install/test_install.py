#!/usr/bin/env python3
"""tests/install/test_install.py: the installed SDK, as a user gets it.

Installs the build into a DESTDIR (BUILD/tests/install/destdir, kept for
inspection) with `meson install`, then checks: the files (tools, shared and
static libvc4, vc4/vc4.h, vc4.pc, the packet XML, the demo scenes); the
soname; that libvc4.so exports exactly the functions of vc4.h; that
`pkg-config --cflags --libs vc4` and `--static` build tests/install/hello_vc4.c
(C11, -Wall -Wextra -pedantic -Werror) against the shared and the static
library, which then draw the right pixels; and that the installed vc4-demo
renders from the installed scenes. Prints TAP, one line per check. Exits 77
(skipped) in a cross build, where the host compiler cannot build for the
target. Arguments: see main(); registered in tests/install/meson.build.
"""
import argparse
import os
import shlex
import shutil
import subprocess
import sys

TOOLS = ['vc4-cldump', 'vc4-dis', 'vc4-as', 'vc4-check', 'vc4-run', 'vc4-replay',
         'vc4-ir', 'vc4c', 'vc4-demo']
SCENES = ['clear', 'triangle', 'textured', 'depth', 'blend', 'cube']  # the first ones
HELLO_OUT = 'hello_vc4: centre ff00ffff, corner 0000ffff\n'


class Tap:
    """Numbers the checks and prints them as TAP lines; counts failures."""

    def __init__(self):
        self.n = 0
        self.failed = 0

    def check(self, ok, name, detail=''):
        self.n += 1
        print(f"{'ok' if ok else 'not ok'} {self.n} - {name}")
        if not ok:
            self.failed += 1
            for line in str(detail).rstrip().splitlines():
                print(f'# {line}')
        sys.stdout.flush()
        return ok


def run(cmd, env=None):
    """Runs cmd; returns (status, stdout, stderr) as text."""
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return p.returncode, p.stdout, p.stderr


def under(destdir, path):
    """An installed absolute path inside the DESTDIR."""
    return destdir + path


def check_files(tap, a, d):
    want = [os.path.join(a.bindir, t) for t in TOOLS]
    want += [os.path.join(a.libdir, n) for n in
             ('libvc4.so', a.soname, 'libvc4.a', 'pkgconfig/vc4.pc')]
    want += [os.path.join(a.includedir, 'vc4', 'vc4.h'),
             os.path.join(a.datadir, 'vc4', 'vc4_packets.xml')]
    want += [os.path.join(a.datadir, 'vc4', 'scenes', f) for f in sorted(os.listdir(a.scenes))]
    missing = [p for p in want if not os.path.exists(under(d, p))]
    tap.check(not missing, f'installed: {len(want)} files', 'missing: ' + ' '.join(missing))


def check_library(tap, a, d):
    lib = under(d, os.path.join(a.libdir, 'libvc4.so'))
    _, out, err = run(['readelf', '-d', lib])
    tap.check(f'Library soname: [{a.soname}]' in out, f'soname {a.soname}', out + err)
    _, out, err = run(['nm', '-D', '--defined-only', lib])
    exported = {line.split()[-1] for line in out.splitlines() if line.strip()}
    with open(a.symbols) as f:
        declared = {line.strip() for line in f if line.strip()}
    extra, missing = sorted(exported - declared), sorted(declared - exported)
    tap.check(not extra and not missing, f'libvc4.so exports the {len(declared)} functions '
              'of vc4.h, nothing else', f'extra: {extra}\nmissing: {missing}\n{err}')


def pkg_config(d, a, *args):
    """pkg-config on the DESTDIR's vc4.pc (its prefix moved into the DESTDIR)."""
    env = dict(os.environ)
    env['PKG_CONFIG_PATH'] = under(d, os.path.join(a.libdir, 'pkgconfig'))
    cmd = ['pkg-config', f'--define-variable=prefix={d}{a.prefix}', *args, 'vc4']
    status, out, err = run(cmd, env)
    return status, shlex.split(out), err


def build_hello(tap, a, d, out, static):
    """Compiles and links hello_vc4.c through pkg-config; True when it built."""
    what = 'static' if static else 'shared'
    st1, cflags, e1 = pkg_config(d, a, '--cflags', *(['--static'] if static else []))
    st2, libs, e2 = pkg_config(d, a, '--libs', *(['--static'] if static else []))
    if static:  # the archive, whatever else is beside it
        libs = [x for lib in libs for x in
                (['-Wl,-Bstatic', lib, '-Wl,-Bdynamic'] if lib == '-lvc4' else [lib])]
    san = [f'-fsanitize={a.sanitize}'] if a.sanitize != 'none' else []
    cmd = [*shlex.split(a.cc), '-std=c11', '-pedantic', '-Wall', '-Wextra', '-Werror', *san,
           *cflags, a.hello, '-o', out, *libs]
    status, o, e = run(cmd) if st1 == 0 and st2 == 0 else (1, '', e1 + e2)
    return tap.check(status == 0 and '-lvc4' in libs,
                     f'pkg-config {"--static " if static else ""}--cflags --libs vc4: '
                     f'hello_vc4 builds ({what})', shlex.join(cmd) + '\n' + o + e)


def check_hello(tap, a, d, work, static):
    what = 'static' if static else 'shared'
    exe = os.path.join(work, f'hello_vc4_{what}')
    if not build_hello(tap, a, d, exe, static):
        tap.check(False, f'hello_vc4 ({what}) links libvc4 as asked', 'did not build')
        tap.check(False, f'hello_vc4 ({what}) draws', 'did not build')
        return
    _, out, err = run(['readelf', '-d', exe])
    linked = f'Shared library: [{a.soname}]' in out
    tap.check(linked != static, f'hello_vc4 ({what}) ' +
              ('has no libvc4.so' if static else f'needs {a.soname}'), out + err)
    env = dict(os.environ, LD_LIBRARY_PATH=under(d, a.libdir), VC4_BACKEND='sim')
    env.pop('VC4_XML_PATH', None)
    status, out, err = run([exe], env)
    tap.check(status == 0 and out == HELLO_OUT, f'hello_vc4 ({what}) draws the right pixels',
              f'status {status}\nstdout: {out}\nstderr: {err}')


def read_head(path):
    """The first 4 bytes of a file, b'' when it cannot be read."""
    try:
        with open(path, 'rb') as f:
            return f.read(4)
    except OSError:
        return b''


def check_demo(tap, a, d, work):
    demo = under(d, os.path.join(a.bindir, 'vc4-demo'))
    png_dir = os.path.join(work, 'demo')
    env = dict(os.environ, VC4_BACKEND='sim')
    status, out, err = run([demo, '-o', png_dir, '--size', '32'], env)
    lines = out.splitlines()
    names = [line.split(':')[0] for line in lines]
    pngs = [read_head(os.path.join(png_dir, f'{n}.png')) for n in names]
    tap.check(status == 0 and names[:len(SCENES)] == SCENES and
              lines == [f'{n}: {png_dir}/{n}.png' for n in names] and
              all(p == b'\x89PNG' for p in pngs),
              f'the installed vc4-demo renders every scene ({len(names)} PNGs)',
              f'status {status}\nstdout: {out}\nstderr: {err}')
    # Without one installed scene file it must fail on that file: it read them.
    scene = under(d, os.path.join(a.datadir, 'vc4', 'scenes', 'colour.vert'))
    os.remove(scene)
    status, out, err = run([demo, '-o', png_dir, '--size', '32'], env)
    tap.check(status == 2 and err.startswith(f'vc4-demo: {scene}'),
              'the installed vc4-demo reads the installed scenes',
              f'status {status}\nstdout: {out}\nstderr: {err}')


def main():
    p = argparse.ArgumentParser()
    for opt in ('meson', 'build', 'cc', 'sanitize', 'prefix', 'bindir', 'libdir',
                'includedir', 'datadir', 'soname', 'symbols', 'hello', 'scenes'):
        p.add_argument('--' + opt, required=True)
    p.add_argument('--cross', action='store_true')
    a = p.parse_args()
    if a.cross:
        print('1..0 # SKIP a cross build: the host compiler cannot build for the target')
        return 77
    tap = Tap()
    work = os.path.join(a.build, 'tests', 'install', 'work')
    d = os.path.join(work, 'destdir')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    status, out, err = run([a.meson, 'install', '-C', a.build, '--no-rebuild', '--quiet',
                            '--destdir', d])
    if not tap.check(status == 0, 'meson install --destdir', out + err):
        return 1
    check_files(tap, a, d)
    check_library(tap, a, d)
    check_hello(tap, a, d, work, static=False)
    check_hello(tap, a, d, work, static=True)
    check_demo(tap, a, d, work)
    print(f'1..{tap.n}')
    return 1 if tap.failed else 0


if __name__ == '__main__':
    sys.exit(main())
