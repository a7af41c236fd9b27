#!/bin/bash
# sel-prof.sh CP NAME N MODE...: N ScanBench calls per MODE (sel-READER:VARIANT:CONDITION, one thread) under JFR
# by LoopsRun.java.txt, Java samples every 1 ms (loops-prof.sh samples every 10-20 ms), native-method every 20 ms.
# Prints the times (wall/process CPU/main-thread CPU per call), the top self frames, and inclusive Java samples
# of the frames that split a selective scan into its parts (decompress, decode, condition, assembly, consumer).
# CP: bench/target/benchmarks.jar, optionally after fresher class folders (core/target/classes:...).
CP=$1; NAME=$2; N=$3; shift 3
D=/tmp/selprof; mkdir -p $D/classes $D/src/io/pqlab/bench
cp "$(dirname "$0")/LoopsRun.java.txt" $D/src/io/pqlab/bench/LoopsRun.java && javac -cp "$CP" -d $D/classes $D/src/io/pqlab/bench/LoopsRun.java
JMHBH="-DcompilerBlackholesEnabled=true -XX:+UnlockExperimentalVMOptions -XX:CompileCommand=quiet -XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler -XX:CompileCommand=inline,org/openjdk/jmh/infra/Blackhole.consume"
cat > $D/sel.jfc <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0">
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">1 ms</setting></event>
  <event name="jdk.NativeMethodSample"><setting name="enabled">true</setting><setting name="period">20 ms</setting></event>
</configuration>
JFC
java -Xmx2g $JMHBH -XX:StartFlightRecording=filename=$D/$NAME.jfr,settings=$D/sel.jfc -cp "$D/classes:$CP" io.pqlab.bench.LoopsRun x $N "$@" > $D/$NAME.times 2>/dev/null
jfr print --events jdk.ExecutionSample $D/$NAME.jfr > $D/$NAME.exec
frames() { grep -A$1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//'; }
{
echo "# $NAME: java -Xmx2g LoopsRun x $N $* (ScanBench calls, 1 thread); JFR Java samples every 1 ms; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# times:" $(grep -v jfr,startup $D/$NAME.times)
echo "## top frames (self), Java samples ($(grep -c 'stackTrace = \[' $D/$NAME.exec) in all)"
frames 1 < $D/$NAME.exec | sort | uniq -c | sort -rn | head -25
echo "## top frames (self), native-method samples (every 20 ms; counts threads in native code, on CPU or not)"
jfr print --events jdk.NativeMethodSample $D/$NAME.jfr | frames 1 | sort | uniq -c | sort -rn | head -4
echo "## Java samples with the frame on the stack (inclusive; truncated stacks of 64 frames may miss outer ones)"
for f in 'ColumnChunkReader.decodeDataPage' 'Decompressor' 'CompiledLeaf' 'ConditionEvaluator[.]eval[(]' 'ConditionEvaluator[.]evalLeaf' 'WindowedPass.evaluateGated' 'BatchAssembler' 'PqlabScan.scan' 'MetadataDecoder|ParquetFile.open' 'io.pqlab.plan|internal.plan'; do
  printf '%6d %s\n' "$(awk -v pat="$f" 'BEGIN{n=0} /stackTrace = \[/{s=1;hit=0;next} s&&/^[ \t]*\]/{if(hit)n++;s=0;next} s&&($0 ~ pat){hit=1} END{print n}' $D/$NAME.exec)" "$f"
done
} > $D/$NAME.txt
cat $D/$NAME.txt
