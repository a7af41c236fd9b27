#!/usr/bin/env python3
"""Markdown tables from JMH JSON results (java -jar benchmarks.jar ... -rf json -rff FILE).

    python3 bench/tables.py scan FILE.json [FILE.json ...]     selective scans, one row per condition;
                                                               "best peer / pqlab" > 1 means pqlab is faster
    python3 bench/tables.py full FILE.json [...]               full scans
    python3 bench/tables.py footer FILE.json [...]             footer decoding, time and allocation
    python3 bench/tables.py plan FILE.json                     planning, one row per condition (as scan)
    python3 bench/tables.py speedup FILE.json [...]            footer decoding: parquet-java / pqlab, time and allocation
    python3 bench/tables.py generic FILE.json [...]            any benchmark: parameters, time, and time / pqlab's

Only formats what JMH measured; a reader missing from the files shows as '-'.
"""
import json
import sys


def load(files):
    """FILE.json, or FILE.json:reader1,reader2 to keep only those benchmarks of the file."""
    out = []
    for f in files:
        path, _, keep = f.partition(':')
        for b in json.load(open(path)):
            if not keep or b['benchmark'].split('.')[-1] in keep.split(','):
                out.append(b)
    return out


def fmt(score, err):
    return f"{score:,.2f} ± {err:,.2f}" if score < 100 else f"{score:,.0f} ± {err:,.0f}"


def scan(results):
    cells = {}
    order = []
    readers = []
    for b in results:
        if 'condition' not in b['params']:
            continue
        reader = b['benchmark'].split('.')[-1]
        p = b['params']
        key = (p['variant'], p['condition'], p.get('threads', '1'))
        if key not in order:
            order.append(key)
        if reader not in readers:
            readers.append(reader)
        cells[(key, reader)] = (b['primaryMetric']['score'], b['primaryMetric']['scoreError'])
    unit = next((b['primaryMetric']['scoreUnit'] for b in results), '')
    mine = next((r for r in readers if r.startswith('pqlab')), 'pqlab')
    peers = [r for r in readers if r != mine]
    readers = peers + ([mine] if mine in readers else [])
    print("| file | condition | threads | " + " | ".join(f"{r} ({unit})" for r in readers)
          + " | best peer / pqlab |")
    print("|---|---|---:|" + "---:|" * len(readers) + "---:|")
    for key in order:
        row = [fmt(*cells[(key, r)]) if (key, r) in cells else '-' for r in readers]
        times = [cells[(key, r)][0] for r in peers if (key, r) in cells]
        ratio = f"{min(times) / cells[(key, mine)][0]:.1f}x" if times and (key, mine) in cells else '-'
        print(f"| {key[0]} | {key[1]} | {key[2]} | " + " | ".join(row) + f" | {ratio} |")


def full(results):
    print("| file | threads | reader | time (ms/op) | allocated (MiB/op) |")
    print("|---|---:|---|---:|---:|")
    for b in sorted(results, key=lambda b: (b['params']['variant'], int(b['params'].get('threads', 1)))):
        alloc = b.get('secondaryMetrics', {}).get('gc.alloc.rate.norm', {}).get('score')
        a = f"{alloc / 1048576:,.1f}" if alloc is not None else '-'
        print(f"| {b['params']['variant']} | {b['params'].get('threads', '1')} | {b['benchmark'].split('.')[-1]} | "
              f"{fmt(b['primaryMetric']['score'], b['primaryMetric']['scoreError'])} | {a} |")


def generic(results):
    """Every benchmark with its parameters (but the dataset) and its time; the ratio is pqlab's time
    over each row's, per parameter set, so above 1 means that row is slower than pqlab."""
    def params(b):
        return tuple(sorted((k, v) for k, v in b.get('params', {}).items() if k != 'dataset'))
    mine = {}
    for b in results:
        name = b['benchmark'].split('.')[-1]
        if name.startswith('pqlab') and params(b) not in mine:
            mine[params(b)] = b['primaryMetric']['score']
    unit = next((b['primaryMetric']['scoreUnit'] for b in results), '')
    print(f"| benchmark | parameters | time ({unit}) | this / pqlab |")
    print("|---|---|---:|---:|")
    for b in results:
        p = params(b)
        ratio = f"{b['primaryMetric']['score'] / mine[p]:.2f}x" if p in mine else '-'
        print(f"| {b['benchmark'].split('.')[-1]} | {', '.join(f'{k}={v}' for k, v in p)} | "
              f"{fmt(b['primaryMetric']['score'], b['primaryMetric']['scoreError'])} | {ratio} |")


def footer(results):
    print("| file | reader | time (µs/op) | allocated (KiB/op) |")
    print("|---|---|---:|---:|")
    for b in sorted(results, key=lambda b: (b['params']['file'], b['benchmark'].split('.')[-1])):
        alloc = b.get('secondaryMetrics', {}).get('gc.alloc.rate.norm', {}).get('score')
        a = f"{alloc / 1024:,.1f}" if alloc is not None else '-'
        print(f"| {b['params']['file']} | {b['benchmark'].split('.')[-1]} | "
              f"{fmt(b['primaryMetric']['score'], b['primaryMetric']['scoreError'])} | {a} |")


def speedup(results):
    """pqlab's footer decoding against parquet-java's, per file: how many times faster, how many times less allocated."""
    cell = {}
    for b in results:
        alloc = b.get('secondaryMetrics', {}).get('gc.alloc.rate.norm', {}).get('score')
        cell[(b['params']['file'], b['benchmark'].split('.')[-1])] = (b['primaryMetric']['score'], alloc)
    pairs = [('parquetJava_decode', 'pqlab_decode', 'decode'),
             ('parquetJava_decode', 'pqlab_decode2Columns', 'decode, 2 columns'),
             ('parquetJava_readFooter', 'pqlab_open', 'open (read + decode + schema)'),
             ('parquetJava_readFooter', 'pqlab_open2Columns', 'open, 2 columns')]
    print("| file | pqlab | parquet-java | time: parquet-java / pqlab | allocation: parquet-java / pqlab |")
    print("|---|---|---|---:|---:|")
    for f in sorted({k[0] for k in cell}):
        for peer, mine, what in pairs:
            if (f, peer) in cell and (f, mine) in cell:
                (pt, pa), (mt, ma) = cell[(f, peer)], cell[(f, mine)]
                a = f"{pa / ma:,.1f}x" if pa and ma else '-'
                print(f"| {f} | {what} | {peer} | {pt / mt:,.1f}x | {a} |")


if __name__ == '__main__':
    {'scan': scan, 'plan': scan, 'full': full, 'footer': footer, 'speedup': speedup, 'generic': generic}[sys.argv[1]](load(sys.argv[2:]))
