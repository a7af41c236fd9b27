#!/bin/bash
# sel-share.sh CP NAME N MODE...: sel-prof.sh's run (N ScanBench calls per MODE, sel-pqlab:VARIANT:CONDITION, one
# thread, under JFR: Java samples every 1 ms), then the samples by owner (sel-owner.py: the class of the first
# io.pqlab frame from the top, stacks printed 64 deep), the condition's share of them, and the times per call
# (wall/process CPU/main-thread CPU, ms). Output: /tmp/selprof/NAME.share (sel-prof.sh's NAME.txt beside it).
CP=$1; NAME=$2; N=$3; shift 3
H=$(cd "$(dirname "$0")" && pwd)
D=/tmp/selprof
LOAD=$(cut -d' ' -f1-3 /proc/loadavg)
"$H/sel-prof.sh" "$CP" "$NAME" "$N" "$@" > /dev/null
jfr print --stack-depth 64 --events jdk.ExecutionSample $D/$NAME.jfr > $D/$NAME.exec
{
echo "# $NAME: LoopsRun x $N $* (1 thread); load before: $LOAD"
echo "# times:" $(grep -v jfr,startup $D/$NAME.times)
echo "# native-method samples (every 20 ms): $(jfr print --events jdk.NativeMethodSample $D/$NAME.jfr | grep -c 'stackTrace = \[')"
python3 "$H/sel-owner.py" $D/$NAME.exec
} > $D/$NAME.share
cat $D/$NAME.share
