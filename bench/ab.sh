#!/usr/bin/env bash
# A/B: the 2026-11-30 code (7794491, the figures in RESULTS) against HEAD, in one window.
# Needs the old code's benchmarks.jar built in /work/wt/old (git worktree add --detach /work/wt/old 7794491;
# mvn -pl bench -am package -DskipTests there) and the new one in bench/target.
set -u
cd /work/main
out=$(ls -d bench/results/10m-*-some | tail -1)/ab
mkdir -p "$out"
cp /work/wt/old/bench/target/benchmarks.jar "$out/old.jar"
cp bench/target/benchmarks.jar "$out/new.jar"
for round in 1; do
for v in old new; do
  jar="$out/old.jar"; extra=()
  [[ $v == new ]] && { jar="$out/new.jar"; extra=(-p threads=1); }
  echo "== $v round $round footer $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
  java -jar "$jar" 'FooterBench.pqlab_(decode|open)$' -p dataset=10m -p file=sorted,duckdb -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc -rf json -rff "$out/footer-$v-$round.json" > "$out/footer-$v-$round.log" 2>&1
  echo "== $v round $round plan $(date -u +%T)"
  java -jar "$jar" 'PlanBench.pqlab_plan' -p dataset=10m -f 1 -wi 2 -w 1 -i 3 -r 1 -rf json -rff "$out/plan-$v-$round.json" > "$out/plan-$v-$round.log" 2>&1
  echo "== $v round $round scan $(date -u +%T)"
  java -jar "$jar" '\.ScanBench\.pqlab$' -p dataset=10m -p variant=sorted,shuffled -p condition=id_point,id_range_1pct,cust_point,note_null,or_stats_bloom "${extra[@]}" -f 1 -wi 2 -w 1 -i 3 -r 1 -rf json -rff "$out/scan-$v-$round.json" > "$out/scan-$v-$round.log" 2>&1
done
done
echo "ab done $(date -u +%T)"
