#!/usr/bin/env python3
"""file-lengths.py: checks that no C source or header is over a line limit.

Prints every .c/.h file under the given folders with more lines than --max
(default 800) as FILE: N lines, then a count; exits 1 when there is one.

Usage: file-lengths.py [--max N] [--root DIR] FOLDER...
"""
import argparse
import os
import sys


def long_files(folders, limit):
    """(path, lines) of each .c/.h file over limit lines, in path order."""
    found = []
    for folder in folders:
        for dirpath, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                if name.endswith((".c", ".h")):
                    path = os.path.join(dirpath, name)
                    with open(path, encoding="utf-8", errors="replace") as f:
                        n = sum(1 for _ in f)
                    if n > limit:
                        found.append((path, n))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+")
    ap.add_argument("--max", type=int, default=800)
    ap.add_argument("--root", help="print paths relative to DIR")
    args = ap.parse_args()
    for folder in args.folders:
        if not os.path.isdir(folder):
            print(f"file-lengths: {folder}: not a directory", file=sys.stderr)
            return 2
    found = long_files(args.folders, args.max)
    for path, n in found:
        shown = os.path.relpath(path, args.root) if args.root else path
        print(f"{shown}: {n} lines")
    print(f"{len(found)} files over {args.max} lines")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
