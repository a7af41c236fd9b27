#!/bin/bash
# threads-prof.sh CLASSPATH NAME FILE THREADS [CONDITION]: bench/profiles/prof2.sh with a class path
# (a benchmarks.jar, or a directory of other classes before it for an A/B in one jar) and its own
# work directory: 6 scans of every column under JFR (threads-Loop.java.txt, through bench's
# PqlabScan; the profiles in threads-ab.txt ran Loop2.java.txt, before Scanner became package-private);
# top frames, samples per thread and the seconds each thread spent parked, to $W/NAME.txt.
CP=$1; NAME=$2; FILE=$3; THREADS=$4; COND=${5:-}
W=${W:-/tmp/threads-prof}
mkdir -p $W && cp "$(dirname "$0")/threads-Loop.java.txt" $W/ThreadsLoop.java && javac -nowarn -cp "$CP" -d $W $W/ThreadsLoop.java
java -Xmx1g -XX:StartFlightRecording=filename=$W/$NAME.jfr,settings=profile -cp "$CP:$W" ThreadsLoop "$FILE" 6 "$THREADS" ${COND:+"$COND"} > $W/$NAME.times 2>&1
{
echo "# $NAME: java -Xmx1g ThreadsLoop $FILE 6 $THREADS ${COND:+\"$COND\"} (6 scans, every column, PqlabScan); JFR; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# scan times (ms):" $(grep -o '[0-9]* ms' $W/$NAME.times | tr '\n' ' ')
echo "## top frames (self), Java samples"
jfr print --events jdk.ExecutionSample $W/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -12
echo "## top frames (self), native-method samples"
jfr print --events jdk.NativeMethodSample $W/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -5
echo "## samples per thread (Java + native)"
jfr print --events jdk.ExecutionSample,jdk.NativeMethodSample $W/$NAME.jfr | grep sampledThread | sed 's/(javaThreadId.*//;s/^ *sampledThread = //' | sort | uniq -c | sort -rn | head -6
echo "## seconds parked or waiting per thread (jdk.ThreadPark and jdk.JavaMonitorWait, > 20 ms each)"
jfr print --events jdk.ThreadPark,jdk.JavaMonitorWait $W/$NAME.jfr | grep -E 'duration|eventThread' | paste - - | awk '{v=$3; u=$4; s=(u=="s")?v:(u=="ms")?v/1000:0; t=$7; sum[t]+=s} END {for (t in sum) printf "%8.2f %s\n", sum[t], t}' | sort -rn | head -6
} > $W/$NAME.txt
cat $W/$NAME.txt
