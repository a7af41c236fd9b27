#!/usr/bin/env bash
# The session's idle measurements after the final merge, in one folder (run from /work/main).
set -uo pipefail
cd /work/main
. bench/lib.sh
OUT=bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-end
mkdir -p $OUT
build_jar $OUT
machine_info $OUT
cp /work/wt/endbench4.sh $OUT/commands.sh
JAR=$OUT/benchmarks.jar
st() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"; }
st full-long
java -jar $JAR 'FullScanBench.(pqlab_rows|parquetJava_columns|duckdb_aggregate)$' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-long.json > $OUT/full-long.log 2>&1
st full-long-hardwood
$jdk25 -jar $JAR 'HardwoodScanBench.Full' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-long-hardwood.json > $OUT/full-long-hardwood.log 2>&1
st peak
for v in sorted duckdb; do for t in 1 2; do echo "$v $t" >> $OUT/peak-512m.txt; java -Xmx512m -cp $JAR io.pqlab.bench.PeakMemory pqlab 10m $v full $t >> $OUT/peak-512m.txt 2>&1; done; done
st scan-2t   # the 66 pairs at 2 threads, pqlab and DuckDB (hardwood: section 11's)
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t.json > $OUT/scan-2t.log 2>&1
st footer   # the small files' opens, old code against this one, 4 forks, two rounds in opposite orders
for r in 1 2; do
  order="old new"; [[ $r == 2 ]] && order="new old"
  for side in $order; do
    j=$JAR; [[ $side == old ]] && j=/tmp/open-old-7794491.jar
    java -jar $j 'FooterBench.pqlab_(decode|open)$' -p dataset=10m -p file=sorted,duckdb -f 4 -wi 3 -w 1 -i 5 -r 1 -prof gc -rf json -rff $OUT/footer-$side-$r.json > $OUT/footer-$side-$r.log 2>&1
  done
done
st scan-1t   # at one thread, the pairs pqlab lost at two in section 11, pqlab and DuckDB
for vc in "duckdb and_cust_country,cust_absent,or_cust_country,amount_top,country_rare,cust_point,country_in,amount_null,id_in_5,and_week_rare_country,cust_in_mixed,id_absent,id_range_1k" \
          "shuffled ts_day,id_absent,note_null,id_range_1pct,id_range_1k,country_rare,amount_top,or_cust_country,country_in,amount_null,or_id_ends,id_point" \
          "sorted country_rare,amount_top,country_in,or_cust_country,amount_null"; do
  v=${vc%% *}; c=${vc#* }
  java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=1 -p variant=$v -p condition=$c -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-1t-$v.json > $OUT/scan-1t-$v.log 2>&1
done
st done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
rm -f $JAR
echo "done $OUT"
