#!/bin/bash
# prof.sh MODE N NAME: N dataset plans (DLoop MODE) under JFR; top frames (self and by package) to NAME.txt
OUT=${OUT:-/tmp/dprof}; mkdir -p $OUT
MODE=$1; N=$2; NAME=$3; CP=${CP:-bench/target/benchmarks.jar:bench/profiles/dataset}
java -Xmx1g -XX:StartFlightRecording=filename=$OUT/$NAME.jfr,settings=profile -cp $CP DLoop $MODE $N > $OUT/$NAME.times 2>&1
{
echo "# $NAME: DLoop $MODE x$N (DatasetBench's hive-1000, month = 6 AND amount > 9900); JFR execution samples; load $(cut -d' ' -f1 /proc/loadavg)"
echo "# times:" $(grep -o '[0-9]* us' $OUT/$NAME.times | tr '\n' ' ')
echo "## top frames (self)"
jfr print --events jdk.ExecutionSample $OUT/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -25
echo "## native-method samples (self)"
jfr print --events jdk.NativeMethodSample $OUT/$NAME.jfr | grep -A1 'stackTrace = \[' | grep -v 'stackTrace\|^--' | sed 's/line:.*//;s/^ *//' | sort | uniq -c | sort -rn | head -8
} > $OUT/$NAME.txt
cat $OUT/$NAME.txt
