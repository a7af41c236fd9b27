#!/usr/bin/env bash
# The session's idle measurements after its last code change, in one folder (run from /work/main).
# Stages (default all): full hwfull duel peak ab scan2 hwscan2 scan1 hwscan1 warm prof
set -uo pipefail
cd /work/main
. bench/lib.sh
stages=${*:-full hwfull duel peak ab scan2 hwscan2 scan1 hwscan1 warm prof}
OUT=${OUT:-bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-end}
mkdir -p $OUT
if [[ -f $OUT/benchmarks.jar ]]; then jar=$OUT/benchmarks.jar; else build_jar $OUT; machine_info $OUT; fi
cp /work/wt/endbench10.sh $OUT/commands.sh
cp /work/wt/lost.py $OUT/lost.py.txt; cp /work/wt/prof.py $OUT/prof.py.txt; cp /work/wt/SelRun.java $OUT/SelRun.java.txt
JAR=$OUT/benchmarks.jar
OLD=/tmp/base.jar   # section 16's code (2b2cf89), the session start
SEL=/tmp/selrun     # SelRun compiled against $JAR (bench/profiles/sel-r4-SelRun.java.txt)
has() { [[ " $stages " == *" $1 "* ]]; }
st() { echo "== $1 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" | tee -a $OUT/stages.txt; }
if has full; then st full
java -jar $JAR 'FullScanBench.(pqlab_rows|parquetJava_columns|duckdb_aggregate)$' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full.json > $OUT/full.log 2>&1; fi
if has hwfull; then st hwfull
$jdk25 -jar $JAR 'HardwoodScanBench.Full' -p dataset=10m -p threads=1,2 \
  -f 1 -wi 3 -w 1 -i 5 -r 1 -rf json -rff $OUT/full-hardwood.json > $OUT/full-hardwood.log 2>&1; fi
if has duel; then st duel   # two threads against DuckDB, alternating, warmed (section 16: -wi 10)
for r in 1 2 3 4; do for who in pqlab_rows duckdb_aggregate; do
  [[ $((r % 2)) == 0 ]] && who=$([[ $who == pqlab_rows ]] && echo duckdb_aggregate || echo pqlab_rows)
  java -jar $JAR "FullScanBench.$who\$" -p dataset=10m -p threads=2 \
    -f 1 -wi 10 -w 1 -i 5 -r 1 -rf json -rff $OUT/duelw-$r-$who.json > $OUT/duelw-$r-$who.log 2>&1
done; done; fi
if has peak; then st peak
for v in sorted duckdb; do for t in 1 2; do for shot in 1 2; do
  echo "new $v $t" >> $OUT/peak-512m.txt; java -Xmx512m -Dpeak.pools=true -cp $JAR io.pqlab.bench.PeakMemory pqlab 10m $v full $t >> $OUT/peak-512m.txt 2>&1
done; done; done; fi
if has ab; then st ab   # the dictionary widths: section 16's code against this, alternating JVMs, process CPU a call
for r in 1 2 3; do for side in new old; do
  j=$JAR; [[ $side == old ]] && j=$OLD
  for pair in pq:sorted:country_rare pq:duckdb:country_in full:sorted; do
    echo "$side $r $(java -cp $j:$SEL io.pqlab.bench.SelRun 2 12 $pair)" >> $OUT/ab.txt
  done
done; done; fi
if has scan2; then st scan2
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t.json > $OUT/scan-2t.log 2>&1; fi
if has hwscan2; then st hwscan2
$jdk25 -jar $JAR 'HardwoodScanBench.hardwood$' -p dataset=10m -p threads=2 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-2t-hardwood.json > $OUT/scan-2t-hardwood.log 2>&1; fi
if has scan1; then st scan1
java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=1 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-1t.json > $OUT/scan-1t.log 2>&1; fi
if has hwscan1; then st hwscan1
$jdk25 -jar $JAR 'HardwoodScanBench.hardwood$' -p dataset=10m -p threads=1 -f 1 -wi 1 -w 1 -i 2 -r 1 -rf json -rff $OUT/scan-1t-hardwood.json > $OUT/scan-1t-hardwood.log 2>&1; fi
if has warm; then st warm   # every pair lost at two threads, warmed longer
python3 /work/wt/lost.py $OUT short > $OUT/lost-short.txt
while read -r v c; do
  java -jar $JAR '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -p variant=$v -p condition=$c -f 1 -wi 8 -w 1 -i 3 -r 1 -rf json -rff $OUT/warm-$v.json > $OUT/warm-$v.log 2>&1
done < $OUT/lost-short.txt; fi
if has prof; then st prof   # a profile of every pair still lost warmed: perf shares by thread and library, JFR's Java frames
python3 /work/wt/lost.py $OUT warm > $OUT/lost-warm.txt
mkdir -p $OUT/prof
while read -r v c; do
  for pair in ${c//,/ }; do
    p=$OUT/prof/$v-$pair
    perf record -q -F 499 -e cpu-clock -o /tmp/perf.data -- java -XX:StartFlightRecording=filename=$p.jfr,settings=profile \
      -cp $JAR:$SEL io.pqlab.bench.SelRun 2 10 pq:$v:$pair > $p.pq.txt 2>/dev/null
    perf report -i /tmp/perf.data --sort comm,dso --stdio -t ';' 2>/dev/null | grep -v '^#' | grep -v '^$' | head -60 > $p.perf.txt
    /usr/lib/jvm/temurin-25-jdk-amd64/bin/jfr view --width 200 hot-methods $p.jfr > $p.hot.txt 2>&1
    /usr/lib/jvm/temurin-25-jdk-amd64/bin/jfr print --events jdk.NativeMethodSample $p.jfr | grep -A1 'stackTrace = \[' | grep -v stackTrace | grep -v -- '--' | sed 's/line:.*//' | sort | uniq -c | sort -rn | head -8 > $p.native.txt
    rm -f $p.jfr
    java -cp $JAR:$SEL io.pqlab.bench.SelRun 2 10 duck:$v:$pair > $p.duck.txt 2>/dev/null
  done
done < $OUT/lost-warm.txt
python3 /work/wt/prof.py $OUT > $OUT/prof.md; fi
st done
echo "load after: $(cat /proc/loadavg)" >> $OUT/machine.txt
rm -f $JAR
echo "done $OUT"
