#!/usr/bin/env python3
"""Fills the tables of bench/RESULTS.md from one run's folder (bench/run.sh writes it).

    python3 bench/fill.py bench/results/10m-YYYYMMDDTHHMMSSZ

Each table in RESULTS.md sits between `<!-- table:NAME -->` and `<!-- end -->`; the prose around
them is written by hand and is not touched, so reread it after a new run.
"""
import contextlib
import glob
import io
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import tables  # noqa: E402


def render(fn, files):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        fn(tables.load(files))
    return out.getvalue().rstrip('\n')


def main(run):
    j = lambda *names: [f for n in names for f in sorted(glob.glob(os.path.join(run, n)))]
    text = lambda name: open(os.path.join(run, name)).read().strip('\n')
    peak_header = ("| reader | file | condition | rows | ms (one shot) | heap peak MiB | RSS peak MiB |\n"
                   "|---|---|---|---:|---:|---:|---:|")
    parts = {
        'machine': '```\n' + text('machine.txt') + '\n```',
        'footer': render(tables.footer, j('footer.json', 'footer-hardwood.json')),
        'speedup': render(tables.speedup, j('footer.json')),
        'plan': render(tables.scan, j('plan.json')),
        'bytes': text('bytes.md'),
        'scan': render(tables.scan, j('scan.json', 'scan-hardwood.json')),
        'full': render(tables.full, j('full.json', 'full-hardwood.json')),
        'peak-1g': peak_header + '\n' + text('peak-1g.txt'),
        'peak-512m': peak_header + '\n' + text('peak-512m.txt'),
    }
    path = os.path.join(os.path.dirname(__file__), 'RESULTS.md')
    doc = open(path).read()
    for name, body in parts.items():
        doc, n = re.subn(r'(<!-- table:' + re.escape(name) + r' -->\n).*?(<!-- end -->)',
                         lambda m: m.group(1) + body + '\n' + m.group(2), doc, flags=re.S)
        if n != 1:
            sys.exit(f"RESULTS.md has {n} places for table {name}, not 1")
    open(path, 'w').write(doc)


if __name__ == '__main__':
    main(sys.argv[1])
