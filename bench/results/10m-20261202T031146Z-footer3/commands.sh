#!/usr/bin/env bash
# FooterBench.pqlab_decode and pqlab_open: the 11-30 code, 0e9a88a (section 10's "new") and the final code, alternating, two rounds.
set -uo pipefail
cd /work/main
OUT=bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-footer3
mkdir -p $OUT; cp /work/wt/footer3.sh $OUT/commands.sh
echo "load before: $(cat /proc/loadavg)" > $OUT/machine.txt
for r in 1 2; do
  order="old f0e cur"; [[ $r == 2 ]] && order="cur f0e old"
  for side in $order; do
    case $side in old) j=/tmp/open-old-7794491.jar ;; f0e) j=/tmp/f0e-benchmarks.jar ;; cur) j=/tmp/cur-benchmarks.jar ;; esac
    echo "== $side $r $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    java -jar $j 'FooterBench.pqlab_(decode|open)$' -p dataset=10m -p file=sorted,duckdb -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/footer-$side-$r.json > $OUT/footer-$side-$r.log 2>&1
  done
done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
echo "done $OUT"
