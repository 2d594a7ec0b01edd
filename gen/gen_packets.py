#!/usr/bin/env python3
"""gen_packets.py: turns xml/vc4_packets.xml into vc4_packets.h.

Usage: gen_packets.py INPUT.xml OUTPUT.h

The XML schema is described in docs/xml.md; the C API that is generated is
the "Generated packet API" section of docs/CONVENTIONS.md. The XML is fully
validated before anything is written: on the first problem the script prints
"FILE:LINE: error: message" on stderr and exits with status 1, leaving no
output file behind. Python 3 standard library only.
"""

import os
import re
import sys
import xml.parsers.expat


class XmlError(Exception):
    """A problem in the input, at a line of it."""

    def __init__(self, line, msg):
        super().__init__(msg)
        self.line = line
        self.msg = msg


class Value:
    def __init__(self, name, value, line):
        self.name, self.value, self.line = name, value, line


class Enum:
    def __init__(self, name, line):
        self.name, self.line, self.values = name, line, []


class Field:
    def __init__(self, attrs, line):
        self.line = line
        self.name = attrs['name']
        self.start = attrs['start']
        self.size = attrs['size']
        self.type = attrs['type']
        self.enum = attrs.get('enum')
        self.shift = attrs.get('shift')
        self.values = []
        self.fixed = None  # (signed, integer bits, fraction bits)

    @property
    def end(self):
        return self.start + self.size - 1


class Group:
    """A <packet> (code is not None) or a <struct>."""

    def __init__(self, kind, attrs, line):
        self.kind, self.line = kind, line
        self.name = attrs['name']
        self.length = attrs['length']
        self.code = attrs.get('code')
        self.cl = attrs.get('cl')
        self.pseudo = attrs.get('pseudo')
        self.fields = []

    @property
    def payload_bits(self):
        """Bits available to fields (packets: everything after the opcode)."""
        return 8 * (self.length - 1 if self.kind == 'packet' else self.length)

    @property
    def base_bit(self):
        """Bit of the buffer where field bit 0 lies."""
        return 8 if self.kind == 'packet' else 0


# element -> (allowed parents, required attributes, optional attributes, int attributes)
SCHEMA = {
    'vc4packets': ((None,), ('gen',), (), ()),
    'enum': (('vc4packets',), ('name',), (), ()),
    'packet': (('vc4packets',), ('name', 'code', 'length'), ('cl', 'pseudo'),
               ('code', 'length')),
    'struct': (('vc4packets',), ('name', 'length'), (), ('length',)),
    'field': (('packet', 'struct'), ('name', 'start', 'size', 'type'), ('enum', 'shift'),
              ('start', 'size', 'shift')),
    'value': (('enum', 'field'), ('name', 'value'), (), ('value',)),
}

SIMPLE_TYPES = ('uint', 'int', 'bool', 'float', 'address', 'mbo', 'enum')
FIXED_RE = re.compile(r'^([us])([0-9]+)\.([0-9]+)$')


def c_upper(name):
    """C spelling of an XML name: upper case, other characters become '_'."""
    return re.sub(r'[^A-Z0-9]+', '_', name.upper()).strip('_')


