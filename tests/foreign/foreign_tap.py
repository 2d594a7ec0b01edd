# foreign_tap.py: what the tests/foreign scripts share: running one of our
# tools (through $MESON_EXE_WRAPPER in a cross build), reading the data and
# golden files, and printing TAP ("ok N - name" / "not ok N - name").
import os
import random
import re
import shlex
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, 'data')
GOLDEN = os.path.join(HERE, 'golden')


class Tap:
    """Collects test results and prints them as TAP; exit status 1 on failure."""

    def __init__(self):
        self.n = 0
        self.failed = 0

    def check(self, name, ok, why=''):
        """Records one test case; `why` is printed (as TAP comments) on failure."""
        self.n += 1
        print(('ok %d - %s' if ok else 'not ok %d - %s') % (self.n, name))
        if not ok:
            self.failed += 1
            for line in str(why).splitlines():
                print('# ' + line)
        return ok

    def equal(self, name, got, want):
        """A case that passes when got == want; shows both otherwise."""
        return self.check(name, got == want, 'got:\n%s\nwant:\n%s' % (got, want))

    def done(self):
        print('1..%d' % self.n)
        sys.exit(1 if self.failed else 0)


def run(tool, *args):
    """Runs `tool` with `args`; returns (exit status, stdout, stderr) as text."""
    wrapper = shlex.split(os.environ.get('MESON_EXE_WRAPPER', ''))
    p = subprocess.run(wrapper + [tool] + [str(a) for a in args],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), \
        p.stderr.decode('utf-8', 'replace')


def read_text(path):
    with open(path) as f:
        return f.read()


def parse_cldump(text):
    """Parses full vc4-cldump output: [(offset, opcode, name, {field: text})]."""
    out = []
    for line in text.splitlines():
        m = re.match(r'^0x([0-9a-f]{8}) (\d+) (.*)$', line)
        if m:
            out.append((int(m.group(1), 16), int(m.group(2)), m.group(3), {}))
        elif line.startswith('    ') and out and ': ' in line:
            k, v = line.strip().split(': ', 1)
            out[-1][3][k] = v
    return out


def golden(name):
    return read_text(os.path.join(GOLDEN, name))


def hex_words(path):
    """The 32-bit words of a hello_fft-style hex file ("0xLO, 0xHI," lines)."""
    return [int(w, 16) for w in re.findall(r'0x([0-9a-fA-F]{8})\b', read_text(path))]


def hex64_words(path):
    """The 64-bit words of a file with one 0x%016x instruction per line."""
    return [int(w, 16) for w in re.findall(r'0x([0-9a-fA-F]{16})\b', read_text(path))]


def write_words(path, words):
    """Writes 32-bit words little-endian: the raw form our QPU tools read."""
    with open(path, 'wb') as f:
        f.write(struct.pack('<%dI' % len(words), *words))


def mutations(data, count, seed):
    """`count` copies of `data`, each with 1 to 5 random bytes replaced
    (the same copies on every run: the generator is seeded)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        d = bytearray(data)
        for _ in range(rnd.randrange(1, 6)):
            d[rnd.randrange(len(d))] = rnd.randrange(256)
        out.append(bytes(d))
    return out


def survives_mutations(t, name, tool, args, data, tmp, count=20, seed=1):
    """Runs `tool ARGS... FILE` on mutated copies of `data`: each run must end
    with status 0 or 1 (for vc4-check, 1 is a verdict printed on stdout), and
    anything on stderr must start with the tool's name (a crash, a sanitizer
    report or any other status fails the case)."""
    bad = []
    path = os.path.join(tmp, 'mutated.bin')
    for i, m in enumerate(mutations(data, count, seed)):
        with open(path, 'wb') as f:
            f.write(m)
        st, out, err = run(tool, *args, path)
        prog = os.path.basename(tool)
        if st not in (0, 1) or (err and not err.startswith(prog + ':')) or not (out or err):
            bad.append('copy %d: status %d: %s' % (i, st, err[-300:]))
    return t.check('%s: %d mutated copies end with status 0 or 1, never a crash'
                   % (name, count), not bad, '\n'.join(bad))
