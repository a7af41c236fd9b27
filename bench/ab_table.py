#!/usr/bin/env python3
"""Old against new code from one window (bench/ab.sh; RESULTS section 7).

    python3 bench/ab_table.py FOLDER [footer] [plan] [scan]

reads FOLDER/KIND-old-K.json and KIND-new-K.json for every round K (and KIND-SIDE-K.N.json, the
scan kind's one run a pair, joined into round K). Per benchmark: the median
score of each side over the rounds, the median of the per-round ratios new/old with their lowest
and highest (the spread that load leaves: the rounds alternate which side runs first), and, where
-prof gc ran, new/old bytes allocated per operation (deterministic). A folder of a single round
(the 12-01 one) gives that round's ratio. Where a run had several forks (ab.sh -f), the mean of
each fork, round by round: a difference that every fork shows is not the JIT's luck in one.
"""
import glob, json, os, re, statistics, sys


def load(f):
    out = {}
    for b in json.load(open(f)):
        p = tuple(sorted((k, v) for k, v in b.get('params', {}).items()
                         if k not in ('dataset', 'threads', 'duckdbThreads')))
        alloc = b.get('secondaryMetrics', {}).get('gc.alloc.rate.norm', {}).get('score')
        forks = [statistics.mean(f) for f in b['primaryMetric'].get('rawData', []) if f]
        out[(b['benchmark'].split('.')[-1], p)] = (b['primaryMetric']['score'], alloc, b['primaryMetric']['scoreUnit'],
                                                   forks)
    return out


def rounds(folder, kind, side):
    out = {}
    for f in sorted(glob.glob(os.path.join(folder, f'{kind}-{side}-*.json'))):
        m = re.search(r'-(\d+)(?:\.(\d+))?\.json$', f)
        if m and os.path.getsize(f) > 0:
            out.setdefault(int(m.group(1)), []).append((int(m.group(2) or 0), f))
    # a round's files in pair order, so that the table keeps the order ab.sh ran them in
    return {k: {b: v for _, f in sorted(fs) for b, v in load(f).items()} for k, fs in sorted(out.items())}


def table(folder, kind):
    old, new = rounds(folder, kind, 'old'), rounds(folder, kind, 'new')
    ks = sorted(set(old) & set(new))
    if not ks:
        print(f'(no {kind} rounds in {folder})\n')
        return
    keys = [k for k in old[ks[0]] if all(k in old[r] and k in new[r] for r in ks)]
    unit = old[ks[0]][keys[0]][2] if keys else ''
    alloc = any(old[ks[0]][k][1] for k in keys)
    forked = any(len(side[r][k][3]) > 1 for side in (old, new) for r in ks for k in keys)
    print(f'{kind}: {len(ks)} round(s)\n')
    print(f'| benchmark | parameters | old ({unit}) | new ({unit}) | new / old time, median [low, high] |'
          + (' new / old allocation |' if alloc else '') + (' fork means, old; new (round by round) |' if forked else ''))
    print('|---|---|---:|---:|---:|' + ('---:|' if alloc else '') + ('---|' if forked else ''))
    for k in keys:
        o = [old[r][k][0] for r in ks]
        n = [new[r][k][0] for r in ks]
        ratios = [new[r][k][0] / old[r][k][0] for r in ks]
        spread = f' [{min(ratios):.2f}, {max(ratios):.2f}]' if len(ks) > 1 else ''
        a = ''
        if alloc:
            oa = [old[r][k][1] for r in ks if old[r][k][1]]
            na = [new[r][k][1] for r in ks if new[r][k][1]]
            a = f' {statistics.median(na) / statistics.median(oa):.3f} |' if oa and na else ' - |'
        if forked:
            fm = lambda side, r: ' '.join(f'{x:,.1f}' for x in side[r][k][3])
            a += ' ' + ' / '.join(f'[{fm(old, r)}]; [{fm(new, r)}]' for r in ks) + ' |'
        params = ', '.join(f'{x}={y}' for x, y in k[1])
        print(f'| {k[0]} | {params} | {statistics.median(o):,.2f} | {statistics.median(n):,.2f} | '
              f'{statistics.median(ratios):.2f}{spread} |' + a)
    print()


folder = sys.argv[1]
for kind in sys.argv[2:] or ['footer', 'plan', 'scan']:
    table(folder, kind)
