#!/bin/bash
# sel-ab.sh OLD_JAR NEW_JAR OUT [ROUNDS]: ScanBench.pqlab at one thread on the pairs the sel work changed
# (one column's comparisons merged, IN by keys, the null words), the two jars alternating round by round
# (odd rounds old first), -f 1 -wi 2 -i 3 -r 1; JSON per jar and round in OUT, for bench/ab_table.py-like joins.
# Run from the repository root (the jars find bench/data there). OLD_JAR: a9107e8's, built by
#   git worktree add --detach /tmp/old a9107e8 && (cd /tmp/old && mvn -B -ntp -pl bench -am package -DskipTests)
set -euo pipefail
old=$1 new=$2 out=$3 rounds=${4:-2}
mkdir -p "$out"
shuffled=ts_day,id_range_1pct,id_range_1k,or_id_ends,amount_null,amount_top,or_cust_country,country_rare
duckdb=cust_in_mixed,id_in_5,amount_null
one() { # one SIDE JAR ROUND
  echo "== $1 round $3 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
  java -jar "$2" '\.ScanBench\.pqlab$' -p dataset=10m -p threads=1 -p variant=shuffled -p condition=$shuffled \
    -f 1 -wi 2 -i 3 -r 1 -rf json -rff "$out/$1-$3-shuffled.json" > "$out/$1-$3-shuffled.log" 2>&1
  java -jar "$2" '\.ScanBench\.pqlab$' -p dataset=10m -p threads=1 -p variant=duckdb -p condition=$duckdb \
    -f 1 -wi 2 -i 3 -r 1 -rf json -rff "$out/$1-$3-duckdb.json" > "$out/$1-$3-duckdb.log" 2>&1
}
for ((k = 1; k <= rounds; k++)); do
  if ((k % 2)); then one old "$old" $k; one new "$new" $k; else one new "$new" $k; one old "$old" $k; fi
done
python3 - "$out" <<'PY'
import json, sys, glob, collections
t = collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1] + '/*.json')):
    side = f.split('/')[-1].split('-')[0]
    for r in json.load(open(f)):
        p = r['params']
        t[(p['variant'], p['condition'], side)].append(r['primaryMetric']['score'])
print('| file | condition | old ms/op (rounds) | new ms/op (rounds) | new / old |')
print('|---|---|---:|---:|---:|')
for (v, c) in sorted({(k[0], k[1]) for k in t}):
    o, n = t[(v, c, 'old')], t[(v, c, 'new')]
    if o and n:
        print(f"| {v} | {c} | {' '.join(f'{x:,.0f}' for x in o)} | {' '.join(f'{x:,.0f}' for x in n)} | {sum(n)/len(n)/(sum(o)/len(o)):.2f} |")
PY
