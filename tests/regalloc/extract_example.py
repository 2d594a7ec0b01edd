#!/usr/bin/env python3
"""extract_example.py: copies the C example out of docs/regalloc.md so that a
test can compile it. The block is the first ```c fence after the line
'<!-- compiled by tests/regalloc/test_regalloc_doc.c -->'.

usage: extract_example.py INPUT.md OUTPUT.h
"""
import sys

MARKER = '<!-- compiled by tests/regalloc/test_regalloc_doc.c -->'


def extract(lines):
    """Returns the lines of the marked block, or raises ValueError."""
    try:
        start = next(i for i, l in enumerate(lines) if l.strip() == MARKER)
    except StopIteration:
        raise ValueError('marker line not found: ' + MARKER)
    fence = next((i for i in range(start + 1, len(lines))
                  if lines[i].strip() == '```c'), None)
    if fence is None:
        raise ValueError('no ```c block after the marker (line %d)' % (start + 1))
    end = next((i for i in range(fence + 1, len(lines))
                if lines[i].strip() == '```'), None)
    if end is None:
        raise ValueError('unterminated ```c block starting at line %d' % (fence + 1))
    return fence + 1, lines[fence + 1:end]


def main():
    src, dst = sys.argv[1], sys.argv[2]
    with open(src, encoding='utf-8') as f:
        lines = f.read().split('\n')
    try:
        first, body = extract(lines)
    except ValueError as e:
        sys.exit('%s: %s' % (src, e))
    with open(dst, 'w', encoding='utf-8') as f:
        f.write('/* Generated from %s by extract_example.py: do not edit. */\n' % src)
        f.write('#line %d "%s"\n' % (first + 1, src))
        f.write('\n'.join(body) + '\n')


if __name__ == '__main__':
    main()
