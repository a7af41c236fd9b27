import sys,re,subprocess
# Splits the Snappy samples (jdk.NativeMethodSample in rawUncompress) by thread and by path:
# "pool" = a page decompressed ahead by a pool task (Prepared.run), "stolen" = one the reader took
# back before a task started (Prepared.get), "inline" = decompressed by the reader (body()).
out=subprocess.run(["jfr","print","--stack-depth","64","--events","jdk.NativeMethodSample,jdk.ExecutionSample",sys.argv[1]],capture_output=True,text=True).stdout
ev=out.split("jdk.")[1:]
from collections import Counter
c=Counter()
for e in ev:
    if "rawUncompress" not in e and "SnappyRawDecompressor" not in e: continue
    m=re.search(r'sampledThread = "([^"]+)"',e); t=m.group(1) if m else "?"
    if "Prepared.run" in e: k="pool task"
    elif "Prepared.get" in e: k="reader, taken back"
    else: k="reader, inline"
    c[(t,k)]+=1
for (t,k),n in sorted(c.items()): print(f"{n:6d} {t:16s} {k}")
