#!/usr/bin/env python3
"""area-deps.py: checks that no area of src/ reaches up.

The areas and their order come from the build: src/meson.build's subdir()
calls, each area's own subdir() calls placing its sub-areas right after it
(a parent defines its library before its sub-areas, e.g. sim, sim/pipe,
sim/kernel). A C file of area A may include headers of A and of the areas
before A; an include "B/..." of an area B after A is an upward dependency.
Prints the order and every violation as FILE:LINE: AREA includes LATER-AREA
(HEADER); exits 1 when there is one.

Usage: area-deps.py SRC_DIR [--root DIR]
"""
import argparse
import os
import re
import sys

SUBDIR = re.compile(r"^\s*subdir\(\s*'([^']+)'\s*\)", re.M)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def areas(src, rel=""):
    """Areas under src/rel in build order: each subdir, then its own."""
    path = os.path.join(src, rel, "meson.build")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    order = []
    for name in SUBDIR.findall(text):
        sub = os.path.join(rel, name) if rel else name
        order.append(sub)
        order.extend(areas(src, sub))
    return order


def area_of(path, order):
    """The deepest area a path (relative to src) lies in, or None."""
    best = None
    for a in order:
        if path == a or path.startswith(a + "/"):
            if best is None or len(a) > len(best):
                best = a
    return best


def violations(src, order):
    """(file, line, area, included area, header) for each upward include."""
    rank = {a: i for i, a in enumerate(order)}
    found = []
    for dirpath, _, files in sorted(os.walk(src)):
        for name in sorted(files):
            if not name.endswith((".c", ".h")):
                continue
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, src)
            mine = area_of(rel, order)
            if mine is None:
                continue
            with open(full, encoding="utf-8", errors="replace") as f:
                text = f.read()
            for m in INCLUDE.finditer(text):
                header = m.group(1)
                theirs = area_of(os.path.dirname(header), order)
                if theirs is not None and rank[theirs] > rank[mine]:
                    line = text.count("\n", 0, m.start()) + 1
                    found.append((rel, line, mine, theirs, header))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src")
    ap.add_argument("--root", help="print paths relative to DIR")
    args = ap.parse_args()
    if not os.path.isdir(args.src):
        print(f"area-deps: {args.src}: not a directory", file=sys.stderr)
        return 2
    order = areas(args.src)
    if not order:
        print(f"area-deps: {args.src}/meson.build: no subdir() areas", file=sys.stderr)
        return 2
    print("areas: " + ", ".join(order))
    prefix = os.path.relpath(args.src, args.root) if args.root else args.src
    bad = violations(args.src, order)
    for rel, line, mine, theirs, header in bad:
        print(f"{os.path.normpath(os.path.join(prefix, rel))}:{line}: {mine} includes {theirs} ({header})")
    print(f"{len(bad)} upward includes")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