class Parser:
    """Builds enums and groups from the XML, checking each element as it opens."""

    def __init__(self):
        self.enums, self.groups = [], []
        self.stack = []
        self.parser = xml.parsers.expat.ParserCreate()
        self.parser.StartElementHandler = self.start
        self.parser.EndElementHandler = self.end
        self.parser.CharacterDataHandler = self.text

    def line(self):
        return self.parser.CurrentLineNumber

    def parse(self, data):
        try:
            self.parser.Parse(data, True)
        except xml.parsers.expat.ExpatError as e:
            raise XmlError(e.lineno, 'XML syntax: ' + xml.parsers.expat.ErrorString(e.code))

    def text(self, data):
        if data.strip():
            raise XmlError(self.line(), "unexpected text '%s'" % data.strip())

    def check_attrs(self, tag, attrs):
        """Checks attribute names against SCHEMA; converts integer ones."""
        parent = self.stack[-1] if self.stack else None
        if parent is None and tag != 'vc4packets':
            raise XmlError(self.line(), 'root element must be <vc4packets>, not <%s>' % tag)
        if tag not in SCHEMA:
            raise XmlError(self.line(), 'unknown element <%s>' % tag)
        parents, required, optional, ints = SCHEMA[tag]
        if parent not in parents:
            raise XmlError(self.line(), '<%s> is not allowed inside <%s>' % (tag, parent))
        for a in attrs:
            if a not in required and a not in optional:
                raise XmlError(self.line(), "<%s>: unknown attribute '%s'" % (tag, a))
        for a in required:
            if a not in attrs:
                raise XmlError(self.line(), "<%s>: missing attribute '%s'" % (tag, a))
        if tag == 'vc4packets' and attrs['gen'] != '2.1':
            raise XmlError(self.line(), "<vc4packets>: gen must be '2.1', not '%s'" % attrs['gen'])
        if 'name' in attrs and not c_upper(attrs['name']):
            raise XmlError(self.line(), "<%s>: name '%s' has no letters or digits"
                           % (tag, attrs['name']))
        out = dict(attrs)
        for a in ints:
            if a in out:
                if not re.match(r'^[0-9]+$', out[a]):
                    raise XmlError(self.line(), "<%s>: attribute '%s' is not a decimal "
                                   "integer: '%s'" % (tag, a, out[a]))
                out[a] = int(out[a])
        return out

    def start(self, tag, attrs):
        attrs = self.check_attrs(tag, attrs)
        line = self.line()
        if tag == 'enum':
            self.enums.append(Enum(attrs['name'], line))
        elif tag in ('packet', 'struct'):
            self.groups.append(Group(tag, attrs, line))
        elif tag == 'field':
            self.groups[-1].fields.append(Field(attrs, line))
        elif tag == 'value':
            owner = self.enums[-1] if self.stack[-1] == 'enum' else self.groups[-1].fields[-1]
            owner.values.append(Value(attrs['name'], attrs['value'], line))
        self.stack.append(tag)

    def end(self, tag):
        self.stack.pop()


def check_unique(items, what):
    """Raises on the second item with a name already seen."""
    seen = {}
    for it in items:
        if it.name in seen:
            raise XmlError(it.line, "duplicate %s '%s' (first at line %d)"
                           % (what, it.name, seen[it.name].line))
        seen[it.name] = it


def check_values(values, size, what):
    """Named values: unique names and numbers, each fitting `size` bits."""
    check_unique(values, 'value')
    numbers = {}
    for v in values:
        if v.value in numbers:
            raise XmlError(v.line, "value %d already named '%s'" % (v.value, numbers[v.value]))
        numbers[v.value] = v.name
        if size is not None and v.value >= (1 << size):
            raise XmlError(v.line, "value '%s' (%d) does not fit the %d-bit %s"
                           % (v.name, v.value, size, what))


def check_fixed(f, m):
    """A uI.F / sI.F type: F >= 1, I + F == size, at most 32 bits."""
    f.fixed = (m.group(1) == 's', int(m.group(2)), int(m.group(3)))
    if f.fixed[2] < 1:
        raise XmlError(f.line, "field '%s': bad fixed-point format '%s' "
                       "(expected uI.F or sI.F, F > 0)" % (f.name, f.type))
    if f.fixed[1] + f.fixed[2] != f.size:
        raise XmlError(f.line, "field '%s': fixed-point type '%s' is %d bits wide, "
                       "but size is %d" % (f.name, f.type, f.fixed[1] + f.fixed[2], f.size))
    if f.size > 32:
        raise XmlError(f.line, "field '%s': fixed point wider than 32 bits" % f.name)


def check_width(f):
    """Widths each simple type allows."""
    if f.type == 'bool' and f.size != 1:
        raise XmlError(f.line, "field '%s': bool must be 1 bit wide, not %d" % (f.name, f.size))
    if f.type == 'float' and f.size != 32:
        raise XmlError(f.line, "field '%s': float must be 32 bits wide, not %d"
                       % (f.name, f.size))
    if f.type == 'int' and f.size < 2:
        raise XmlError(f.line, "field '%s': int must be at least 2 bits wide" % f.name)
    if f.type in ('int', 'enum') and f.size > 32:
        raise XmlError(f.line, "field '%s': %s wider than 32 bits" % (f.name, f.type))
    if f.type in ('uint', 'mbo') and f.size > 64:
        raise XmlError(f.line, "field '%s': %s wider than 64 bits" % (f.name, f.type))


def check_address(f):
    """An address holds bits shift..31: size + shift == 32."""
    if f.shift is None:
        raise XmlError(f.line, "<field>: missing attribute 'shift'")
    if f.size + f.shift != 32:
        raise XmlError(f.line, "field '%s': address size %d + shift %d must be 32"
                       % (f.name, f.size, f.shift))


