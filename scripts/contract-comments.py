#!/usr/bin/env python3
"""Measures how many long C functions carry a contract comment.

Scans the .c and .h files under the given folders for function definitions
whose body is longer than --lines lines (default 10: the lines strictly
between the opening and the closing brace, blank lines included) and counts
those with a contract comment: a /* */ block or // lines ending on the line
directly above the first line of the definition, with no blank line between.
A non-static function also counts when its declaration in a header under the
scanned folders or include/ carries such a comment (the tree documents public
functions at their prototype); --strict turns that off.

Prints the share per folder (each directory holding a scanned file) and
overall. With --min PERCENT it exits 1 when the overall share is below
PERCENT and lists every function without a contract as "file:line name";
--list prints that list regardless. Exits 2 on bad arguments or a folder that
does not exist. Python 3 standard library only.

Usage: contract-comments.py [--min PERCENT] [--lines N] [--strict] [--list]
                            [--root DIR] FOLDER...
"""
import argparse
import os
import re
import sys

IDENT = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
KEYWORDS = {'if', 'for', 'while', 'switch', 'return', 'sizeof', 'do',
            'else', 'case', 'goto', '_Alignof', '_Static_assert',
            '__attribute__', 'typeof', '__typeof__', '_Generic'}
EXTERN_C = re.compile(r'\s*extern\s*"[^"]*"\s*\{')
NOT_FUNCTION = re.compile(r'(^|[^A-Za-z0-9_])(struct|union|enum|typedef)\b\s*'
                          r'([A-Za-z_][A-Za-z0-9_]*)?\s*$')


def strip_code(text):
    """Returns `text` with comments, string and character literals and
    preprocessor directives (with their continuation lines) replaced by
    spaces, newlines kept, so that offsets and line numbers still match."""
    out = list(text)
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in ' \t':
            i += 1
            continue
        if line_start and c == '#':
            while i < n and text[i] != '\n':
                if text[i] == '\\' and i + 1 < n and text[i + 1] == '\n':
                    out[i] = ' '
                    i += 2
                    continue
                out[i] = ' '
                i += 1
            continue
        line_start = c == '\n'
        if text.startswith('/*', i):
            end = text.find('*/', i + 2)
            end = n if end < 0 else end + 2
            for k in range(i, end):
                if out[k] != '\n':
                    out[k] = ' '
            i = end
        elif text.startswith('//', i):
            while i < n and text[i] != '\n':
                out[i] = ' '
                i += 1
        elif c in '"\'':
            k = i + 1
            while k < n and text[k] != c and text[k] != '\n':
                k += 2 if text[k] == '\\' else 1
            for j in range(i + 1, min(k, n)):
                if out[j] != '\n':
                    out[j] = ' '
            i = k + 1
        else:
            i += 1
    return ''.join(out)


ATTRIBUTE_WORDS = ('__attribute__', 'VC4_CODE_ALIGN')   # the latter: util/code_align.h


def drop_attributes(head):
    """`head` without its __attribute__((...)) specifiers (and the
    attribute macros of ATTRIBUTE_WORDS with their arguments)."""
    while True:
        found = [a for a in (head.find(w) for w in ATTRIBUTE_WORDS) if a >= 0]
        if not found:
            return head
        at = min(found)
        k = head.find('(', at)
        depth, end = 0, len(head)
        for j in range(k if k >= 0 else len(head), len(head)):
            depth += {'(': 1, ')': -1}.get(head[j], 0)
            if depth == 0:
                end = j + 1
                break
        head = head[:at] + ' ' + head[end:]


def function_name(head):
    """The name declared by a function head (the code between the previous
    top-level `;` or `}` and the body or the `;`), or None when the head is
    not a function: no parameter list at its end, an initialiser, a struct,
    union or enum body, or a keyword where the name would be."""
    head = drop_attributes(head).strip()
    if not head.endswith(')') or '=' in head.replace('==', ''):
        return None
    depth, first_open = 0, None
    for k, ch in enumerate(head):
        if ch == '(':
            if depth == 0 and first_open is None:
                first_open = k
            depth += 1
        elif ch == ')':
            depth -= 1
    if first_open is None:
        return None
    before = head[:first_open].rstrip()
    names = IDENT.findall(before)
    if not names or names[-1] in KEYWORDS or NOT_FUNCTION.search(before):
        return None
    if before and not (before[-1].isalnum() or before[-1] == '_'):
        return None
    return names[-1]


def comment_above(lines, index):
    """True when lines[index - 1] (0-based) ends a comment that stands on
    lines of its own: a `//` line, or a line ending in `*/` whose `/*` starts
    a line (after blanks)."""
    if index == 0:
        return False
    prev = lines[index - 1].strip()
    if prev.startswith('//'):
        return True
    if not prev.endswith('*/'):
        return False
    for k in range(index - 1, -1, -1):
        pos = lines[k].rfind('/*', 0, len(lines[k]) if k < index - 1
                             else len(lines[k]) - 2)
        if pos >= 0:
            return lines[k][:pos].strip() == ''
    return False


