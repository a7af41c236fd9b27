#!/usr/bin/env bash
# Runs every measurement of bench/RESULTS.md in one go, peers and pqlab side by side, and writes
# JMH's JSON, the plain reports and the tables into bench/results/<dataset>-<time>/.
#
#   bench/run.sh            10M orders and the wide file; 51 minutes on 2 cores
#   bench/run.sh --quick    100k orders; about half an hour (the JMH iterations take the time, not the data)
#
# Run it on an otherwise idle machine: the figures are ratios between readers measured in the
# same run, and a build or test next to it skews them. Data is generated first where missing
# (bench/data, or the folder in $PQLAB_BENCH_DATA).
set -euo pipefail
cd "$(dirname "$0")/.."

dataset=10m scale=()
if [[ "${1:-}" == "--quick" ]]; then
  dataset=100k scale=(--scale 0.01)
fi
. bench/lib.sh
data_prop=()
[[ -n "${PQLAB_BENCH_DATA:-}" ]] && data_prop=("-Dpqlab.bench.data=$PQLAB_BENCH_DATA")
out="bench/results/$dataset-$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out"
build_jar "$out"
if ! java "${data_prop[@]}" -cp "$jar" io.pqlab.bench.Conditions "$dataset" >/dev/null 2>&1; then
  java "${data_prop[@]}" -Xmx4g -cp "$jar" io.pqlab.bench.Generate "${scale[@]}"
fi

machine_info "$out"

# One JMH run per measurement; the same settings for pqlab and its peers.
jmh() { # name, JMH arguments...
  local name=$1; shift
  echo "== $name ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
  java "${data_prop[@]}" -jar "$jar" "$@" -p dataset="$dataset" -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1 \
    || echo "   failed: see $out/$name.log"
}
jmh25() {
  local name=$1; shift
  if [[ ! -x "$jdk25" ]]; then echo "== $name skipped: no JDK 25 at $jdk25"; return; fi
  echo "== $name ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
  "$jdk25" "${data_prop[@]}" -jar "$jar" "$@" -p dataset="$dataset" -rf json -rff "$out/$name.json" > "$out/$name.log" 2>&1 \
    || echo "   failed: see $out/$name.log"
}

short=(-f 1 -wi 2 -w 1 -i 3 -r 1)
jmh footer FooterBench -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc
jmh25 footer-hardwood 'HardwoodScanBench.Footer' -f 1 -wi 3 -w 1 -i 5 -r 1 -prof gc
jmh plan PlanBench "${short[@]}"
jmh scan '\.ScanBench\.' "${short[@]}"
jmh25 scan-hardwood 'HardwoodScanBench.hardwood$' "${short[@]}"
jmh full FullScanBench -f 1 -wi 1 -w 1 -i 3 -r 1 -prof gc
jmh25 full-hardwood 'HardwoodScanBench.Full' -f 1 -wi 1 -w 1 -i 3 -r 1 -prof gc
jmh arrow ArrowBench -p variant=sorted -f 1 -wi 1 -w 1 -i 3 -r 1
jmh decrypt DecryptBench -f 1 -wi 1 -i 3 -r 2
# DatasetBench has its own generated 1,000-file dataset, not a dataset parameter
echo "== dataset ($(date -u +%H:%M:%S), load $(cut -d' ' -f1 /proc/loadavg))"
java "${data_prop[@]}" -jar "$jar" DatasetBench -f 1 -wi 3 -w 2 -i 5 -r 2 -rf json -rff "$out/dataset.json" \
  > "$out/dataset.log" 2>&1 || echo "   failed: see $out/dataset.log"

echo "== bytes read ($(date -u +%H:%M:%S))"
java "${data_prop[@]}" -Xmx3g -cp "$jar" io.pqlab.bench.BytesRead "$dataset" > "$out/bytes.md" 2> "$out/bytes.log"

echo "== peak memory ($(date -u +%H:%M:%S))"
for heap in 1g 512m; do
  for cond in id_point full; do
    for peer in parquetJava duckdb pqlab; do
      java "${data_prop[@]}" -Xmx$heap -cp "$jar" io.pqlab.bench.PeakMemory "$peer" "$dataset" sorted "$cond" \
        >> "$out/peak-$heap.txt" 2>> "$out/peak.log" || echo "| $peer | sorted | $cond | exit $? at -Xmx$heap (see peak.log) |" >> "$out/peak-$heap.txt"
    done
    if [[ -x "$jdk25" ]]; then
      "$jdk25" "${data_prop[@]}" -Xmx$heap --add-modules jdk.incubator.vector -cp "$jar" \
        io.pqlab.bench.hardwood.HardwoodPeak "$dataset" sorted "$cond" >> "$out/peak-$heap.txt" 2>> "$out/peak.log" \
        || echo "| hardwood | sorted | $cond | exit $? at -Xmx$heap (see peak.log) |" >> "$out/peak-$heap.txt"
    fi
  done
done

{
  echo "load after: $(cat /proc/loadavg)"
} >> "$out/machine.txt"
tables=bench/tables.py
{
  echo "# Footer"; python3 $tables footer "$out"/footer*.json; echo
  python3 $tables speedup "$out/footer.json"; echo
  echo "# Plan"; python3 $tables plan "$out/plan.json"; echo
  echo "# Selective scans"; python3 $tables scan "$out"/scan*.json; echo
  echo "# Full scans"; python3 $tables full "$out"/full*.json
} > "$out/tables.md" 2>&1 || true
rm -f "$jar"
echo "done: $out"
