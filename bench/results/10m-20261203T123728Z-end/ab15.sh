#!/usr/bin/env bash
# Same-minute A/B after the end bench: section 14's code (/tmp/base.jar, 21ceff5) against this code.
cd /work/main; O=$(cat /work/wt/out.txt); NEW=/tmp/new15.jar; cp bench/target/benchmarks.jar $NEW
for r in 1 2; do for side in base new; do j=/tmp/base.jar; [[ $side == new ]] && j=$NEW
  echo "== $side round $r $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" >> $O/ab15.txt
  java -jar $j '\.ScanBench\.pqlab$' -p dataset=10m -p threads=2 -p variant=sorted -p condition=country_rare,amount_top -f 1 -wi 2 -w 1 -i 3 -r 1 -prof gc -rf json -rff $O/ab15-scan-$side-$r.json > /dev/null 2>&1
  java -jar $j 'FullScanBench.pqlab_rows$' -p dataset=10m -p threads=1 -p variant=sorted -f 1 -wi 2 -w 1 -i 3 -r 1 -rf json -rff $O/ab15-full-$side-$r.json > /dev/null 2>&1
done; done
echo "== done $(date -u +%T)" >> $O/ab15.txt
