#!/usr/bin/env bash
# The two-thread full-scan duel warmed longer (-wi 10): SelRun showed pqlab's JIT still compiling through the 8th call at 2 threads.
cd /work/main; D=bench/results/10m-20261203T180930Z-end; JAR=/tmp/duel.jar   # the same jar as this folder's (main ade25af)
for r in 1 2 3 4; do for who in pqlab_rows duckdb_aggregate; do
  [[ $((r % 2)) == 0 ]] && who=$([[ $who == pqlab_rows ]] && echo duckdb_aggregate || echo pqlab_rows)
  echo "$r $who $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" >> $D/duel-warm-stages.txt
  java -jar $JAR "FullScanBench.$who\$" -p dataset=10m -p threads=2 \
    -f 1 -wi 10 -w 1 -i 5 -r 1 -rf json -rff $D/duelw-$r-$who.json > $D/duelw-$r-$who.log 2>&1
done; done
