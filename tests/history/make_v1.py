#!/usr/bin/env python3
"""A schema-1 history database, as osslbench's `db import` wrote one before schema 2 (its
schema frozen below, samples as the CSV's text), made with Python's own sqlite3 from run
folders: for tests/history_migrate.bats, whose osslbench no longer writes schema 1.

  make_v1.py DB RUN_DIR...    each RUN_DIR holds results.csv (one run) and metadata.txt
"""
import csv
import datetime
import os
import sqlite3
import sys

SCHEMA_V1 = [
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE runs(run_id TEXT PRIMARY KEY, host TEXT, started TEXT, source TEXT NOT NULL, imported TEXT NOT NULL,"
    " rows INTEGER NOT NULL)",
    "CREATE TABLE context(run_id TEXT NOT NULL REFERENCES runs(run_id), key TEXT NOT NULL, seq INTEGER NOT NULL,"
    " value TEXT NOT NULL, PRIMARY KEY(run_id, key, seq))",
    "CREATE TABLE results(row INTEGER NOT NULL, label TEXT, version TEXT, version_num TEXT, flavor TEXT, lib TEXT,"
    " api TEXT, workload TEXT, op TEXT, bytes INTEGER, threads INTEGER, procs INTEGER, rate REAL, rate_stat TEXT,"
    " unit TEXT, ci_low REAL, ci_high REAL, samples INTEGER, iterations INTEGER, status TEXT, note TEXT, host TEXT,"
    " cpu TEXT, timestamp TEXT, cpus INTEGER, run_id TEXT, kind TEXT, family TEXT, providers TEXT, propquery TEXT,"
    " version_text TEXT, ia32cap TEXT, disturbed INTEGER, retaken INTEGER, sample_blocks TEXT, sample_rates TEXT,"
    " PRIMARY KEY(run_id, row), FOREIGN KEY(run_id) REFERENCES runs(run_id))",
    "CREATE INDEX results_point ON results(workload, api, bytes, label)",
]
# How schema 1 stored each results-CSV column (csv/columns.def's types then).
INTEGER = {"bytes", "samples", "iterations", "cpus", "disturbed", "retaken"}
COUNT = {"threads", "procs"}
REAL = {"rate", "ci_low", "ci_high"}
SAMPLES = {"sample_blocks", "sample_rates"}
COLUMNS = [c.split()[0] for c in SCHEMA_V1[3].split("(", 1)[1].split(", ")[1:36]]


def value(col, cell, row):
    if col in INTEGER:
        return int(cell or 0)
    if col in COUNT:
        return int(cell or 0) or 1
    if col in REAL:
        return float(cell) if row["status"] == "ok" else None
    if col == "version_num":
        return "0x%x" % int(cell or "0x0", 16)
    if col == "sample_rates":  # as results.csv writes them: %.17g
        return " ".join("%.17g" % float(x) for x in cell.split())
    return cell


def import_run(db, folder, now):
    path = os.path.join(folder, "results.csv")
    with open(path, newline="") as f:
        text = f.read()
    rows = list(csv.DictReader(text.splitlines(keepends=True)))
    run_id = rows[0]["run_id"]
    meta = {}
    for line in open(os.path.join(folder, "metadata.txt"), encoding="utf-8", errors="replace").read().splitlines():
        key, sep, val = line.partition(": ")
        if sep and key and len(key) <= 64:
            meta.setdefault(key, []).append(val)
    # FNV-1a of the rows as results.csv has them (a file osslbench wrote: its lines)
    h = 1469598103934665603
    for c in text.split("\n", 1)[1].encode():
        h = ((h ^ c) * 1099511628211) % (1 << 64)
    db.execute("INSERT INTO runs VALUES(?, ?, ?, ?, ?, ?)", (run_id, meta.get("host", [rows[0]["host"]])[0],
               meta.get("started", [rows[0]["timestamp"]])[0], path, now, len(rows)))
    db.execute("INSERT INTO context VALUES(?, 'osslbench.rows_digest', 0, ?)", (run_id, "fnv1a64-%016x" % h))
    for key, vals in meta.items():
        for i, v in enumerate(vals):
            db.execute("INSERT INTO context VALUES(?, ?, ?, ?)", (run_id, key, i, v))
    marks = ", ".join("?" * (len(COLUMNS) + 1))
    for i, r in enumerate(rows):
        db.execute(f"INSERT INTO results(row, {', '.join(COLUMNS)}) VALUES({marks})",
                   [i] + [value(c, r.get(c, ""), r) for c in COLUMNS])


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    db = sqlite3.connect(argv[1], isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("BEGIN")
    for s in SCHEMA_V1:
        db.execute(s)
    db.execute("INSERT INTO meta VALUES('schema_version', '1')")
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    for folder in argv[2:]:
        import_run(db, folder, now)
    db.execute("COMMIT")
    db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
