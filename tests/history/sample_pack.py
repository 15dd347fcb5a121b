#!/usr/bin/env python3
"""The history database's packed samples (schema 2), decoded from the format
docs/history.md documents, independently of osslbench's C (history/sample_pack.c).

  sample_pack.py rates DB SQL    the rates of the blob SQL selects, one line, space-separated
  sample_pack.py blocks DB SQL   its blocks, likewise
  sample_pack.py close A B       exit 0 when the space-separated lists A and B have the same
                                 length and each pair is within the documented relative error
"""
import sqlite3
import sys

VERSION, SCALE_BITS, K_MAX, ESCAPE = 1, 20, 40, 24
REL_ERROR = 3.31e-7


class Bad(Exception):
    pass


class Reader:
    def __init__(self, blob):
        self.b, self.pos, self.bit = bytes(blob), 0, 0

    def byte(self):
        if self.pos >= len(self.b):
            raise Bad("cut short")
        self.pos += 1
        return self.b[self.pos - 1]

    def varint(self):
        v, shift = 0, 0
        while True:
            c = self.byte()
            v |= (c & 0x7F) << shift
            if not c & 0x80:
                if c == 0 and shift:
                    raise Bad("needless varint bytes")
                if v >= 1 << 64:
                    raise Bad("varint past 64 bits")
                return v
            shift += 7

    def bits(self, n):
        v = 0
        for _ in range(n):
            if self.pos >= len(self.b):
                raise Bad("cut short")
            v = v << 1 | (self.b[self.pos] >> (7 - self.bit)) & 1
            self.bit += 1
            if self.bit == 8:
                self.bit, self.pos = 0, self.pos + 1
        return v

    def rice(self, k):
        m = 0
        while m < ESCAPE and self.bits(1) == 1:
            m += 1
        if m < ESCAPE:
            return m << k | self.bits(k)
        length = self.bits(6) + 1
        u = self.bits(length)
        if u.bit_length() != length or u >> k < ESCAPE:
            raise Bad("non-canonical escape")
        return u


def unzigzag(u):
    return -(u >> 1) - 1 if u & 1 else u >> 1


def decode(blob):
    """(rates, blocks) of a blob."""
    r = Reader(blob)
    if r.byte() != VERSION:
        raise Bad("version")
    blocks = [r.varint() for _ in range(r.varint())]
    if any(b == 0 or b >= 1 << 32 for b in blocks):
        raise Bad("block")
    n, rates = r.varint(), []
    if n:
        k, q = r.byte(), unzigzag(r.varint())
        if k > K_MAX:
            raise Bad("k")
        rates.append(q)
        for _ in range(n - 1):
            q += unzigzag(r.rice(k))
            rates.append(q)
        if r.bit:
            if r.b[r.pos] & (0xFF >> r.bit):
                raise Bad("padding")
            r.pos += 1
    if r.pos != len(r.b):
        raise Bad("bytes after the end")
    return [2.0 ** (q / (1 << SCALE_BITS)) for q in rates], blocks


def main(argv):
    if len(argv) == 4 and argv[1] in ("rates", "blocks"):
        blob = sqlite3.connect(argv[2]).execute(argv[3]).fetchone()[0]
        rates, blocks = decode(blob)
        print(" ".join(repr(x) for x in rates) if argv[1] == "rates" else " ".join(str(b) for b in blocks))
        return 0
    if len(argv) == 4 and argv[1] == "close":
        a, b = [float(x) for x in argv[2].split()], [float(x) for x in argv[3].split()]
        bad = [(x, y) for x, y in zip(a, b) if abs(x / y - 1) > REL_ERROR]
        if len(a) != len(b) or bad:
            print(f"{len(a)} against {len(b)} values; apart: {bad[:3]}", file=sys.stderr)
            return 1
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
