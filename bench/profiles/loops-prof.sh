#!/bin/bash
# loops-prof.sh CP NAME FILE N MODE: N scans of FILE (every column, one thread) under JFR by
# LoopsRun.java.txt (MODE: pqlab = PqlabScan's consumer as FullScanBench.pqlab_rows runs it, pj =
# parquet-java's column readers, duck = DuckDB's aggregate, or sel-READER:VARIANT:CONDITION: one ScanBench call at 1 thread, FILE unused); top frames (self and with callers) to NAME.txt.
# JMH's compiler blackholes are switched on as JMH does (-DcompilerBlackholesEnabled and its CompileCommands).
# CP: bench/target/benchmarks.jar, optionally after fresher class folders (core/target/classes:...).
CP=$1; NAME=$2; FILE=$3; N=$4; MODE=$5
D=/tmp/loops; mkdir -p $D/classes $D/src/io/pqlab/bench
cp "$(dirname "$0")/LoopsRun.java.txt" $D/src/io/pqlab/bench/LoopsRun.java && javac -cp "$CP" -d $D/classes $D/src/io/pqlab/bench/LoopsRun.java
JMHBH="-DcompilerBlackholesEnabled=true -XX:+UnlockExperimentalVMOptions -XX:CompileCommand=quiet -XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler -XX:CompileCommand=inline,org/openjdk/jmh/infra/Blackhole.consume"
java -Xmx2g $JMHBH -XX:StartFlightRecording=filename=$D/$NAME.jfr,settings=profile -cp "$D/classes:$CP" io.pqlab.bench.LoopsRun "$FILE" $N $MODE > $D/$NAME.times 2>/dev/null
frames() { grep -A$1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//'; }
{
echo "# $NAME: java -Xmx2g LoopsRun $FILE $N $MODE (full scans, every column, 1 thread); JFR; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# times:" $(grep -v jfr,startup $D/$NAME.times)
echo "## top frames (self), Java samples"
jfr print --events jdk.ExecutionSample $D/$NAME.jfr | frames 1 | sort | uniq -c | sort -rn | head -16
echo "## top frames (self), native-method samples"
jfr print --events jdk.NativeMethodSample $D/$NAME.jfr | frames 1 | sort | uniq -c | sort -rn | head -5
echo "## Java samples by the pqlab/parquet/bench frame nearest the top (who is paying)"
jfr print --events jdk.ExecutionSample $D/$NAME.jfr | awk '/stackTrace = \[/{s=1;next} s&&/(io\.pqlab|org\.apache\.parquet)/{sub(/line:.*/,"");gsub(/^ */,"");print;s=0} /^\]/{s=0}' | sort | uniq -c | sort -rn | head -14
} > $D/$NAME.txt
cat $D/$NAME.txt
