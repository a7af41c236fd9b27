#!/usr/bin/env bash
# The session's idle measurements, in one folder (run from /work/main after the final merge).
set -uo pipefail
cd /work/main
jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
bench/run-some.sh dataset
OUT=$(ls -d bench/results/10m-*-some | sort | tail -1)
JAR=bench/target/benchmarks.jar
echo "folder $OUT"
st() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
st full-long
java -jar $JAR 'FullScanBench.(pqlab_rows|parquetJava_columns|duckdb_aggregate)$' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-long.json > $OUT/full-long.log 2>&1
st full-long-hardwood
$jdk25 -jar $JAR 'HardwoodScanBench.Full' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-long-hardwood.json > $OUT/full-long-hardwood.log 2>&1
st peak
for v in sorted duckdb; do for t in 1 2; do echo "$v $t" >> $OUT/peak-512m.txt; java -Xmx512m -cp $JAR io.pqlab.bench.PeakMemory pqlab 10m $v full $t >> $OUT/peak-512m.txt 2>&1; done; done
st s3
bench/run-s3.sh -f 1 -wi 2 -i 5 -rf json -rff $OUT/s3-dataset.json > $OUT/s3-dataset.log 2>&1
st spark
bench/run-spark.sh -f 1 -wi 1 -i 2 -rf json -rff $OUT/spark.json > $OUT/spark.log 2>&1
st done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