def check_enum_ref(f, enums):
    """type="enum": the enum exists and all its values fit the field."""
    if f.enum is None:
        raise XmlError(f.line, "<field>: missing attribute 'enum'")
    if f.enum not in enums:
        raise XmlError(f.line, "field '%s': unknown enum '%s'" % (f.name, f.enum))
    for v in enums[f.enum].values:
        if v.value >= (1 << f.size):
            raise XmlError(f.line, "field '%s': enum '%s' value '%s' (%d) does not fit "
                           "in %d bits" % (f.name, f.enum, v.name, v.value, f.size))


def check_field_type(f, enums):
    """Type-specific rules for one field (sets f.fixed for fixed point)."""
    m = FIXED_RE.match(f.type)
    if f.type not in SIMPLE_TYPES and not m:
        if re.match(r'^[us]?[0-9.]+$', f.type):
            raise XmlError(f.line, "field '%s': bad fixed-point format '%s' "
                           "(expected uI.F or sI.F, F > 0)" % (f.name, f.type))
        raise XmlError(f.line, "field '%s': unknown type '%s'" % (f.name, f.type))
    if f.size < 1:
        raise XmlError(f.line, "field '%s': size must be at least 1" % f.name)
    if f.shift is not None and f.type != 'address':
        raise XmlError(f.line, "field '%s': 'shift' is only allowed on address fields" % f.name)
    if f.enum is not None and f.type != 'enum':
        raise XmlError(f.line, "field '%s': 'enum' is only allowed with type=\"enum\"" % f.name)
    if f.values and f.type != 'uint':
        raise XmlError(f.line, "field '%s': named values are only allowed on uint fields"
                       % f.name)
    if m:
        check_fixed(f, m)
    check_width(f)
    if f.type == 'address':
        check_address(f)
    elif f.type == 'enum':
        check_enum_ref(f, enums)
    check_values(f.values, f.size, "field '%s'" % f.name)


def check_group(g, enums):
    """Length, field types, placement and overlaps of one packet/struct."""
    if g.kind == 'packet':
        if g.code > 255:
            raise XmlError(g.line, "packet '%s': opcode %d is not in 0..255" % (g.name, g.code))
        if g.cl not in (None, 'B', 'R', 'BR'):
            raise XmlError(g.line, "packet '%s': cl must be B, R or BR, not '%s'"
                           % (g.name, g.cl))
        if g.pseudo not in (None, 'yes'):
            raise XmlError(g.line, "packet '%s': pseudo must be 'yes'" % g.name)
    if g.length < 1:
        raise XmlError(g.line, "%s '%s': length must be at least 1" % (g.kind, g.name))
    check_unique(g.fields, 'field')
    placed = []
    for f in g.fields:
        if not re.match(r'^[A-Za-z]', f.name):
            raise XmlError(f.line, "field '%s': name must start with a letter" % f.name)
        check_field_type(f, enums)
        if f.start + f.size > g.payload_bits:
            raise XmlError(f.line, "field '%s' (bits %d..%d) ends past the %d-byte length "
                           "of %s '%s' (%d field bits)" % (f.name, f.start, f.end, g.length,
                                                          g.kind, g.name, g.payload_bits))
        for o in placed:
            if f.start <= o.end and o.start <= f.end:
                raise XmlError(f.line, "field '%s' (bits %d..%d) overlaps field '%s' "
                               "(bits %d..%d)" % (f.name, f.start, f.end, o.name,
                                                  o.start, o.end))
        placed.append(f)


def check_c_names(enums, groups):
    """Every generated identifier must be unique (and every member name)."""
    seen = {}

    def claim(ident, what, line):
        if ident in seen and seen[ident][1] == 0:
            raise XmlError(line, "C name '%s' of %s is reserved for a generated macro"
                           % (ident, what))
        if ident in seen:
            raise XmlError(line, "C name '%s' of %s collides with %s (line %d)"
                           % (ident, what, seen[ident][0], seen[ident][1]))
        seen[ident] = (what, line)

    for macro in ('VC4_PACKET_COUNT', 'VC4_FOR_EACH_PACKET', 'VC4_STRUCT_COUNT',
                  'VC4_FOR_EACH_STRUCT', 'VC4_PACKETS_H', 'VC4_PACK_RUNTIME_H'):
        claim(macro, 'a generated macro', 0)
    for e in enums:
        claim('enum vc4_' + c_upper(e.name).lower(), "enum '%s'" % e.name, e.line)
        for v in e.values:
            claim('VC4_%s_%s' % (c_upper(e.name), c_upper(v.name)),
                  "value '%s'" % v.name, v.line)
    for g in groups:
        claim('VC4_' + c_upper(g.name), "%s '%s'" % (g.kind, g.name), g.line)
        members = {'opcode': ('the opcode', g.line)} if g.kind == 'packet' else {}
        for f in g.fields:
            member = c_upper(f.name).lower()
            if member in members:
                raise XmlError(f.line, "field '%s' has the same C name '%s' as %s (line %d)"
                               % (f.name, member, members[member][0], members[member][1]))
            members[member] = ("field '%s'" % f.name, f.line)
            for v in f.values:
                claim('VC4_%s_%s_%s' % (c_upper(g.name), c_upper(f.name), c_upper(v.name)),
                      "value '%s'" % v.name, v.line)


