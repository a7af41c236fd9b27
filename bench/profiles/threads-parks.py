#!/usr/bin/env python3
"""threads-parks.py FILE.jfr: who waits on what, and who works, in a JFR recording of a scan.

- parked/waiting seconds per thread, split by the first io.pqlab frame under the park
  (jdk.ThreadPark, jdk.JavaMonitorWait, jdk.JavaMonitorEnter: every event JFR kept, > 20 ms by
  the profile settings);
- CPU samples per thread (jdk.ExecutionSample + jdk.NativeMethodSample) and the top io.pqlab
  frame of each thread's samples;
- GC: pauses (count, sum, longest), and the allocation JFR sampled (jdk.ObjectAllocationSample
  weights) per thread and per top allocating frame.
"""
import re
import subprocess
import sys
from collections import Counter, defaultdict

F = sys.argv[1]


def events(names, depth=24):
    out = subprocess.run(["jfr", "print", "--stack-depth", str(depth), "--events", names, F],
                         capture_output=True, text=True).stdout
    for e in re.split(r"\n(?=jdk\.)", out):
        if e.startswith("jdk."):
            yield e


def seconds(e, field="duration"):
    m = re.search(field + r" = ([0-9.,]+) (ms|s|us|ns|min)", e)
    if not m:
        return 0.0
    v = float(m.group(1).replace(",", ""))
    return v * {"s": 1, "ms": 1e-3, "us": 1e-6, "ns": 1e-9, "min": 60}[m.group(2)]


def thread(e, field="eventThread"):
    m = re.search(field + r' = "([^"]+)"', e)
    return m.group(1) if m else "?"


def frames(e):
    return [re.sub(r"\s+line:.*", "", f.strip()) for f in re.findall(r"^\s+([a-zA-Z].*\(.*\).*)$", e.split("stackTrace = [", 1)[-1], re.M)]


def site(fs, skip=("io.pqlab.bench.",)):
    for f in fs:
        if f.startswith("io.pqlab.") and not f.startswith(skip):
            return f.split("(")[0]
    return fs[0].split("(")[0] if fs else "?"


park = defaultdict(float)
parkSite = Counter()
for e in events("jdk.ThreadPark,jdk.JavaMonitorWait,jdk.JavaMonitorEnter"):
    s = seconds(e)
    t = thread(e)
    park[t] += s
    parkSite[(t, e.split()[0], site(frames(e)))] += s
print("## seconds parked or waiting per thread (ThreadPark, MonitorWait, MonitorEnter)")
for t, s in sorted(park.items(), key=lambda x: -x[1])[:8]:
    print(f"{s:8.2f} {t}")
print("## ... by the first pqlab frame under the wait")
for (t, kind, where), s in sorted(parkSite.items(), key=lambda x: -x[1])[:14]:
    if s >= 0.05:
        print(f"{s:8.2f} {t:18s} {kind:22s} {where}")

cpu = Counter()
cpuSite = Counter()
for e in events("jdk.ExecutionSample,jdk.NativeMethodSample", 40):
    t = thread(e, "sampledThread")
    cpu[t] += 1
    fs = frames(e)
    top = fs[0].split("(")[0] if fs else "?"
    cpuSite[(t, top if "Native" in e.split()[0] else site(fs))] += 1
print("## samples per thread (Java + native)")
for t, n in cpu.most_common(6):
    print(f"{n:8d} {t}")
print("## ... by the first pqlab frame (native: the native method)")
for (t, where), n in cpuSite.most_common(16):
    print(f"{n:8d} {t:18s} {where}")

pauses = [seconds(e, "duration") for e in events("jdk.GCPhasePause", 1)]
print("## GC pauses: %d, %.2f s in all, longest %.0f ms" % (len(pauses), sum(pauses), 1000 * max(pauses or [0])))
alloc = Counter()
allocSite = Counter()
for e in events("jdk.ObjectAllocationSample", 12):
    m = re.search(r"weight = ([0-9.,]+) (bytes|kB|MB|GB)", e)
    if not m:
        continue
    w = float(m.group(1).replace(",", "")) * {"bytes": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}[m.group(2)]
    alloc[thread(e)] += w
    allocSite[site(frames(e))] += w
print("## allocation sampled (JFR weights), GB per thread")
for t, w in alloc.most_common(5):
    print(f"{w / 1e9:8.2f} {t}")
print("## ... by the first pqlab frame")
for s, w in allocSite.most_common(10):
    print(f"{w / 1e9:8.2f} {s}")
