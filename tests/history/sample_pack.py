#!/usr/bin/env python3
"""The history database's packed samples (schema 2), decoded from the format
docs/history.md documents, independently of osslbench's C (history/sample_pack.c).

  sample_pack.py rates DB SQL    the rates of the blob SQL selects, one line, space-separated
  sample_pack.py blocks DB SQL   its blocks, likewise
  sample_pack.py close A B       exit 0 when the space-separated lists A and B have the same
                                 length and each pair is within the documented relative error
  sample_pack.py same V2DB V1DB  exit 0 when every results row of the schema-2 database has the
                                 samples of the schema-1 one (its text), row for row, so
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


def close(a, b):
    """What is wrong between two lists of rates, or None."""
    bad = [(x, y) for x, y in zip(a, b) if abs(x / y - 1) > REL_ERROR]
    return f"{len(a)} against {len(b)} values; apart: {bad[:3]}" if len(a) != len(b) or bad else None


def same(v2, v1):
    order = " from results order by run_id, row"
    new = sqlite3.connect(v2).execute("select run_id, row, sample_pack" + order).fetchall()
    old = sqlite3.connect(v1).execute("select run_id, row, sample_rates, sample_blocks" + order).fetchall()
    if len(new) != len(old) or not new:
        return f"{len(new)} rows against {len(old)}"
    for (run, row, blob), (run1, row1, rates, blocks) in zip(new, old):
        got_rates, got_blocks = decode(blob)
        if (run, row) != (run1, row1):
            wrong = f"against run {run1} row {row1}"
        elif got_blocks != [int(b) for b in blocks.split()]:
            wrong = f"blocks {got_blocks} against {blocks}"
        else:
            wrong = close(got_rates, [float(x) for x in rates.split()])
        if wrong:
            return f"run {run} row {row}: {wrong}"
    return None


def main(argv):
    if len(argv) == 4 and argv[1] in ("rates", "blocks"):
        blob = sqlite3.connect(argv[2]).execute(argv[3]).fetchone()[0]
        rates, blocks = decode(blob)
        print(" ".join(repr(x) for x in rates) if argv[1] == "rates" else " ".join(str(b) for b in blocks))
        return 0
    if len(argv) == 4 and argv[1] in ("close", "same"):
        if argv[1] == "close":
            wrong = close([float(x) for x in argv[2].split()], [float(x) for x in argv[3].split()])
        else:
            wrong = same(argv[2], argv[3])
        if wrong:
            print(wrong, file=sys.stderr)
        return 1 if wrong else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
