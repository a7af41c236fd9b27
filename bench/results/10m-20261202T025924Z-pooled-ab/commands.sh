#!/usr/bin/env bash
# Full scans at 2 threads and peak memory: main's pooled row groups (CUR) against the tree with them reverted (REV), alternating.
set -uo pipefail
cd /work/main
OUT=bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-pooled-ab
mkdir -p $OUT
cp /work/wt/ab2t.sh $OUT/commands.sh
CUR=/tmp/cur-benchmarks.jar REV=/tmp/rev-benchmarks.jar
echo "cur: main 1fee701 (pooled row groups); rev: the same with a432b5b, 6f0eb3f, a8ac9fe reverted" > $OUT/machine.txt
echo "load before: $(cat /proc/loadavg)" >> $OUT/machine.txt
for r in 1 2; do
  for side in cur rev; do
    [[ $r == 2 ]] && side=$([[ $side == cur ]] && echo rev || echo cur)
    j=$CUR; [[ $side == rev ]] && j=$REV
    echo "== $side round $r $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    java -jar $j 'FullScanBench.pqlab_rows$' -p dataset=10m -p threads=2 -f 1 -wi 2 -w 1 -i 4 -r 1 -rf json -rff $OUT/full-$side-$r.json > $OUT/full-$side-$r.log 2>&1
  done
done
for side in cur rev; do
  j=$CUR; [[ $side == rev ]] && j=$REV
  for v in sorted duckdb; do echo "$side $v 2" >> $OUT/peak-512m.txt; java -Xmx512m -cp $j io.pqlab.bench.PeakMemory pqlab 10m $v full 2 2>/dev/null | grep pqlab >> $OUT/peak-512m.txt; done
done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
echo "done $OUT"
