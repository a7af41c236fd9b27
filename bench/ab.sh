#!/usr/bin/env bash
# A/B: an old commit's benchmarks against this tree's, in one window, interleaved, so that a load
# that comes and goes falls on both sides (RESULTS section 7; tables by bench/ab_table.py).
#
#   bench/ab.sh [-r ROUNDS] [-f FORKS] [-q] [footer] [plan] [scan]   (default: 3 rounds, 1 fork, all three)
#
# Round k runs old then new when k is odd, new then old when k is even. -q is a smoke setting for
# a shared machine (1 warm-up and 2 measured one-second iterations, fewer parameters); without it
# the settings are those of bench/run-some.sh. Footer and plan runs take -prof gc (allocation per
# operation does not depend on the machine). -f sets JMH's forks per run (each side's JIT varies
# from fork to fork by more than a small difference: RESULTS section 11; -f 4 for FooterBench).
#
# scan is the quick ScanBench (run-some.sh's settings) of pqlab alone at threads=1 (the old code
# has no threads parameter: it scans on one), on a handful of (variant, condition) pairs, one JMH
# run each (KIND-SIDE-ROUND.PAIR.json; ab_table.py joins a round's files): a point, a 1 % range,
# an IN list, the Bloom OR, and a null test that reads most pages; -q keeps three of them.
#
# Environment:
#   OLD  the old code's benchmarks.jar. Default: /tmp/old/bench/target/benchmarks.jar, built by
#        git worktree add --detach /tmp/old 7794491 && (cd /tmp/old && mvn -B -ntp -pl bench -am package -DskipTests)
#        (7794491 is the 11-30 code of RESULTS sections 1 to 6; remove the worktree afterwards)
#   NEW  default: bench/target/benchmarks.jar of this tree (mvn -B -ntp -pl bench -am package -DskipTests)
#   OUT  default: bench/results/ab-<UTC time>
#   SCANS the scan pairs, VARIANT:CONDITION separated by spaces (default: see below)
# The jars read the data from bench/data of this tree.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=3 quick=0 forks=1
while getopts r:f:q o; do
  case $o in r) rounds=$OPTARG ;; f) forks=$OPTARG ;; q) quick=1 ;; *) exit 2 ;; esac
done
[[ $forks =~ ^[1-9][0-9]*$ ]] || { echo "-f wants a number of forks, 1 or more" >&2; exit 2; }
shift $((OPTIND - 1))
kinds=("$@"); [[ ${#kinds[@]} -gt 0 ]] || kinds=(footer plan scan)
old=${OLD:-/tmp/old/bench/target/benchmarks.jar}
new=${NEW:-bench/target/benchmarks.jar}
out=${OUT:-bench/results/ab-$(date -u +%Y%m%dT%H%M%SZ)}
for k in "${kinds[@]}"; do [[ $k =~ ^(footer|plan|scan)$ ]] || { echo "unknown kind: $k (footer, plan or scan)" >&2; exit 2; }; done
for j in "$old" "$new"; do [[ -f $j ]] || { echo "no $j (see the comment at the top)" >&2; exit 2; }; done
mkdir -p "$out"
{
  echo "new commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with local changes)')"
  echo "old jar: $old, built $(date -u -r "$old" +%FT%TZ)"
  echo "date: $(date -u)"; echo "nproc: $(nproc)"; grep -m1 'model name' /proc/cpuinfo || true
  java -version 2>&1 | head -1
  echo "rounds: $rounds, forks: $forks, quick: $quick, kinds: ${kinds[*]}"
  echo "load before: $(cat /proc/loadavg)"
} > "$out/machine.txt"

if ((quick)); then
  it=(-f 1 -wi 1 -w 1 -i 2 -r 1); fit=(-f 1 -wi 2 -w 1 -i 3 -r 1)
  files=wide,sorted,duckdb; conds=id_point,country_absent,cust_point
  pairs="sorted:id_point sorted:id_in_5 shuffled:or_stats_bloom"
else
  it=(-f 1 -wi 2 -w 1 -i 3 -r 1); fit=(-f 1 -wi 3 -w 1 -i 5 -r 1)
  files=wide,sorted,duckdb; conds=id_point,id_range_1pct,id_in_5,cust_point,cust_absent,country_absent,ts_day,or_stats_bloom
  pairs="sorted:id_point sorted:id_range_1pct sorted:id_in_5 shuffled:or_stats_bloom shuffled:note_null"
fi
it[1]=$forks; fit[1]=$forks # -f N
read -r -a pairs <<< "${SCANS:-$pairs}"

run() { # run VERSION KIND ROUND
  local v=$1 kind=$2 k=$3 jar extra=()
  jar=$old; [[ $v == new ]] && { jar=$new; [[ $kind == scan ]] && extra=(-p threads=1); }
  echo "== $kind $v round $k $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
  local f="$out/$kind-$v-$k"
  case $kind in
    footer) jmh "$jar" "$f" 'FooterBench.pqlab_(decode|open)$' -p file=$files "${fit[@]}" -prof gc ;;
    plan) jmh "$jar" "$f" 'PlanBench.pqlab_plan' -p variant=sorted,shuffled -p condition=$conds "${it[@]}" -prof gc ;;
    scan) local i=0 p
      for p in "${pairs[@]}"; do # one run a pair: -p would cross every variant with every condition
        jmh "$jar" "$f.$((i++))" '\.ScanBench\.pqlab$' -p variant=${p%%:*} -p condition=${p#*:} "${extra[@]}" "${it[@]}"
      done ;;
  esac
}
jmh() { # jmh JAR OUT-PREFIX ARGS...
  local jar=$1 f=$2; shift 2
  java -jar "$jar" "$@" -p dataset=10m -rf json -rff "$f.json" > "$f.log" 2>&1 || echo "   failed: see $f.log"
}
for ((k = 1; k <= rounds; k++)); do
  for kind in "${kinds[@]}"; do
    if ((k % 2)); then run old "$kind" $k; run new "$kind" $k; else run new "$kind" $k; run old "$kind" $k; fi
  done
done
echo "load after: $(cat /proc/loadavg)" >> "$out/machine.txt"
echo "ab done $(date -u +%T): python3 bench/ab_table.py $out ${kinds[*]}"
