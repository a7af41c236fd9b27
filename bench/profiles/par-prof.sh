#!/bin/bash
# par-prof.sh CLASSPATH NAME FILE N THREADS [CONDITION]: N scans of every column (threads-Cpu.java.txt:
# wall, process CPU, GC per scan; CPU seconds per kind of thread) under JFR at JMH's heap (-Xmx2g,
# Bench's @Fork), then threads-parks.py (parked time per call site, CPU per thread, GC, allocation)
# into $W/NAME.txt. HEAP=-Xmx512m etc. to change the heap.
CP=$1; NAME=$2; FILE=$3; N=$4; THREADS=$5; COND=${6:-}
W=${W:-/tmp/par-prof}
D=$(cd "$(dirname "$0")" && pwd)
mkdir -p $W && cp "$D/threads-Cpu.java.txt" $W/ThreadsCpu.java && javac -nowarn -cp "$CP" -d $W $W/ThreadsCpu.java
java ${HEAP:--Xmx2g} -XX:StartFlightRecording=filename=$W/$NAME.jfr,settings=${JFC:-profile} -cp "$CP:$W" ThreadsCpu "$FILE" "$N" "$THREADS" ${COND:+"$COND"} > $W/$NAME.times 2>&1
{
echo "# $NAME: java ${HEAP:--Xmx2g} ThreadsCpu $FILE $N $THREADS ${COND:+\"$COND\"}; JFR profile; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
grep -v '^\[' $W/$NAME.times
python3 "$D/threads-parks.py" $W/$NAME.jfr
} > $W/$NAME.txt
cat $W/$NAME.txt
