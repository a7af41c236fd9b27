#!/usr/bin/env bash
# Runs some of the measurements, with bench/run.sh's settings, into one results folder:
#   bench/run-some.sh footer plan scan-pqlab full arrow decrypt dataset
# Each name is one JMH run (see the case below); the 10M data must exist (bench/run.sh makes it).
set -euo pipefail
cd "$(dirname "$0")/.."
dataset=10m
. bench/lib.sh
out="bench/results/$dataset-$(date -u +%Y%m%dT%H%M%SZ)-some"
mkdir -p "$out"
build_jar "$out"
machine_info "$out"
jmh() { local name=$1 j=$2; shift 2
  echo "== $name ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
  "$j" -jar "$jar" "$@" -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1 || echo "   failed: see $out/$name.log"
}
short=(-f 1 -wi 2 -w 1 -i 3 -r 1)
for what in "$@"; do
  case $what in
    footer) jmh footer java FooterBench -p dataset=$dataset -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc ;;
    plan) jmh plan java PlanBench -p dataset=$dataset "${short[@]}" ;;
    scan-pqlab) jmh scan-pqlab java '\.ScanBench\.pqlab$' -p dataset=$dataset -p threads=1 "${short[@]}" ;;
    scan) jmh scan java '\.ScanBench\.' -p dataset=$dataset -p threads=1,2 "${short[@]}" ;;
    full) jmh full java FullScanBench -p dataset=$dataset -p threads=1,2 -f 1 -wi 1 -w 1 -i 3 -r 1 -prof gc
          [[ -x "$jdk25" ]] && jmh full-hardwood "$jdk25" 'HardwoodScanBench.Full' -p dataset=$dataset -p threads=1,2 -f 1 -wi 1 -w 1 -i 3 -r 1 ;;
    arrow) jmh arrow java ArrowBench -p dataset=$dataset -p variant=sorted -f 1 -wi 1 -w 1 -i 3 -r 1 ;;
    decrypt) jmh decrypt java DecryptBench -p dataset=$dataset -f 1 -wi 1 -i 3 -r 2 ;;
    dataset) jmh dataset java DatasetBench -f 1 -wi 3 -w 2 -i 5 -r 2 ;;
    *) echo "unknown measurement: $what" >&2; exit 2 ;;
  esac
done
echo "load after: $(cat /proc/loadavg)" >> "$out/machine.txt"
rm -f "$jar"
echo "done: $out"
