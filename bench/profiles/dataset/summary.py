import sys, re, collections, subprocess
keys = ['io.pqlab.Dataset.open(', 'Listing.list(', 'HivePartitioning.of(', 'io.pqlab.Dataset.plan(', 'Dataset.decide(',
        'FileConditions.judge(', 'predicate.Printer.print(Expr)', 'io.pqlab.ParquetFile.plan(', 'DatasetFiles.openOne(',
        'FooterReader.read(', 'MetadataDecoder.decode(', 'MetadataCache.load(', 'PageIndexEvidence.judge(']
def stacks(f, ev):
    out = subprocess.run(['jfr','print','--stack-depth','64','--events',ev,f],capture_output=True,text=True).stdout
    st=[]; cur=None
    for line in out.splitlines():
        s=line.strip()
        if s.startswith('stackTrace = ['): cur=[]; continue
        if cur is not None:
            if s.startswith(']'): st.append(cur); cur=None; continue
            cur.append(s)
    return st
for f in sys.argv[1:]:
    ex = stacks(f+'.jfr','jdk.ExecutionSample'); nat = stacks(f+'.jfr','jdk.NativeMethodSample')
    print(f"## {f}: {len(ex)} Java samples, {len(nat)} native-method samples (inclusive share of the Java samples; native in brackets)")
    for k in keys:
        n = sum(1 for s in ex if any(k in x for x in s)); m = sum(1 for s in nat if any(k in x for x in s))
        print(f"  {100*n/len(ex):5.1f} %  [{m:3d}]  {k.rstrip('(')}")
