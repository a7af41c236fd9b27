#!/usr/bin/env bash
# FooterBench.pqlab_decode and pqlab_open: the 11-30 code (7794491) against the final code (084b685's jar), 4 forks a run, two rounds alternating.
set -uo pipefail
cd /work/main
OUT=bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-footer-f4
mkdir -p $OUT; cp /work/wt/footer5.sh $OUT/commands.sh
{ echo "load before: $(cat /proc/loadavg)"; nproc; grep -m1 'model name' /proc/cpuinfo; java -version 2>&1 | head -1; } > $OUT/machine.txt
for r in 1 2; do
  order="old cur"; [[ $r == 2 ]] && order="cur old"
  for side in $order; do
    case $side in old) j=/tmp/open-old-7794491.jar ;; cur) j=/tmp/cur-benchmarks.jar ;; esac
    echo "== $side $r $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    java -jar $j 'FooterBench.pqlab_(decode|open)$' -p dataset=10m -p file=wide,sorted,duckdb -f 4 -wi 3 -w 1 -i 5 -r 1 -prof gc -rf json -rff $OUT/footer-$side-$r.json > $OUT/footer-$side-$r.log 2>&1
  done
done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
echo "done $OUT"
