#!/usr/bin/env python3
# bench/gen_stress.py: generates the IR programs of docs/PERFORMANCE.md,
# "Compile time and memory": programs that stress one dimension each, to
# check that vc4c and vc4-ir stay linear in the program.
#
#   python3 bench/gen_stress.py KIND N > FILE.ir
#
#   live N   N vec4 values computed, then summed inside an if (all live at
#            once: far more than the registers for N > 16; vc4c must fail
#            at once, naming the line)
#   ifs N    N nested ifs around one add (a fragment shader)
#   loops N  N nested loops, each left by a break (a fragment shader)
#   wide N   N independent multiply-adds into one local (a vertex shader)
import sys


def live(n):
    out = ["vertex", "attribute vec4 @pos", "output position", "local vec4 @l",
           "%p = load @pos"]
    for i in range(n):
        out.append("%%k%d = const vec4 %d, %d, %d, %d" % (i, i + 1, i + 2, i + 3, i + 4))
        out.append("%%v%d = mul %%p, %%k%d" % (i, i))
    out += ["%x = extract %p, 0", "%z = const float 0", "%b = flt %z, %x", "if %b {"]
    prev = "%v0"
    for i in range(1, n):
        out.append("%%s%d = add %s, %%v%d" % (i, prev, i))
        prev = "%%s%d" % i
    out += ["store @l, %s" % prev, "}", "%r = load @l", "store @position, %r"]
    return out


def ifs(n):
    out = ["fragment", "varying smooth vec4 @v", "output color", "local vec4 @l",
           "%c = load @v", "%x = extract %c, 0", "%z = const float 0", "%b = flt %z, %x",
           "store @l, %c"]
    out += ["if %b {"] * n
    out += ["%y = load @l", "%w = add %y, %c", "store @l, %w"]
    out += ["}"] * n
    return out + ["%r = load @l", "store @color, %r"]


def loops(n):
    out = ["fragment", "varying smooth vec4 @v", "output color", "local vec4 @l",
           "%c = load @v", "store @l, %c"]
    out += ["loop {"] * n
    out += ["%y = load @l", "%w = add %y, %c", "store @l, %w"]
    out += ["break", "}"] * n
    return out + ["%r = load @l", "store @color, %r"]


def wide(n):
    out = ["vertex", "attribute vec4 @pos", "output position", "local vec4 @l",
           "%p = load @pos"]
    for i in range(n):
        out += ["%%k%d = const vec4 %d, 1, 2, 3" % (i, i), "%%m%d = mul %%p, %%k%d" % (i, i),
                "%%r%d = load @l" % i, "%%s%d = add %%r%d, %%m%d" % (i, i, i),
                "store @l, %%s%d" % i]
    return out + ["%f = load @l", "store @position, %f"]


KINDS = {"live": live, "ifs": ifs, "loops": loops, "wide": wide}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in KINDS or not sys.argv[2].isdigit():
        sys.exit("usage: gen_stress.py live|ifs|loops|wide N")
    sys.stdout.write("\n".join(KINDS[sys.argv[1]](int(sys.argv[2]))) + "\n")
