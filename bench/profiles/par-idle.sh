#!/usr/bin/env bash
# par-idle.sh: the idle figures for #14's second-thread work (par, 2026-12-02), into one folder.
#   OLD=/tmp/old/bench/target/benchmarks.jar NEW=bench/target/benchmarks.jar bench/profiles/par-idle.sh
# OLD is main before the par branch (a9107e8): git worktree add --detach /tmp/old a9107e8 &&
# (cd /tmp/old && mvn -B -ntp -pl bench -am package -DskipTests). About 50 minutes idle.
# 1. The pairs the par work is about, pqlab at 1 and 2 threads, OLD and NEW alternating twice
#    (-wi 2 -i 3: small scans move by 2x with one warm-up iteration, RESULTS section 12);
# 2. the 66 pairs at 2 threads, pqlab (NEW) and DuckDB, as section 12's table (-wi 1 -i 2);
# 3. the full scans at 1 and 2 threads (NEW, with -prof gc), and the peak heap at -Xmx512m.
set -euo pipefail
cd "$(dirname "$0")/../.."
old=${OLD:-/tmp/old/bench/target/benchmarks.jar}
new=${NEW:-bench/target/benchmarks.jar}
out=${OUT:-bench/results/10m-$(date -u +%Y%m%dT%H%M%SZ)-par}
mkdir -p "$out"
run() { local name=$1 jar=$2; shift 2
  echo "== $name ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))" | tee -a "$out/progress.log"
  java -jar "$jar" "$@" -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1 || echo "   failed: $out/$name.log"
}
pairs="sorted:country_rare,amount_top,country_in,amount_null,id_absent,id_range_1k,id_range_1pct
duckdb:cust_absent,cust_point,and_cust_country,id_in_5,country_rare,id_point,id_range_1pct
shuffled:id_absent,id_point"
for round in 1 2; do
  sides="old new"; [[ $round == 2 ]] && sides="new old"
  for side in $sides; do
    jar=$old; [[ $side == new ]] && jar=$new
    while IFS=: read -r v conds; do
      run "pairs-$side-$round-$v" "$jar" '\.ScanBench\.pqlab$' -p dataset=10m -p threads=1,2 -p variant=$v \
        -p condition=$conds -f 1 -wi 2 -i 3 -r 1
    done <<< "$pairs"
  done
done
run scan-2t "$new" '\.ScanBench\.(pqlab|duckdb)$' -p dataset=10m -p threads=2 -f 1 -wi 1 -i 2 -r 1
run full "$new" FullScanBench -p dataset=10m -p threads=1,2 -f 1 -wi 1 -w 1 -i 3 -r 1 -prof gc
for v in sorted duckdb; do for t in 1 2; do
  echo "$v $t: $(java -Xmx512m -cp "$new" io.pqlab.bench.PeakMemory pqlab 10m $v full $t 2>&1 | tail -1)" >> "$out/peak-512m.txt"
done; done
echo "done: $out"
