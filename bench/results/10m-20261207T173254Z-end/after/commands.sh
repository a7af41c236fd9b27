#!/usr/bin/env bash
# After the typed spares change (main bc31fc0, two commits after d9feb62; ab-*.txt: the A/Bs run by hand after it, commands in decoding.md and RESULTS section 17): pqlab alone again, in the same folder as
# the peers' figures it is compared with (run from /work/main; the jar is that commit's benchmarks.jar).
set -uo pipefail
OUT=bench/results/10m-20261207T173254Z-end/after; JAR=/tmp/j2.jar
st() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" | tee -a $OUT/stages.txt; }
st scan2; java -jar $JAR '\.ScanBench\.pqlab$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t.json > $OUT/scan-2t.log 2>&1
st full; java -jar $JAR 'FullScanBench.pqlab_rows$' -p dataset=10m -p threads=1,2 -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full.json > $OUT/full.log 2>&1
st warm
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -p variant=shuffled -p condition=id_point,id_absent -f 1 -wi 8 -w 1 -i 3 -r 1 -rf json -rff $OUT/warm-shuffled.json > $OUT/warm-shuffled.log 2>&1
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -p variant=duckdb -p condition=cust_point,cust_absent -f 1 -wi 8 -w 1 -i 3 -r 1 -rf json -rff $OUT/warm-duckdb.json > $OUT/warm-duckdb.log 2>&1
st done
