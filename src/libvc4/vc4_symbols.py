#!/usr/bin/env python3
"""src/libvc4/vc4_symbols.py: the exported symbols of libvc4, derived from the
public header (include/vc4/vc4.h): every function it declares, and nothing
else. Writes a GNU ld version script (--map) or one name per line (--list).
Usage: vc4_symbols.py --map|--list HEADER OUTPUT"""
import re
import sys

COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
# A declaration's name: an identifier right before '(' that follows its return
# type (a word, or '*'), at the start of a statement.
DECL = re.compile(r'(?:^|[;}])\s*(?:[A-Za-z_][\w \t]*[\s*])(vc4_\w+)\s*\(', re.M)


def symbols(header_text):
    """The function names declared in the header, sorted, without repeats."""
    text = COMMENT.sub(' ', header_text)
    text = re.sub(r'^\s*#.*$', ';', text, flags=re.M)
    return sorted(set(DECL.findall(text)))


def main():
    mode, header, output = sys.argv[1:4]
    with open(header) as f:
        names = symbols(f.read())
    if not names:
        sys.exit(f'{header}: no vc4_ function declared')
    with open(output, 'w') as f:
        if mode == '--map':
            f.write('/* Generated from %s by vc4_symbols.py. */\n{\n  global:\n' % header)
            f.writelines(f'    {n};\n' for n in names)
            f.write('  local:\n    *;\n};\n')
        else:
            f.writelines(n + '\n' for n in names)


if __name__ == '__main__':
    main()
