#!/usr/bin/env python3
"""sel-owner.py EXEC...: JFR Java samples (`jfr print --events jdk.ExecutionSample` output) by owner.

A sample's owner is the class of its first io.pqlab frame from the top (so Arrays.fill called by
RleBitPackedDecoder is the decoder's, a RowBits.orWord inlined or not is RowBits'); samples with no
io.pqlab frame are "jvm/other" (JIT, class loading, JMH, DuckDB's JDBC if any). Prints, per file, the
condition's share (CompiledLeaf, RowBits, ConditionEvaluator, WindowedPass, ColumnCursor: what the
condition costs beyond decoding its column) and the top owners."""
import re
import sys
from collections import Counter

CONDITION = ('io.pqlab.scan.CompiledLeaf', 'io.pqlab.scan.RowBits', 'io.pqlab.scan.ConditionEvaluator',
             'io.pqlab.scan.WindowedPass', 'io.pqlab.scan.ColumnCursor')
frame = re.compile(r'^\s+([\w.$]+)\.([\w$<>]+)\(')

for path in sys.argv[1:]:
    owners = Counter()
    methods = Counter()
    total = 0
    stack = None
    with open(path) as f:
        for line in f:
            if 'stackTrace = [' in line:
                stack = []
                continue
            if stack is None:
                continue
            if line.strip().startswith(']') or line.strip() == '...':
                if line.strip().startswith(']'):
                    total += 1
                    owner = 'jvm/other'
                    meth = ''
                    for cls, m in stack:
                        if cls.startswith('io.pqlab.'):
                            owner = cls.split('$')[0]
                            meth = cls + '.' + m
                            break
                    owners[owner] += 1
                    methods[meth] += 1
                    stack = None
                continue
            mm = frame.match(line)
            if mm:
                stack.append((mm.group(1), mm.group(2)))
    cond = sum(n for o, n in owners.items() if o.startswith(CONDITION))
    print(f'# {path}: {total} Java samples; condition (leaf, RowBits, evaluator, WindowedPass, ColumnCursor) '
          f'{cond} = {100.0 * cond / max(total, 1):.1f} %')
    for o in CONDITION:
        print(f'  {owners.get(o, 0):6d} {o}')
    print('  top owners:')
    for o, n in owners.most_common(8):
        print(f'  {n:6d} {100.0 * n / max(total, 1):5.1f} % {o}')
    print('  condition methods:')
    for m, n in methods.most_common():
        if m.startswith(CONDITION):
            print(f'  {n:6d} {m}')
