#!/bin/bash
# prof.sh JAR NAME [java opts...]: 10 full scans of the 1M sorted file under JFR; top frames to NAME.txt
JAR=$1; NAME=$2; shift 2
java -Xmx1g "$@" -XX:StartFlightRecording=filename=/tmp/prof/$NAME.jfr,settings=profile -cp $JAR:/tmp/prof Loop /tmp/bdata/orders-1m-sorted.parquet 10 > /tmp/prof/$NAME.times 2>&1
{
echo "# $NAME: java -Xmx1g $* Loop (10 full scans, orders-1m-sorted.parquet, every column); JFR execution samples"
echo "# scan times (ms):" $(grep -o '[0-9]* ms' /tmp/prof/$NAME.times | tr '\n' ' ')
echo "## top frames (self), Java samples"
jfr print --events jdk.ExecutionSample /tmp/prof/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -12
echo "## top frames (self), native-method samples"
jfr print --events jdk.NativeMethodSample /tmp/prof/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -5
} > /tmp/prof/$NAME.txt
cat /tmp/prof/$NAME.txt
