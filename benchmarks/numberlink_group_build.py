"""Numberlink's build with '?' groups (branch qclues) against main's: CPU of the solve's
build (``shortest``, loops allowed) on the 20 largest janko grids and every 25th, interleaved
rounds; the clauses asserted equal on the five largest (no groups there).

Run from the worktree: ``git show main:src/pencilsat/encodings/numberlink.py > /tmp/old_nl.py
&& nice -n 19 python benchmarks/numberlink_group_build.py``.
"""

import glob
import importlib.util
import time

from pencilsat.encodings import numberlink as new
from pencilsat.puzzles import numberlink as N

spec = importlib.util.spec_from_file_location("old_nl", "/tmp/old_nl.py")
assert spec is not None and spec.loader is not None
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
paths = sorted(glob.glob("/work/shared/corpus/numberlink/janko/*.txt"))
puzzles = [N.parse_puzzle(open(p).read()) for p in paths]
puzzles = sorted(puzzles, key=lambda p: -p.width * p.height)[:20] + puzzles[::25]
ROUNDS = 4
t = {"old": 0.0, "new": 0.0}
for rnd in range(ROUNDS):
    order = (("old", old), ("new", new)) if rnd % 2 else (("new", new), ("old", old))
    for name, mod in order:
        start = time.process_time()
        for p in puzzles:
            mod.build(p, shortest=True, allow_loops=True)
        t[name] += time.process_time() - start
for p in puzzles[:5]:
    assert old.build(p, shortest=True).clauses == new.build(p, shortest=True).clauses
per = {k: round(v / ROUNDS, 3) for k, v in t.items()}
print(len(puzzles), per, "s per pass; new/old", round(t["new"] / t["old"], 3))
