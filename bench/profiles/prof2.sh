#!/bin/bash
# prof2.sh JAR NAME FILE THREADS [CONDITION]: 6 scans of every column under JFR (Loop2.java.txt,
# compiled to /tmp/prof); top frames, samples per thread and the time each thread spent parked to NAME.txt
JAR=$1; NAME=$2; FILE=$3; THREADS=$4; COND=${5:-}
mkdir -p /tmp/prof && cp "$(dirname "$0")/Loop2.java.txt" /tmp/prof/Loop2.java && javac -cp "$JAR" -d /tmp/prof /tmp/prof/Loop2.java
java -Xmx1g -XX:StartFlightRecording=filename=/tmp/prof/$NAME.jfr,settings=profile -cp "$JAR:/tmp/prof" Loop2 "$FILE" 6 "$THREADS" ${COND:+"$COND"} > /tmp/prof/$NAME.times 2>&1
{
echo "# $NAME: java -Xmx1g Loop2 $FILE 6 $THREADS ${COND:+\"$COND\"} (6 scans, every column); JFR; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# scan times (ms):" $(grep -o '[0-9]* ms' /tmp/prof/$NAME.times | tr '\n' ' ')
grep -m1 -o 'ScanStats.*' /tmp/prof/$NAME.times | sed 's/^/# /'
echo "## top frames (self), Java samples"
jfr print --events jdk.ExecutionSample /tmp/prof/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -12
echo "## top frames (self), native-method samples"
jfr print --events jdk.NativeMethodSample /tmp/prof/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -5
echo "## samples per thread (Java + native)"
jfr print --events jdk.ExecutionSample,jdk.NativeMethodSample /tmp/prof/$NAME.jfr | grep sampledThread | sed 's/(javaThreadId.*//;s/^ *sampledThread = //' | sort | uniq -c | sort -rn | head -5
echo "## seconds parked (waiting) per thread (jdk.ThreadPark, > 20 ms each)"
jfr print --events jdk.ThreadPark /tmp/prof/$NAME.jfr | grep -E 'duration|eventThread' | paste - - | awk '{v=$3; u=$4; s=(u=="s")?v:(u=="ms")?v/1000:0; t=$7; sum[t]+=s} END {for (t in sum) printf "%8.2f %s\n", sum[t], t}' | sort -rn | head -5
} > /tmp/prof/$NAME.txt
cat /tmp/prof/$NAME.txt
