"""Skyscrapers' candidate propagation with gap support (branch qclues) against main's: CPU
per janko puzzle, interleaved rounds, the same candidates asserted.

Run from the worktree: ``git show main:src/pencilsat/encodings/skyscrapers_candidates.py >
/tmp/old_cand.py && nice -n 19 python benchmarks/skyscrapers_gap_candidates.py``.
"""

import glob
import importlib.util
import time

from pencilsat.encodings import skyscrapers_candidates as new
from pencilsat.puzzles import skyscrapers as S

spec = importlib.util.spec_from_file_location("old_cand", "/tmp/old_cand.py")
assert spec is not None and spec.loader is not None
old = importlib.util.module_from_spec(spec)
spec.loader.exec_module(old)
CORPUS = "/work/shared/corpus/skyscrapers/janko/*.txt"
puzzles = [S.parse_puzzle(open(p).read()) for p in sorted(glob.glob(CORPUS))]
t = {"old": 0.0, "new": 0.0}
for rnd in range(20):
    order = (("old", old), ("new", new)) if rnd % 2 else (("new", new), ("old", old))
    for name, mod in order:
        a = time.process_time()
        for p in puzzles:
            mod.candidate_masks(p)
        t[name] += time.process_time() - a
for p in puzzles:
    assert old.candidate_masks(p) == new.candidate_masks(p)
per = {k: round(v / 20 / len(puzzles) * 1000, 4) for k, v in t.items()}
print(len(puzzles), per, "ms/puzzle, new/old", round(t["new"] / t["old"], 3))
