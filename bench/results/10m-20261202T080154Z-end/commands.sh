#!/usr/bin/env bash
# The session's idle measurements after the final merge, in one folder (run from /work/main).
set -uo pipefail
cd /work/main
. bench/lib.sh
OUT=bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-end
mkdir -p $OUT
build_jar $OUT
machine_info $OUT
cp /work/wt/endbench6.sh $OUT/commands.sh
JAR=$OUT/benchmarks.jar
OLD=/tmp/end12.jar   # section 12's code (74745b5), the session's start but for test settings
st() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
st full-long
java -jar $JAR 'FullScanBench.(pqlab_rows|parquetJava_columns|duckdb_aggregate)$' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-long.json > $OUT/full-long.log 2>&1
st full-long-hardwood
$jdk25 -jar $JAR 'HardwoodScanBench.Full' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-long-hardwood.json > $OUT/full-long-hardwood.log 2>&1
st peak   # two shots each, this code and section 12's
for v in sorted duckdb; do for t in 1 2; do for side in new old new old; do
  j=$JAR; [[ $side == old ]] && j=$OLD
  echo "$side $v $t" >> $OUT/peak-512m.txt; java -Xmx512m -cp $j io.pqlab.bench.PeakMemory pqlab 10m $v full $t >> $OUT/peak-512m.txt 2>&1
done; done; done
st ab   # key pairs at 1 and 2 threads, section 12's code and this one alternating
for vc in "sorted country_rare,amount_top,id_absent,id_range_1k" "duckdb cust_absent,cust_point,country_rare,id_in_5,cust_in_mixed" "shuffled ts_day,id_range_1pct,id_absent"; do
  v=${vc%% *}; c=${vc#* }
  for side in old new; do
    j=$JAR; [[ $side == old ]] && j=$OLD
    java -jar $j '\.ScanBench\.pqlab$' -p dataset=10m -p threads=1,2 -p variant=$v -p condition=$c -f 1 -wi 2 -w 1 -i 3 -r 1 -rf json -rff $OUT/ab-$side-$v.json > $OUT/ab-$side-$v.log 2>&1
  done
done
st scan-2t   # the 66 pairs at 2 threads, pqlab and DuckDB (hardwood: section 11's)
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t.json > $OUT/scan-2t.log 2>&1
st done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
rm -f $JAR
echo "done $OUT"
