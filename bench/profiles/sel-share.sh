#!/bin/bash
# sel-share.sh CP NAME N MODE...: as sel-prof.sh (N ScanBench calls per MODE, sel-pqlab:VARIANT:CONDITION, one
# thread, under JFR: Java samples every 1 ms), then the samples by owner (sel-owner.py: the class of the first
# io.pqlab frame from the top, stacks printed 64 deep), the condition's share of them, and the times per call
# (wall/process CPU/main-thread CPU, ms). Output: /tmp/selprof/NAME.share (and NAME.times, NAME.exec).
CP=$1; NAME=$2; N=$3; shift 3
H=$(cd "$(dirname "$0")" && pwd)
D=/tmp/selprof; mkdir -p $D/classes $D/src/io/pqlab/bench
cp "$H/LoopsRun.java.txt" $D/src/io/pqlab/bench/LoopsRun.java && javac -cp "$CP" -d $D/classes $D/src/io/pqlab/bench/LoopsRun.java
JMHBH="-DcompilerBlackholesEnabled=true -XX:+UnlockExperimentalVMOptions -XX:CompileCommand=quiet -XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler -XX:CompileCommand=inline,org/openjdk/jmh/infra/Blackhole.consume"
cat > $D/sel.jfc <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0">
  <event name="jdk.ExecutionSample"><setting name="enabled">true</setting><setting name="period">1 ms</setting></event>
  <event name="jdk.NativeMethodSample"><setting name="enabled">true</setting><setting name="period">20 ms</setting></event>
</configuration>
JFC
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
java -Xmx2g $JMHBH -XX:StartFlightRecording=filename=$D/$NAME.jfr,settings=$D/sel.jfc -cp "$D/classes:$CP" io.pqlab.bench.LoopsRun x $N "$@" > $D/$NAME.times 2>/dev/null
jfr print --stack-depth 64 --events jdk.ExecutionSample $D/$NAME.jfr > $D/$NAME.exec
{
echo "# $NAME: LoopsRun x $N $* (1 thread); load before: $LOAD"
echo "# times:" $(grep -v jfr,startup $D/$NAME.times)
echo "# native-method samples (every 20 ms): $(jfr print --events jdk.NativeMethodSample $D/$NAME.jfr | grep -c 'stackTrace = \[')"
python3 "$H/sel-owner.py" $D/$NAME.exec
} > $D/$NAME.share
cat $D/$NAME.share