def validate(p):
    """All checks that need the whole file."""
    for e in p.enums:
        if not e.values:
            raise XmlError(e.line, "enum '%s' has no values" % e.name)
        check_values(e.values, None, "enum '%s'" % e.name)
    check_unique(p.enums, 'enum')
    check_unique(p.groups, 'name')
    codes = {}
    for g in p.groups:
        if g.kind == 'packet':
            if g.code in codes:
                o = codes[g.code]
                raise XmlError(g.line, "duplicate opcode %d (already used by '%s' at line %d)"
                               % (g.code, o.name, o.line))
            codes[g.code] = g
    enums = {e.name: e for e in p.enums}
    for g in p.groups:
        check_group(g, enums)
    check_c_names(p.enums, p.groups)


# ---------------------------------------------------------------------------
# Emission
# ---------------------------------------------------------------------------

def c_type(f):
    """The C type of a field's struct member (CONVENTIONS.md)."""
    if f.type == 'uint':
        return 'uint64_t' if f.size > 32 else 'uint32_t'
    return {'int': 'int32_t', 'bool': 'bool', 'float': 'float', 'address': 'struct vc4_address',
            'enum': 'enum vc4_' + c_upper(f.enum or '').lower()}.get(f.type, 'float')


def plural(n, word):
    """'1 byte', '9 bytes'."""
    return '%d %s%s' % (n, word, '' if n == 1 else 's')


def describe(f, g):
    """Comment text for a field: XML line and bits, bits in the buffer, type."""
    bit = g.base_bit + f.start
    extra = ' shift %d' % f.shift if f.type == 'address' else ''
    extra += ' %s' % f.enum if f.type == 'enum' else ''
    where = ' = packet bits %d..%d' % (bit, bit + f.size - 1) if g.base_bit else ''
    return '%s: xml:%d bits %d..%d%s, %s%s' % (
        f.name, f.line, f.start, f.end, where, f.type, extra)


