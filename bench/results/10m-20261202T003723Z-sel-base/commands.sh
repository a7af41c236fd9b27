#!/usr/bin/env bash
# Selective scans, 66 pairs, at the given thread counts: pqlab, DuckDB, then hardwood (JDK 25).
set -uo pipefail
cd /work/main
T=${1:-2}; TAG=${2:-base}
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
OUT=bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-sel-$TAG
mkdir -p $OUT
. bench/lib.sh
build_jar $OUT
machine_info $OUT
JAR=$OUT/benchmarks.jar
cp /work/wt/selbench.sh $OUT/commands.sh
echo "== scan $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=$T -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan.json > $OUT/scan.log 2>&1
echo "== hardwood $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
$jdk25 -jar $JAR 'HardwoodScanBench.hardwood$' -p dataset=10m -p threads=$T -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-hardwood.json > $OUT/scan-hardwood.log 2>&1
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
rm -f $JAR
echo "done $OUT $(date -u +%T)"
