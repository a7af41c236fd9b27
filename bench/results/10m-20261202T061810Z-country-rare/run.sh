#!/usr/bin/env bash
cd /work/main
for r in 1 2; do for j in /tmp/cur-benchmarks.jar /tmp/end12.jar; do
  n=$(basename $j .jar)-$r
  java -jar $j '\.ScanBench\.pqlab$' -p dataset=10m -p threads=1 -p variant=duckdb -p condition=country_rare -f 1 -wi 3 -w 1 -i 8 -r 1 -rf json -rff /tmp/cr/$n.json > /tmp/cr/$n.log 2>&1
done; done
echo done
