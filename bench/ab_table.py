#!/usr/bin/env python3
"""Old against new code from one window: run in an ab/ folder of bench/results (see RESULTS section 7).

    python3 bench/ab_table.py footer|plan|scan     reads KIND-old-1.json and KIND-new-1.json
"""
import json,sys
def load(f):
    out={}
    for b in json.load(open(f)):
        p=tuple(sorted((k,v) for k,v in b.get('params',{}).items() if k not in('dataset','threads','duckdbThreads')))
        out[(b['benchmark'].split('.')[-1],p)]=(b['primaryMetric']['score'],b['primaryMetric']['scoreError'],b.get('secondaryMetrics',{}).get('gc.alloc.rate.norm',{}).get('score'))
    return out
kind=sys.argv[1]
o=load(f'{kind}-old-1.json'); n=load(f'{kind}-new-1.json')
unit=json.load(open(f'{kind}-old-1.json'))[0]['primaryMetric']['scoreUnit']
alloc=kind=='footer'
print(f'| benchmark | parameters | 11-30 code ({unit}) | 12-01 code ({unit}) | new / old time |'+(' new / old allocation |' if alloc else ''))
print('|---|---|---:|---:|---:|'+('---:|' if alloc else ''))
for k in o:
    if k in n:
        a=(f" {n[k][2]/o[k][2]:.2f} |" if o[k][2] and n[k][2] else ' - |') if alloc else ''
        print(f"| {k[0]} | {', '.join(f'{x}={y}' for x,y in k[1])} | {o[k][0]:,.2f} ± {o[k][1]:,.2f} | {n[k][0]:,.2f} ± {n[k][1]:,.2f} | {n[k][0]/o[k][0]:.2f} |"+a)
