#!/usr/bin/env bash
# The session's idle measurements after the final merge, in one folder (run from /work/main).
# Stages: full hwfull peak scan hwscan base (default all).
set -uo pipefail
cd /work/main
. bench/lib.sh
stages=${*:-full hwfull duel peak scan hwscan warm}
OUT=${OUT:-bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-end}
mkdir -p $OUT
if [[ -f $OUT/benchmarks.jar ]]; then jar=$OUT/benchmarks.jar; else build_jar $OUT; machine_info $OUT; fi
cp /work/wt/endbench9.sh $OUT/commands.sh
JAR=$OUT/benchmarks.jar
OLD=/tmp/base.jar   # section 15 code (96e4574), the session start
has() { [[ " $stages " == *" $1 "* ]]; }
st() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" | tee -a $OUT/stages.txt; }
if has full; then st full-long
f=full-long; [[ -f $OUT/$f.json ]] && f=full-long-again
java -jar $JAR 'FullScanBench.(pqlab_rows|parquetJava_columns|duckdb_aggregate)$' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/$f.json > $OUT/$f.log 2>&1; fi
if has hwfull; then st full-long-hardwood
$jdk25 -jar $JAR 'HardwoodScanBench.Full' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-long-hardwood.json > $OUT/full-long-hardwood.log 2>&1; fi
if has duel; then st duel   # the two-thread full scan against DuckDB, alternating, four rounds (section 15: not settled)
for r in 1 2 3 4; do for who in pqlab_rows duckdb_aggregate; do
  [[ $((r % 2)) == 0 ]] && who=$([[ $who == pqlab_rows ]] && echo duckdb_aggregate || echo pqlab_rows)
  java -jar $JAR "FullScanBench.$who\$" -p dataset=10m -p threads=2 \
    -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/duel-$r-$who.json > $OUT/duel-$r-$who.log 2>&1
done; done; fi
if has peak; then st peak   # two shots each, this code and the session start's
for v in sorted duckdb; do for t in 1 2; do for side in new old new old; do
  j=$JAR; [[ $side == old ]] && j=$OLD
  echo "$side $v $t" >> $OUT/peak-512m.txt; java -Xmx512m -Dpeak.pools=true -cp $j io.pqlab.bench.PeakMemory pqlab 10m $v full $t >> $OUT/peak-512m.txt 2>&1
done; done; done; fi
if has scan; then st scan-2t   # the 66 pairs at 2 threads, pqlab and DuckDB
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t.json > $OUT/scan-2t.log 2>&1; fi
if has hwscan; then st scan-2t-hardwood
$jdk25 -jar $JAR 'HardwoodScanBench.hardwood$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t-hardwood.json > $OUT/scan-2t-hardwood.log 2>&1; fi
if has base; then st scan-2t-base   # the session start's pqlab on the 66 pairs
java -jar $OLD '\.ScanBench\.pqlab$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t-base.json > $OUT/scan-2t-base.log 2>&1; fi
if has warm; then st warm   # the pairs lost in section 13, warmed longer (the JIT's share on 2 cores: decoding.md, fourth round)
for vc in "sorted country_rare,country_in,amount_top,amount_null,or_cust_country" "shuffled id_point,id_absent,id_range_1k,id_range_1pct,country_rare,ts_day,note_null" "duckdb cust_point,cust_absent,country_rare,amount_top,and_cust_country"; do
  v=${vc%% *}; c=${vc#* }
  java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -p variant=$v -p condition=$c -f 1 -wi 8 -w 1 -i 3 -r 1 -rf json -rff $OUT/warm-$v.json > $OUT/warm-$v.log 2>&1
done; fi
st done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
rm -f $JAR
echo "done $OUT"
