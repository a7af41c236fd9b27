#!/bin/bash
# loops-ab.sh FILE N ROUNDS CP_A CP_B [MODE]: A and B alternately, ROUNDS times, each a JVM running N
# scans of LoopsRun MODE (default pqlab: the full scan; or sel-pqlab:VARIANT:CONDITION); prints
# wall/process CPU/main-thread CPU per scan. Under load read the main thread's CPU, not wall time.
# LoopsRun must be compiled to /tmp/loops/classes (loops-prof.sh does it).
F=$1; N=$2; R=$3; A=$4; B=$5; MODE=${6:-pqlab}
JMHBH="-DcompilerBlackholesEnabled=true -XX:+UnlockExperimentalVMOptions -XX:CompileCommand=quiet -XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler -XX:CompileCommand=inline,org/openjdk/jmh/infra/Blackhole.consume"
for r in $(seq $R); do
  for x in A B; do
    cp=$A; [ $x = B ] && cp=$B
    echo "$x $(java -Xmx2g $JMHBH -cp /tmp/loops/classes:$cp io.pqlab.bench.LoopsRun $F $N $MODE 2>/dev/null) load $(cut -d' ' -f1 /proc/loadavg)"
  done
done