def scan(path):
    """Parses one C file. Returns (definitions, documented_declarations):
    definitions as (line, name, body_lines, has_comment, is_static) with
    1-based lines, and the set of names whose prototype in this file has a
    comment directly above it."""
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    code = strip_code(text)
    lines = text.split('\n')
    defs, documented = [], set()
    depth, paren, head_start, linkage = 0, 0, 0, 0
    body_open = None
    for i, ch in enumerate(code):
        if ch == '(':
            paren += 1
        elif ch == ')':
            paren -= 1
        elif ch == '{':
            if depth == 0 and EXTERN_C.fullmatch(code, head_start, i + 1):
                linkage += 1
                head_start = i + 1
                continue
            if depth == 0 and paren == 0:
                body_open = (head_start, i)
            depth += 1
        elif ch == '}':
            if depth == 0 and linkage:
                linkage -= 1
                head_start = i + 1
                continue
            depth -= 1
            if depth == 0 and body_open is not None:
                start, open_at = body_open
                body_open = None
                record_definition(code, lines, start, open_at, i, defs)
                head_start = i + 1
        elif ch == ';' and depth == 0 and paren == 0:
            record_declaration(code, lines, head_start, i, documented)
            head_start = i + 1
    return defs, documented


def head_first_line(code, start, end):
    """0-based line of the first non-blank character of code[start:end]."""
    k = start
    while k < end and code[k].isspace():
        k += 1
    return code.count('\n', 0, k)


def record_definition(code, lines, start, open_at, close_at, defs):
    """Appends the function whose head is code[start:open_at] and whose body
    ends at close_at to `defs`, if that head is a function's."""
    head = code[start:open_at]
    name = function_name(head)
    if name is None:
        return
    first = head_first_line(code, start, open_at)
    body = code.count('\n', open_at, close_at) - 1
    static = re.search(r'(^|\W)static(\W|$)', head) is not None
    defs.append((first + 1, name, max(body, 0), comment_above(lines, first),
                 static))


def record_declaration(code, lines, start, end, documented):
    """Adds the name of the prototype code[start:end] to `documented` when a
    comment stands directly above it."""
    head = code[start:end]
    name = function_name(head)
    if name is None:
        return
    if comment_above(lines, head_first_line(code, start, end)):
        documented.add(name)


def c_files(folder):
    """Every .c and .h file under `folder`, sorted."""
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        found += [os.path.join(dirpath, f) for f in sorted(filenames)
                  if f.endswith(('.c', '.h'))]
    return found


def header_contracts(folders):
    """Names whose prototype in a header under `folders` has a comment."""
    documented = set()
    for folder in folders:
        if not os.path.isdir(folder):
            continue
        for path in c_files(folder):
            if path.endswith('.h'):
                documented |= scan(path)[1]
    return documented


def measure(folders, min_lines, strict, root):
    """Returns ({folder: [long, with_contract]}, [missing (path, line,
    name)]) over every file under `folders`."""
    per_dir, missing = {}, []
    headers = set()
    if not strict:
        headers = header_contracts(folders + [os.path.join(root, 'include')])
    for folder in folders:
        for path in c_files(folder):
            defs, local = scan(path)
            rel = os.path.relpath(path, root)
            counts = per_dir.setdefault(os.path.dirname(rel), [0, 0])
            for line, name, body, has, static in defs:
                if body <= min_lines:
                    continue
                counts[0] += 1
                if not has and not strict:
                    has = name in local or (not static and name in headers)
                if has:
                    counts[1] += 1
                else:
                    missing.append((rel, line, name))
    return per_dir, missing


def percent(part, whole):
    return 100.0 * part / whole if whole else 100.0


def main():
    ap = argparse.ArgumentParser(
        description='Share of long C functions with a contract comment.')
    ap.add_argument('folders', nargs='+')
    ap.add_argument('--min', type=float, default=None, metavar='PERCENT')
    ap.add_argument('--lines', type=int, default=10, metavar='N',
                    help='count functions whose body exceeds N lines')
    ap.add_argument('--strict', action='store_true',
                    help='only a comment above the definition counts')
    ap.add_argument('--list', action='store_true',
                    help='list every function without a contract')
    ap.add_argument('--root', default='.',
                    help='paths are printed relative to DIR')
    args = ap.parse_args()
    for folder in args.folders:
        if not os.path.isdir(folder):
            print(f'contract-comments: no folder {folder}', file=sys.stderr)
            return 2
    per_dir, missing = measure(args.folders, args.lines, args.strict,
                               args.root)
    total = [sum(c[0] for c in per_dir.values()),
             sum(c[1] for c in per_dir.values())]
    for folder in sorted(per_dir):
        n, ok = per_dir[folder]
        if n:
            print(f'{folder:24} {ok:5}/{n:<5} {percent(ok, n):5.1f} %')
    print(f'{"overall":24} {total[1]:5}/{total[0]:<5} '
          f'{percent(total[1], total[0]):5.1f} %')
    below = args.min is not None and percent(total[1], total[0]) < args.min
    if args.list or below:
        for path, line, name in missing:
            print(f'{path}:{line} {name}')
    if below:
        print(f'contract-comments: {percent(total[1], total[0]):.1f} % is '
              f'below the minimum of {args.min:g} %', file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