class Emitter:
    """Writes the header text: enums, then per group #defines, struct, _pack,
    _unpack, then the list macros."""

    def __init__(self, src_name, out_name):
        self.src, self.name, self.out = src_name, out_name, []

    def w(self, text=''):
        self.out.append(text)

    def header(self):
        self.w('/*')
        self.w(' * %s: generated by gen/gen_packets.py from %s.' % (self.name, self.src))
        self.w(' * Do not edit; change the XML (docs/xml.md) instead.')
        self.w(' *')
        self.w(' * For every packet and record: _length (bytes), a struct with one member')
        self.w(' * per field, _pack() (0, or -1 when a value does not fit: reported')
        self.w(' * through hooks->range_error, no relocation recorded) and _unpack().')
        self.w(' * Packets also get _opcode and _header. Output is little-endian.')
        self.w(' */')
        self.w('#ifndef %s' % c_upper(self.name))
        self.w('#define %s' % c_upper(self.name))
        self.w()
        self.w('#include <stdbool.h>')
        self.w('#include <stdint.h>')
        self.w('#include <string.h>')
        self.w()
        self.w('#include "pack_runtime.h"')
        self.w()

    def enum(self, e):
        self.w('/* %s:%d: enum %s */' % (self.src, e.line, e.name))
        self.w('enum vc4_%s {' % c_upper(e.name).lower())
        for v in e.values:
            self.w('\tVC4_%s_%s = %d,' % (c_upper(e.name), c_upper(v.name), v.value))
        self.w('};')
        self.w()

    def struct(self, g, cname):
        self.w('struct %s {' % cname)
        if g.kind == 'packet':
            self.w('\tuint32_t opcode;')
        for f in g.fields:
            if f.type == 'mbo':
                self.w('\t/* %s: must be ones, no member */' % describe(f, g))
                continue
            self.w('\t/* %s */' % describe(f, g))
            self.w('\t%s %s;' % (c_type(f), c_upper(f.name).lower()))
        self.w('};')
        for f in g.fields:
            for v in f.values:
                self.w('#define %s_%s_%s %d' % (cname, c_upper(f.name), c_upper(v.name),
                                                v.value))
        self.w()

    def pack_field(self, g, f):
        """The statement that packs one non-address field."""
        bit = g.base_bit + f.start
        member = 'values->' + c_upper(f.name).lower()
        if f.type == 'bool':
            return 'vc4_put_bits(dst, %d, 1, %s ? 1 : 0);' % (bit, member)
        if f.type == 'mbo':
            return 'vc4_put_bits(dst, %d, %d, UINT64_MAX);' % (bit, f.size)
        if f.type == 'float':
            return 'vc4_pack_float(dst, %d, %s);' % (bit, member)
        if f.fixed:
            signed = 'true' if f.fixed[0] else 'false'
            fn, tail = 'vc4_pack_fixed', ', %d, %s' % (f.fixed[2], signed)
        else:
            fn = {'uint': 'vc4_pack_uint', 'int': 'vc4_pack_int', 'enum': 'vc4_pack_enum'}[f.type]
            tail = ''
            if f.type == 'enum':
                member = '(int64_t)' + member
        pad = ' ' * (len(fn) + 7)
        return ('ok &= %s(hooks, name, "%s",\n\t%s%s, dst, %d, %d%s);'
                % (fn, f.name, pad, member, bit, f.size, tail))

    def pack(self, g, cname):
        addrs = [f for f in g.fields if f.type == 'address']
        self.w('static inline int')
        first = '%s_pack(const struct vc4_pack_hooks *hooks, uint8_t *dst,' % cname
        second = '%sconst struct %s *values)' % (' ' * (len(cname) + 6), cname)
        if len(first) <= 100 and len(second) <= 100:
            self.w(first)
            self.w(second)
        else:
            self.w('%s_pack(const struct vc4_pack_hooks *hooks,' % cname)
            self.w('\tuint8_t *dst, const struct %s *values)' % cname)
        self.w('{')
        checked = [f for f in g.fields if f.type not in ('bool', 'float', 'mbo')]
        if checked:
            self.w('\tconst char *name = "%s";' % g.name)
            self.w('\tbool ok = true;')
            self.w()
        else:
            self.w('\t(void)hooks;')
        if not g.fields:
            self.w('\t(void)values;')
        self.w('\tmemset(dst, 0, %s_length);' % cname)
        if g.kind == 'packet':
            self.w('\tdst[0] = %s_opcode;' % cname)
        for f in g.fields:
            if f.type == 'address':
                continue
            self.w('\t/* %s */' % describe(f, g))
            self.w('\t' + self.pack_field(g, f))
        if addrs:
            self.w('\t/* Addresses last: a failed pack records no relocation. */')
            for f in addrs:
                self.w('\tok = ok && vc4_pack_address_aligned(hooks, name, "%s",' % f.name)
                self.w('\t\t\t\t\t\t  values->%s.offset, %d);'
                       % (c_upper(f.name).lower(), f.shift))
            for f in addrs:
                self.w('\t/* %s */' % describe(f, g))
                self.w('\tok = ok && vc4_pack_address(hooks, name, "%s",' % f.name)
                self.w('\t\t\t\t  &values->%s, dst, %d, %d, %d);'
                       % (c_upper(f.name).lower(), g.base_bit + f.start, f.size, f.shift))
        self.w('\treturn %s;' % ('ok ? 0 : -1' if checked else '0'))
        self.w('}')
        self.w()

    def unpack_expr(self, g, f):
        bit = g.base_bit + f.start
        if f.type == 'bool':
            return 'vc4_get_bits(src, %d, 1) != 0' % bit
        if f.type == 'float':
            return 'vc4_unpack_float(src, %d)' % bit
        if f.fixed:
            return 'vc4_unpack_fixed(src, %d, %d, %d, %s)' % (
                bit, f.size, f.fixed[2], 'true' if f.fixed[0] else 'false')
        if f.type == 'int':
            return '(int32_t)vc4_unpack_int(src, %d, %d)' % (bit, f.size)
        if f.type == 'address':
            return 'vc4_unpack_address_offset(src, %d, %d, %d)' % (bit, f.size, f.shift)
        return '(%s)vc4_get_bits(src, %d, %d)' % (c_type(f), bit, f.size)

    def unpack(self, g, cname):
        self.w('static inline void')
        sig = '%s_unpack(const uint8_t *src, struct %s *values)' % (cname, cname)
        if len(sig) > 100:
            indent = ' ' * (len(cname) + 8)
            if len(indent) + len(cname) + 16 > 100:
                indent = '\t'
            sig = '%s_unpack(const uint8_t *src,\n%sstruct %s *values)' % (cname, indent, cname)
        self.w(sig)
        self.w('{')
        if not g.fields and g.kind != 'packet':
            self.w('\t(void)src;')
        self.w('\tmemset(values, 0, sizeof(*values)); /* also: every address bo = NULL */')
        if g.kind == 'packet':
            self.w('\tvalues->opcode = src[0];')
        for f in g.fields:
            if f.type == 'address':
                # Member by member, so the struct's padding stays zero; bo stays NULL.
                self.w('\tvalues->%s.offset = %s;' % (c_upper(f.name).lower(),
                                                      self.unpack_expr(g, f)))
            elif f.type != 'mbo':
                self.w('\tvalues->%s = %s;' % (c_upper(f.name).lower(), self.unpack_expr(g, f)))
        self.w('}')
        self.w()

    def group(self, g):
        cname = 'VC4_' + c_upper(g.name)
        if g.kind == 'packet':
            self.w('/* %s:%d: packet %s (opcode %d, %s%s) */'
                   % (self.src, g.line, g.name, g.code, plural(g.length, 'byte'),
                      ', not a hardware packet' if g.pseudo else ''))
            self.w('#define %s_opcode %d' % (cname, g.code))
            self.w('#define %s_length %d' % (cname, g.length))
            self.w('#define %s_header .opcode = %d' % (cname, g.code))
        else:
            self.w('/* %s:%d: struct %s (%s) */' % (self.src, g.line, g.name,
                                                    plural(g.length, 'byte')))
            self.w('#define %s_length %d' % (cname, g.length))
        self.w()
        self.struct(g, cname)
        self.pack(g, cname)
        self.unpack(g, cname)

    def lists(self, groups):
        packets = sorted([g for g in groups if g.kind == 'packet'], key=lambda g: g.code)
        structs = [g for g in groups if g.kind == 'struct']
        self.w('/* Every packet once, by opcode: X(NAME, opcode, length, "Name"). */')
        self.w('#define VC4_PACKET_COUNT %d' % len(packets))
        self.w('#define VC4_FOR_EACH_PACKET(X) \\')
        for g in packets:
            self.w('\tX(%s, %d, %d, "%s") \\' % (c_upper(g.name), g.code, g.length, g.name))
        self.w()
        self.w('/* Every record once: X(NAME, length, "Name"). */')
        self.w('#define VC4_STRUCT_COUNT %d' % len(structs))
        self.w('#define VC4_FOR_EACH_STRUCT(X) \\')
        for g in structs:
            self.w('\tX(%s, %d, "%s") \\' % (c_upper(g.name), g.length, g.name))
        self.w()

    def emit(self, p):
        self.header()
        for e in p.enums:
            self.enum(e)
        for g in p.groups:
            self.group(g)
        self.lists(p.groups)
        self.w('#endif')
        return '\n'.join(self.out) + '\n'


def main(argv):
    if len(argv) != 3:
        sys.stderr.write('usage: gen_packets.py INPUT.xml OUTPUT.h\n')
        return 2
    path, out_path = argv[1], argv[2]
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError as e:
        sys.stderr.write('%s: error: %s\n' % (path, e.strerror))
        return 1
    p = Parser()
    try:
        p.parse(data)
        validate(p)
    except XmlError as e:
        sys.stderr.write('%s:%d: error: %s\n' % (path, e.line, e.msg))
        return 1
    text = Emitter(os.path.basename(path), os.path.basename(out_path)).emit(p)
    write_output(out_path, text)
    return 0


def write_output(out_path, text):
    """Writes a regular file atomically (temporary + rename), anything else
    (a pipe, /dev/stdout) directly."""
    if os.path.exists(out_path) and not os.path.isfile(out_path):
        with open(out_path, 'w') as f:
            f.write(text)
        return
    tmp = out_path + '.tmp'
    with open(tmp, 'w') as f:
        f.write(text)
    os.replace(tmp, out_path)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
